"""A process dying half-way: a claim that ended its session owes the event until the outbox
relay writes it, and a relay that dies anywhere leaves the next pass, or another relay, to finish
it: the event comes to exist, and never twice."""

from __future__ import annotations

from typing import Any

import pytest

from claimsvc.domain.delivery import to_ms
from claimsvc.worker.reconciler import Reconciler
from claimsvc.worker.sweeper import SessionSweeper
from tests.claims_support import (
    claim_body,
    events_of,
    invalid,
    open_session,
    pay,
    relay_owed,
    session_doc,
)

# The store, race, crash and outbox paths also run on the real wire (SecantusDB).
pytestmark = pytest.mark.wire


class Crash(Exception):
    """Stands for the process dying at this point."""


def crash_once(monkeypatch: pytest.MonkeyPatch, target: Any, name: str) -> None:
    """Make `target.name` raise the first time it is called, then behave."""
    real = getattr(target, name)
    calls = {"n": 0}

    async def flaky(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise Crash(name)
        return await real(*args, **kwargs)

    monkeypatch.setattr(target, name, flaky)


def sweeper(deps: Any) -> SessionSweeper:
    return SessionSweeper(deps.services.sessions)


async def submit(fetch: Any, session_id: str, trx_id: str) -> Any:
    return await fetch("/api/v1/checkout/submit", json=claim_body(session_id, trx_id))


async def owed(deps: Any, session_id: str) -> bool:
    return bool((await session_doc(deps, session_id)).get("event_due"))


@pytest.fixture
async def completed_without_event(fetch, make_account, deps, monkeypatch):
    """A claim that died right after completing the session, before any relay pass."""
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    real = deps.services.sessions.apply

    async def apply_then_die(*args: Any, **kwargs: Any) -> Any:
        await real(*args, **kwargs)
        raise Crash("after the transition")

    monkeypatch.setattr(deps.services.sessions, "apply", apply_then_die)
    reply = await submit(fetch, session_id, tx.trx_id)
    monkeypatch.setattr(deps.services.sessions, "apply", real)
    assert (reply.code, reply.json()) == (500, invalid("Internal system error"))
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    assert await owed(deps, session_id)
    assert await deps.db["events"].count_documents({"session_id": session_id}) == 0
    return session_id, tx


async def test_a_claim_that_died_after_its_transition_answers_the_retry_and_gets_one_event(
    fetch, deps, completed_without_event
):
    session_id, tx = completed_without_event
    reply = await submit(fetch, session_id, tx.trx_id)
    assert reply.code == 200 and reply.json()["status"] == "COMPLETED"
    assert await relay_owed(deps) == 1
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]
    assert not await owed(deps, session_id)


async def test_the_relay_writes_the_event_of_a_process_killed_before_it_ran(
    deps, completed_without_event
):
    session_id, _ = completed_without_event
    assert await relay_owed(deps) == 1
    assert await relay_owed(deps) == 0
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]
    assert not await owed(deps, session_id)


async def test_a_relay_dying_between_the_insert_and_the_clear_makes_no_second_event(
    fetch, make_account, deps, monkeypatch
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    assert (await submit(fetch, session_id, tx.trx_id)).code == 200
    crash_once(monkeypatch, deps.stores.sessions, "clear_event_due")
    with pytest.raises(Crash):
        await deps.services.outbox.relay(10)
    assert await owed(deps, session_id)  # the event exists, the flag says otherwise
    assert await relay_owed(deps) == 1  # the next pass finds the event and clears the flag
    assert len(await events_of(deps, session_id)) == 1
    assert not await owed(deps, session_id)


async def test_a_relay_dying_before_its_insert_leaves_the_event_owed(
    fetch, make_account, deps, monkeypatch
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    assert (await submit(fetch, session_id, tx.trx_id)).code == 200
    crash_once(monkeypatch, deps.stores.events, "insert_new")
    with pytest.raises(Crash):
        await deps.services.outbox.relay(10)
    assert await owed(deps, session_id)
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]


async def test_an_event_the_relay_could_not_schedule_is_put_on_the_schedule_by_the_reconciler(
    fetch, make_account, deps, monkeypatch
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    assert (await submit(fetch, session_id, tx.trx_id)).code == 200

    async def redis_down(events: Any) -> None:
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(deps.services.outbox, "on_events_recorded", redis_down)
    assert await relay_owed(deps) == 1
    [event] = await events_of(deps, session_id)
    assert not await owed(deps, session_id)
    reconciler = Reconciler(deps.stores.events, deps.stores.schedule, deps.clock)
    assert await reconciler.sweep() == 1
    leases = await deps.stores.schedule.take(to_ms(deps.clock()), 30_000, 10)
    assert [lease.event_id for lease in leases] == [event["_id"]]


async def test_a_lock_is_relayed_once(fetch, make_account, deps):
    merchant = await make_account(max_failed_attempts=1)
    session_id = await open_session(deps, merchant)
    assert (await submit(fetch, session_id, "WRONG1234")).json()["error"] == "TOO_MANY_ATTEMPTS"
    reply = await submit(fetch, session_id, "WRONG1234")
    assert reply.json()["error"] == "TOO_MANY_ATTEMPTS"
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["FAILED"]


async def test_an_expiry_whose_relay_died_is_relayed_by_the_next_pass(
    make_account, deps, clock, monkeypatch
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    clock.advance(minutes=31)
    assert (await sweeper(deps).sweep()).expired == 1
    crash_once(monkeypatch, deps.stores.events, "insert_new")
    with pytest.raises(Crash):
        await deps.services.outbox.relay(10)
    assert (await session_doc(deps, session_id))["status"] == "EXPIRED"
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["EXPIRED"]


@pytest.fixture
async def reserved_but_not_claimed(fetch, make_account, deps, monkeypatch):
    """A claim that died after reserving its transaction and before the session transition."""
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    crash_once(monkeypatch, deps.stores.sessions, "transition")
    assert (await submit(fetch, session_id, tx.trx_id)).code == 500
    assert (await deps.stores.transactions.get(tx.id)).session_id == session_id
    assert (await session_doc(deps, session_id))["status"] == "OPEN"
    return merchant, session_id, tx


async def test_a_claim_that_died_after_reserving_its_transaction_can_be_retried(
    fetch, reserved_but_not_claimed
):
    _, session_id, tx = reserved_but_not_claimed
    assert (await submit(fetch, session_id, tx.trx_id)).code == 200


async def test_a_reservation_left_on_a_session_that_ended_otherwise_is_released(
    fetch, deps, reserved_but_not_claimed
):
    merchant, abandoned, tx = reserved_but_not_claimed
    assert (await fetch("/api/v1/checkout/cancel", json={"sessionId": abandoned})).code == 200
    fresh = await open_session(deps, merchant)
    reply = await submit(fetch, fresh, tx.trx_id)
    assert reply.code == 200
    assert (await deps.stores.transactions.get(tx.id)).session_id == fresh


async def test_a_reservation_on_a_session_still_open_is_kept(fetch, deps, reserved_but_not_claimed):
    merchant, holder, tx = reserved_but_not_claimed
    other = await open_session(deps, merchant)
    assert (await submit(fetch, other, tx.trx_id)).json()["error"] == "VERIFICATION_FAILED"
    assert (await submit(fetch, holder, tx.trx_id)).code == 200
