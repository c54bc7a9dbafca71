"""The rate limiter and daily counters on the real Redis server and on fakeredis alike."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from claimsvc.store.limits import (
    DAILY_ALREADY_COUNTED,
    DAILY_OK,
    DAILY_PLATFORM_FULL,
    DAILY_VENDOR_FULL,
    LimitStore,
)

pytestmark = pytest.mark.redis

MINUTE_START = datetime(2026, 11, 21, 6, 0, tzinfo=UTC)
BEFORE_DHAKA_MIDNIGHT = datetime(2026, 11, 21, 17, 59, 59, 500_000, tzinfo=UTC)


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


# Daily counters ----------------------------------------------------------------------------------


async def test_an_order_is_counted_once(store):
    now = MINUTE_START
    assert await store.reserve_daily("acc_1", "order-1", 5, None, now) == DAILY_OK
    assert await store.reserve_daily("acc_1", "order-1", 5, None, now) == DAILY_ALREADY_COUNTED
    assert [await store.reserve_daily("acc_1", f"o{i}", 5, None, now) for i in range(5)] == [
        DAILY_OK,
        DAILY_OK,
        DAILY_OK,
        DAILY_OK,
        DAILY_VENDOR_FULL,
    ]


async def test_the_platform_limit_spans_accounts(store):
    now = MINUTE_START
    assert await store.reserve_daily("acc_1", "a", None, 2, now) == DAILY_OK
    assert await store.reserve_daily("acc_2", "b", None, 2, now) == DAILY_OK
    assert await store.reserve_daily("acc_3", "c", None, 2, now) == DAILY_PLATFORM_FULL


async def test_a_full_platform_gives_the_accounts_reservation_back(store):
    now = MINUTE_START
    assert await store.reserve_daily("acc_1", "a", 5, 1, now) == DAILY_OK
    assert await store.reserve_daily("acc_2", "b", 1, 1, now) == DAILY_PLATFORM_FULL
    # acc_2's own allowance of 1 is still whole: the order is not counted, and may try again.
    assert await store.reserve_daily("acc_2", "b", 1, None, now) == DAILY_OK


async def test_a_release_gives_the_platform_place_back_too(store):
    now = MINUTE_START
    assert await store.reserve_daily("acc_1", "a", None, 1, now) == DAILY_OK
    assert await store.release_daily("acc_1", "a", 1, now) is True
    assert await store.release_daily("acc_1", "a", 1, now) is False  # given back once only
    assert await store.reserve_daily("acc_2", "b", None, 1, now) == DAILY_OK
    assert await store.reserve_daily("acc_3", "c", None, 1, now) == DAILY_PLATFORM_FULL


async def test_a_refusal_counts_nothing(store):
    now = MINUTE_START
    assert await store.reserve_daily("acc_1", "a", 0, None, now) == DAILY_VENDOR_FULL
    assert await store.reserve_daily("acc_1", "a", 1, 1, now) == DAILY_OK


async def test_a_release_gives_back_one_order_once(store):
    now = MINUTE_START
    await store.reserve_daily("acc_1", "a", 1, None, now)
    assert await store.reserve_daily("acc_1", "b", 1, None, now) == DAILY_VENDOR_FULL
    assert await store.release_daily("acc_1", "a", None, now) is True
    assert await store.release_daily("acc_1", "a", None, now) is False
    assert await store.release_daily("acc_1", "never-counted", None, now) is False
    assert await store.reserve_daily("acc_1", "b", 1, None, now) == DAILY_OK
    assert await store.reserve_daily("acc_1", "c", 1, None, now) == DAILY_VENDOR_FULL


async def test_the_day_rolls_over_at_dhaka_midnight(store):
    assert await store.reserve_daily("acc_1", "a", 1, None, BEFORE_DHAKA_MIDNIGHT) == DAILY_OK
    just_before = BEFORE_DHAKA_MIDNIGHT + timedelta(milliseconds=499)
    assert await store.reserve_daily("acc_1", "b", 1, None, just_before) == DAILY_VENDOR_FULL
    midnight = BEFORE_DHAKA_MIDNIGHT + timedelta(milliseconds=500)
    assert await store.reserve_daily("acc_1", "b", 1, None, midnight) == DAILY_OK
    # An order counted yesterday counts again on a new day (its session replays before this).
    assert await store.reserve_daily("acc_1", "a", 2, None, midnight) == DAILY_OK


async def test_day_counters_live_until_an_hour_after_dhaka_midnight(
    store, redis_client, redis_keys
):
    await store.reserve_daily("acc_1", "a", None, 100, BEFORE_DHAKA_MIDNIGHT)
    found = [k async for k in redis_client.scan_iter(match=redis_keys.prefix + "*daily:*")]
    assert len(found) == 3
    for key in found:
        assert 3600 < await redis_client.ttl(key) <= 3601


async def test_concurrent_reservations_never_exceed_the_limit(store):
    now = MINUTE_START
    outcomes = await asyncio.gather(
        *(store.reserve_daily("acc_1", f"order-{i}", 10, None, now) for i in range(30))
    )
    assert outcomes.count(DAILY_OK) == 10
    assert outcomes.count(DAILY_VENDOR_FULL) == 20


async def test_a_day_emptied_by_a_release_still_expires(store, redis_client, redis_keys):
    await store.reserve_daily("acc_1", "a", None, 100, BEFORE_DHAKA_MIDNIGHT)
    await store.release_daily("acc_1", "a", 100, BEFORE_DHAKA_MIDNIGHT)
    await store.reserve_daily("acc_1", "b", None, 100, BEFORE_DHAKA_MIDNIGHT)
    found = [k async for k in redis_client.scan_iter(match=redis_keys.prefix + "*daily:*")]
    assert len(found) == 3
    for key in found:
        assert 3600 < await redis_client.ttl(key) <= 3601
