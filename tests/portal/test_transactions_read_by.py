"""The portal's transactions page says how each transaction's SMS was read (issue 22): a known
wording, its balance (a new wording read by arithmetic) or a wording the merchant taught."""

from __future__ import annotations

import pytest

from claimsvc.api.portal.transactions import READ_BY
from claimsvc.domain.claims import UNPROVEN_READINGS
from claimsvc.services.transactions import NewTransaction


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Read by", "Known wording", "Its balance (new wording)", "Your taught wording"]),
        ("bn", ["যেভাবে পড়া হয়েছে", "পরিচিত ভাষা", "ব্যালেন্সের হিসাবে", "আপনার শেখানো ভাষা"]),
    ],
)
async def test_each_transaction_shows_how_its_sms_was_read_in_both_languages(
    make_account, make_user, portal, deps, lang, words
):
    shop = await make_account()
    for trx, how in (
        ("RULEA1B2C3", "rule"),
        ("ARTHA1B2C3", "arithmetic"),
        ("TGHTA1B2C3", "taught"),
    ):
        new = NewTransaction("bkash", trx, 50_000, deps.clock(), parsed_by=how)
        await deps.services.transactions.record(shop.id, new)
    client = await portal(await make_user(shop))
    page = await client.get(f"/portal/transactions?lang={lang}")
    assert page.code == 200
    for word in words:
        assert word in page.text
    assert page.text.count(f'data-label="{words[0]}"') == 3


def test_every_way_of_reading_an_sms_has_words():
    assert set(READ_BY) == {"rule", *UNPROVEN_READINGS}
