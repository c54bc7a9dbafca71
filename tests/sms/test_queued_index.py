"""The queued index: which stream entry queues each stored message, kept in Redis beside the
stream, so the re-queue sweep tells a backlog from a lost message without MongoDB holding the
entry id. Failure paths: the index and the stream disagreeing, a message queued twice, a
queueing call whose reply was lost, a lost message behind a long backlog."""

from __future__ import annotations

from sms_ingest.app import build
from sms_ingest.consumer import Tuning
from tests.sms.conftest import bkash_credit, send, stored_messages, stream_of


async def test_an_entry_the_stream_lost_while_its_index_line_stayed_is_requeued(
    post_sms, make_account, make_device, deps, drain, clock
):
    device = await make_device(await make_account())
    await send(post_sms, device, bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    # The stream goes (deleted, or trimmed past the entry); the index still names the entry.
    await deps.redis.delete(deps.keys.sms_stream)
    assert await deps.redis.hlen(deps.keys.sms_queued) == 1
    clock.advance(minutes=2)
    await drain()
    [msg] = await stored_messages(deps, device.account_id)
    assert msg["processed_at"] is not None and msg["result"] == "parsed"
    assert await deps.redis.hlen(deps.keys.sms_queued) == 0  # acknowledged: line gone


async def test_acknowledging_an_older_entry_keeps_the_line_of_a_newer_one(deps):
    stream = stream_of(deps)
    await stream.ensure_group()
    await stream.add("msg_1")
    await stream.add("msg_1")  # queued again (a re-parse) while the first entry was pending
    first, second = await stream.read("c1", 10, 1)
    await stream.done(first)
    assert await stream.lost(["msg_1"]) == set()  # the newer entry still queues it
    await stream.done(second)
    assert await stream.lost(["msg_1"]) == {"msg_1"}


async def test_a_queueing_call_whose_reply_was_lost_is_not_queued_twice(
    post_sms, make_account, make_device, deps, sms, clock, monkeypatch
):
    device = await make_device(await make_account())
    await send(post_sms, device, bkash_credit("WARM000001", "1.00", "1,001.00"))  # remembered
    queue = sms.intake.service._gate.queue_many

    async def queued_then_failed(*args, **kwargs):
        await queue(*args, **kwargs)
        raise ConnectionError("reply lost")

    monkeypatch.setattr(sms.intake.service._gate, "queue_many", queued_then_failed)
    reply = await post_sms(
        [{"sender": "bKash", "message": bkash_credit("AB12CD34EF", "5.00", "1,006.00")}],
        token=device.token,
    )
    assert reply.code == 202  # stored; MongoDB says the device is active
    clock.advance(minutes=2)
    assert await sms.consumer.requeue() == 0  # the index says it is queued: no second entry
    assert await stream_of(deps).length() == 2


async def test_a_message_lost_behind_a_long_backlog_is_found(
    post_sms, make_account, make_device, deps, clock
):
    device = await make_device(await make_account())
    sweeper = build(deps, Tuning(block_ms=1, idle_backoff_s=0.01, sweep_every_s=3600))
    backlog = [bkash_credit(f"BK{i:08d}", "1.00", f"{i + 1}.00") for i in range(201)]
    await send(post_sms, device, *backlog[:100], minute=1)
    await send(post_sms, device, *backlog[100:200], minute=2)
    clock.advance(seconds=1)  # stored after the 200
    await send(post_sms, device, backlog[200], minute=3)
    # The last one's entry is lost; the 200 before it wait on the stream (no worker runs).
    last_id, _ = (await deps.redis.xrange(deps.keys.sms_stream))[-1]
    await deps.redis.xdel(deps.keys.sms_stream, last_id)
    clock.advance(minutes=2)
    # The first sweep looks at the oldest 200: all still queued, set aside for a while.
    assert await sweeper.consumer.requeue() == 0
    # The next one reaches the lost message behind them.
    assert await sweeper.consumer.requeue() == 1
    assert await stream_of(deps).length() == 201
