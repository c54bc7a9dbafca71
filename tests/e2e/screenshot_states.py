"""Screenshots of each state of the hosted page in both languages (run by tools/screenshots.py).

Not collected by the test run (the name does not start with test_); it reuses the e2e fixtures.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.async_api import expect

from tests.e2e.conftest import TRX_ID, VIEWPORTS

pytestmark = pytest.mark.e2e

OUT = Path(os.environ.get("SCREENSHOTS_DIR", "docs/screenshots"))
LOCALES = {"en": "en-US", "bn": "bn-BD"}
SHOP_NAME = "Rahim Store"


@pytest.fixture
def viewport() -> dict[str, int]:
    """Most buyers pay on a phone: every screenshot is the 360x640 view."""
    return VIEWPORTS["mobile"]


async def shoot(tab, state: str, lang: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    await tab.page.screenshot(path=str(OUT / f"{state}-{lang}.png"), full_page=True)


def claim_body(checkout) -> dict[str, str]:
    return {"sessionId": checkout.session_id, "trxId": TRX_ID, "provider": "bkash"}


@pytest.mark.parametrize("lang", LOCALES)
async def test_open_and_error(shop, open_tab, lang):
    checkout = await shop.open({"name": SHOP_NAME})
    # A payment into a wallet the shop does not list (Nagad; the page offers bKash alone): its
    # SMS is there, so the claim's own error comes at once. A wallet the page offers is named
    # instead (other-wallet-*.png), a payment of another amount explained (amount-differs-*.png),
    # an SMS that never came said so (not-arrived-*.png): tests/e2e/test_checkout_last_word.py
    # and test_checkout_amount.py.
    await shop.receive(checkout, "ZZ99XX11", provider="nagad")
    tab = await open_tab(checkout.url, locale=LOCALES[lang])
    await expect(tab.page.locator("#claim-form")).to_be_visible()
    await shoot(tab, "open", lang)
    await tab.page.locator("#trx-id").fill("ZZ99XX11")
    await tab.page.locator("#claim-form button[type=submit]").click()
    await expect(tab.page.locator("#message")).to_have_class("message message-error")
    await shoot(tab, "error", lang)


@pytest.mark.parametrize("lang", LOCALES)
async def test_waiting_for_the_sms(shop, open_tab, lang):
    checkout = await shop.open({"name": SHOP_NAME})
    tab = await open_tab(checkout.url, locale=LOCALES[lang])
    await tab.page.locator("#trx-id").fill(TRX_ID)
    await tab.page.locator("#claim-form button[type=submit]").click()
    await expect(tab.page.locator("#checkout")).to_have_attribute("data-state", "waiting")
    await shoot(tab, "waiting", lang)


@pytest.mark.parametrize("lang", LOCALES)
async def test_pending_and_completed(shop, open_tab, fetch, lang):
    checkout = await shop.open({"name": SHOP_NAME, "balance_verification": True})
    transaction = await shop.receive(checkout)
    assert (await fetch("/api/v1/checkout/submit", json=claim_body(checkout))).code == 202
    tab = await open_tab(checkout.url, locale=LOCALES[lang])
    await shoot(tab, "pending", lang)
    await shop.confirm(transaction)
    tab = await open_tab(checkout.url, locale=LOCALES[lang])
    await shoot(tab, "completed", lang)


@pytest.mark.parametrize("lang", LOCALES)
async def test_expired_and_cancelled(shop, open_tab, fetch, clock, lang):
    cancelled = await shop.open({"name": SHOP_NAME})
    assert (await fetch("/api/v1/checkout/cancel", json=claim_body(cancelled))).code == 200
    await shoot(await open_tab(cancelled.url, locale=LOCALES[lang]), "cancelled", lang)
    expired = await shop.open({"name": SHOP_NAME})
    clock.advance(minutes=31)
    await shoot(await open_tab(expired.url, locale=LOCALES[lang]), "expired", lang)
