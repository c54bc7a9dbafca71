"""The portal's payments reads (services/payments.py) on the real app's claims: claim history as
verify and submit leave it, search by order id and TrxID, one session, the list, the overview.
Every read is of one account: another account's sessions are never found or counted."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from claimsvc import errors
from claimsvc.domain import claims
from claimsvc.domain.balances import Entry, Wallet, WalletKey
from claimsvc.domain.devices import QUIET_AFTER
from claimsvc.domain.outbox import DEAD, STOPPED
from claimsvc.domain.paging import BadCursor
from claimsvc.domain.payments import ATTENTION_CAP, Search, parse_search
from claimsvc.domain.sessions import COMPLETED
from claimsvc.store.balances import BalanceStore
from tests.claims_support import claim_body, open_session, pay, relay_owed
from tests.worker.factories import record_event

pytestmark = pytest.mark.wire

VERIFY = "/api/v1/checkout/verify"
SUBMIT = "/api/v1/checkout/submit"


async def order_of(deps, session_id: str) -> str:
    session = await deps.stores.sessions.get(session_id)
    return session.order_id


async def test_failed_then_successful_claims_are_the_sessions_history(fetch, make_account, deps):
    shop = await make_account()
    session_id = await open_session(deps, shop)
    tx = await pay(deps, shop)
    short = await pay(deps, shop, amount_poisha=100)
    assert (await fetch(VERIFY, json=claim_body(session_id, "NOSUCH123"), key=shop.key)).code == 400
    assert (await fetch(SUBMIT, json=claim_body(session_id, short.trx_id))).code == 400
    assert (await fetch(SUBMIT, json=claim_body(session_id, tx.trx_id.lower()))).code == 200
    detail = await deps.services.payments.detail(shop.id, session_id)
    history = [(a.trx_id, a.outcome, a.by, a.reason) for a in detail.session.claim_history]
    assert history == [
        ("NOSUCH123", claims.FAILED, claims.MERCHANT, claims.NO_TRANSACTION),
        (short.trx_id, claims.FAILED, claims.BUYER, claims.AMOUNT_DIFFERS),
        (tx.trx_id, claims.COMPLETED, claims.BUYER, None),
    ]
    assert detail.session.status == COMPLETED
    assert detail.transaction is not None and detail.transaction.id == tx.id


async def test_a_pending_claim_is_recorded_and_its_confirmation_shows_on_the_transaction(
    fetch, make_account, deps
):
    shop = await make_account(balance_verification=True)
    session_id = await open_session(deps, shop)
    tx = await pay(deps, shop, status="held")
    assert (await fetch(VERIFY, json=claim_body(session_id, tx.trx_id), key=shop.key)).code == 202
    detail = await deps.services.payments.detail(shop.id, session_id)
    assert [a.outcome for a in detail.session.claim_history] == [claims.PENDING]
    await deps.services.transactions.confirm(tx.id)
    detail = await deps.services.payments.detail(shop.id, session_id)
    assert detail.session.status == COMPLETED
    assert (detail.transaction.status, detail.transaction.confirmed_by) == ("confirmed", "merchant")


async def test_search_finds_an_order_by_its_id_or_its_start(make_account, deps):
    shop, other = await make_account(), await make_account()
    mine = await open_session(deps, shop)
    await open_session(deps, other)
    order_id = await order_of(deps, mine)
    for text in (order_id, order_id[:8], "order-"):
        found = await deps.services.payments.search(shop.id, parse_search(text))
        assert [s.id for s in found.sessions] == [mine], text
    nothing = await deps.services.payments.search(shop.id, Search("zzz", None))
    assert (nothing.sessions, nothing.transactions) == ([], [])


async def test_search_by_trxid_finds_every_session_it_was_claimed_on_and_the_transaction(
    fetch, make_account, deps
):
    shop, other = await make_account(), await make_account()
    tried, paid, untouched = [await open_session(deps, shop) for _ in range(3)]
    tx = await pay(deps, shop, amount_poisha=100)  # pays neither: both claims fail
    same_trx_elsewhere = await pay(deps, other, trx_id=tx.trx_id)
    elsewhere = await open_session(deps, other)
    for session_id in (tried, paid):
        assert (await fetch(SUBMIT, json=claim_body(session_id, tx.trx_id))).code == 400
    assert (await fetch(SUBMIT, json=claim_body(elsewhere, tx.trx_id))).code == 200
    found = await deps.services.payments.search(shop.id, parse_search(tx.trx_id.lower()))
    assert sorted(s.id for s in found.sessions) == sorted([tried, paid])
    assert untouched not in [s.id for s in found.sessions]
    assert [t.id for t in found.transactions] == [tx.id]
    assert same_trx_elsewhere.id not in [t.id for t in found.transactions]


async def test_search_by_trxid_finds_a_session_claimed_before_histories_were_kept(
    fetch, make_account, deps
):
    shop = await make_account()
    session_id, tx = await open_session(deps, shop), await pay(deps, shop)
    assert (await fetch(SUBMIT, json=claim_body(session_id, tx.trx_id))).code == 200
    await deps.db["sessions"].update_one({"_id": session_id}, {"$unset": {"claim_history": ""}})
    found = await deps.services.payments.search(shop.id, parse_search(tx.trx_id))
    assert [s.id for s in found.sessions] == [session_id]


async def test_another_accounts_session_is_not_found(make_account, deps):
    shop, other = await make_account(), await make_account()
    theirs = await open_session(deps, other)
    for session_id in (theirs, "00000000-0000-4000-8000-000000000000", "not-a-uuid"):
        with pytest.raises(errors.NotFound):
            await deps.services.payments.detail(shop.id, session_id)


async def test_the_list_is_the_accounts_sessions_newest_first_by_status_in_pages(
    fetch, make_account, deps, clock
):
    shop, other = await make_account(), await make_account()
    opened = []
    for _ in range(5):
        opened.append(await open_session(deps, shop))
        clock.advance(seconds=1)
    await open_session(deps, other)
    tx = await pay(deps, shop)
    assert (await fetch(SUBMIT, json=claim_body(opened[1], tx.trx_id))).code == 200
    first = await deps.services.payments.list(shop.id, None, None, 3)
    rest = await deps.services.payments.list(shop.id, None, first.next_cursor, 3)
    assert [s.id for s in first.items + rest.items] == opened[::-1]
    assert rest.next_cursor is None
    done = await deps.services.payments.list(shop.id, COMPLETED, None)
    assert [s.id for s in done.items] == [opened[1]]
    with pytest.raises(BadCursor):
        await deps.services.payments.list(shop.id, None, "bm90IGEgY3Vyc29y", 3)


async def test_the_overview_counts_todays_payments_in_dhaka_and_what_needs_attention(
    fetch, make_account, deps, clock
):
    shop, other = await make_account(), await make_account()
    # Dhaka is UTC+6: 23:30 on the 20th is not the 21st's; 22:00 and 23:01 are.
    clock.now = datetime(2026, 11, 20, 17, 30, tzinfo=UTC)
    yesterday, y_tx = await open_session(deps, shop), await pay(deps, shop)
    assert (await fetch(SUBMIT, json=claim_body(yesterday, y_tx.trx_id))).code == 200
    clock.now = datetime(2026, 11, 21, 16, 0, tzinfo=UTC)
    for amount in (50_000, 12_345):
        session_id, tx = (
            await open_session(deps, shop, amount),
            await pay(deps, shop, amount_poisha=amount),
        )
        assert (await fetch(SUBMIT, json=claim_body(session_id, tx.trx_id))).code == 200
    theirs, t_tx = await open_session(deps, other), await pay(deps, other)
    assert (await fetch(SUBMIT, json=claim_body(theirs, t_tx.trx_id))).code == 200
    await open_session(deps, shop)
    await pay(deps, shop, status="held")
    await pay(deps, shop, status="suspect")
    await pay(deps, shop, status="suspect", received_at=clock.now - timedelta(days=8))
    await pay(deps, other, status="held")
    await relay_owed(deps)
    stopped = await record_event(deps, shop.id, "https://shop.example.com/w")
    dead = await record_event(deps, shop.id, "https://shop.example.com/w")
    for event_id, status in ((stopped, STOPPED), (dead, DEAD)):
        await deps.db["events"].update_one({"_id": event_id}, {"$set": {"status": status}})
    quiet = await deps.services.devices.register(shop.id, "old phone", None)
    clock.advance(seconds=QUIET_AFTER.total_seconds() + 1)
    await deps.services.devices.register(shop.id, "new phone", None)
    await break_a_wallet(deps, shop.id, quiet.device.id, clock.now)

    seen = await deps.services.payments.overview(shop.id)
    assert (seen.paid_count, seen.paid_poisha) == (2, 62_345)
    assert (seen.open_sessions, seen.held, seen.suspect) == (1, 1, 1)
    assert (seen.stopped_events, seen.dead_events) == (1, 1)
    assert [d.name for d in seen.quiet_devices] == ["old phone"]
    assert [w.stored_key.device_id for w in seen.broken_wallets] == [quiet.device.id]
    assert seen.needs_attention
    calm = await deps.services.payments.overview((await make_account()).id)
    assert not calm.needs_attention and (calm.paid_count, calm.open_sessions) == (0, 0)


async def test_attention_counts_stop_at_the_cap(make_account, deps):
    shop = await make_account()
    for _ in range(ATTENTION_CAP + 2):
        await pay(deps, shop, status="held")
    assert (await deps.services.payments.overview(shop.id)).held == ATTENTION_CAP


async def break_a_wallet(deps, account_id: str, device_id: str, now: datetime) -> None:
    """A wallet whose chain holds an entry for the SMS it chains to (one never came)."""
    entry = Entry("msg_1", None, "credit", 10_000, 0, 90_000, now)
    key = WalletKey(account_id, device_id, "bkash", None)
    doc = BalanceStore.to_doc(Wallet(running=50_000, held=(entry,), key=key, version=1))
    await deps.db["wallet_balances"].insert_one(doc)
