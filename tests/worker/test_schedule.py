"""The Redis schedule's scripts, on the embedded Redis (tests/redis runs them on the real one)."""

from __future__ import annotations

import fakeredis
import pytest

from claimsvc.store.redis_keys import RedisKeys
from claimsvc.store.schedule import Lease, ScheduleStore

LEASE = 30_000


@pytest.fixture
async def schedule():
    redis = fakeredis.FakeAsyncRedis(version=(7, 0))
    yield ScheduleStore(redis, RedisKeys("t:"))
    await redis.aclose()


async def test_only_events_due_by_now_are_taken_oldest_first(schedule):
    for event_id, due in ((3, 1_300), (1, 1_100), (2, 1_200), (4, 9_000)):
        await schedule.schedule(event_id, due)

    taken = await schedule.take(now_ms=1_250, lease_ms=LEASE, limit=10)

    assert [(t.event_id, t.due_ms) for t in taken] == [(1, 1_100), (2, 1_200)]
    assert await schedule.depth() == 2
    assert await schedule.in_flight() == 2
    assert await schedule.oldest_due_ms() == 1_300


async def test_take_respects_its_limit_and_leaves_the_rest_due(schedule):
    for event_id in range(1, 6):
        await schedule.schedule(event_id, 1_000 + event_id)

    first = await schedule.take(2_000, LEASE, 2)
    second = await schedule.take(2_000, LEASE, 10)

    assert [t.event_id for t in first] == [1, 2]
    assert [t.event_id for t in second] == [3, 4, 5]
    assert await schedule.take(2_000, LEASE, 10) == []


async def test_a_held_event_is_not_taken_again_before_its_lease_expires(schedule):
    await schedule.schedule(1, 1_000)
    (lease,) = await schedule.take(1_000, LEASE, 10)

    assert await schedule.take(1_000 + LEASE - 1, LEASE, 10) == []
    (again,) = await schedule.take(1_000 + LEASE, LEASE, 10)

    assert again.event_id == 1 and again.token != lease.token


async def test_a_worker_whose_lease_expired_cannot_ack_or_reschedule_the_new_holders_lease(
    schedule,
):
    await schedule.schedule(1, 1_000)
    (stale,) = await schedule.take(1_000, LEASE, 10)
    (current,) = await schedule.take(1_000 + LEASE, LEASE, 10)

    assert not await schedule.ack(stale)
    assert not await schedule.reschedule(stale, 5_000)
    assert not await schedule.release(stale, 5_000)
    assert await schedule.in_flight() == 1 and await schedule.depth() == 0
    assert await schedule.ack(current)
    assert await schedule.in_flight() == 0


async def test_reschedule_moves_a_held_event_back_to_the_due_set_at_the_new_time(schedule):
    await schedule.schedule(1, 1_000)
    (lease,) = await schedule.take(1_000, LEASE, 10)

    assert await schedule.reschedule(lease, 121_000)

    assert await schedule.take(120_999, LEASE, 10) == []
    (again,) = await schedule.take(121_000, LEASE, 10)
    assert again.due_ms == 121_000


async def test_scheduling_a_held_event_is_left_to_its_holder(schedule):
    await schedule.schedule(1, 1_000)
    (lease,) = await schedule.take(1_000, LEASE, 10)

    assert not await schedule.schedule(1, 1_000)

    assert await schedule.depth() == 0
    assert await schedule.ack(lease)


async def test_restore_adds_only_events_missing_from_both_sets(schedule):
    await schedule.schedule(1, 1_000)
    await schedule.schedule(2, 2_000)
    await schedule.take(1_500, LEASE, 10)

    added = await schedule.restore({1: 50, 2: 50, 3: 3_000})

    assert added == 1
    taken = await schedule.take(10_000, LEASE, 10)
    assert sorted((t.event_id, t.due_ms) for t in taken) == [(2, 2_000), (3, 3_000)]


async def test_clear_deletes_the_whole_schedule(schedule):
    await schedule.schedule(1, 1_000)
    await schedule.take(1_000, LEASE, 1)
    await schedule.schedule(2, 1_000)

    await schedule.clear()

    assert (await schedule.depth(), await schedule.in_flight()) == (0, 0)
    assert await schedule.oldest_due_ms() is None


async def test_a_lease_names_the_event_token_and_due_time(schedule):
    await schedule.schedule(77, 1_234)
    (lease,) = await schedule.take(2_000, LEASE, 1)
    assert lease == Lease(77, lease.token, 1_234)
