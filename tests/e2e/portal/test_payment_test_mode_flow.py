"""Test mode in Chromium, on a phone (360x640) and a desktop, in English and Bangla: a merchant
makes a test key, finds its test session under Test data, and makes a late-SMS test payment
from the session's page while a buyer waits on the hosted page, which says it is a test and
completes by itself when the SMS arrives. axe-core finds nothing; each page is photographed."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator

import pytest
from playwright.async_api import expect

from claimsvc.domain.modes import TEST, ledger_id
from sms_ingest.app import build
from sms_ingest.consumer import Tuning
from tests.conftest import initialize_body
from tests.e2e.conftest import SHOP
from tests.e2e.portal.conftest import (
    SCREENSHOTS,
    at_both_sizes,
    each_language,
    viewport_name,
)

pytestmark = pytest.mark.e2e

WORDS = {
    "en": {"test": "Test checkout", "confirm": "Confirm payment", "badge": "Test"},
    "bn": {"test": "টেস্ট চেকআউট", "confirm": "পেমেন্ট নিশ্চিত করুন", "badge": "টেস্ট"},
}


@pytest.fixture
async def sms_worker(deps) -> AsyncIterator[None]:
    """The SMS worker running beside the app, as `claimsvc dev` runs it: `Consumer.run` until
    its stop event is set.

    Stopped by the event, never by cancelling the task: on Python 3.11 `asyncio.wait_for`
    (which redis-py wraps around every command it sends, fakeredis included) returns the
    command's result instead of raising when a cancel lands as the command completes, so a
    cancelled `while True` loop could go on forever and hang this teardown until the test's
    timeout (it did once in CI, on a loaded machine).
    """
    sms = build(deps, Tuning(idle_backoff_s=0.05, block_ms=1, reclaim_idle_ms=60_000))
    stop = asyncio.Event()
    task = asyncio.ensure_future(sms.consumer.run(stop))
    yield
    stop.set()
    await asyncio.wait_for(task, timeout=30)  # the batch in hand is finished, then it returns


async def photo(buyer, lang: str) -> None:
    """docs/screenshots/test-checkout-<lang>-<size>.png, the hosted page at its current size."""
    path = SCREENSHOTS / f"test-checkout-{lang}-{viewport_name(buyer.viewport_size)}.png"
    await buyer.screenshot(path=str(path), full_page=True)


async def back_at_the_shop(route) -> None:
    body = "<!doctype html><html lang='en'><title>Shop</title><p>Back at the shop</p></html>"
    await route.fulfill(status=200, content_type="text/html", body=body)


@each_language
async def test_a_late_sms_test_payment_from_the_portal_completes_the_waiting_buyer(
    deps, fetch, make_account, make_user, portal_tab, server, viewport, lang, sms_worker
):
    shop = await make_account(name="Rahim Store")
    tab = await portal_tab(await make_user(shop, name="Rahim"), lang=lang)
    page, words = tab.page, WORDS[lang]

    # A test key, made beside the live one.
    await page.goto(f"{server}/portal/keys?lang={lang}")
    await page.locator("#label").fill("test suite")
    await page.locator("#mode-test-key").check()
    await page.locator("form[action='/portal/keys'] button[type=submit]").click()
    key = (await page.locator("[data-testid=new-key]").inner_text()).strip()
    assert key.startswith("sk_test_")
    await expect(page.locator("table .badge.test")).to_have_count(1)
    await at_both_sizes(page, "keys-test", lang, viewport)

    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=key)
    session_id = opened.json()["session_id"]

    # Live data does not list it; Test data does, with the badge and the banner.
    await page.goto(f"{server}/portal/payments")
    await expect(page.locator(f"a[href*='{session_id}']")).to_have_count(0)
    await page.locator("#mode-test").click()
    await expect(page.locator("#test-banner")).to_be_visible()
    await expect(page.locator("#sessions .badge.test")).to_have_text(words["badge"])
    await at_both_sizes(page, "payments-test", lang, viewport)

    await page.locator(f"#sessions a[href*='{session_id}']").click()
    await expect(page.locator("#test-badge")).to_be_visible()
    await expect(page.locator("#test-pay")).to_be_visible()
    await at_both_sizes(page, None, lang, viewport)

    # Late SMS: the TrxID first, the SMS when the merchant says.
    await page.locator("#outcome-late_sms").check()
    await page.locator("#test-pay-send").click()
    await expect(page.locator("#let-arrive")).to_be_visible()
    trx_id = re.search(r"trx=([A-Z0-9]+)", page.url).group(1)
    await expect(page.locator("#test-sent")).to_contain_text(trx_id)
    await at_both_sizes(page, "test-payment", lang, viewport)

    # The buyer, on the hosted page, types it before the SMS: the page waits.
    buyer = await page.context.new_page()
    await page.context.route(f"{SHOP}/**", back_at_the_shop)
    await buyer.goto(f"{server}/checkout/{session_id}?lang={lang}")
    await expect(buyer.locator("#test-mode")).to_contain_text(words["test"])
    await at_both_sizes(buyer, None, lang, viewport, lambda tab: photo(tab, lang))
    await buyer.locator("#trx-id").press_sequentially(trx_id)
    await buyer.get_by_role("button", name=words["confirm"]).click()
    await expect(buyer.locator("#checkout")).to_have_attribute("data-state", "waiting")

    # The merchant lets the SMS arrive; the waiting page completes by itself.
    await page.locator("#let-arrive").click()
    await expect(page.locator("#test-sent")).to_contain_text(trx_id)
    await buyer.wait_for_url(f"{SHOP}/**", timeout=20_000)
    session = await deps.stores.sessions.get(session_id)
    assert session is not None and session.status == "COMPLETED" and session.test
    assert session.failed_attempts == 0
    assert (await deps.services.payments.overview(shop.id)).paid_count == 0
    test_ledger = ledger_id(shop.id, TEST)
    assert (await deps.services.payments.overview(test_ledger)).paid_count == 1
