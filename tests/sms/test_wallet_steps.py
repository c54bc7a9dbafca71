"""The wallets of one stream batch step together: on a real MongoDB, three or more wallets'
compare-and-sets are saved by one bulk write and one read instead of one command each. A step
that loses its compare-and-set in the bulk is retried on its own; none is applied twice."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from claimsvc.bootstrap import Deps, open_deps
from claimsvc.store.mongo import open_mongo
from claimsvc.store.redis_client import open_redis
from claimsvc.testing.roundtrips import CountingMongoClient, CountingRedis
from sms_ingest.app import SmsIngest, build
from sms_ingest.consumer import Tuning
from tests.conftest import close_deps
from tests.sms.conftest import anchor_wallet, bkash_credit, send

pytestmark = pytest.mark.wire

WALLETS = 4


@pytest.fixture
async def deps(settings, clock, tally, wire_db) -> AsyncIterator[Deps]:
    """The test's stores (the fake, or a database on SecantusDB), every command counted."""
    mongo = CountingMongoClient(open_mongo(wire_db.get("mongo_url", "memory://")), tally)
    redis = CountingRedis(open_redis("memory://"), tally)
    deps = await open_deps(settings.replace(**wire_db), clock, mongo=mongo, redis=redis)
    yield deps
    await close_deps(deps, wire_db)


@pytest.fixture
def sms(deps: Deps) -> SmsIngest:
    return build(deps, Tuning(idle_backoff_s=0.01, block_ms=1, sweep_every_s=3600))


async def four_warm_wallets(make_account, make_device, post_sms, sms, fetch) -> list[Any]:
    """Four wallets of one merchant, anchored at 1,000 and stepped once by this worker."""
    merchant = await make_account(balance_verification=True)
    devices = [await make_device(merchant) for _ in range(WALLETS)]
    for i, device in enumerate(devices):
        await anchor_wallet(fetch, merchant, device, "bkash", 1000)
        await send(post_sms, device, bkash_credit(f"WARM00000{i}", "1.00", "1,001.00"), minute=1)
    while await sms.consumer.tick():
        pass
    return devices


async def step_each(post_sms, devices: list[Any]) -> None:
    for i, device in enumerate(devices):
        await send(post_sms, device, bkash_credit(f"STEP00000{i}", "5.00", "1,006.00"), minute=2)


async def statuses(deps: Deps, devices: list[Any]) -> list[tuple[int | None, str]]:
    """Each wallet's running balance, and the status of its stepped transaction."""
    out = []
    for i, device in enumerate(devices):
        wallet = await deps.db["wallet_balances"].find_one({"device_id": device.id})
        tx = await deps.db["transactions"].find_one({"trx_id": f"STEP00000{i}"})
        out.append((wallet["running"], tx["status"]))
    return out


async def test_a_batch_of_four_wallets_saves_their_steps_in_one_bulk_and_one_read(
    make_account, make_device, post_sms, sms, deps, tally, fetch, mongo_backend
):
    devices = await four_warm_wallets(make_account, make_device, post_sms, sms, fetch)
    await step_each(post_sms, devices)

    tally.reset()
    assert await sms.consumer.tick() == WALLETS
    if mongo_backend == "wire":
        # One bulk write of the four compare-and-sets and one read of the four wallets; the
        # applied verdicts forgotten in one more bulk write.
        assert tally.mongo["bulk_write:wallet_balances"] == 2
        assert tally.mongo["find:wallet_balances"] == 1
        assert "find_one_and_update:wallet_balances" not in tally.mongo
    else:  # the fake has no bulk update: one compare-and-set each
        assert tally.mongo["find_one_and_update:wallet_balances"] == WALLETS
    with tally.ignored():
        assert await statuses(deps, devices) == [(100_600, "confirmed")] * WALLETS


async def test_a_step_that_loses_its_compare_and_set_in_the_bulk_is_retried_alone(
    make_account, make_device, post_sms, sms, deps, tally, fetch, mongo_backend
):
    devices = await four_warm_wallets(make_account, make_device, post_sms, sms, fetch)
    # Another consumer stepped the third wallet meanwhile (changing nothing of its chain):
    # this worker's remembered version of it is stale, and its step in the bulk does not apply.
    await deps.db["wallet_balances"].update_one(
        {"device_id": devices[2].id}, {"$inc": {"version": 1}}
    )
    await step_each(post_sms, devices)

    tally.reset()
    assert await sms.consumer.tick() == WALLETS
    if mongo_backend == "wire":
        # The bulk, then the lost step alone on the wallet read again (the three saved ones
        # were found applied by their message ids).
        assert tally.mongo["find_one_and_update:wallet_balances"] == 1
    # Every step applied exactly once: the three that were saved are not applied again, the
    # lost one was decided again on the stored wallet.
    assert await statuses(deps, devices) == [(100_600, "confirmed")] * WALLETS
    for device in devices:
        wallet = await deps.db["wallet_balances"].find_one({"device_id": device.id})
        assert wallet["pending"] == []
        assert sorted(wallet["seen"]) == sorted(set(wallet["seen"]))
    while await sms.consumer.tick():
        pass
    assert await statuses(deps, devices) == [(100_600, "confirmed")] * WALLETS


async def test_one_wallet_failing_its_step_does_not_fail_the_other_wallet_of_the_batch(
    make_account, make_device, post_sms, sms, deps, fetch, monkeypatch
):
    devices = (await four_warm_wallets(make_account, make_device, post_sms, sms, fetch))[:2]
    balances = deps.stores.balances
    failing = (await deps.db["wallet_balances"].find_one({"device_id": devices[0].id}))["_id"]
    step = balances._step

    async def fails_for_one_wallet(query, update):
        if query["_id"] == failing:
            raise ConnectionError("the primary stepped down")
        return await step(query, update)

    monkeypatch.setattr(balances, "_step", fails_for_one_wallet)
    await step_each(post_sms, devices)
    await sms.consumer.tick()
    # The failing wallet's message stays pending for a retry; the other's is confirmed.
    assert [status for _, status in await statuses(deps, devices)] == ["unconfirmed", "confirmed"]
