"""A payment of another amount on the hosted page, in headless Chromium, in English (on a phone)
and Bangla (on a desktop), axe at both sizes: the buyer who sent Tk 499 for a Tk 500 order is
told so and that the shop has been told (the submit's answer is interface.md's
VERIFICATION_FAILED); when the shop accepts it for the order, the waiting page moves on to the
shop; the paid page says "Amount paid", never "Amount to pay"."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.async_api import expect

from tests.claims_support import session_doc
from tests.e2e.conftest import SUCCESS_URL, TRX_ID, at_size, one_size_per_language

pytestmark = pytest.mark.e2e

SCREENSHOTS = Path(os.environ.get("SCREENSHOTS_DIR", "docs/screenshots"))
SUBMIT_BUTTON = {"en-US": "Confirm payment", "bn-BD": "পেমেন্ট নিশ্চিত করুন"}
TOLD = {
    "en-US": "The amount paid with this TrxID is different from this order's amount.",
    "bn-BD": "এই TrxID দিয়ে পাঠানো টাকার পরিমাণ এই অর্ডারের পরিমাণ থেকে আলাদা।",
}
PAID = {"en-US": "Amount paid", "bn-BD": "পরিশোধিত টাকা"}
TO_PAY = {"en-US": "Amount to pay", "bn-BD": "যত টাকা দিতে হবে"}
WATCH_MS = 15_000
"""How often a told page asks whether the shop accepted the amount (checkout.js)."""


async def phone_shot(page, name: str) -> None:
    """docs/screenshots/<name>.png: the page as it is now on the phone, whatever size the flow
    runs at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    await at_size(page, "mobile", lambda: page.screenshot(path=str(path), full_page=True))


@one_size_per_language("locale", ["en-US", "bn-BD"])
async def test_a_short_payment_is_explained_and_the_page_moves_on_when_the_shop_accepts(
    shop, open_tab, deps, locale
):
    checkout = await shop.open({"name": "Rahim Store"})
    transaction_id = await shop.receive(checkout, poisha=49_900)
    await deps.services.transactions.confirm(transaction_id)
    tab = await open_tab(checkout.url, locale=locale)
    page = tab.page
    await page.clock.install()
    await page.reload()
    answers = []
    page.on(
        "response",
        lambda r: answers.append(r) if r.url.endswith("/api/v1/checkout/submit") else None,
    )
    await page.locator("#trx-id").fill(TRX_ID)
    await page.get_by_role("button", name=SUBMIT_BUTTON[locale]).click()
    await expect(page.locator("#message")).to_contain_text(TOLD[locale])
    [answer] = answers
    assert answer.status == 400
    assert await answer.json() == {
        "success": False,
        "error": "VERIFICATION_FAILED",
        "message": "Could not verify transaction; TrxID and amount must match exactly.",
    }
    assert await tab.axe_violations_at_both_sizes() == []
    await phone_shot(page, f"amount-differs-{locale[:2]}")

    # The shop accepts it for the order in its portal; the waiting page notices and moves on.
    await deps.services.settlement.settle(
        checkout.merchant.id, checkout.session_id, transaction_id, "accept", "owner@shop"
    )
    await page.clock.run_for(WATCH_MS + 1_000)
    await expect(page).to_have_url(SUCCESS_URL)
    assert (await session_doc(deps, checkout.session_id))["paid_poisha"] == 49_900
    assert not tab.errors and tab.csp_violations() == []

    paid = await open_tab(checkout.url, locale=locale)
    await expect(paid.page.locator("#amount-label")).to_have_text(PAID[locale])
    await expect(paid.page.locator("#amount")).to_have_text("499" if locale == "en-US" else "৪৯৯")
    await expect(paid.page.locator("main")).not_to_contain_text(TO_PAY[locale])
    assert await paid.axe_violations_at_both_sizes() == []
    await phone_shot(paid.page, f"paid-other-amount-{locale[:2]}")
