"""Settling a payment of another amount in Chromium, on a phone (360x640) and a desktop, in
English and Bangla: staff accept a Tk 499 payment for a Tk 500 order from its page; a reload
after the settling POST finds one settlement, one webhook event and one audit entry.
axe-core finds nothing; each page is photographed."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.claims_support import claim_body, events_of, open_session, pay
from tests.e2e.portal.conftest import at_both_sizes, each_language

pytestmark = pytest.mark.e2e

WORDS = {
    "en": {"accept": "Accept for this order", "accepted": "Accepted for the order"},
    "bn": {"accept": "এই অর্ডারের জন্য গ্রহণ করুন", "accepted": "অর্ডারের জন্য গ্রহণ করা হয়েছে"},
}


@each_language
async def test_staff_accept_a_short_payment_and_a_reload_settles_nothing_twice(
    deps, fetch, make_account, make_user, portal_tab, server, viewport, lang
):
    shop = await make_account(name="Rahim Store")
    session_id = await open_session(deps, shop)
    tx = await pay(deps, shop, amount_poisha=49_900, status="confirmed")
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert reply.code == 400
    tab = await portal_tab(await make_user(shop, role="staff", name="Karim"), lang=lang)
    page, words = tab.page, WORDS[lang]

    await page.goto(f"{server}/portal/?lang={lang}")
    await page.locator("#attention-list a[href='/portal/payments#differing']").click()
    await expect(page.locator("#differing")).to_be_visible()
    await at_both_sizes(page, None, lang, viewport)
    await page.locator(f"#differing a[href='/portal/payments/{session_id}']").click()
    await expect(page.locator("#settle")).to_be_visible()
    await expect(page.locator("#settle-paid")).to_contain_text("499" if lang == "en" else "৪৯৯")
    await at_both_sizes(page, "payment-settle", lang, viewport)

    await page.get_by_role("button", name=words["accept"]).click()
    await page.wait_for_url(f"{server}/portal/payments/{session_id}")
    await expect(page.locator("#settle-decision")).to_contain_text(words["accepted"])
    await page.reload()
    await expect(page.locator("#settle-decision")).to_contain_text(words["accepted"])
    await expect(page.get_by_role("button", name=words["accept"])).to_have_count(0)
    await at_both_sizes(page, "payment-settled", lang, viewport)
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]
    audits = await deps.db["audit_log"].count_documents({"action": "payment.settle"})
    assert audits == 1
    assert not tab.errors
