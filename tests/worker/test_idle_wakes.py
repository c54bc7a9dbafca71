"""An idle worker sleeps, and a write wakes the loop that owns the work: a session ending wakes
the outbox relay and the alert pass, an event scheduled anywhere wakes a dispatcher, and the
dispatcher sleeps until the schedule's next due time. The idle intervals here are an hour, so a
loop that was not woken would never deliver within the test's wait."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

from claimsvc.domain.claims import ClaimRequest
from claimsvc.domain.delivery import to_ms
from claimsvc.runtime.runner import Loop
from claimsvc.store.wake import SESSIONS, WEBHOOKS
from claimsvc.worker.dispatch import MIN_PAUSE_S, Dispatcher
from claimsvc.worker.main import worker_loops
from claimsvc.worker.wake import WakeListener
from tests.claims_support import open_session, pay, session_doc, submit_claim
from tests.conftest import make_settings, open_counted_deps
from tests.worker.factories import record_event

HOUR_MS = 3_600_000
WAIT_S = 20
"""How long a test waits for the woken work (a loaded machine's bound; an unwoken loop would
take an hour)."""


@pytest.fixture
def settings(ca_file: str):
    return make_settings(
        webhook_allow_private=True,
        webhook_ca_file=ca_file,
        outbox_relay_ms=HOUR_MS // 60,  # a minute: the longest the setting allows
        alert_pass_ms=HOUR_MS,
    )


@asynccontextmanager
async def running(loops: list[Loop]) -> AsyncIterator[None]:
    stop = asyncio.Event()
    tasks = [asyncio.create_task(loop.run(stop)) for loop in loops]
    try:
        yield
    finally:
        stop.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 10)


async def until(check: Callable[[], Awaitable[Any]]) -> None:
    async def poll() -> None:
        while not await check():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), WAIT_S)


async def settled(tally: Any) -> None:
    """Until the loops' first passes are over: no command for a quarter of a second."""

    async def quiet() -> bool:
        before = (tally.mongo_total, tally.redis_total)
        await asyncio.sleep(0.25)
        return (tally.mongo_total, tally.redis_total) == before

    await until(quiet)


async def test_an_idle_worker_sends_no_database_command_between_its_passes(settings, clock, tally):
    deps = await open_counted_deps(settings, clock, tally)
    try:
        async with running(worker_loops(deps)):
            await settled(tally)
            tally.reset()
            await asyncio.sleep(1.0)  # a second the old loops spent on 20 relay passes
            mongo, redis = dict(tally.mongo), dict(tally.redis)
    finally:
        await deps.close()
    # The sweeper's 5 s pass may fall in the window; nothing else looks at MongoDB, and Redis
    # sees only the wake listener's blocking read (renewed every 4 s).
    assert set(mongo) <= {"find:sessions"} and sum(mongo.values()) <= 1, mongo
    assert set(redis) <= {"bzpopmin"} and sum(redis.values()) <= 1, redis


async def test_a_session_ending_wakes_the_relay_and_the_alert_pass(deps, make_account):
    merchant = await make_account()
    cancelled, completed = await open_session(deps, merchant), await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    async with running(worker_loops(deps)):
        await asyncio.sleep(0.2)  # the first passes find nothing; the loops sleep
        await deps.services.sessions.cancel(cancelled)
        await submit_claim(deps, ClaimRequest(completed, tx.trx_id, "bkash"))

        async def relayed() -> bool:
            return await deps.db["events"].count_documents({}) == 2

        async def alerts_collected() -> bool:
            return "alert_due" not in await session_doc(deps, completed)

        await until(relayed)
        await until(alerts_collected)


async def test_an_event_scheduled_elsewhere_wakes_an_idle_dispatcher(
    deps, merchant, receiver, make_session
):
    deps.http = make_session()
    woken = ("webhook-dispatcher", "wake-listener")
    loops = [loop for loop in worker_loops(deps) if loop.name in woken]
    async with running(loops):
        await asyncio.sleep(0.2)  # nothing due: the dispatcher sleeps for its 30 s
        # As the API process does for a test event: recorded and scheduled by one script.
        await record_event(deps, merchant.id, receiver.url("/ok"))

        async def delivered() -> bool:
            return len(receiver.requests) == 1

        await until(delivered)


async def test_the_take_returns_when_the_schedule_next_has_something(deps):
    schedule, now = deps.stores.schedule, to_ms(deps.clock())
    assert await schedule.take_next(now, 30_000, 10) == ([], None)
    await schedule.schedule(1, now + 5_000)
    assert await schedule.take_next(now, 30_000, 10) == ([], now + 5_000)
    await schedule.schedule(2, now)
    leases, next_ms = await schedule.take_next(now, 1_000, 10)
    # Event 2 is held until its lease runs out, before event 1 falls due.
    assert ([lease.event_id for lease in leases], next_ms) == ([2], now + 1_000)


async def test_the_dispatcher_sleeps_until_the_next_due_time_at_most_its_poll(deps):
    async def attempt(lease: Any) -> None:
        raise AssertionError("nothing is taken here")

    dispatcher = Dispatcher(deps.stores.schedule, attempt, deps.clock, poll_s=30.0)
    now = to_ms(deps.clock())
    assert dispatcher._until(None) == 30.0
    assert dispatcher._until(now + 1_500) == 1.5
    assert dispatcher._until(now + HOUR_MS) == 30.0
    assert dispatcher._until(now - 10) == MIN_PAUSE_S  # a clock behind another's: no spin


async def test_a_full_take_leaving_events_due_wakes_another_dispatcher(deps):
    schedule, wake, now = deps.stores.schedule, deps.stores.wake, to_ms(deps.clock())
    for event_id in (1, 2):
        await schedule.schedule(event_id, now)
    while await wake.wait(0.01):  # the scheduling woke the dispatchers: taken here
        pass
    assert len(await schedule.take(now, 30_000, 1)) == 1
    assert await wake.wait(0.01) == WEBHOOKS  # one is still due
    assert len(await schedule.take(now, 30_000, 1)) == 1
    assert await wake.wait(0.01) is None  # nothing left: nobody woken


async def test_a_failed_wake_leaves_the_transition_done_for_the_idle_pass(
    deps, make_account, caplog
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)

    async def redis_down() -> None:
        raise ConnectionError("redis is failing over")

    deps.services.sessions.on_owed = redis_down
    cancelled = await deps.services.sessions.cancel(session_id)
    assert cancelled.status == "CANCELLED"
    assert (await session_doc(deps, session_id))["event_due"] is True
    assert any(r.levelno == logging.WARNING for r in caplog.records)


async def test_the_listener_keeps_listening_after_a_failed_read(deps, monkeypatch, caplog):
    real, reads = deps.stores.wake.wait, []

    async def flaky(timeout_s: float) -> str | None:
        reads.append(1)
        if len(reads) == 1:
            raise ConnectionError("redis is failing over")
        return await real(timeout_s)

    class Woken(asyncio.Event):
        def wake(self) -> None:
            self.set()

    monkeypatch.setattr(deps.stores.wake, "wait", flaky)
    woken = Woken()
    async with running([WakeListener(deps.stores.wake, {SESSIONS: [woken]})]):
        await deps.stores.wake.notify(SESSIONS)
        await asyncio.wait_for(woken.wait(), WAIT_S)
    assert len(reads) >= 2
    assert any(r.levelno == logging.WARNING for r in caplog.records)
