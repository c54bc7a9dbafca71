"""verify's wake tokens on a real Redis server and on fakeredis (store/trx_arrivals.py): a
recorded TrxID wakes up to four waiters at once, the list never grows past that, it expires,
and a wait with nothing recorded ends empty-handed at its timeout."""

from __future__ import annotations

import asyncio

from claimsvc.store.trx_arrivals import TOKEN_TTL_MS, TOKENS, TrxArrivalStore


async def test_a_recorded_trx_id_wakes_a_waiter_blocked_on_it(redis_client, redis_keys):
    store = TrxArrivalStore(redis_client, redis_keys)
    waiting = asyncio.ensure_future(store.wait("acc_1", "ABC123", 3))
    await asyncio.sleep(0.05)
    await store.notify([("acc_1", "ABC123")])
    assert await waiting is True


async def test_tokens_are_bounded_and_expire(redis_client, redis_keys):
    store = TrxArrivalStore(redis_client, redis_keys)
    for _ in range(5):
        await store.notify([("acc_1", "ABC123")])
    await store.notify([])  # nothing recorded: nothing sent
    key = redis_keys.trx_arrival("acc_1", "ABC123")
    assert await redis_client.llen(key) == TOKENS
    assert 0 < await redis_client.pttl(key) <= TOKEN_TTL_MS
    woken = await asyncio.gather(*(store.wait("acc_1", "ABC123", 0.2) for _ in range(TOKENS)))
    assert woken == [True] * TOKENS


async def test_one_batch_wakes_each_of_its_trx_ids(redis_client, redis_keys):
    store = TrxArrivalStore(redis_client, redis_keys)
    await store.notify([("acc_1", "AAA111"), ("acc_2", "BBB222"), ("acc_1", "AAA111")])
    assert await store.wait("acc_1", "AAA111", 0.2) is True
    assert await store.wait("acc_2", "BBB222", 0.2) is True
    assert await redis_client.llen(redis_keys.trx_arrival("acc_1", "AAA111")) == TOKENS - 1


async def test_another_trx_id_or_account_does_not_wake_a_waiter(redis_client, redis_keys):
    store = TrxArrivalStore(redis_client, redis_keys)
    await store.notify([("acc_1", "OTHER1"), ("acc_2", "ABC123")])
    assert await store.wait("acc_1", "ABC123", 0.2) is False
