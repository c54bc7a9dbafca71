"""The session sweeper: overdue sessions become EXPIRED with one event each, in bounded batches."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from claimsvc.worker.main import worker_loops
from claimsvc.worker.sweeper import SessionSweeper
from tests.claims_support import claim_body, events_of, open_session, pay, session_doc

# The store, race, crash and outbox paths also run on the real wire (SecantusDB).
pytestmark = pytest.mark.wire


def sweeper(deps: Any, **kw: Any) -> SessionSweeper:
    return SessionSweeper(deps.services.sessions, **kw)


async def statuses(deps: Any, ids: list[str]) -> list[str]:
    return [(await session_doc(deps, s))["status"] for s in ids]


async def test_overdue_sessions_expire_with_one_event_each(make_account, deps, clock):
    merchant = await make_account()
    short = await open_session(deps, merchant, expires_in_s=300)
    long = await open_session(deps, merchant, expires_in_s=3600)
    clock.advance(seconds=299)
    assert (await sweeper(deps).sweep()).expired == 0
    clock.advance(seconds=1)
    assert (await sweeper(deps).sweep()).expired == 1
    await sweeper(deps).sweep()
    assert await statuses(deps, [short, long]) == ["EXPIRED", "OPEN"]
    assert [e["payment_status"] for e in await events_of(deps, short)] == ["EXPIRED"]
    assert await events_of(deps, long) == []


async def test_a_session_with_a_pending_claim_gets_24_hours_more(make_account, deps, clock, fetch):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert reply.code == 202
    clock.advance(hours=24, minutes=29, seconds=59)  # 1 s before expires_at + 24 h
    await sweeper(deps).sweep()
    assert await statuses(deps, [session_id]) == ["OPEN"]
    clock.advance(seconds=1)
    await sweeper(deps).sweep()
    assert await statuses(deps, [session_id]) == ["EXPIRED"]
    await deps.services.transactions.confirm(tx.id)
    assert await statuses(deps, [session_id]) == ["EXPIRED"]
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["EXPIRED"]


async def test_terminal_sessions_are_left_alone(make_account, deps, clock, fetch):
    merchant = await make_account()
    done = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    await fetch("/api/v1/checkout/submit", json=claim_body(done, tx.trx_id))
    cancelled = await open_session(deps, merchant)
    await fetch("/api/v1/checkout/cancel", json={"sessionId": cancelled})
    clock.advance(hours=2)
    assert (await sweeper(deps).sweep()).expired == 0
    assert await statuses(deps, [done, cancelled]) == ["COMPLETED", "CANCELLED"]


async def test_one_pass_moves_at_most_its_batches(make_account, deps, clock):
    merchant = await make_account()
    ids = [await open_session(deps, merchant, expires_in_s=300) for _ in range(7)]
    clock.advance(minutes=10)
    small = sweeper(deps, batch=2, max_batches=2)
    assert (await small.sweep()).expired == 4
    assert (await small.sweep()).expired == 3
    assert set(await statuses(deps, ids)) == {"EXPIRED"}


async def test_a_stop_request_ends_the_pass_after_the_current_batch(make_account, deps, clock):
    merchant = await make_account()
    for _ in range(5):
        await open_session(deps, merchant, expires_in_s=300)
    clock.advance(minutes=10)
    stop = asyncio.Event()
    stop.set()
    assert (await sweeper(deps, batch=2).sweep(stop)).expired == 2


async def test_the_loop_survives_a_failing_pass_and_stops_when_told(
    make_account, deps, clock, monkeypatch, caplog
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant, expires_in_s=300)
    clock.advance(minutes=10)
    real = deps.stores.sessions.find_overdue
    calls: list[int] = []

    async def flaky(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise ConnectionError("mongodb is failing over")
        return await real(*args)

    monkeypatch.setattr(deps.stores.sessions, "find_overdue", flaky)
    stop = asyncio.Event()
    loop = asyncio.create_task(sweeper(deps, interval_s=0.01).run(stop))
    while (await session_doc(deps, session_id))["status"] == "OPEN":
        await asyncio.sleep(0.01)
    stop.set()
    await asyncio.wait_for(loop, timeout=5)
    assert any(r.levelno == logging.ERROR for r in caplog.records)
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["EXPIRED"]


async def test_the_worker_runs_the_sweeper(deps):
    assert any(isinstance(loop, SessionSweeper) for loop in worker_loops(deps))
