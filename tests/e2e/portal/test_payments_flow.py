"""The overview and payments pages in Chromium, on a phone (360x640) and a desktop, in English
and Bangla: a payment with a failed and then a successful claim is found by its order id and by
its TrxID, with its claim history and webhook event; the overview shows today's payment and a
held transaction. axe-core finds nothing on any page; each page is photographed."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.claims_support import claim_body, open_session, pay, relay_owed
from tests.e2e.portal.conftest import at_both_sizes, each_language

pytestmark = pytest.mark.e2e

WORDS = {
    "en": {"failed": "Failed", "completed": "Completed", "held": "Held transactions"},
    "bn": {"failed": "ব্যর্থ", "completed": "সম্পন্ন", "held": "আটকে থাকা লেনদেন"},
}


async def a_paid_session(deps, fetch, shop):
    """A session with a failed verify, then the buyer's successful submit; (id, order, TrxID)."""
    session_id, tx = await open_session(deps, shop), await pay(deps, shop)
    wrong = claim_body(session_id, "WRONG0001")
    assert (await fetch("/api/v1/checkout/verify", json=wrong, key=shop.key)).code == 400
    assert (
        await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    ).code == 200
    await relay_owed(deps)
    session = await deps.stores.sessions.get(session_id)
    return session_id, session.order_id, tx.trx_id


async def search(page, text: str) -> None:
    await page.locator("#q").fill(text)
    await page.locator("form[role=search] button[type=submit]").click()
    await page.wait_for_load_state()


@each_language
async def test_a_payment_is_found_by_order_and_trxid_with_its_history_and_event(
    deps, fetch, make_account, make_user, portal_tab, server, viewport, lang
):
    shop = await make_account(name="Rahim Store")
    session_id, order_id, trx_id = await a_paid_session(deps, fetch, shop)
    await pay(deps, shop, status="held")
    tab = await portal_tab(await make_user(shop, name="Rahim"), lang=lang)
    page, words = tab.page, WORDS[lang]

    await page.goto(f"{server}/portal/?lang={lang}")
    await expect(page.locator("#paid-count")).to_contain_text("1" if lang == "en" else "১")
    await expect(page.locator("#paid-amount")).to_contain_text("500" if lang == "en" else "৫০০")
    await expect(page.locator("#attention-list")).to_contain_text(words["held"])
    await at_both_sizes(page, "overview", lang, viewport)

    await page.goto(f"{server}/portal/payments")
    await search(page, order_id)
    await expect(page.locator("#sessions tbody tr")).to_have_count(1)
    await at_both_sizes(page, None, lang, viewport)
    await search(page, trx_id.lower())
    await expect(page.locator("#sessions tbody tr")).to_have_count(1)
    await expect(page.locator("#transactions")).to_contain_text(trx_id)
    await at_both_sizes(page, "payments", lang, viewport)

    await page.locator(f"#sessions a[href='/portal/payments/{session_id}']").click()
    await expect(page.locator("h1")).to_contain_text(order_id)
    rows = page.locator("#claims tbody tr")
    await expect(rows).to_have_count(2)
    await expect(rows.nth(0)).to_contain_text(words["completed"])
    await expect(rows.nth(1)).to_contain_text(words["failed"])
    await expect(rows.nth(1)).to_contain_text("WRONG0001")
    event = page.locator("#event-list a")
    await expect(event).to_have_attribute(
        "href", f"/portal/webhooks/events/{await event_id(deps, session_id)}"
    )
    await at_both_sizes(page, "payment", lang, viewport)
    # The phone shows no sideways scrolling: each table is a stack of labelled rows.
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"]
    assert not tab.errors and not tab.csp_violations()


async def event_id(deps, session_id: str) -> int:
    event = await deps.db["events"].find_one({"session_id": session_id})
    return int(event["_id"])
