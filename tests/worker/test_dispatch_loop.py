"""The dispatch loop itself: bounded concurrency, and stopping without losing an event."""

from __future__ import annotations

import asyncio

from claimsvc.domain.outbox import DELIVERED, QUEUED
from claimsvc.worker.dispatch import Dispatcher
from claimsvc.worker.webhooks import make_dispatcher
from tests.worker.factories import event, record_event


def dispatcher(deps, **options) -> Dispatcher:
    async def attempt(lease):
        await deps.services.delivery.attempt(lease, deps.http)

    return Dispatcher(deps.stores.schedule, attempt, deps.clock, poll_s=0.01, **options)


async def until(predicate) -> None:
    while not await predicate():
        await asyncio.sleep(0.01)


async def test_the_loop_delivers_due_events_and_returns_when_stopped(
    deps, merchant, receiver, make_session
):
    deps.http = make_session()
    ids = [await record_event(deps, merchant.id, receiver.url("/ok")) for _ in range(5)]
    stop = asyncio.Event()
    task = asyncio.create_task(make_dispatcher(deps).run(stop))

    await asyncio.wait_for(until(lambda: _all_delivered(deps, ids)), 30)
    stop.set()
    await asyncio.wait_for(task, 10)

    assert sorted(int(r["headers"]["x-svc-event-id"]) for r in receiver.requests) == ids


async def _all_delivered(deps, ids) -> bool:
    return all([(await event(deps, i)).status == DELIVERED for i in ids])


async def test_no_more_attempts_run_at_once_than_the_concurrency_allows(
    deps, merchant, receiver, make_session
):
    deps.http = make_session()
    for _ in range(5):
        await record_event(deps, merchant.id, receiver.url("/slow"))
    stop = asyncio.Event()
    task = asyncio.create_task(dispatcher(deps, concurrency=2, drain_s=0).run(stop))

    await asyncio.wait_for(until(lambda: _seen(receiver, 2)), 30)

    schedule = deps.stores.schedule
    assert (await schedule.in_flight(), await schedule.depth()) == (2, 3)
    stop.set()
    await asyncio.wait_for(task, 10)


async def _seen(receiver, n: int) -> bool:
    return len(receiver.requests) >= n


async def test_stopping_releases_attempts_that_outlive_the_drain_time(
    deps, merchant, receiver, make_session
):
    deps.http = make_session()
    slow = await record_event(deps, merchant.id, receiver.url("/slow"))
    stop = asyncio.Event()
    task = asyncio.create_task(dispatcher(deps, drain_s=0.1).run(stop))
    await asyncio.wait_for(until(lambda: _seen(receiver, 1)), 30)

    stop.set()
    await asyncio.wait_for(task, 10)

    schedule = deps.stores.schedule
    assert (await schedule.in_flight(), await schedule.depth()) == (0, 1)
    left = await event(deps, slow)
    # The cut-short attempt keeps its number; the resend will carry the next one.
    assert (left.status, left.attempts) == (QUEUED, 1)
    (lease,) = await schedule.take(int(deps.clock().timestamp() * 1000), 30_000, 10)
    assert lease.event_id == slow


async def test_stopping_lets_attempts_within_the_drain_time_finish(
    deps, merchant, receiver, make_session
):
    deps.http = make_session()
    slow = await record_event(deps, merchant.id, receiver.url("/slow"))
    stop = asyncio.Event()
    task = asyncio.create_task(dispatcher(deps, drain_s=30).run(stop))
    await asyncio.wait_for(until(lambda: _seen(receiver, 1)), 30)

    stop.set()
    receiver.release.set()  # the receiver answers while the worker drains
    await asyncio.wait_for(task, 10)

    assert (await event(deps, slow)).status == DELIVERED
    assert await deps.stores.schedule.in_flight() == 0


async def test_an_attempt_that_raises_leaves_its_lease_to_expire(deps, clock):
    await deps.stores.schedule.schedule(1, 0)

    async def broken(lease):
        raise RuntimeError("store down")

    loop = Dispatcher(deps.stores.schedule, broken, clock, lease_ms=30_000)
    assert await loop.deliver_due() == 1
    assert await loop.deliver_due() == 0
    clock.advance(seconds=30)
    assert await loop.deliver_due() == 1
