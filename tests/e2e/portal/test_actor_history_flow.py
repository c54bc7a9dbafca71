"""Who did what, in Chromium on a phone (360x640) and a desktop, in English and Bangla (issue
32): an owner confirms a held payment by hand, settles one of another amount, and turns balance
verification on; the payment's history names the owner each time (never "Your server"), the
transaction row stops giving the held reason, the audit log has the setting with the owner.
axe-core finds nothing; the pages are photographed."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from claimsvc.api.words import Words
from tests.claims_support import claim_body, open_session, pay
from tests.e2e.conftest import at_one_size
from tests.e2e.portal.conftest import assert_accessible, at_both_sizes, each_language

pytestmark = pytest.mark.e2e

WORDS = {"en": Words("en"), "bn": Words("bn")}


async def newest_line_is(page, reason: str, person: str, t: Words) -> None:
    """The payment's history: its newest line gives `reason` and names `person`, and no line
    credits the merchant's server with what a person did; the page passes axe."""
    newest = page.locator("#claims tbody tr").first
    await expect(newest).to_contain_text(reason)
    await expect(newest).to_contain_text(person)
    await expect(page.locator("#claims")).not_to_contain_text(t("payment.by_merchant"))
    await assert_accessible(page)


@each_language
async def test_an_owners_confirm_and_settle_are_in_the_history_with_the_owner(
    deps, fetch, make_account, make_user, portal_tab, server, viewport, lang
):
    t = WORDS[lang]
    shop = await make_account(name="Rahim Store", balance_verification=True)
    held_session = await open_session(deps, shop)
    held = await pay(deps, shop, status="held")
    await deps.db["transactions"].update_one({"_id": held.id}, {"$set": {"chain_reason": "gap"}})
    assert (
        await fetch("/api/v1/checkout/submit", json=claim_body(held_session, held.trx_id))
    ).code == 202
    owner = await make_user(shop, name="Karim")
    tab = await portal_tab(owner, lang=lang)
    page = tab.page

    # Confirm by hand on Transactions: the row then says who, not the held reason.
    await page.goto(f"{server}/portal/transactions?lang={lang}")
    row = page.locator("tr", has_text=held.trx_id)
    await expect(row).to_contain_text(t("transactions.why_gap"))
    await row.get_by_role("button").click()
    await page.wait_for_url(f"{server}/portal/transactions")
    row = page.locator("tr", has_text=held.trx_id)
    await expect(row).to_contain_text(t("transactions.why_confirmed_by_hand", who=owner.email))
    await expect(row).not_to_contain_text(t("transactions.why_gap"))
    await at_both_sizes(page, "transactions-confirmed", lang, viewport)

    await page.goto(f"{server}/portal/payments/{held_session}?lang={lang}")
    await newest_line_is(page, t("payment.reason_confirmed_by_hand"), owner.email, t)
    await at_both_sizes(page, "payment-confirmed-history", lang, viewport, axe=False)

    # Settle a payment of another amount: the history names the owner, not the server.
    short_session = await open_session(deps, shop)
    short = await pay(deps, shop, amount_poisha=49_900, status="confirmed")
    await fetch("/api/v1/checkout/submit", json=claim_body(short_session, short.trx_id))
    await page.goto(f"{server}/portal/payments/{short_session}?lang={lang}")
    await page.get_by_role("button", name=t("payment.settle_accept")).click()
    await page.wait_for_url(f"{server}/portal/payments/{short_session}")
    await newest_line_is(page, t("payment.reason_amount_accepted"), owner.email, t)
    assert not tab.errors


@each_language
async def test_an_owner_turns_balance_verification_on_and_the_audit_log_names_them(
    deps, make_account, make_user, portal_tab, server, viewport, lang
):
    t = WORDS[lang]
    shop = await make_account(name="Rahim Store", balance_verification=False)
    owner = await make_user(shop, name="Karim")
    tab = await portal_tab(owner, lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/wallets?lang={lang}")
    await expect(page.locator("#verification-state")).to_have_text(t("wallets.verification_off"))
    await at_both_sizes(page, "wallets-verification", lang, viewport)
    await page.get_by_role("button", name=t("wallets.verification_turn_on")).click()
    await page.wait_for_url(f"{server}/portal/wallets")
    await expect(page.locator(".flash")).to_have_text(t("wallets.verification_now_on"))
    await expect(page.locator("#verification-state")).to_have_text(t("wallets.verification_on"))
    await at_both_sizes(page, None, lang, viewport)
    assert (await deps.services.admin.get_account(shop.id)).balance_verification is True
    await page.goto(f"{server}/portal/audit?lang={lang}")
    entry = page.locator("tr", has_text=t("status.audit.wallet.verification"))
    await expect(entry).to_contain_text(owner.email)
    await at_both_sizes(page, None, lang, viewport)
    assert not tab.errors


@at_one_size("mobile")  # it opens a tab of each size itself
async def test_the_phone_menu_shows_that_it_scrolls(make_account, make_user, portal_tab, server):
    # At 360 px the menu is one row wider than the screen; a shadow on its right edge says so.
    tab = await portal_tab(await make_user(await make_account()), viewport_="mobile")
    row = tab.page.locator(".menu ul")
    assert await row.evaluate("el => el.scrollWidth > el.clientWidth")
    shadows = await row.evaluate("el => getComputedStyle(el).backgroundImage")
    assert shadows.count("radial-gradient") == 2
    wide = await portal_tab(await make_user(await make_account()), viewport_="desktop")
    flat = await wide.page.locator(".menu ul").evaluate(
        "el => getComputedStyle(el).backgroundImage"
    )
    assert flat == "none"
