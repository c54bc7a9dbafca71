"""The reconciler keeps the Redis schedule in step with the events in MongoDB."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from prometheus_client import REGISTRY

from claimsvc.domain.outbox import DELIVERED, QUEUED, STOPPED
from claimsvc.worker.reconciler import Reconciler
from claimsvc.worker.webhooks import make_dispatcher
from tests.worker.factories import event, record_event, terminal_session


@pytest.fixture
def reconciler(deps):
    return Reconciler(deps.stores.events, deps.stores.schedule, deps.clock, batch=3)


async def test_after_the_schedule_is_lost_a_sweep_restores_every_queued_event(
    deps, reconciler, merchant, receiver, make_session, clock
):
    ids = [await record_event(deps, merchant.id, receiver.url("/ok")) for _ in range(7)]
    failing = await record_event(deps, merchant.id, receiver.url("/status/500"))
    deps.http = make_session()
    await make_dispatcher(deps).deliver_due()
    ids += [await record_event(deps, merchant.id, receiver.url("/ok")) for _ in range(4)]
    await deps.stores.schedule.clear()

    restored = await reconciler.sweep()

    assert restored == 5  # four new ones and the one waiting for its retry
    assert await deps.stores.schedule.depth() == 5
    assert await reconciler.sweep() == 0
    clock.advance(minutes=2)
    await make_dispatcher(deps).deliver_due()
    assert [(await event(deps, i)).status for i in ids] == [DELIVERED] * len(ids)
    assert (await event(deps, failing)).attempts == 2
    deps.http = None


async def test_a_restored_event_keeps_its_retry_time(deps, reconciler, merchant, clock):
    event_id = await record_event(deps, merchant.id, "https://127.0.0.1/ok")
    later = clock.now + timedelta(hours=1)
    await deps.db["events"].update_one({"_id": event_id}, {"$set": {"next_attempt_at": later}})
    await deps.stores.schedule.clear()

    await reconciler.sweep()

    assert await deps.stores.schedule.oldest_due_ms() == int(later.timestamp() * 1000)


async def test_an_event_whose_creator_died_before_scheduling_it_is_picked_up_by_the_quick_look(
    deps, reconciler, merchant
):
    await reconciler.sweep()
    doc = await deps.services.outbox.record(terminal_session(merchant.id, "https://x/ok"))
    await deps.stores.schedule.clear()  # as if the fast-path schedule never happened

    assert await reconciler.restore_new() == 1
    (lease,) = await deps.stores.schedule.take(10**15, 30_000, 10)
    assert lease.event_id == doc.id


async def test_held_and_settled_events_are_not_restored(deps, reconciler, merchant, clock):
    held = await record_event(deps, merchant.id, "https://127.0.0.1/ok")
    stopped = await record_event(deps, merchant.id, "https://127.0.0.1/ok")
    await deps.db["events"].update_one({"_id": stopped}, {"$set": {"status": STOPPED}})
    await deps.stores.schedule.clear()
    await deps.stores.schedule.schedule(held, 0)
    (lease,) = await deps.stores.schedule.take(10**15, 30_000, 10)

    assert await reconciler.sweep() == 0
    assert lease.event_id == held
    assert (await deps.stores.schedule.in_flight(), await deps.stores.schedule.depth()) == (1, 0)


async def test_the_gauges_show_events_by_status_and_the_oldest_undelivered_age(
    deps, reconciler, merchant, clock
):
    await record_event(deps, merchant.id, "https://127.0.0.1/ok")
    clock.advance(minutes=5)
    stopped = await record_event(deps, merchant.id, "https://127.0.0.1/ok")
    await deps.db["events"].update_one({"_id": stopped}, {"$set": {"status": STOPPED}})

    await reconciler.refresh_gauges()

    def sample(name, **labels):
        return REGISTRY.get_sample_value(name, labels)

    assert sample("claimsvc_webhook_events", status=QUEUED) == 1
    assert sample("claimsvc_webhook_events", status=STOPPED) == 1
    assert sample("claimsvc_webhook_oldest_undelivered_age_seconds") == 300
    # The schedule still lists the event stopped behind its back; a worker would drop it.
    assert sample("claimsvc_webhook_queue_depth") == 2
    assert sample("claimsvc_webhook_due") == 2


async def test_the_loop_restores_on_its_first_pass_and_stops_when_told(deps, merchant):
    await record_event(deps, merchant.id, "https://127.0.0.1/ok")
    await deps.stores.schedule.clear()
    reconciler = Reconciler(deps.stores.events, deps.stores.schedule, deps.clock, tick_s=0.01)
    stop = asyncio.Event()
    task = asyncio.create_task(reconciler.run(stop))
    while await deps.stores.schedule.depth() == 0:
        await asyncio.sleep(0.01)
    stop.set()
    await asyncio.wait_for(task, 5)
    assert await deps.stores.schedule.depth() == 1
