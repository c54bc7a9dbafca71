"""The buyer's wait in headless Chromium: a TrxID sent before its SMS has arrived, in English on a
phone and in Bangla on a desktop. The SMS comes in through the real intake."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.claims_support import session_doc
from tests.e2e.conftest import SUCCESS_URL, TRX_ID, at_one_size, one_size_per_language
from tests.sms.conftest import bkash_credit

pytestmark = pytest.mark.e2e

LOCALES = {"en": "en-US", "bn-BD": "bn-BD"}
WAITING = {
    "en-US": "We have not received this payment's SMS yet",
    "bn-BD": "এই পেমেন্টের এসএমএস আমরা এখনো পাইনি",
}
SUBMIT_BUTTON = {"en-US": "Confirm payment", "bn-BD": "পেমেন্ট নিশ্চিত করুন"}


async def claim(page, trx_id: str, locale: str) -> None:
    await page.locator("#trx-id").fill(trx_id)
    await page.get_by_role("button", name=SUBMIT_BUTTON[locale]).click()


def count_requests(page, part: str) -> list[str]:
    """The URLs of the page's requests containing `part`, as they are sent."""
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url) if part in r.url else None)
    return seen


@one_size_per_language("locale", LOCALES.values())
async def test_a_trxid_sent_before_its_sms_waits_and_completes_when_the_sms_arrives(
    shop, open_tab, deps, make_device, post_sms, drain, locale
):
    checkout = await shop.open()
    device = await make_device(checkout.merchant)
    tab = await open_tab(checkout.url, locale=locale)
    submits = count_requests(tab.page, "/api/v1/checkout/submit")
    await claim(tab.page, TRX_ID, locale)
    await expect(tab.page.locator("#message")).to_contain_text(WAITING[locale])
    await expect(tab.page.locator("#checkout")).to_have_attribute("data-state", "waiting")
    assert submits == []

    # The wallet's SMS reaches the merchant's phone, which forwards it to the intake.
    received_ms = int(deps.clock().timestamp() * 1000)
    sms_body = {"sender": "bKash", "message": bkash_credit(TRX_ID, "500.00", "1,500.00")}
    reply = await post_sms({**sms_body, "received_at": received_ms}, token=device.token)
    assert reply.code == 202, reply.body
    assert await drain() == 1

    await expect(tab.page).to_have_url(SUCCESS_URL, timeout=20_000)
    assert len(submits) == 1
    session = await session_doc(deps, checkout.session_id)
    assert (session["status"], session["failed_attempts"]) == ("COMPLETED", 0)
    assert not tab.errors
    assert tab.csp_violations() == []


# A TrxID that never arrives ends with its own words and no failed attempt:
# test_checkout_last_word.py (issue 32; before it, the page submitted once and counted one).


@at_one_size("desktop")
async def test_a_corrected_trxid_replaces_the_one_being_waited_for(shop, open_tab, deps):
    checkout = await shop.open()
    await shop.receive(checkout)
    tab = await open_tab(checkout.url)
    await claim(tab.page, "ZZ99XX11", "en-US")
    await expect(tab.page.locator("#message")).to_contain_text(WAITING["en-US"])
    await tab.page.locator("#trx-id").fill("")
    await claim(tab.page, TRX_ID, "en-US")
    await expect(tab.page).to_have_url(SUCCESS_URL)
    session = await session_doc(deps, checkout.session_id)
    assert session["failed_attempts"] == 0


@at_one_size("mobile")
async def test_the_waiting_page_has_no_serious_accessibility_violations(shop, open_tab):
    checkout = await shop.open()
    for locale in LOCALES.values():
        tab = await open_tab(checkout.url, locale=locale)
        await claim(tab.page, "ZZ99XX11", locale)
        await expect(tab.page.locator("#message")).to_contain_text(WAITING[locale])
        assert await tab.axe_violations_at_both_sizes() == []
