"""How each transaction's SMS was read, on the portal's transactions page in Chromium (issue 22):
a payment in a new wording, read by its balance, beside one in a known wording."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from claimsvc.services.transactions import NewTransaction
from tests.e2e.portal.conftest import at_both_sizes, each_language

pytestmark = pytest.mark.e2e

WORDS = {
    "en": ("Read by", "Known wording", "Its balance (new wording)"),
    "bn": ("যেভাবে পড়া হয়েছে", "পরিচিত ভাষা", "ব্যালেন্সের হিসাবে (নতুন ভাষা)"),
}


@each_language
async def test_a_payment_in_a_new_wording_shows_it_was_read_by_its_balance(
    make_account, make_user, portal_tab, server, deps, viewport, lang
):
    shop = await make_account(name="Rahim Store", balance_verification=True)
    for trx, how, balance in (
        ("KNWNA1B2C3", "rule", 150_000),
        ("NEWWA1B2C3", "arithmetic", 200_000),
    ):
        new = NewTransaction(
            "bkash",
            trx,
            50_000,
            deps.clock(),
            status="confirmed",
            balance_poisha=balance,
            parsed_by=how,
        )
        await deps.services.transactions.record(shop.id, new)
    tab = await portal_tab(await make_user(shop), lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/transactions?lang={lang}")
    label, known, by_balance = WORDS[lang]
    await expect(page.locator("tr", has_text="NEWWA1B2C3")).to_contain_text(by_balance)
    await expect(page.locator("tr", has_text="KNWNA1B2C3")).to_contain_text(known)
    await expect(page.locator(f'td[data-label="{label}"]')).to_have_count(2)
    await at_both_sizes(page, "transactions-read-by", lang, viewport)
    assert not tab.errors and not tab.csp_violations()
