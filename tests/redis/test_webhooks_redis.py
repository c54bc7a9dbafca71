"""Webhook delivery faults on the real Redis server: dead workers, lost keys, rival workers."""

from __future__ import annotations

import asyncio
from collections import Counter
from datetime import timedelta

import pytest

from claimsvc.bootstrap import open_deps
from claimsvc.domain.outbox import DELIVERED
from claimsvc.worker.dispatch import LEASE_MS
from claimsvc.worker.reconciler import Reconciler
from claimsvc.worker.webhooks import make_dispatcher
from tests.redis.conftest import _real_client
from tests.worker import conftest as https_receiver
from tests.worker.factories import event, record_event

pytestmark = pytest.mark.redis

# The real HTTPS receiver, its test CA, its settings and merchant: shared with tests/worker.
ca, ca_file, server_ssl = https_receiver.ca, https_receiver.ca_file, https_receiver.server_ssl
receiver, make_session = https_receiver.receiver, https_receiver.make_session
settings, merchant = https_receiver.settings, https_receiver.merchant


@pytest.fixture
async def deps(settings, clock):
    redis = await _real_client()
    deps = await open_deps(settings, clock, redis=redis)
    yield deps
    stale = [key async for key in redis.scan_iter(match=settings.redis_prefix + "*")]
    if stale:
        await redis.delete(*stale)
    await deps.close()


def now_ms(clock) -> int:
    return int(clock.now.timestamp() * 1000)


async def test_an_event_held_by_a_worker_that_died_goes_out_again_with_a_higher_attempt(
    deps, merchant, receiver, make_session, clock
):
    event_id = await record_event(deps, merchant.id, receiver.url("/slow"))
    deps.http = make_session()
    (lease,) = await deps.stores.schedule.take(now_ms(clock), LEASE_MS, 10)
    dying = asyncio.create_task(deps.services.delivery.attempt(lease, deps.http))
    while not receiver.requests:
        await asyncio.sleep(0.01)
    dying.cancel()  # killed mid-request: it never acks, reschedules or releases
    await asyncio.gather(dying, return_exceptions=True)
    receiver.release.set()  # the receiver is fast again
    worker = make_dispatcher(deps)

    assert await worker.deliver_due() == 0  # the dead worker's lease still holds it
    clock.advance(milliseconds=LEASE_MS)
    assert await worker.deliver_due() == 1

    ids = [r["headers"]["x-svc-event-id"] for r in receiver.requests]
    attempts = [r["headers"]["x-svc-attempt"] for r in receiver.requests]
    assert ids == [str(event_id)] * 2 and attempts == ["1", "2"]
    assert receiver.requests[0]["body"] == receiver.requests[1]["body"]
    delivered = await event(deps, event_id)
    assert (delivered.status, delivered.attempts) == (DELIVERED, 2)
    assert await deps.stores.schedule.in_flight() == 0
    deps.http = None


async def test_after_the_schedule_is_deleted_the_reconciler_restores_every_queued_event(
    deps, merchant, receiver, make_session, clock
):
    ids = [await record_event(deps, merchant.id, receiver.url("/ok")) for _ in range(30)]
    retrying = await record_event(deps, merchant.id, receiver.url("/status/500"))
    deps.http = make_session()
    await make_dispatcher(deps).deliver_due()
    ids += [await record_event(deps, merchant.id, receiver.url("/ok")) for _ in range(20)]
    keys = deps.keys
    await deps.redis.delete(keys.webhook_schedule, keys.webhook_leases, keys.webhook_lease_tokens)
    reconciler = Reconciler(deps.stores.events, deps.stores.schedule, clock, batch=7)

    assert await reconciler.sweep() == 21
    assert await reconciler.sweep() == 0

    clock.advance(minutes=2)
    await make_dispatcher(deps).deliver_due()
    assert [(await event(deps, i)).status for i in ids] == [DELIVERED] * 50
    assert (await event(deps, retrying)).attempts == 2
    deps.http = None


async def test_two_workers_on_one_queue_send_each_attempt_once(
    deps, settings, merchant, receiver, make_session, clock
):
    rival = await open_deps(settings, clock, mongo=deps.mongo, redis=await _real_client())
    deps.http, rival.http = make_session(), make_session()
    ok = [await record_event(deps, merchant.id, receiver.url("/ok")) for _ in range(60)]
    failing = [await record_event(deps, merchant.id, receiver.url("/status/5")) for _ in range(20)]
    stop = asyncio.Event()
    loops = [asyncio.create_task(make_dispatcher(d).run(stop)) for d in (deps, rival)]

    await asyncio.wait_for(_until_seen(receiver, len(ok) + len(failing)), 60)
    clock.advance(minutes=2)
    await asyncio.wait_for(_until_seen(receiver, len(ok) + 2 * len(failing)), 60)
    await asyncio.wait_for(_until_idle(deps), 60)
    stop.set()
    await asyncio.gather(*loops)

    sent = Counter(
        (r["headers"]["x-svc-event-id"], r["headers"]["x-svc-attempt"]) for r in receiver.requests
    )
    assert max(sent.values()) == 1
    assert len(sent) == len(ok) + 2 * len(failing)
    assert [(await event(deps, i)).status for i in ok] == [DELIVERED] * len(ok)
    assert {(await event(deps, i)).attempts for i in failing} == {2}
    deps.http = rival.http = None
    await rival.redis.aclose()


async def _until_seen(receiver, n: int) -> None:
    while len(receiver.requests) < n:
        await asyncio.sleep(0.01)


async def _until_idle(deps) -> None:
    while await deps.stores.schedule.in_flight():
        await asyncio.sleep(0.01)


def test_the_lease_outlasts_the_request_timeout_with_a_margin():
    assert timedelta(milliseconds=LEASE_MS) >= timedelta(seconds=10) * 2
