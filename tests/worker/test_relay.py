"""The outbox relay loop: owed events written promptly, a backlog in back-to-back batches, and a
failing pass logged and retried (the sessions stay owed meanwhile)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from claimsvc.worker.main import worker_loops
from claimsvc.worker.relay import OutboxRelay
from tests.claims_support import open_session

pytestmark = pytest.mark.wire


async def owed_count(deps: Any) -> int:
    return int(await deps.db["sessions"].count_documents({"event_due": True}))


async def run_until_settled(deps: Any, relay: OutboxRelay) -> None:
    stop = asyncio.Event()
    loop = asyncio.create_task(relay.run(stop))
    while await owed_count(deps):
        await asyncio.sleep(0.01)
    stop.set()
    await asyncio.wait_for(loop, timeout=5)


async def test_a_backlog_is_relayed_in_batches_one_event_per_session(make_account, deps):
    merchant = await make_account()
    ids = [await open_session(deps, merchant) for _ in range(7)]
    for session_id in ids:
        await deps.services.sessions.cancel(session_id)
    await run_until_settled(deps, OutboxRelay(deps.services.outbox, interval_s=0.01, batch=3))
    events = await deps.db["events"].find({}).to_list()
    assert sorted(e["session_id"] for e in events) == sorted(ids)
    assert {e["payment_status"] for e in events} == {"CANCELLED"}


async def test_a_failing_pass_is_logged_and_the_next_one_relays(
    make_account, deps, monkeypatch, caplog
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    await deps.services.sessions.cancel(session_id)
    real, calls = deps.stores.sessions.find_event_due, []

    async def flaky(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise ConnectionError("mongodb is failing over")
        return await real(*args)

    monkeypatch.setattr(deps.stores.sessions, "find_event_due", flaky)
    await run_until_settled(deps, OutboxRelay(deps.services.outbox, interval_s=0.01))
    assert any(r.levelno == logging.ERROR for r in caplog.records)
    assert await deps.db["events"].count_documents({"session_id": session_id}) == 1


async def test_the_worker_runs_the_relay_at_the_configured_interval(deps):
    relays = [loop for loop in worker_loops(deps) if isinstance(loop, OutboxRelay)]
    assert len(relays) == 1
    assert relays[0]._interval_s == deps.settings.outbox_relay_ms / 1000
