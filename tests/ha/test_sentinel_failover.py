"""The Redis primary dies under steady traffic; Sentinel promotes the replica and the service
follows it, losing and doubling nothing that was acknowledged.

"Acknowledged" means: an initialize answered 201, an SMS post answered 202, a claim answered
COMPLETED. Each of those is recorded in MongoDB before the answer, and MongoDB is the record:
Redis holds only counters, the webhook schedule and the SMS work queue, and its replication is
asynchronous, so a write acknowledged by the dying primary may never reach the replica. What
that can lose is recovered from MongoDB: the reconciler puts queued webhook events back on the
schedule, and the SMS sweep re-queues stored messages the stream lost. So the test checks, after
one reconciler and one sweep pass, that every acknowledged session, SMS and completed claim is
stored exactly once, and that every completed claim's webhook reached the receiver exactly once.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter

import pytest

from claimsvc.store.limits import LimitStore
from claimsvc.store.redis_client import open_redis
from claimsvc.store.redis_keys import RedisKeys
from claimsvc.worker.main import make_worker
from claimsvc.worker.webhooks import close_http
from tests.claims_support import invalid
from tests.conftest import initialize_body
from tests.ha.conftest import ha_settings
from tests.ha.load import Traffic
from tests.ha.servers import redis_server_binary, start_sentinel_set, wait_until
from tests.ops.scenario import Scenario

pytestmark = [pytest.mark.ha, pytest.mark.timeout(180)]

ROUNDS_BEFORE = 6
ROUNDS_AFTER = 6
"""Full rounds that must succeed after the failover before the traffic stops."""
MAX_ROUNDS = 80


@pytest.fixture
def settings(sentinel_set, ca_file):
    return ha_settings(sentinel_set.url, ca_file).replace(submit_rate_per_ip=10_000)


async def play(traffic: Traffic, sentinel_set, deps) -> dict[str, float]:
    """Rounds before the kill, the kill, rounds until ROUNDS_AFTER clean ones; the timings."""
    worker = {type(loop).__name__: loop for loop in make_worker(deps).loops}
    stop = asyncio.Event()
    dispatcher = asyncio.create_task(worker["Dispatcher"].run(stop))
    try:
        for n in range(ROUNDS_BEFORE):
            await traffic.round(n)
        assert traffic.stream.failed() == [], traffic.stream.failed()
        # Scripts are not replicated: the replica has never loaded the take script...
        take_sha = deps.stores.schedule._take.sha
        assert sentinel_set.replica.client().script_exists(take_sha) == [False]
        sentinel_set.primary.kill()
        killed = time.monotonic()
        promoted = asyncio.create_task(
            asyncio.to_thread(
                wait_until,
                lambda: sentinel_set.primary_port() == sentinel_set.replica.port,
                30,
                "the replica's promotion",
            )
        )
        clean, n = 0, ROUNDS_BEFORE
        while clean < ROUNDS_AFTER and n < MAX_ROUNDS:
            before = len(traffic.stream.calls)
            await traffic.round(n)
            # As the worker's wake listener does when a round's webhook is scheduled: the idle
            # dispatcher takes again, on whichever server is the primary now.
            worker["Dispatcher"].wake()
            n += 1
            clean = clean + 1 if all(c.ok for c in traffic.stream.calls[before:]) else 0
        assert clean == ROUNDS_AFTER, traffic.stream.failed()
        # ...until, promoted, it answered EVALSHA with NOSCRIPT and the client loaded it.
        assert sentinel_set.replica.client().script_exists(take_sha) == [True]
        after_kill = [c for c in traffic.stream.calls if c.end >= killed]
        first_ok = min(c.end for c in after_kill if c.ok and c.start >= killed)
        return {
            "promotion_s": await promoted,
            "first_success_after_kill_s": first_ok - killed,
            "slowest_call_s": max(c.end - c.start for c in after_kill),
            "failed_calls": len(traffic.stream.failed(after=killed)),
            "rounds": n,
        }
    finally:
        stop.set()
        await dispatcher
        await close_http(deps)


async def run_recovery(deps, drain, sms, clock) -> None:
    """One pass of each recovery path, once leases and the SMS requeue age have passed."""
    worker = {type(loop).__name__: loop for loop in make_worker(deps).loops}
    try:
        clock.advance(minutes=2)
        await sms.consumer.sweep()
        await drain()
        await worker["OutboxRelay"].relay()
        await worker["Reconciler"].sweep()
        await worker["Dispatcher"].deliver_due()
    finally:
        await close_http(deps)


async def test_a_killed_primary_loses_and_doubles_nothing_acknowledged(
    sentinel_set, fetch, post_sms, deps, receiver, clock, drain, sms
):
    traffic = Traffic(Scenario(fetch, post_sms, deps, receiver, clock), post_sms, drain)
    await traffic.setup()
    figures = await play(traffic, sentinel_set, deps)
    await run_recovery(deps, drain, sms, clock)
    print(f"\nSentinel failover under load: {figures}")
    for call in traffic.stream.failed():
        print(f"  failed {call.op} at +{call.end - call.start:.2f}s: {call.detail[:120]}")

    stream, db = traffic.stream, deps.db
    assert len(stream.sessions) >= ROUNDS_BEFORE + ROUNDS_AFTER
    for order_id, session_id in stream.sessions.items():
        stored = await db["sessions"].find({"order_id": order_id}).to_list(None)
        assert [d["_id"] for d in stored] == [session_id]
    for trx in stream.sms:
        assert await db["transactions"].count_documents({"trx_id": trx}) == 1, trx
        assert await db["sms_messages"].count_documents({"text": {"$regex": trx}}) == 1, trx
    for session_id in stream.completed.values():
        session = await db["sessions"].find_one({"_id": session_id})
        assert session["status"] == "COMPLETED"
        events = await db["events"].find({"session_id": session_id}).to_list(None)
        assert [(e["payment_status"], e["status"]) for e in events] == [("COMPLETED", "delivered")]
    sent = Counter(json.loads(r["body"])["order_id"] for r in receiver.requests)
    assert {o: sent[o] for o in stream.completed} == {o: 1 for o in stream.completed}


async def test_with_no_primary_left_a_request_fails_with_the_documented_500_not_a_hang(
    sentinel_set, fetch, make_account
):
    merchant = await make_account(allowed_hosts=["shop.example.com"])
    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=merchant.key)
    assert opened.code == 201, opened.body
    sentinel_set.replica.kill()
    sentinel_set.primary.kill()
    # The retry budget (5 s) runs out, then the request answers; 30 s means it hung.
    lost = await asyncio.wait_for(
        fetch("/api/v1/checkout/initialize", json=initialize_body(), key=merchant.key), 30
    )
    assert (lost.code, lost.json()) == (500, {"error": "Internal server error"})
    body = {"sessionId": opened.json()["session_id"], "trxId": "HA00000001", "provider": "bkash"}
    claim = await asyncio.wait_for(fetch("/api/v1/checkout/submit", json=body), 30)
    assert (claim.code, claim.json()) == (500, invalid("Internal system error"))


async def test_a_password_protected_set_is_followed_through_a_failover(tmp_path, clock):
    # One password for the servers and the Sentinels, as the URL carries one (docs/decisions.md).
    group = start_sentinel_set(redis_server_binary(), tmp_path / "auth", password="s3cret-pw")
    client = open_redis(group.url)
    limits = LimitStore(client, RedisKeys("ha:"))
    try:
        first = await limits.hit("buyer:ip", "203.0.113.9", 100, clock())
        group.primary.kill()
        after = await limits.hit("buyer:ip", "203.0.113.9", 100, clock())
        assert (first.allowed, after.allowed) == (True, True)
        assert group.primary_port() == group.replica.port
        assert "s3cret-pw" not in repr(ha_settings(group.url, "ca.pem"))
    finally:
        await client.aclose()
        group.stop()
