"""A process dying half-way through a terminal transition: the event still comes to exist (on a
retry of the claim, or by the worker's reconciler), and never twice."""

from __future__ import annotations

from typing import Any

import pytest

from claimsvc.worker.sweeper import SessionSweeper
from tests.claims_support import claim_body, events_of, invalid, open_session, pay, session_doc

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
    return SessionSweeper(deps.services.sessions, deps.services.outbox)


async def submit(fetch: Any, session_id: str, trx_id: str) -> Any:
    return await fetch("/api/v1/checkout/submit", json=claim_body(session_id, trx_id))


@pytest.fixture
async def completed_without_event(fetch, make_account, deps, monkeypatch):
    """A claim that died between completing the session and writing its event."""
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    crash_once(monkeypatch, deps.stores.events, "insert")
    reply = await submit(fetch, session_id, tx["trx_id"])
    assert (reply.code, reply.json()) == (500, invalid("Internal system error"))
    session = await session_doc(deps, session_id)
    assert (session["status"], session.get("event_due")) == ("COMPLETED", True)
    assert await events_of(deps, session_id) == []
    return session_id, tx


async def test_retrying_the_claim_writes_the_missing_event_once(
    fetch, deps, clock, completed_without_event
):
    session_id, tx = completed_without_event
    reply = await submit(fetch, session_id, tx["trx_id"])
    assert reply.code == 200 and reply.json()["status"] == "COMPLETED"
    clock.advance(minutes=5)
    await sweeper(deps).sweep()
    await submit(fetch, session_id, tx["trx_id"])
    events = await events_of(deps, session_id)
    assert [e["payment_status"] for e in events] == ["COMPLETED"]
    assert "event_due" not in await session_doc(deps, session_id)


async def test_the_reconciler_writes_the_missing_event_once(
    fetch, deps, clock, completed_without_event
):
    session_id, tx = completed_without_event
    await sweeper(deps).sweep()
    assert await events_of(deps, session_id) == []  # too recent: the request may still finish
    clock.advance(minutes=1)
    assert (await sweeper(deps).sweep()).events_owed == 1
    await sweeper(deps).sweep()
    assert (await submit(fetch, session_id, tx["trx_id"])).code == 200
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]


async def test_dying_after_the_event_but_before_clearing_the_flag_makes_no_second_event(
    fetch, make_account, deps, clock, monkeypatch
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    crash_once(monkeypatch, deps.stores.sessions, "clear_event_due")
    assert (await submit(fetch, session_id, tx["trx_id"])).code == 500
    clock.advance(minutes=1)
    assert (await sweeper(deps).sweep()).events_owed == 1
    assert (await submit(fetch, session_id, tx["trx_id"])).code == 200
    assert len(await events_of(deps, session_id)) == 1
    assert "event_due" not in await session_doc(deps, session_id)


async def test_a_lock_that_died_before_its_event_is_repaired(
    fetch, make_account, deps, clock, monkeypatch
):
    merchant = await make_account(max_failed_attempts=1)
    session_id = await open_session(deps, merchant)
    crash_once(monkeypatch, deps.stores.events, "insert")
    assert (await submit(fetch, session_id, "WRONG1234")).code == 500
    reply = await submit(fetch, session_id, "WRONG1234")
    assert reply.json()["error"] == "TOO_MANY_ATTEMPTS"
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["FAILED"]


async def test_an_expiry_that_died_before_its_event_is_repaired_by_the_next_pass(
    make_account, deps, clock, monkeypatch
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    clock.advance(minutes=31)
    crash_once(monkeypatch, deps.stores.events, "insert")
    with pytest.raises(Crash):
        await sweeper(deps).sweep()
    clock.advance(minutes=1)
    await sweeper(deps).sweep()
    assert (await session_doc(deps, session_id))["status"] == "EXPIRED"
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["EXPIRED"]


@pytest.fixture
async def reserved_but_not_claimed(fetch, make_account, deps, monkeypatch):
    """A claim that died after reserving its transaction and before the session transition."""
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    crash_once(monkeypatch, deps.stores.sessions, "transition")
    assert (await submit(fetch, session_id, tx["trx_id"])).code == 500
    assert (await deps.stores.transactions.get(tx["_id"]))["session_id"] == session_id
    assert (await session_doc(deps, session_id))["status"] == "OPEN"
    return merchant, session_id, tx


async def test_a_claim_that_died_after_reserving_its_transaction_can_be_retried(
    fetch, reserved_but_not_claimed
):
    _, session_id, tx = reserved_but_not_claimed
    assert (await submit(fetch, session_id, tx["trx_id"])).code == 200


async def test_a_reservation_left_on_a_session_that_ended_otherwise_is_released(
    fetch, deps, reserved_but_not_claimed
):
    merchant, abandoned, tx = reserved_but_not_claimed
    assert (await fetch("/api/v1/checkout/cancel", json={"sessionId": abandoned})).code == 200
    fresh = await open_session(deps, merchant)
    reply = await submit(fetch, fresh, tx["trx_id"])
    assert reply.code == 200
    assert (await deps.stores.transactions.get(tx["_id"]))["session_id"] == fresh


async def test_a_reservation_on_a_session_still_open_is_kept(
    fetch, deps, reserved_but_not_claimed
):
    merchant, holder, tx = reserved_but_not_claimed
    other = await open_session(deps, merchant)
    assert (await submit(fetch, other, tx["trx_id"])).json()["error"] == "VERIFICATION_FAILED"
    assert (await submit(fetch, holder, tx["trx_id"])).code == 200
