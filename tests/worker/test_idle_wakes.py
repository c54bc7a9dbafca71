"""An idle worker sleeps, and a write wakes the loop that owns the work: a session ending wakes
the outbox relay, the alert pass and the reconciler, an event scheduled anywhere wakes a
dispatcher, a webhook ending dead wakes the alert pass, a released claim wakes the sweeper, and
the dispatcher and the sweeper sleep until their next due time. The idle intervals here are an
hour, so a loop that was not woken would never do its work within the test's wait."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

from claimsvc import errors
from claimsvc.domain import sessions as sm
from claimsvc.domain.claims import ClaimRequest
from claimsvc.domain.delivery import to_ms
from claimsvc.domain.retry import MAX_ATTEMPTS
from claimsvc.runtime.runner import Loop
from claimsvc.store.wake import SESSIONS, WEBHOOKS
from claimsvc.worker.dispatch import MIN_PAUSE_S, Dispatcher
from claimsvc.worker.main import worker_loops
from claimsvc.worker.reconciler import Reconciler
from claimsvc.worker.sweeper import SessionSweeper
from claimsvc.worker.wake import WakeListener
from tests.claims_support import open_session, pay, session_doc, submit_claim
from tests.conftest import make_settings, open_counted_deps
from tests.worker.factories import event, record_event

HOUR_MS = 3_600_000
HOUR_S = HOUR_MS / 1000
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
    # Nothing is open, so the sweeper sleeps for its idle pass (30 s) like the others; at most
    # one pass of anything falls in the window, and Redis sees only the wake listener's
    # blocking read (renewed every 4 s).
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


def idle_for_an_hour(loops: list[Loop]) -> list[Loop]:
    """The worker's loops with the sweeper's and the reconciler's idle passes an hour apart
    (the settings give the relay's and the alert pass's)."""
    for loop in loops:
        if isinstance(loop, SessionSweeper):
            loop._interval_s = HOUR_S
        if isinstance(loop, Reconciler):
            loop._tick_s = HOUR_S
            loop._periods = {"sweep": HOUR_S, "gauges": HOUR_S}
    return loops


def named(deps: Any, *names: str) -> list[Loop]:
    return [loop for loop in idle_for_an_hour(worker_loops(deps)) if loop.name in names]


async def test_a_webhook_ending_dead_wakes_the_alert_pass(deps, merchant, receiver, make_session):
    deps.http = make_session()
    event_id = await record_event(deps, merchant.id, receiver.url("/status/500"))
    # Its last attempt: one more failure and it is dead, owing the merchant an alert.
    await deps.db["events"].update_one({"_id": event_id}, {"$set": {"attempts": MAX_ATTEMPTS - 1}})
    [lease] = await deps.stores.schedule.take(to_ms(deps.clock()), 30_000, 10)
    async with running(named(deps, "alerts", "wake-listener")):
        await asyncio.sleep(0.2)  # the first pass finds nothing; the alert pass sleeps an hour
        await deps.services.delivery.attempt(lease, deps.http)  # as a dispatcher runs it
        assert (await event(deps, event_id)).status == "dead"

        async def alert_written() -> bool:
            return await deps.db["alerts"].count_documents({"account_id": merchant.id}) == 1

        await until(alert_written)
    assert "alert_due" not in await deps.db["events"].find_one({"_id": event_id})


async def test_an_event_its_writer_did_not_schedule_is_restored_within_a_look_of_a_wake(
    deps, make_account
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)

    async def writer_died_before_scheduling(events: Any) -> None:
        pass

    deps.services.outbox.on_events_recorded = writer_died_before_scheduling
    async with running(named(deps, "outbox-relay", "webhook-reconciler", "wake-listener")):
        await asyncio.sleep(0.2)  # the first sweep finds nothing; the reconciler sleeps
        await deps.services.sessions.cancel(session_id)  # wakes the relay and the reconciler

        async def scheduled() -> bool:
            return await deps.stores.schedule.depth() == 1

        await until(scheduled)
    [written] = await deps.db["events"].find({"session_id": session_id}).to_list(None)
    assert written["status"] == "queued"


async def test_the_sweeper_expires_a_session_at_its_deadline_not_its_idle_pass(
    deps, make_account, clock
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant, expires_in_s=1)
    async with running(named(deps, "session-sweeper")):
        await asyncio.sleep(0.2)  # the first pass: not overdue yet; it sleeps until the deadline
        assert (await session_doc(deps, session_id))["status"] == "OPEN"
        clock.advance(seconds=1)

        async def expired() -> bool:
            return (await session_doc(deps, session_id))["status"] == "EXPIRED"

        await until(expired)


async def test_a_released_claim_wakes_the_sweeper_to_expire_its_overdue_session(
    deps, make_account, clock
):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant, expires_in_s=300)
    tx = await pay(deps, merchant)
    with pytest.raises(errors.PendingVerification):  # the buyer's 202: the merchant confirms
        await submit_claim(deps, ClaimRequest(session_id, tx.trx_id, "bkash"))
    pending = (await deps.services.sessions.find(session_id)).pending_claim
    assert pending is not None  # the claim waits for the balance: 24 h more
    clock.advance(seconds=301)
    async with running(named(deps, "session-sweeper", "wake-listener")):
        await asyncio.sleep(0.2)  # not overdue while pending: the sweeper sleeps an hour
        assert (await session_doc(deps, session_id))["status"] == "OPEN"
        # The transaction turned suspect: the session is plainly open again, and overdue.
        assert await deps.services.sessions.apply(session_id, sm.release(pending, clock()))

        async def expired() -> bool:
            return (await session_doc(deps, session_id))["status"] == "EXPIRED"

        await until(expired)


async def test_the_sweeper_sleeps_until_the_next_deadline_at_most_its_idle_pass(deps, make_account):
    merchant = await make_account()
    assert await SessionSweeper(deps.services.sessions, interval_s=30).pause_s() == 30
    await open_session(deps, merchant, expires_in_s=300)
    await open_session(deps, merchant, expires_in_s=90)
    assert await SessionSweeper(deps.services.sessions, interval_s=30).pause_s() == 30
    assert await SessionSweeper(deps.services.sessions, interval_s=HOUR_S).pause_s() == 90
