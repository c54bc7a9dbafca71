"""Round trips on a real MongoDB-wire server, counted by the driver's CommandListener: the
figures of the issue 12 goals, and the bulk paths the embedded fake cannot run."""

from __future__ import annotations

import asyncio

from claimsvc.domain.outbox import DELIVERED
from claimsvc.domain.platform import Platform
from claimsvc.worker.webhooks import make_dispatcher
from tests.claims_support import claim_body, open_session, pay
from tests.conftest import initialize_body
from tests.sms.conftest import bkash_credit, send, stored_messages
from tests.worker.conftest import RECEIVER_HOSTS, RECEIVER_SECRET
from tests.worker.factories import event, record_event

INIT = "/api/v1/checkout/initialize"
VERIFY = "/api/v1/checkout/verify"
SUBMIT = "/api/v1/checkout/submit"
# A claim's three commands: the session read, the transaction reserved and read in one
# conditional update that matches it to the session, the transition (the event is owed).
CLAIM = {"find:sessions": 1, "findAndModify:transactions": 1, "findAndModify:sessions": 1}
SCRIPT = {"evalsha": 1}
WAKE = {"zadd": 1}  # a completed session wakes the worker's relay (store/wake.py)


async def counted(tally, request):
    tally.reset()
    reply = await request
    return reply, dict(tally.mongo), dict(tally.redis)


async def test_a_new_session_is_one_insert_and_a_replay_one_find(fetch, make_account, tally):
    merchant = await make_account(daily_limit=100)
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    body = initialize_body()
    new, mongo, redis = await counted(tally, fetch(INIT, json=body, key=merchant.key))
    assert (new.code, mongo, redis) == (201, {"insert:sessions": 1}, SCRIPT)
    replay, mongo, redis = await counted(tally, fetch(INIT, json=body, key=merchant.key))
    assert (replay.code, mongo, redis) == (200, {"find:sessions": 1}, SCRIPT)
    assert replay.json() == new.json()


async def test_a_verify_and_a_submit_that_complete_are_three_commands_and_one_script(
    fetch, make_account, deps, tally
):
    merchant = await make_account()
    sessions = [await open_session(deps, merchant) for _ in range(4)]
    txs = [await pay(deps, merchant) for _ in range(4)]
    claims = [claim_body(s, tx.trx_id) for s, tx in zip(sessions, txs, strict=True)]
    assert (await fetch(VERIFY, json=claims[0], key=merchant.key)).code == 200  # warm
    assert (await fetch(SUBMIT, json=claims[1])).code == 200  # warm
    assert await deps.services.outbox.relay(100) == 2  # warm: the scheduling script loaded
    verify, mongo, redis = await counted(tally, fetch(VERIFY, json=claims[2], key=merchant.key))
    assert (verify.code, mongo, redis) == (200, CLAIM, {**SCRIPT, **WAKE})
    submit, mongo, redis = await counted(tally, fetch(SUBMIT, json=claims[3]))
    assert (submit.code, mongo, redis) == (200, CLAIM, {**SCRIPT, **WAKE})
    # The worker's relay writes their events in one batch: four commands and one script.
    tally.reset()
    assert await deps.services.outbox.relay(100) == 2
    assert dict(tally.mongo) == {
        "find:sessions": 1,
        "findAndModify:counters": 1,
        "insert:events": 1,
        "update:sessions": 1,
    }
    assert dict(tally.redis) == SCRIPT


async def test_a_batch_of_deliveries_costs_a_few_bulk_writes(
    deps, make_account, receiver, make_session, tally
):
    shop = await make_account(allowed_hosts=RECEIVER_HOSTS, callback_secret=RECEIVER_SECRET)
    deps.http = make_session()
    worker = make_dispatcher(deps)
    await record_event(deps, shop.id, receiver.url("/ok"))
    assert await worker.deliver_due() == 1  # warm: scripts loaded
    ids = [await record_event(deps, shop.id, receiver.url("/ok")) for _ in range(20)]
    tally.reset()
    assert await worker.deliver_due() == 20
    reads = {k: v for k, v in tally.mongo.items() if k.startswith("find:")}
    writes = tally.mongo["update:events"]
    # Three reads for the batch; the 40 conditional updates (begun, delivered) in bulk writes.
    assert reads == {"find:events": 2, "find:accounts": 1}
    assert 2 <= writes <= 8, tally
    assert tally.mongo_total == 3 + writes
    with tally.ignored():
        assert [(await event(deps, i)).status for i in ids] == [DELIVERED] * 20
        assert len(receiver.requests) == 21
    deps.http = None


async def test_ten_sms_from_intake_to_final_in_under_one_command_each(
    make_account, make_device, post_sms, sms, deps, tally, fetch
):
    merchant = await make_account(balance_verification=True)
    device = await make_device(merchant)
    anchor = {"provider": "bkash", "device_id": device.id, "balance": 1000}
    put = f"/admin/v1/accounts/{merchant.id}/wallet-balances"
    assert (await fetch(put, json=anchor, admin=True, method="PUT")).code == 200
    await send(post_sms, device, bkash_credit("WIRE000000", "1.00", "1,001.00"), minute=1)
    while await sms.consumer.tick():
        pass
    texts = [bkash_credit(f"WIRE{i:06d}", "5.00", f"{1001 + 5 * i:,}.00") for i in range(1, 11)]
    tally.reset()
    await send(post_sms, device, *texts, minute=2)
    intake = dict(tally.mongo)
    # The device is remembered by this process since the warm-up post: no device read; the
    # stream entries are not written back (the queued index in Redis answers the sweep).
    assert intake == {"insert:sms_messages": 1}
    tally.reset()
    assert await sms.consumer.tick() == 10
    worker = dict(tally.mongo)
    assert worker == {
        "find:sms_messages": 1,
        # The batch's transactions in one insert.
        "insert:transactions": 1,
        # No wallet read: the worker steps from the wallet as it saved it in the warm-up.
        "findAndModify:wallet_balances": 1,
        # The ten verdicts in one bulk write, then which of them a session waits on.
        "update:transactions": 1,
        "find:transactions": 1,
        "update:wallet_balances": 1,
        "update:sms_messages": 1,
    }
    assert sum(intake.values()) + sum(worker.values()) == 8
    with tally.ignored():
        msgs = await stored_messages(deps, merchant.id)
    assert {m["result"] for m in msgs} == {"parsed"} and len(msgs) == 11


async def test_requests_finding_the_platform_settings_stale_share_one_read(deps, tally):
    platform = deps.stores.platform
    await platform.get(cached=True)
    later = platform.monotonic() + 1.01  # the copy is past its second
    platform.monotonic = lambda: later
    tally.reset()
    answers = await asyncio.gather(*(platform.get(cached=True) for _ in range(5)))
    assert dict(tally.mongo) == {"find:platform": 1}
    assert answers == [Platform(maintenance=False, daily_limit=None)] * 5


async def test_a_platform_change_is_seen_at_once_despite_a_read_in_flight(deps):
    platform = deps.stores.platform
    platform.monotonic = lambda: 0.0  # no copy expires during the test: only update renews it
    in_flight = asyncio.ensure_future(platform.get(cached=True))  # began before the change
    await asyncio.sleep(0)
    assert (await platform.update({"maintenance": True})).maintenance is True
    assert (await platform.get(cached=True)).maintenance is True
    await in_flight  # it read the old settings: they are not kept as this process's copy
    assert (await platform.get(cached=True)).maintenance is True
