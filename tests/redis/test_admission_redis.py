"""The admission script (key state, account, rate limit, the day's allowance) and its
write-through entries, on the real Redis server and on fakeredis alike."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from redis.crc import key_slot

from claimsvc.domain.accounts import AccountTerms, hosts_digest
from claimsvc.store.admission import (
    ADMITTED,
    ARCHIVED,
    DAY_ALREADY_COUNTED,
    DAY_COUNTED,
    DAY_FEE_BLOCKED,
    DAY_HOSTS_CHANGED,
    DAY_VENDOR_FULL,
    MISS,
    NOT_ACTIVE,
    RATE_LIMITED,
    REVOKED,
    AdmissionStore,
    Fill,
)

pytestmark = pytest.mark.redis

NOW = datetime(2026, 11, 21, 6, 0, 10, tzinfo=UTC)
BEFORE_DHAKA_MIDNIGHT = datetime(2026, 11, 21, 17, 59, 59, 500_000, tzinfo=UTC)
HOSTS = ["shop.example.com"]


@pytest.fixture
def store(redis_client, redis_keys):
    return AdmissionStore(redis_client, redis_keys)


def account(account_id="acc_1", **overrides):
    fields = {"allowed_hosts": HOSTS, **overrides}
    fields["allowed_hosts"] = tuple(fields["allowed_hosts"])
    return AccountTerms(id=account_id, name="Shop", **fields)


def fill(state="ok", **overrides):
    return Fill(state, account(**overrides))


async def admit(store, *, fill=None, must_pay=True, order_id=None, now=NOW, key_id="key_1"):
    return await store.admit(
        "acc_1",
        key_id,
        "initialize",
        now,
        must_pay=must_pay,
        order_id=order_id,
        hosts_digest=hosts_digest(HOSTS),
        fill=fill,
    )


# Auth entries ------------------------------------------------------------------------------------


async def test_nothing_stored_is_a_miss(store):
    assert (await admit(store)).outcome == MISS


async def test_a_fill_is_stored_so_the_next_request_needs_no_mongodb(store):
    first = await admit(store, fill=fill())
    assert (first.outcome, first.account.id) == (ADMITTED, "acc_1")
    again = await admit(store)
    assert (again.outcome, again.account.allowed_hosts) == (ADMITTED, tuple(HOSTS))


async def test_a_committed_revocation_refuses_the_next_request(store):
    await admit(store, fill=fill())
    await store.begin_change("acc_1", "key_1")
    await store.commit_key("acc_1", "key_1", "revoked")
    assert (await admit(store)).outcome == REVOKED


async def test_a_key_mid_change_is_read_from_mongodb_and_its_marker_kept(store):
    await admit(store, fill=fill())
    await store.begin_change("acc_1", "key_1")
    assert (await admit(store)).outcome == MISS
    # A request that read MongoDB before the revocation landed cannot write 'ok' over it.
    assert (await admit(store, fill=fill())).outcome == ADMITTED
    await store.commit_key("acc_1", "key_1", "revoked")
    assert (await admit(store)).outcome == REVOKED


async def test_a_fill_read_before_a_committed_revocation_is_refused(store):
    await store.commit_key("acc_1", "key_1", "revoked")
    assert (await admit(store, fill=fill("ok"))).outcome == REVOKED


async def test_an_account_mid_change_is_read_from_mongodb_until_committed(store):
    await admit(store, fill=fill())
    await store.begin_change("acc_1")
    assert (await admit(store)).outcome == MISS
    assert (await admit(store, fill=fill())).outcome == ADMITTED  # the marker stays
    assert (await admit(store)).outcome == MISS
    await store.commit_account(account(status="suspended"))
    assert (await admit(store)).outcome == NOT_ACTIVE


async def test_a_change_marker_outlives_a_dead_process_only_briefly(
    store, redis_client, redis_keys
):
    await store.begin_change("acc_1", "key_1")
    await store.begin_change("acc_1")
    for key in (redis_keys.auth_key("acc_1", "key_1"), redis_keys.auth_account("acc_1")):
        assert 0 < await redis_client.ttl(key) <= 30


@pytest.mark.parametrize(
    ("overrides", "outcome"),
    [
        ({"status": "suspended"}, NOT_ACTIVE),
        ({"status": "pending_kyc"}, NOT_ACTIVE),
        ({"archived": True}, ARCHIVED),
        ({"status": "suspended", "archived": True}, NOT_ACTIVE),
    ],
)
async def test_an_account_that_may_not_pay_is_refused_only_where_it_must_pay(
    store, overrides, outcome
):
    assert (await admit(store, fill=fill(**overrides))).outcome == outcome
    assert (await admit(store, must_pay=False)).outcome == ADMITTED


async def test_the_rate_limit_is_the_accounts_and_refusals_carry_their_counts(store):
    outcomes = [(await admit(store, fill=fill(rate_limit_per_minute=2))).outcome]
    outcomes += [(await admit(store)).outcome for _ in range(2)]
    assert outcomes == [ADMITTED, ADMITTED, RATE_LIMITED]
    refused = await admit(store)
    assert (refused.rate.allowed, refused.rate.limit, refused.rate.remaining) == (False, 2, 0)


async def test_a_revoked_or_inactive_caller_uses_none_of_the_rate(store):
    await admit(store, fill=fill(status="suspended", rate_limit_per_minute=1))
    await store.commit_account(account(rate_limit_per_minute=1))
    assert (await admit(store)).outcome == ADMITTED


async def test_every_key_of_one_admission_is_in_the_accounts_cluster_slot(redis_keys):
    day = "2026-11-21"
    keys = [
        redis_keys.auth_key("acc_1", "key_1"),
        redis_keys.auth_account("acc_1"),
        redis_keys.rate("key:initialize", "key_1", 7, "acc_1"),
        redis_keys.daily_vendor("acc_1", day),
        redis_keys.daily_orders("acc_1", day),
    ]
    assert len({key_slot(k.encode()) for k in keys}) == 1


# The day's allowance ----------------------------------------------------------------------------


async def test_an_order_is_counted_once_and_the_vendor_limit_holds(store):
    await admit(store, fill=fill(daily_limit=3))
    assert (await admit(store, order_id="o1")).day == DAY_COUNTED
    assert (await admit(store, order_id="o1")).day == DAY_ALREADY_COUNTED
    days = [(await admit(store, order_id=f"o{i}")).day for i in range(2, 5)]
    assert days == [DAY_COUNTED, DAY_COUNTED, DAY_VENDOR_FULL]


async def test_fees_above_the_ceiling_are_named_before_the_day_and_count_nothing(store):
    blocked = fill(daily_limit=1, fee_due_poisha=10, fee_limit_poisha=5)
    assert (await admit(store, fill=blocked, order_id="o1")).day == DAY_FEE_BLOCKED
    await store.commit_account(account(daily_limit=1))
    assert (await admit(store, order_id="o2")).day == DAY_COUNTED


async def test_urls_checked_against_other_hosts_count_nothing(store):
    await admit(store, fill=fill())
    moved = account(allowed_hosts=["new.example.com"], daily_limit=1)
    await store.commit_account(moved)
    assert (await admit(store, order_id="o1")).day == DAY_HOSTS_CHANGED
    assert await store.reserve_day("acc_1", "o1", account(daily_limit=1), NOW) == DAY_COUNTED


async def test_a_release_gives_back_one_order_once(store):
    limited = account(daily_limit=1)
    assert await store.reserve_day("acc_1", "a", limited, NOW) == DAY_COUNTED
    assert await store.reserve_day("acc_1", "b", limited, NOW) == DAY_VENDOR_FULL
    assert await store.release_day("acc_1", "a", NOW) is True
    assert await store.release_day("acc_1", "a", NOW) is False
    assert await store.release_day("acc_1", "never-counted", NOW) is False
    assert await store.reserve_day("acc_1", "b", limited, NOW) == DAY_COUNTED
    assert await store.reserve_day("acc_1", "c", limited, NOW) == DAY_VENDOR_FULL


async def test_the_day_rolls_over_at_dhaka_midnight(store):
    one, two = account(daily_limit=1), account(daily_limit=2)
    assert await store.reserve_day("acc_1", "a", one, BEFORE_DHAKA_MIDNIGHT) == DAY_COUNTED
    just_before = BEFORE_DHAKA_MIDNIGHT + timedelta(milliseconds=499)
    assert await store.reserve_day("acc_1", "b", one, just_before) == DAY_VENDOR_FULL
    midnight = BEFORE_DHAKA_MIDNIGHT + timedelta(milliseconds=500)
    assert await store.reserve_day("acc_1", "b", one, midnight) == DAY_COUNTED
    # An order counted yesterday counts again on a new day (its session replays before this).
    assert await store.reserve_day("acc_1", "a", two, midnight) == DAY_COUNTED


async def test_day_counters_live_until_an_hour_after_dhaka_midnight(
    store, redis_client, redis_keys
):
    await store.reserve_day("acc_1", "a", account(), BEFORE_DHAKA_MIDNIGHT)
    assert await store.reserve_platform_day(5, BEFORE_DHAKA_MIDNIGHT)
    found = [k async for k in redis_client.scan_iter(match=redis_keys.prefix + "*daily:*")]
    assert len(found) == 3
    for key in found:
        assert 3600 < await redis_client.ttl(key) <= 3601


async def test_concurrent_reservations_never_exceed_the_limit(store):
    limited = account(daily_limit=10)
    outcomes = await asyncio.gather(
        *(store.reserve_day("acc_1", f"order-{i}", limited, NOW) for i in range(30))
    )
    assert (outcomes.count(DAY_COUNTED), outcomes.count(DAY_VENDOR_FULL)) == (10, 20)


async def test_a_day_emptied_by_a_release_still_expires(store, redis_client, redis_keys):
    await store.reserve_day("acc_1", "a", account(), BEFORE_DHAKA_MIDNIGHT)
    await store.release_day("acc_1", "a", BEFORE_DHAKA_MIDNIGHT)
    await store.reserve_day("acc_1", "b", account(), BEFORE_DHAKA_MIDNIGHT)
    found = [k async for k in redis_client.scan_iter(match=redis_keys.prefix + "*daily:*")]
    assert len(found) == 2
    for key in found:
        assert 3600 < await redis_client.ttl(key) <= 3601


async def test_the_platform_day_spans_accounts_and_gives_back_once_per_release(store):
    assert [await store.reserve_platform_day(2, NOW) for _ in range(3)] == [True, True, False]
    await store.release_platform_day(NOW)
    assert await store.reserve_platform_day(2, NOW)
    assert not await store.reserve_platform_day(2, NOW)


async def test_a_platform_release_never_goes_below_zero(store):
    await store.release_platform_day(NOW)
    assert [await store.reserve_platform_day(1, NOW) for _ in range(2)] == [True, False]
