"""Each worker steps a wallet from the state it last saved, without reading it first; a wallet
another worker (or an anchor) moved since is refused by the compare-and-set and read again."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from claimsvc.bootstrap import Deps
from sms_ingest.app import build
from sms_ingest.consumer import Tuning
from tests.conftest import open_counted_deps
from tests.sms.conftest import bkash_credit, send


@pytest.fixture
async def deps(settings, clock, tally) -> AsyncIterator[Deps]:
    deps = await open_counted_deps(settings, clock, tally)
    yield deps
    await deps.close()


async def test_two_workers_alternating_on_one_wallet_confirm_every_entry(
    make_account, make_device, post_sms, deps, fetch, tally
):
    merchant = await make_account(balance_verification=True)
    device = await make_device(merchant)
    anchor = {"provider": "bkash", "device_id": device.id, "balance": 1000}
    put = f"/admin/v1/accounts/{merchant.id}/wallet-balances"
    assert (await fetch(put, json=anchor, admin=True, method="PUT")).code == 200
    tuning = Tuning(idle_backoff_s=0.01, block_ms=1, sweep_every_s=3600)
    a, b = build(deps, tuning), build(deps, tuning)
    for worker in (a, b):
        await worker.consumer.tick()  # the first round sweeps: the anchor settles
    balance = 1000
    reads = []
    for i, worker in enumerate([a, b, a, a, b]):
        balance += 5
        text = bkash_credit(f"ALT{i:07d}", "5.00", f"{balance:,}.00")
        await send(post_sms, device, text, minute=i + 1)
        tally.reset()
        assert await worker.consumer.tick() == 1
        reads.append(tally.mongo["find_one:wallet_balances"])
    # A worker's first step reads the wallet; right after its own step it reads nothing; after
    # the other worker's step its guess is stale: a refused compare-and-set, the replay check
    # and a read, never a wrong chain.
    assert reads == [1, 1, 2, 0, 2]
    txs = await deps.db["transactions"].find({"account_id": merchant.id}).to_list()
    assert sorted(t["status"] for t in txs) == ["confirmed"] * 5


async def test_an_anchor_set_after_a_step_is_not_overwritten_by_the_next(
    make_account, make_device, post_sms, deps, fetch, sms
):
    merchant = await make_account(balance_verification=True)
    device = await make_device(merchant)
    put = f"/admin/v1/accounts/{merchant.id}/wallet-balances"
    anchor = {"provider": "bkash", "device_id": device.id, "balance": 1000}
    assert (await fetch(put, json=anchor, admin=True, method="PUT")).code == 200
    await send(post_sms, device, bkash_credit("ANC0000001", "5.00", "1,005.00"), minute=1)
    await sms.consumer.tick()
    # The merchant re-anchors at 2,000 (another process): the worker's remembered wallet is stale.
    assert (
        await fetch(put, json={**anchor, "balance": 2000}, admin=True, method="PUT")
    ).code == 200
    await send(post_sms, device, bkash_credit("ANC0000002", "5.00", "2,005.00"), minute=30)
    await sms.consumer.tick()
    tx = await deps.db["transactions"].find_one({"trx_id": "ANC0000002"})
    assert tx["status"] == "confirmed"
