"""The buyer's last word in headless Chromium (issue 32), in English (clicked through on a phone)
and Bangla (on a desktop), each with axe at both sizes: a TrxID whose SMS never arrives, one
paid with another wallet than the one chosen, and a claim waiting for the merchant's
confirmation each show their own words and only true ones (a payment of another amount:
test_checkout_amount.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.async_api import expect

from claimsvc.api.words import Words
from claimsvc.domain import arrival
from tests.claims_support import session_doc
from tests.e2e.conftest import SUCCESS_URL, TRX_ID, at_size, one_size_per_language

pytestmark = pytest.mark.e2e

SCREENSHOTS = Path(os.environ.get("SCREENSHOTS_DIR", "docs/screenshots"))
LOCALES = {"en-US": Words("en"), "bn-BD": Words("bn")}
SHOP_NAME = "Rahim Store"
TWO_WALLETS = [
    {"provider": "bkash", "number": "01700000001", "kind": "personal"},
    {"provider": "nagad", "number": "01800000002", "kind": "personal"},
]


def requests_to(page, part: str) -> list[str]:
    """The URLs of the page's requests containing `part`, as they are sent."""
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url) if part in r.url else None)
    return seen


async def claim(page, t: Words, trx_id: str, provider: str | None = None) -> None:
    if provider is not None:
        await page.locator(f"input[name=provider][value={provider}]").check()
    await page.locator("#trx-id").fill(trx_id)
    await page.get_by_role("button", name=t("checkout.submit")).click()


async def shoot(page, name: str, t: Words) -> None:
    """The phone view of a state into docs/screenshots (the hosted page's table), whichever
    size the flow runs at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}-{t.lang}.png"
    await at_size(page, "mobile", lambda: page.screenshot(path=str(path), full_page=True))


@one_size_per_language("locale", LOCALES)
async def test_a_trxid_that_never_arrives_says_so_and_counts_nothing(shop, open_tab, deps, locale):
    t = LOCALES[locale]
    checkout = await shop.open({"name": SHOP_NAME})
    tab = await open_tab(checkout.url, locale=locale)
    page = tab.page
    await page.clock.install()  # the two minutes of waiting pass at once
    await page.reload()
    submits = requests_to(page, "/api/v1/checkout/submit")
    await claim(page, t, "ZZ99XX11")
    waiting = t.plural("checkout.waiting", arrival.WAIT_SECONDS // 60)
    await expect(page.locator("#message")).to_have_text(waiting)
    await page.clock.fast_forward((arrival.WAIT_SECONDS + 1) * 1000)
    await page.clock.run_for(arrival.CHECK_EVERY_SECONDS * 1000)
    not_arrived = t("checkout.not_arrived", merchant=SHOP_NAME)
    await expect(page.locator("#message")).to_have_text(not_arrived)
    await expect(page.locator("#checkout")).to_have_attribute("data-state", "open")
    # Only true words: nothing was checked, so nothing says the TrxID or amount is wrong.
    await expect(page.locator("main")).not_to_contain_text(
        t("checkout.outcome_verification_failed")
    )
    await expect(page.locator("#claim-form")).to_be_visible()
    await expect(page.locator("#submit")).to_be_enabled()
    assert submits == []
    session = await session_doc(deps, checkout.session_id)
    assert (session["status"], session["failed_attempts"], session.get("claim_history")) == (
        "OPEN",
        0,
        None,
    )
    assert await tab.axe_violations_at_both_sizes() == []
    await shoot(page, "not-arrived", t)
    assert not tab.errors and tab.csp_violations() == []


@one_size_per_language("locale", LOCALES)
async def test_a_trxid_paid_with_another_wallet_names_it_and_the_right_one_completes(
    shop, open_tab, deps, locale
):
    t = LOCALES[locale]
    checkout = await shop.open({"name": SHOP_NAME, "wallets": TWO_WALLETS})
    await shop.receive(checkout, provider="nagad")  # paid with Nagad
    tab = await open_tab(checkout.url, locale=locale)
    submits = requests_to(tab.page, "/api/v1/checkout/submit")
    page = tab.page
    await claim(page, t, TRX_ID, provider="bkash")  # but bKash left chosen
    nagad = "Nagad" if t.lang == "en" else "নগদ"
    await expect(page.locator("#message")).to_have_text(t("checkout.other_wallet", wallet=nagad))
    await expect(page.locator("main")).not_to_contain_text(
        t("checkout.outcome_verification_failed")
    )
    assert submits == []
    assert (await session_doc(deps, checkout.session_id))["failed_attempts"] == 0
    assert await tab.axe_violations_at_both_sizes() == []
    await shoot(page, "other-wallet", t)
    await claim(page, t, TRX_ID, provider="nagad")
    await expect(page).to_have_url(SUCCESS_URL)
    session = await session_doc(deps, checkout.session_id)
    assert (session["status"], session["failed_attempts"]) == ("COMPLETED", 0)
    assert not tab.errors and tab.csp_violations() == []


@one_size_per_language("locale", LOCALES)
async def test_a_pending_claim_stops_asking_for_money_at_once(shop, open_tab, deps, locale):
    checkout = await shop.open({"name": SHOP_NAME, "balance_verification": True})
    transaction = await shop.receive(checkout)
    tab, t = await open_tab(checkout.url, locale=locale), LOCALES[locale]
    page = tab.page
    await expect(page.locator("#amount-label")).to_have_text(t("checkout.amount_label"))
    await claim(page, t, TRX_ID)
    await expect(page.locator("#message")).to_contain_text(t("checkout.pending_text"))
    # What the server renders for a pending session, without a reload: the money was found.
    await expect(page.locator("#checkout")).to_have_attribute("data-state", "pending")
    await expect(page.locator("#amount-label")).to_have_text(t("checkout.amount_paid_label"))
    await expect(page.locator("#claim-title")).to_have_text(t("checkout.pending_title"))
    for gone in ("#wallets", "#deadline", "#claim-form", "#cancel"):
        await expect(page.locator(gone)).to_be_hidden()
    # What the buyer reads (innerText: the hidden steps stay in the document, unseen).
    main = page.locator("main")
    await expect(main).not_to_contain_text(t("checkout.amount_label"), use_inner_text=True)
    await expect(main).not_to_contain_text(t("checkout.step_pay"), use_inner_text=True)
    assert await tab.axe_violations_at_both_sizes() == []
    await shoot(page, "pending-after-claim", t)
    await shop.confirm(transaction)
    await expect(page).to_have_url(SUCCESS_URL, timeout=20_000)
    assert not tab.errors and tab.csp_violations() == []


@one_size_per_language("locale", LOCALES)
async def test_a_reloaded_pending_page_asks_for_nothing_either(shop, open_tab, fetch, locale):
    t = LOCALES[locale]
    checkout = await shop.open({"name": SHOP_NAME, "balance_verification": True})
    await shop.receive(checkout)
    body = {"sessionId": checkout.session_id, "trxId": TRX_ID, "provider": "bkash"}
    assert (await fetch("/api/v1/checkout/submit", json=body)).code == 202
    tab = await open_tab(checkout.url, locale=locale)
    main = tab.page.locator("main")
    await expect(tab.page.locator("#state-title")).to_have_text(t("checkout.pending_title"))
    await expect(tab.page.locator("#amount-label")).to_have_text(t("checkout.amount_paid_label"))
    await expect(main).not_to_contain_text(t("checkout.amount_label"))
    await expect(main).not_to_contain_text(t("checkout.step_pay"))
    assert await tab.axe_violations_at_both_sizes() == []
