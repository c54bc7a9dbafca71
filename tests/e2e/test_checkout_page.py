"""A buyer on the hosted checkout page, in headless Chromium, on a phone and on a desktop."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from playwright.async_api import expect

from tests.e2e.conftest import (
    CANCEL_URL,
    SUCCESS_URL,
    TRX_ID,
    at_each_size,
    at_one_size,
    one_size_per_language,
)

pytestmark = pytest.mark.e2e

STATIC = Path(__file__).resolve().parents[2] / "claimsvc" / "api" / "static"

WRONG = "Could not verify transaction; TrxID and amount must match exactly."
PENDING = "Payment found; the merchant is confirming it."
PAGE_BUDGET = 100 * 1024
ELSEWHERE = "nagad"
"""The wallet of the payment a wrong claim names: its SMS is there, so the claim (bKash, the
shop's one wallet) gets the error without a wait (a TrxID whose SMS never arrives:
tests/e2e/test_checkout_wait.py; a payment of another amount, which the page explains
instead: tests/e2e/test_checkout_amount.py)."""


def size_rules(css: str) -> list[str]:
    """The body of each @media block of a stylesheet."""
    bodies = []
    for start in (m.end() for m in re.finditer(r"@media[^{]*\{", css)):
        depth, end = 1, start
        while depth:
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        bodies.append(css[start : end - 1])
    return bodies


def test_the_screen_size_changes_the_pages_spacing_never_what_it_shows():
    """What lets each behaviour test below click through at one size (`at_one_size`): a buyer
    on a phone and one on a desktop see the same elements; the size changes type size and
    margins only (the layout itself is checked at both sizes: fits the screen, axe-core)."""
    rules = size_rules((STATIC / "checkout.css").read_text())
    assert rules, "checkout.css has its size rules"
    for body in rules:
        assert not re.search(r"\b(display|visibility|content|position)\s*:", body), body
    script = (STATIC / "checkout.js").read_text()
    assert not re.search(r"matchMedia|innerWidth|clientWidth|screen\.", script)


async def claim(page, typed: str) -> None:
    """Type a TrxID the way a buyer might, and submit it."""
    await page.locator("#trx-id").press_sequentially(typed)
    await page.get_by_role("button", name="Confirm payment").click()


@at_one_size("mobile")
async def test_buyer_reads_amount_and_number_and_sees_the_error_for_a_wrong_trxid(shop, open_tab):
    checkout = await shop.open()
    await shop.receive(checkout, "ZZ99XX1", provider=ELSEWHERE)
    tab = await open_tab(checkout.url)
    page = tab.page
    await expect(page.locator("#amount")).to_have_text("500")
    await expect(page.locator(".wallet-number")).to_have_text("01700000001")
    await page.locator("#trx-id").press_sequentially(" zz9 9xx 1 ")
    await expect(page.locator("#trx-id")).to_have_value("ZZ99XX1")
    await page.get_by_role("button", name="Confirm payment").click()
    await expect(page.locator("#message")).to_have_text(WRONG)
    await expect(page.locator("#claim-form")).to_be_visible()
    assert not tab.errors


@at_one_size("desktop")
async def test_too_short_trxid_is_refused_in_the_page(shop, open_tab):
    checkout = await shop.open()
    tab = await open_tab(checkout.url)
    sent = []
    tab.page.on("request", lambda r: sent.append(r.url) if "/submit" in r.url else None)
    await claim(tab.page, "ab1")
    await expect(tab.page.locator("#message")).to_contain_text("6 to 20 letters and digits")
    await expect(tab.page.locator("#trx-id")).to_have_attribute("aria-invalid", "true")
    await expect(tab.page.locator("#trx-id")).to_be_focused()
    assert sent == []


@at_one_size("mobile")
async def test_right_trxid_typed_in_lower_case_with_spaces_lands_on_the_success_url(shop, open_tab):
    checkout = await shop.open()
    await shop.receive(checkout)
    tab = await open_tab(checkout.url)
    await claim(tab.page, "  8n7a 6d5ee7m ")
    await expect(tab.page).to_have_url(SUCCESS_URL)
    assert not tab.errors


@at_one_size("desktop")
async def test_cancel_asks_first_then_lands_on_the_cancel_url(shop, open_tab):
    checkout = await shop.open()
    tab = await open_tab(checkout.url)
    page = tab.page
    await page.get_by_role("button", name="Cancel payment").click()
    await page.get_by_role("button", name="No, go back").click()
    await expect(page.get_by_role("dialog")).to_be_hidden()
    await page.get_by_role("button", name="Cancel payment").click()
    await page.get_by_role("button", name="Yes, cancel").click()
    await expect(page).to_have_url(CANCEL_URL)


@at_one_size("mobile")
async def test_pending_claim_moves_on_by_itself_once_the_merchant_confirms_it(shop, open_tab):
    checkout = await shop.open({"balance_verification": True})
    transaction = await shop.receive(checkout)
    tab = await open_tab(checkout.url)
    await claim(tab.page, TRX_ID.lower())
    await expect(tab.page.locator("#message")).to_contain_text(PENDING)
    await expect(tab.page.locator("#claim-form")).to_be_hidden()
    await shop.confirm(transaction)
    await expect(tab.page).to_have_url(SUCCESS_URL, timeout=20_000)


@at_one_size("desktop")
async def test_reopened_pending_page_shows_the_wait_and_then_moves_on(shop, open_tab, fetch):
    checkout = await shop.open({"balance_verification": True})
    transaction = await shop.receive(checkout)
    body = {"sessionId": checkout.session_id, "trxId": TRX_ID, "provider": "bkash"}
    assert (await fetch("/api/v1/checkout/submit", json=body)).code == 202
    tab = await open_tab(checkout.url)
    await expect(tab.page.locator("#state-title")).to_have_text("Payment found")
    await shop.confirm(transaction)
    await expect(tab.page).to_have_url(SUCCESS_URL, timeout=20_000)


@at_one_size("mobile")
async def test_expired_session_shows_its_state_not_the_form(shop, open_tab, clock):
    checkout = await shop.open()
    tab = await open_tab(checkout.url)
    clock.advance(minutes=31)
    await claim(tab.page, TRX_ID)
    await expect(tab.page.locator("#message")).to_have_text("This checkout session has expired.")
    await expect(tab.page.locator("#claim-form")).to_be_hidden()
    await tab.page.reload()
    await expect(tab.page.locator("#state-title")).to_have_text("Session expired")
    await expect(tab.page.locator("#trx-id")).to_have_count(0)


@at_one_size("desktop")
async def test_completed_session_shows_its_state_and_the_way_back(shop, open_tab, fetch):
    checkout = await shop.open()
    await shop.receive(checkout)
    body = {"sessionId": checkout.session_id, "trxId": TRX_ID, "provider": "bkash"}
    assert (await fetch("/api/v1/checkout/submit", json=body)).code == 200
    tab = await open_tab(checkout.url)
    await expect(tab.page.locator("#state-title")).to_have_text("Payment received")
    await tab.page.get_by_role("link", name="Return to the shop").click()
    await expect(tab.page).to_have_url(SUCCESS_URL)


@at_one_size("mobile")
async def test_copy_button_puts_the_wallet_number_on_the_clipboard(shop, open_tab):
    checkout = await shop.open()
    tab = await open_tab(checkout.url)
    await tab.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    await tab.page.get_by_role("button", name="Copy").click()
    await expect(tab.page.locator("#copy-status")).to_have_text("Number copied.")
    assert await tab.page.evaluate("navigator.clipboard.readText()") == "01700000001"


@at_one_size("desktop")
async def test_bangla_page_uses_bangla_digits_and_switches_to_english(shop, open_tab):
    checkout = await shop.open()
    await shop.receive(checkout, "ZZ99XX11", provider=ELSEWHERE)
    tab = await open_tab(checkout.url, locale="bn-BD")
    page = tab.page
    await expect(page.locator("html")).to_have_attribute("lang", "bn")
    await expect(page.locator("#amount")).to_have_text("৫০০")
    await claim_bn(page, "zz99xx11")
    await expect(page.locator("#message")).to_contain_text("লেনদেন যাচাই করা যায়নি")
    await page.get_by_role("link", name="English").click()
    await expect(page.locator("html")).to_have_attribute("lang", "en")
    await expect(page.locator("#amount")).to_have_text("500")


async def claim_bn(page, typed: str) -> None:
    await page.locator("#trx-id").press_sequentially(typed)
    await page.get_by_role("button", name="পেমেন্ট নিশ্চিত করুন").click()


@at_one_size("mobile")
async def test_instructions_read_without_javascript(shop, open_tab):
    checkout = await shop.open()
    tab = await open_tab(checkout.url, javascript=False)
    page = tab.page
    await expect(page.locator(".how-to li").first).to_contain_text("Send Money")
    await expect(page.locator(".wallet-number")).to_have_text("01700000001")
    await expect(page.get_by_text("Turn on JavaScript")).to_be_visible()
    await expect(page.locator("#claim-form")).to_be_hidden()


@at_one_size("mobile")
async def test_page_fits_the_screen_without_sideways_scrolling(shop, open_tab):
    checkout = await shop.open({"name": "A Rather Long Shop Name For A Small Phone Screen"})
    for locale in ("en-US", "bn-BD"):
        tab = await open_tab(checkout.url, locale=locale)

        async def fits(size: str, page=tab.page, locale=locale) -> None:
            fits = await page.evaluate(
                "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
            )
            assert fits, (locale, size)

        await at_each_size(tab.page, fits)


@one_size_per_language("locale", ["en-US", "bn-BD"])
async def test_page_has_no_serious_accessibility_violations(shop, open_tab, locale, clock):
    checkout = await shop.open()
    await shop.receive(checkout, "ZZ99XX11", provider=ELSEWHERE)
    tab = await open_tab(checkout.url, locale=locale)
    assert await tab.axe_violations_at_both_sizes() == []
    await tab.page.locator("#trx-id").press_sequentially("zz99xx11")
    await tab.page.locator("#claim-form button[type=submit]").click()
    await expect(tab.page.locator("#message")).to_have_class(re.compile("message-error"))
    assert await tab.axe_violations_at_both_sizes() == []
    clock.advance(minutes=31)
    await tab.page.reload()
    assert await tab.axe_violations_at_both_sizes() == []
    await tab.page.goto(checkout.url.replace(checkout.session_id, str(uuid.uuid4())))
    await expect(tab.page.locator("h1")).not_to_be_empty()
    assert await tab.axe_violations_at_both_sizes() == []


@at_one_size("desktop")
async def test_whole_page_transfers_under_100_kb_with_a_strict_policy(shop, open_tab):
    checkout = await shop.open()
    tab = await open_tab(checkout.url, locale="bn-BD")
    await expect(tab.page.locator("#claim-form")).to_be_visible()
    assert tab.response is not None
    assert "script-src 'self'" in tab.response.headers["content-security-policy"]
    assert tab.response.headers["x-frame-options"] == "DENY"
    size = await tab.transferred()
    print(f"hosted page transfer: {size} bytes")
    assert 0 < size < PAGE_BUDGET


@at_one_size("mobile")
async def test_using_the_page_triggers_no_policy_violation_or_script_error(shop, open_tab):
    checkout = await shop.open()
    await shop.receive(checkout, "ZZ99XX11", provider=ELSEWHERE)
    tab = await open_tab(checkout.url)
    await claim(tab.page, "zz99xx11")
    await expect(tab.page.locator("#message")).to_have_text(WRONG)
    await tab.page.get_by_role("button", name="Copy").click()
    await tab.page.get_by_role("button", name="Cancel payment").click()
    await tab.page.get_by_role("button", name="No, go back").click()
    await tab.page.get_by_role("link", name="বাংলা").click()
    await expect(tab.page.locator("html")).to_have_attribute("lang", "bn")
    assert tab.csp_violations() == []
    assert tab.errors == []
