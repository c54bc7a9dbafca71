"""The arrival check's limits script on the real Redis server and on fakeredis alike: the cap of
distinct TrxIDs per session holds under concurrent checks, and the set expires."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from claimsvc.domain.sessions import Session
from claimsvc.store.arrival import ArrivalLimitStore

pytestmark = pytest.mark.redis

NOW = datetime(2026, 11, 21, 6, 0, 10, tzinfo=UTC)
SESSION = Session(
    id="s1",
    account_id="a1",
    order_id="o1",
    payment_id="p1",
    amount_poisha=50_000,
    success_url="https://shop.example/ok",
    cancel_url="https://shop.example/no",
    webhook_url="https://shop.example/hook",
    status="OPEN",
    created_at=NOW,
    expires_at=NOW + timedelta(minutes=30),
)


@pytest.fixture
def store(redis_client, redis_keys):
    return ArrivalLimitStore(redis_client, redis_keys)


async def admit(store, trx, address="10.0.0.1", per_minute=(100, 100), cap=3):
    return await store.admit(SESSION, address, trx, per_minute, cap, timedelta(hours=1), NOW)


async def test_concurrent_checks_of_many_trxids_let_exactly_the_cap_in(store):
    found = await asyncio.gather(*(admit(store, f"TRX{i:05d}") for i in range(20)))
    assert all(a.allowed for a in found)
    assert sum(a.within_cap for a in found) == 3


async def test_a_trxid_within_the_cap_stays_within_it(store):
    for trx in ("AAAAAA", "BBBBBB", "CCCCCC"):
        assert (await admit(store, trx)).within_cap
    assert not (await admit(store, "DDDDDD")).within_cap
    assert (await admit(store, "AAAAAA")).within_cap


async def test_the_session_limit_refuses_with_retry_after_and_counts_no_trxid(
    store, redis_client, redis_keys
):
    assert (await admit(store, "AAAAAA", per_minute=(100, 2))).allowed
    assert (await admit(store, "AAAAAA", per_minute=(100, 2))).allowed
    refused = await admit(store, "BBBBBB", per_minute=(100, 2))
    assert not refused.allowed
    assert refused.rate is not None and refused.rate.headers()["Retry-After"] == "51"
    members = await redis_client.smembers(redis_keys.arrival_trx_ids("a1", "s1"))
    assert members == {b"AAAAAA"}


async def test_the_set_of_checked_trxids_expires(store, redis_client, redis_keys):
    await admit(store, "AAAAAA")
    ttl = await redis_client.pttl(redis_keys.arrival_trx_ids("a1", "s1"))
    assert 0 < ttl <= 3_600_000
