"""The SMS worker's faults on the real Redis server: a consumer dying, the stream vanishing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from claimsvc.bootstrap import Deps, open_deps
from claimsvc.clock import FrozenClock
from claimsvc.services.sms.work import SmsWork, Tuning
from sms_ingest.app import SmsIngest, build
from sms_ingest.consumer import Consumer
from tests.conftest import make_settings
from tests.redis.conftest import _real_client
from tests.sms.conftest import bkash_credit, stream_of

pytestmark = pytest.mark.redis


@pytest.fixture
async def real_deps(clock: FrozenClock) -> AsyncIterator[Deps]:
    """Embedded MongoDB, the real Redis server, and a key prefix of this test alone."""
    client = await _real_client()
    deps = await open_deps(make_settings(), clock, redis=client)
    yield deps
    stale = [k async for k in client.scan_iter(match=deps.keys.prefix + "*")]
    if stale:
        await client.delete(*stale)
    await deps.close()


@pytest.fixture
def parts(real_deps: Deps) -> SmsIngest:
    return build(real_deps, Tuning(block_ms=10, idle_backoff_s=0.01, reclaim_idle_ms=100))


async def store_sms(deps: Deps, parts: SmsIngest, *texts: str) -> str:
    """Register a device and store SMS through the intake, as a forwarder would; the account id."""
    account = await deps.services.admin.create_account({"name": "Redis Shop"})
    device = await deps.services.devices.register(account.id, "phone", None)
    body = ",".join(
        f'{{"sender":"bKash","message":"{t}","received_at":{1795240800000 + i}}}'
        for i, t in enumerate(texts)
    )
    await parts.intake.receive(device.token, f"[{body}]".encode(), None, None)
    return account.id


def counting(parts: SmsIngest) -> list[str]:
    """Record each completed processing run of the pipeline."""
    runs: list[str] = []
    original = parts.pipeline.process_many

    # Both ways in (one message by id, a stream batch's messages) end here.
    async def process_many(msgs: list[dict[str, Any]], concurrency: int = 8) -> Any:
        failures = await original(msgs, concurrency)
        runs.extend(m for m, failure in failures.items() if failure is None)
        return failures

    parts.pipeline.process_many = process_many  # type: ignore[method-assign]
    return runs


async def test_a_consumer_killed_before_acknowledging_is_reclaimed_and_processed_once(
    real_deps, parts
):
    account_id = await store_sms(real_deps, parts, bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    stream = stream_of(real_deps)
    await stream.ensure_group()
    taken = asyncio.Event()

    class Hung:
        async def process(self, message_id: str) -> None:
            taken.set()
            await asyncio.Event().wait()  # the process is killed here, mid-work

    dying = Consumer(
        SmsWork(
            stream,
            real_deps.stores.messages,
            Hung(),  # type: ignore[arg-type]
            parts.wallets,
            real_deps.clock,
            Tuning(block_ms=10, reclaim_idle_ms=100),
            consumer="dying",
        )
    )
    task = asyncio.create_task(dying.run(asyncio.Event()))
    await taken.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await stream.pending_count() == 1

    runs = counting(parts)
    rescuer = parts.consumer
    await asyncio.sleep(0.15)  # let the entry idle past reclaim_idle_ms
    assert await rescuer.reclaim() == 1
    assert await rescuer.reclaim() == 0
    assert await rescuer.tick() == 0
    assert len(runs) == 1
    assert await stream.pending_count() == 0
    assert await stream.length() == 0
    txs = await real_deps.db["transactions"].find({"account_id": account_id}).to_list(None)
    assert [t["trx_id"] for t in txs] == ["AB12CD34EF"]


async def test_stored_messages_are_requeued_after_the_stream_is_deleted(real_deps, parts, clock):
    texts = [bkash_credit(f"TRX0000{i}AB", "10.00", f"1,0{i}0.00") for i in range(3)]
    account_id = await store_sms(real_deps, parts, *texts)
    await real_deps.redis.delete(real_deps.keys.sms_stream)  # Redis restarted empty
    runs = counting(parts)
    assert await parts.consumer.tick() == 0  # the group is recreated; nothing to read
    clock.advance(seconds=real_deps.settings.sms_requeue_after_s + 1)
    assert await parts.consumer.requeue() == 3
    while await parts.consumer.tick():
        pass
    assert len(runs) == 3
    msgs = await real_deps.db["sms_messages"].find({"account_id": account_id}).to_list(None)
    assert all(m["processed_at"] is not None for m in msgs)
    assert await stream_of(real_deps).length() == 0
