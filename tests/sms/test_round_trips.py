"""Round trips of the SMS path, counted exactly, for a forwarder posting ten messages at once:
the intake stores them in one command and queues them in one Redis script; the worker
reads the stream's batch in one command, chains each wallet's entries in one step, and
acknowledges the batch in one round trip. Ten messages no rule reads, read by their arithmetic,
cost the same plus one read of the account's taught wordings (tried first,
tests/sms/test_taught_round_trips.py) and one read of the wallet, for the batch."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from claimsvc.bootstrap import Deps
from sms_ingest.app import SmsIngest, build
from sms_ingest.consumer import Tuning
from tests.conftest import open_counted_deps
from tests.sms.conftest import bkash_credit, send, stored_messages, stream_of
from tests.sms.test_intake_groups import HeldCommit

N = 10


@pytest.fixture
async def deps(settings, clock, tally) -> AsyncIterator[Deps]:
    deps = await open_counted_deps(settings, clock, tally)
    yield deps
    await deps.close()


@pytest.fixture
def sms(deps: Deps) -> SmsIngest:
    # No sweep in the counted rounds: it runs every few seconds, not per message.
    return build(deps, Tuning(idle_backoff_s=0.01, block_ms=1, sweep_every_s=3600))


async def test_ten_messages_from_intake_to_final(
    make_account, make_device, post_sms, sms, deps, tally, fetch
):
    merchant = await make_account(balance_verification=True)
    device = await make_device(merchant)
    anchor = {"provider": "bkash", "device_id": device.id, "balance": 1000}
    put = f"/admin/v1/accounts/{merchant.id}/wallet-balances"
    assert (await fetch(put, json=anchor, admin=True, method="PUT")).code == 200
    # Warm: the device was seen a moment ago, the wallet exists, the consumer group too.
    await send(post_sms, device, bkash_credit("WARM000001", "1.00", "1,001.00"), minute=1)
    await sms.consumer.tick()
    texts = [bkash_credit(f"TRX{i:07d}", "5.00", f"{1001 + 5 * (i + 1):,}.00") for i in range(N)]

    tally.reset()
    await send(post_sms, device, *texts, minute=2)
    # The device is remembered by this process (no read); the messages in one insert; the
    # device gate, the XADDs and their queued index lines in one script. No entry id goes
    # back to MongoDB: the re-queue sweep asks the index in Redis.
    assert dict(tally.mongo) == {"insert_many:sms_messages": 1}
    assert dict(tally.redis) == {"evalsha": 1}

    tally.reset()
    assert await sms.consumer.tick() == N
    # The batch's messages in one read; its transactions in one insert; one wallet step for
    # the batch's entries of the wallet (compare-and-set on the wallet as this process last
    # saved it, no read; verdicts forgotten); the verdicts on the transactions in one bulk
    # write, then one read of which of them a session waits on; the results in one bulk write.
    # The embedded fake has no bulk UpdateOne: there each update goes on its own.
    assert dict(tally.mongo) == {
        "find:sms_messages": 1,
        "insert_many:transactions": 1,
        "find_one_and_update:wallet_balances": 1,
        "update_one:transactions": N,
        "find:transactions": 1,
        "update_one:wallet_balances": 1,
        "update_one:sms_messages": N,
    }
    # The batch acknowledged (XACK, XDEL, index lines) in one script; verify calls waiting
    # for the batch's TrxIDs woken in one pipeline (issue 31).
    assert dict(tally.redis) == {"xreadgroup": 1, "evalsha": 1, "pipeline": 1}
    with tally.ignored():
        msgs = await stored_messages(deps, merchant.id)
        txs = await deps.db["transactions"].find({"account_id": merchant.id}).to_list()
    assert {m["result"] for m in msgs} == {"parsed"} and len(msgs) == N + 1
    assert {t["status"] for t in txs} == {"confirmed"}


async def test_a_request_of_one_message_is_one_insert_and_one_script_and_a_repeat_is_a_duplicate(
    make_account, make_device, post_sms, sms, deps, tally
):
    device = await make_device(await make_account())
    await send(post_sms, device, bkash_credit("WARM000001", "1.00", "1,001.00"), minute=1)
    body = {"sender": "bKash", "message": bkash_credit("ONE0000001", "5.00", "1,006.00")}

    tally.reset()
    reply = await post_sms(body, token=device.token)
    # Most forwarders post one SMS a request: it is stored with a single-document insert
    # (the cheaper call of the driver), still one command, and queued in one script.
    assert (reply.code, reply.json()) == (202, {"accepted": 1, "duplicates": 0})
    assert dict(tally.mongo) == {"insert_one:sms_messages": 1}
    assert dict(tally.redis) == {"evalsha": 1}

    again = await post_sms(body, token=device.token)
    # The unique content key refuses the copy: nothing stored, nothing queued twice.
    assert (again.code, again.json()) == (202, {"accepted": 0, "duplicates": 1})
    with tally.ignored():
        assert len(await stored_messages(deps, device.account_id)) == 2


async def test_one_message_posted_twice_in_one_request_is_stored_once(
    make_account, make_device, post_sms, deps
):
    device = await make_device(await make_account())
    text = bkash_credit("DUP0000001", "5.00", "1,005.00")
    body = [{"sender": "bKash", "message": text, "received_at": 1795240800000}] * 2
    reply = await post_sms(body, token=device.token)
    assert (reply.code, reply.json()) == (202, {"accepted": 1, "duplicates": 1})
    again = await post_sms(body, token=device.token)
    assert (again.code, again.json()) == (202, {"accepted": 0, "duplicates": 2})
    assert len(await stored_messages(deps, device.account_id)) == 1


NEW_WORDING = "Money in: Tk 5.00 from 01712345678. Balance Tk {balance}. TrxID {trx}"


async def test_ten_new_wordings_cost_a_wordings_read_and_a_wallet_read_more_than_known_ones(
    make_account, make_device, post_sms, sms, deps, tally, fetch
):
    merchant = await make_account(balance_verification=True)
    device = await make_device(merchant)
    anchor = {"provider": "bkash", "device_id": device.id, "balance": 1000}
    put = f"/admin/v1/accounts/{merchant.id}/wallet-balances"
    assert (await fetch(put, json=anchor, admin=True, method="PUT")).code == 200
    await send(post_sms, device, bkash_credit("WARM000001", "1.00", "1,001.00"), minute=1)
    await sms.consumer.tick()
    texts = [
        NEW_WORDING.format(trx=f"NEW{i:07d}", balance=f"{1001 + 5 * (i + 1):,}.00")
        for i in range(N)
    ]
    await send(post_sms, device, *texts, minute=2)

    tally.reset()
    assert await sms.consumer.tick() == N
    assert dict(tally.mongo) == {
        "find:sms_messages": 1,
        "find:sms_wordings": 1,  # taught wordings are tried before the arithmetic
        "find_one:wallet_balances": 1,  # the running balance the batch's readings start from
        "insert_many:transactions": 1,
        "find_one_and_update:wallet_balances": 1,
        "update_one:transactions": N,
        "find:transactions": 1,
        "update_one:wallet_balances": 1,
        "update_one:sms_messages": N,
    }
    assert dict(tally.redis) == {"xreadgroup": 1, "evalsha": 1, "pipeline": 1}
    with tally.ignored():
        msgs = await stored_messages(deps, merchant.id)
        txs = await deps.db["transactions"].find({"account_id": merchant.id}).to_list()
    assert {m["result"] for m in msgs} == {"parsed"} and len(msgs) == N + 1
    assert {t["status"] for t in txs} == {"confirmed"}
    assert sorted(t.get("parsed_by", "rule") for t in txs) == ["arithmetic"] * N + ["rule"]


async def test_requests_waiting_for_one_insert_are_stored_in_one_insert_and_one_script(
    make_account, make_device, post_sms, sms, deps, tally, monkeypatch
):
    """Under load the intake's round trips are per group, not per request: the requests of
    five devices that arrive while one insert is in flight cost one insert and one script
    (nine: the test's HTTP client opens ten connections at most)."""
    devices = [await make_device(await make_account()) for _ in range(5)]
    for i, device in enumerate(devices):  # remembered by this process, seen a moment ago
        await send(post_sms, device, bkash_credit(f"WARM00000{i}", "1.00", "1,001.00"), minute=1)
    held = HeldCommit(deps, sms, monkeypatch)
    posts = [
        post_sms(
            {"sender": "bKash", "message": bkash_credit(f"GRP{i:07d}", "5.00", f"{1006 + i}.00")},
            token=devices[i % 5].token,
        )
        for i in range(10)
    ]

    tally.reset()
    replies = await held.group_behind(posts[0], *posts[1:])
    assert [r.code for r in replies] == [202] * 10
    # The first request alone (one SMS: insert_one), then the nine that waited behind it.
    assert dict(tally.mongo) == {"insert_one:sms_messages": 1, "insert_many:sms_messages": 1}
    assert dict(tally.redis) == {"evalsha": 2}
    with tally.ignored():
        assert await stream_of(deps).length() == 5 + 10
