"""The buyer rate limiter on the real Redis server and on fakeredis alike (daily counters and
the merchant admission script: test_admission_redis.py)."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from claimsvc.store.limits import LimitStore

pytestmark = pytest.mark.redis

MINUTE_START = datetime(2026, 11, 21, 6, 0, tzinfo=UTC)


@pytest.fixture
def store(redis_client, redis_keys):
    return LimitStore(redis_client, redis_keys)


async def hits(store, n, now, limit=3, subject="key_1"):
    return [await store.hit("key:initialize", subject, limit, now) for _ in range(n)]


# Rate limit --------------------------------------------------------------------------------------


async def test_a_subject_gets_its_limit_in_a_minute_then_is_refused(store):
    decisions = await hits(store, 4, MINUTE_START + timedelta(seconds=10))
    assert [d.allowed for d in decisions] == [True, True, True, False]
    assert [d.remaining for d in decisions] == [2, 1, 0, 0]
    assert decisions[-1].headers()["Retry-After"] == "51"


async def test_a_full_minute_still_counts_at_the_first_instant_of_the_next(store):
    await hits(store, 3, MINUTE_START + timedelta(seconds=59, milliseconds=999))
    next_minute = MINUTE_START + timedelta(minutes=1)
    assert not (await store.hit("key:initialize", "key_1", 3, next_minute)).allowed


async def test_the_previous_minute_fades_as_the_current_one_goes_on(store):
    await hits(store, 3, MINUTE_START + timedelta(seconds=30))
    halfway = MINUTE_START + timedelta(minutes=1, seconds=30)
    # 3 requests weigh floor(1.5) = 1 half-way through the next minute: two more fit.
    assert [d.allowed for d in await hits(store, 3, halfway)] == [True, True, False]
    # A minute with no requests in between: nothing weighs any more.
    two_minutes_on = MINUTE_START + timedelta(minutes=3, seconds=30)
    assert [d.allowed for d in await hits(store, 3, two_minutes_on)] == [True, True, True]


async def test_refused_requests_are_not_counted(store):
    now = MINUTE_START + timedelta(seconds=5)
    await hits(store, 10, now)
    later = MINUTE_START + timedelta(minutes=2)
    assert [d.allowed for d in await hits(store, 3, later)] == [True, True, True]


async def test_waiting_retry_after_is_enough(store):
    refused = (await hits(store, 4, MINUTE_START + timedelta(seconds=42, milliseconds=250)))[-1]
    back = (
        MINUTE_START
        + timedelta(seconds=42, milliseconds=250)
        + timedelta(seconds=refused.retry_after_s)
    )
    assert (await store.hit("key:initialize", "key_1", 3, back)).allowed


async def test_subjects_and_scopes_are_counted_apart(store):
    now = MINUTE_START
    await hits(store, 3, now)
    assert (await store.hit("key:initialize", "key_2", 3, now)).allowed
    assert (await store.hit("key:verify", "key_1", 3, now)).allowed


async def test_window_counters_expire_on_their_own(store, redis_client, redis_keys):
    await hits(store, 1, MINUTE_START)
    (key,) = [k async for k in redis_client.scan_iter(match=redis_keys.prefix + "{rate:*")]
    assert 0 < await redis_client.pttl(key) <= 120_000


async def test_concurrent_hits_never_exceed_the_limit(store):
    now = MINUTE_START + timedelta(seconds=1)
    decisions = await asyncio.gather(
        *(store.hit("key:initialize", "key_1", 10, now) for _ in range(50))
    )
    assert sum(d.allowed for d in decisions) == 10
