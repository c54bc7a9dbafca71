"""The CSV export: Dhaka days as the range, money written exactly, totals, cells a spreadsheet
cannot run, streamed in batches, only the user's own account, a bad range answered with the
form in both languages."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import pytest

from claimsvc.api.portal import export as export_page
from claimsvc.domain.checkout import InitializeRequest
from claimsvc.domain.export import PAYMENT_COLUMNS
from claimsvc.domain.platform import Platform
from tests.claims_support import claim_body, pay
from tests.conftest import ALLOWED_HOST

# 23:59 on 20 November in Dhaka, and 00:01 on the 21st (UTC+6).
LATE_ON_20 = datetime(2026, 11, 20, 17, 59, tzinfo=UTC)
EARLY_ON_21 = datetime(2026, 11, 20, 18, 1, tzinfo=UTC)
DAY_21 = "/portal/export.csv?what={}&from=2026-11-21&to=2026-11-21"


async def open_order(deps, shop, order_id: str, amount_poisha: int) -> str:
    account = await deps.stores.accounts.get(shop.id)
    req = InitializeRequest(
        order_id=order_id,
        amount_poisha=amount_poisha,
        success_url=f"https://{ALLOWED_HOST}/success",
        cancel_url=f"https://{ALLOWED_HOST}/cancel",
        webhook_url=f"https://{ALLOWED_HOST}/webhook",
        expires_in_s=1800,
    )
    opened = await deps.services.checkout.initialize(account, req, Platform())
    return str(opened.session.id)


def rows_of(page) -> list[list[str]]:
    text = page.body.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


async def test_payments_of_a_dhaka_day_with_exact_totals_and_safe_cells(
    deps, fetch, make_account, make_user, portal
):
    shop, other = await make_account(), await make_account()
    deps.clock.now = LATE_ON_20
    await open_order(deps, shop, "yesterday-late", 10)
    deps.clock.now = EARLY_ON_21
    tenth = await open_order(deps, shop, '=HYPERLINK("http://evil")', 10)
    deps.clock.advance(seconds=1)
    fifth = await open_order(deps, shop, "+8801700000000", 20)
    deps.clock.advance(seconds=1)
    await open_order(deps, shop, "-still-open", 123_456_789)
    await open_order(deps, other, "other-shop", 10)
    for session_id, poisha in ((tenth, 10), (fifth, 20)):
        tx = await pay(deps, shop, amount_poisha=poisha, status="confirmed")
        assert (
            await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
        ).code == 200
    client = await portal(await make_user(shop, role="staff"))
    page = await client.get(DAY_21.format("payments"))
    assert page.code == 200
    assert page.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="payments-2026-11-21-to-2026-11-21.csv"' in page.headers["Content-Disposition"]
    rows = rows_of(page)
    assert tuple(rows[0]) == PAYMENT_COLUMNS
    data = [r for r in rows[1:] if r and r[0] != "total"]
    assert [r[1] for r in data] == [
        '\'=HYPERLINK("http://evil")',
        "'+8801700000000",
        "'-still-open",
    ]
    assert data[0][0] == "2026-11-21 00:01:00" and [r[5] for r in data] == [
        "0.10",
        "0.20",
        "1234567.89",
    ]
    assert [r[6] for r in data] == ["0.10", "0.20", ""]
    totals = {r[1]: r[2] for r in rows if r and r[0] == "total"}
    # 0.1 + 0.2 is 0.30 exactly: summed in poisha, written from integers.
    assert totals == {
        "payments": "3",
        "completed": "2",
        "completed_order_amount": "0.30",
        "completed_paid_amount": "0.30",
    }
    assert "other-shop" not in page.body.decode() and "yesterday-late" not in page.body.decode()


async def test_transactions_with_credits_debits_fees_and_masked_numbers(
    deps, fetch, make_account, make_user, portal
):
    shop = await make_account()
    deps.clock.now = EARLY_ON_21
    await pay(deps, shop, amount_poisha=50_050, status="confirmed")
    await pay(deps, shop, amount_poisha=20_000, direction="debit")
    client = await portal(await make_user(shop, role="developer"))
    rows = rows_of(await client.get(DAY_21.format("transactions")))
    assert rows[0][0] == "received_at_dhaka" and len(rows[1:3]) == 2
    totals = [r for r in rows if r and r[0] == "total"]
    assert totals[:2] == [["total", "credits", "1", "500.50"], ["total", "debits", "1", "200.00"]]


async def test_a_big_range_is_streamed_in_batches(
    deps, fetch, make_account, make_user, portal, monkeypatch
):
    monkeypatch.setattr(export_page, "ROWS_PER_WRITE", 2)
    shop = await make_account()
    deps.clock.now = EARLY_ON_21
    for i in range(7):
        await open_order(deps, shop, f"bulk-{i}", 100 + i)
        deps.clock.advance(seconds=1)
    client = await portal(await make_user(shop, role="owner"))
    page = await client.get(DAY_21.format("payments"))
    # Flushed before the end: the answer went out in chunks, not one built body.
    assert page.headers.get("Transfer-Encoding") == "chunked"
    rows = rows_of(page)
    assert [r[1] for r in rows[1:8]] == [f"bulk-{i}" for i in range(7)]
    assert ["total", "payments", "7"] in rows


@pytest.mark.parametrize(
    ("query", "field", "bangla"),
    [
        ("what=payments&from=2026-11-22&to=2026-11-21", "to", "প্রথম দিনের দিন বা তার পরের"),
        ("what=payments&from=2025-01-01&to=2026-11-21", "to", "সর্বোচ্চ ৩৬৬ দিন"),
        ("what=payments&from=yesterday&to=2026-11-21", "from", "একটি তারিখ বেছে নিন"),
        ("what=everything&from=2026-11-21&to=2026-11-21", "what", "পেমেন্ট অথবা ওয়ালেটের"),
        ("", "from", "একটি তারিখ বেছে নিন"),
    ],
)
async def test_a_bad_range_answers_the_form_with_the_reason_beside_the_field(
    deps, make_account, make_user, portal, query, field, bangla
):
    shop = await make_account()
    client = await portal(await make_user(shop, role="staff"))
    page = await client.get(f"/portal/export.csv?{query}")
    assert page.code == 400 and 'id="export-problems"' in page.text
    assert f'<p class="error field-error" id="{field}-problem">' in page.text
    assert "text/html" in page.headers["Content-Type"]
    answer = await client.get(f"/portal/export.csv?{query}&lang=bn")
    assert bangla in answer.text.split(f'id="{field}-problem">')[1].split("</p>")[0]


async def test_the_dates_typed_are_kept_beside_their_problem(make_account, make_user, portal):
    client = await portal(await make_user(await make_account(), role="staff"))
    page = await client.get("/portal/export.csv?what=transactions&from=2026-11-22&to=2026-11-21")
    assert 'name="from" type="date" value="2026-11-22"' in page.text
    assert 'name="to" type="date" value="2026-11-21"' in page.text
    assert 'aria-invalid="true"' in page.text.split('name="to"')[1].split(">")[0]
    assert 'value="transactions" checked' in page.text


async def test_the_form_in_both_languages_and_only_for_the_signed_in(
    deps, make_account, make_user, portal, portal_client
):
    shop = await make_account()
    client = await portal(await make_user(shop, role="staff"))
    page = await client.get("/portal/export")
    assert page.code == 200 and 'action="/portal/export.csv"' in page.text
    assert 'value="2026-11-01"' in page.text and 'value="2026-11-21"' in page.text
    assert "CSV ডাউনলোড করুন" in (await client.get("/portal/export?lang=bn")).text
    stranger = await portal_client().get(DAY_21.format("payments"), follow=False)
    assert stranger.code == 303 and "/portal/login" in stranger.location
