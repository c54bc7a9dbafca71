"""Delivery state changes are conditional: a stale copy of an event changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from claimsvc.domain.delivery import attempt_record
from claimsvc.domain.outbox import DEAD, DELIVERED, QUEUED, STOPPED
from tests.worker.factories import event, record_event

# The store, race, crash and outbox paths also run on the real wire (SecantusDB).
pytestmark = pytest.mark.wire


async def test_an_attempt_number_is_claimed_once(deps, make_account, clock):
    merchant = await make_account()
    seen = await event(deps, await record_event(deps, merchant.id, "https://shop.example.com/h"))
    store = deps.stores.events

    first = await store.begin_attempt(seen, clock.now)
    second = await store.begin_attempt(seen, clock.now)

    assert first is not None and first.attempts == 1
    assert second is None
    assert (await event(deps, seen.id)).attempts == 1


async def test_a_worker_with_a_stale_copy_cannot_record_its_outcome(deps, make_account, clock):
    merchant = await make_account()
    seen = await event(deps, await record_event(deps, merchant.id, "https://shop.example.com/h"))
    store = deps.stores.events
    mine = await store.begin_attempt(seen, clock.now)
    assert mine is not None
    theirs = await store.begin_attempt(mine, clock.now)  # another worker, after my lease ran out
    assert theirs is not None
    record = attempt_record(1, clock.now, 500, "HTTP 500", 0.1)

    assert not await store.mark_failed(mine, record, clock.now + timedelta(minutes=2))
    assert not await store.mark_delivered(mine, record)
    assert not await store.mark_dead(mine, record)
    assert not await store.mark_stopped(mine, "why", clock.now, None)
    assert await store.mark_delivered(theirs, attempt_record(2, clock.now, 200, None, 0.1))

    final = await event(deps, seen.id)
    assert (final.status, final.attempts, final.last_status_code) == (DELIVERED, 2, 200)
    assert [r.attempt for r in final.history] == [2]


async def test_only_the_expected_state_is_requeued(deps, make_account, clock):
    merchant = await make_account()
    seen = await event(deps, await record_event(deps, merchant.id, "https://shop.example.com/h"))
    store = deps.stores.events

    assert await store.requeue(seen, STOPPED, clock.now, new_cycle=False) is None
    assert await store.requeue(seen, DEAD, clock.now, new_cycle=True) is None
    assert await store.mark_stopped(seen, "no secret", clock.now, None)
    stopped = await event(deps, seen.id)
    again = await store.requeue(stopped, STOPPED, clock.now, new_cycle=False)

    assert again is not None
    assert (again.status, again.stopped_reason, again.next_attempt_at) == (
        QUEUED,
        None,
        clock.now,
    )


async def test_the_attempt_history_keeps_the_latest_twenty(deps, make_account, clock):
    merchant = await make_account()
    current = await event(deps, await record_event(deps, merchant.id, "https://shop.example.com/h"))
    store = deps.stores.events
    for n in range(1, 26):
        begun = await store.begin_attempt(current, clock.now)
        assert begun is not None
        record = attempt_record(n, clock.now, 503, "HTTP 503", 0.01)
        assert await store.mark_failed(begun, record, clock.now)
        current = await event(deps, current.id)

    assert [r.attempt for r in current.history] == list(range(6, 26))
