"""First writes of one document can race: the merchant anchors a new wallet while the worker
keeps a message waiting on it (`add_unread`), two anchors land at once, two workers take the
Telegram poll's lease at once. Every write is kept and every writer hears what it made, on the
in-process fake and on SecantusDB (which answered 32 of 400 racing anchors with no document:
`claimsvc/store/mongo.upserted`)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from claimsvc.domain.balances import Unread, WalletKey

pytestmark = pytest.mark.wire

WALLETS = 40
NOW = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


async def test_racing_first_writes_of_new_wallets_all_land_and_each_anchor_hears_its_wallet(deps):
    balances = deps.stores.balances
    keys = [WalletKey("acc_race", f"dev_{i}", "bkash", None) for i in range(WALLETS)]

    async def first_writes(key: WalletKey) -> list[object]:
        return await asyncio.gather(
            balances.anchor(key, 100_000, NOW),
            balances.add_unread(key, [Unread(f"msg_{key.device_id}", (99_000,))]),
            balances.anchor(key, 100_000, NOW),
        )

    results = await asyncio.gather(*(first_writes(key) for key in keys))

    for key, (first, _, second) in zip(keys, results, strict=True):
        for anchored in (first, second):
            assert anchored.key == key
            assert (anchored.running, anchored.anchor_balance) == (100_000, 100_000)
        wallet = await balances.get(key.id)
        assert wallet is not None and wallet.version == 2  # both anchors, each once
        assert [u.message_id for u in wallet.unread] == [f"msg_{key.device_id}"]


async def test_racing_first_telegram_leases_leave_exactly_one_holder(deps):
    """Each worker's first poll of the Telegram updates takes the lease at once: one holds it
    (from offset 0), the others hear None and do not poll, on every store."""
    for round_ in range(10):
        await deps.db["alert_poller"].delete_many({})
        owners = [f"worker-{round_}-{i}" for i in range(3)]
        leases = await asyncio.gather(
            *(deps.stores.alert_poller.lease(o, NOW, timedelta(seconds=30)) for o in owners)
        )
        assert sorted(leases, key=lambda x: x is None) == [0, None, None], leases
        holder = await deps.db["alert_poller"].find_one({"_id": "telegram"})
        assert holder["owner"] == owners[leases.index(0)]
