"""Confirming a held payment by hand on the transactions page, in Chromium."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.claims_support import claim_body, events_of, open_session, pay, session_doc
from tests.e2e.portal.conftest import at_both_sizes, each_language
from tests.portal.phone_support import store_message

pytestmark = pytest.mark.e2e


@each_language
async def test_staff_confirm_a_held_payment_and_the_checkout_completes(
    make_account, make_user, portal_tab, server, fetch, deps, viewport, lang
):
    shop = await make_account(name="Rahim Store", balance_verification=True)
    session_id = await open_session(deps, shop)
    tx = await pay(deps, shop, status="held")
    submitted = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert submitted.code == 202  # the claim waits on the held transaction
    await pay(deps, shop, status="confirmed")
    wording = "Tk 1,000.00 came from 01812345678 by a new route. Balance Tk 5,000.00"
    await store_message(deps, shop.id, "unparsed", "no_pattern", wording)
    tab = await portal_tab(await make_user(shop, role="staff"), lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/transactions?lang={lang}")
    await at_both_sizes(page, "transactions", lang, viewport)
    texts = page.locator("table").nth(1)
    await expect(texts).to_contain_text("018****5678")
    await expect(texts).not_to_contain_text("01812345678")
    row = page.locator("tr", has_text=tx.trx_id)
    await row.locator("button[type=submit]").click()
    await expect(page.locator(".flash")).to_be_visible()
    await expect(page.locator("tr", has_text=tx.trx_id).locator("button")).to_have_count(0)
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    assert len(await events_of(deps, session_id)) == 1
    assert not tab.errors and not tab.csp_violations()
