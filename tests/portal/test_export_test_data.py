"""The export's test data: a merchant viewing test data exports their test sessions and test
transactions, in a file marked as test (its name and its last row); a live file never holds a
test record, and stays as it always was."""

from __future__ import annotations

from claimsvc.domain.modes import TEST, ledger_id
from claimsvc.services.transactions import NewTransaction
from tests.claims_support import new_trx_id, pay
from tests.conftest import initialize_body
from tests.portal.test_export_pages import DAY_21, EARLY_ON_21, open_order, rows_of


async def a_shop_with_live_and_test_records(deps, fetch, make_account):
    """A shop with one live and one test payment and transaction, all on 21 November."""
    shop = await make_account()
    deps.clock.now = EARLY_ON_21
    await open_order(deps, shop, "live-order", 50_000)
    test_key = (await deps.services.admin.mint_key(shop.id, "tests", TEST)).secret
    opened = await fetch(
        "/api/v1/checkout/initialize", json=initialize_body(order_id="test-order"), key=test_key
    )
    assert opened.code == 201
    await pay(deps, shop, amount_poisha=50_000, status="confirmed")
    test_tx = NewTransaction("bkash", new_trx_id(), 12_300, deps.clock(), status="confirmed")
    await deps.services.transactions.record(ledger_id(shop.id, TEST), test_tx)
    return shop


async def test_test_data_exports_only_test_sessions_in_a_file_marked_test(
    deps, fetch, make_account, make_user, portal
):
    shop = await a_shop_with_live_and_test_records(deps, fetch, make_account)
    client = await portal(await make_user(shop, role="staff"))
    page = await client.get(DAY_21.format("payments") + "&mode=test")
    assert page.code == 200
    disposition = page.headers["Content-Disposition"]
    assert 'filename="payments-2026-11-21-to-2026-11-21-test.csv"' in disposition
    rows = rows_of(page)
    assert [r[1] for r in rows[1:] if r and r[0] not in ("total", "mode")] == ["test-order"]
    assert rows[-1] == ["mode", "test"] and ["total", "payments", "1"] in rows
    tx_rows = rows_of(await client.get(DAY_21.format("transactions") + "&mode=test"))
    assert ["total", "credits", "1", "123.00"] in tx_rows and tx_rows[-1] == ["mode", "test"]


async def test_a_live_file_never_holds_test_data_and_is_unmarked(
    deps, fetch, make_account, make_user, portal
):
    shop = await a_shop_with_live_and_test_records(deps, fetch, make_account)
    client = await portal(await make_user(shop, role="staff"))
    for mode in ("", "&mode=live", "&mode=anything"):
        page = await client.get(DAY_21.format("payments") + mode)
        assert (
            'filename="payments-2026-11-21-to-2026-11-21.csv"'
            in (page.headers["Content-Disposition"])
        )
        rows = rows_of(page)
        assert [r[1] for r in rows[1:] if r and r[0] != "total"] == ["live-order"]
        assert rows[-1][0] == "total" and "test-order" not in page.body.decode()
        tx_rows = rows_of(await client.get(DAY_21.format("transactions") + mode))
        assert ["total", "credits", "1", "500.00"] in tx_rows and "123.00" not in str(tx_rows)


async def test_the_page_switches_to_test_data_and_its_form_keeps_the_mode(
    make_account, make_user, portal
):
    client = await portal(await make_user(await make_account(), role="staff"))
    live = await client.get("/portal/export")
    assert 'id="mode-test" href="/portal/export?mode=test"' in live.text
    assert 'name="mode"' not in live.text and 'id="test-banner"' not in live.text
    test = await client.get("/portal/export?mode=test")
    assert 'id="test-banner"' in test.text and 'id="export-test-hint"' in test.text
    form = test.text.split('id="export-form"')[1].split("</form>")[0]
    assert '<input type="hidden" name="mode" value="test">' in form
    bangla = await client.get("/portal/export?mode=test&lang=bn")
    assert "-test.csv দিয়ে শেষ হয়" in bangla.text
    # A range it cannot use keeps the mode, and the switch still leads to the form page.
    refused = await client.get("/portal/export.csv?what=payments&from=x&to=y&mode=test")
    assert refused.code == 400 and '<input type="hidden" name="mode" value="test">' in refused.text
    assert 'id="mode-live" href="/portal/export"' in refused.text
