"""The SMS worker on the embedded stores: parse, record, chain, acknowledge, reclaim, re-queue."""

from __future__ import annotations

from claimsvc.services.sms.work import Tuning
from sms_ingest.consumer import Consumer
from tests.sms.conftest import bkash_credit, send, stored_messages, stream_of


def rescuer_of(deps, sms) -> Consumer:
    """A second consumer that takes over entries pending for any time (another died)."""
    return Consumer(sms.core.work.paced(Tuning(reclaim_idle_ms=0), consumer="rescuer"))


CASH_OUT = (
    "Cash Out Tk 1,000.00 to 01512345678 successful. Fee Tk 18.50. Balance Tk {balance}. "
    "TrxID {trx} at 21/11/2026 13:20"
)


async def transactions(deps, account_id: str) -> dict[str, dict]:
    docs = await deps.db["transactions"].find({"account_id": account_id}).to_list(None)
    return {d["trx_id"]: d for d in docs}


async def test_a_wallet_sms_becomes_a_transaction_and_its_entry_is_acknowledged(
    post_sms, make_account, make_device, deps, drain
):
    device = await make_device(await make_account())
    await send(post_sms, device, bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    assert await drain() >= 1
    [msg] = await stored_messages(deps, device.account_id)
    tx = (await transactions(deps, device.account_id))["AB12CD34EF"]
    assert msg["result"] == "parsed"
    assert msg["transaction_id"] == tx["_id"]
    assert msg["processed_at"] is not None
    assert tx["amount_poisha"] == 50_000
    assert tx["balance_poisha"] == 150_000
    assert tx["received_at"] == msg["received_at"]
    assert tx["status"] == "unconfirmed"  # the first message starts the chain
    assert tx["chain_reason"] == "chain_start"
    assert await stream_of(deps).length() == 0
    assert await stream_of(deps).pending_count() == 0


async def test_otps_forgeries_and_unknown_formats_are_kept_with_their_result(
    post_sms, make_account, make_device, deps, drain
):
    device = await make_device(await make_account())
    await send(post_sms, device, "Your bKash verification code is 123456. Do not share it.")
    await send(
        post_sms, device, bkash_credit("AB12CD34EF", "500.00", "1,500.00"), sender="+8801711223344"
    )
    # An unknown wording that carries a TrxID moved money: kept unparsed for review.
    await send(post_sms, device, "bKash says something new about Tk 50. TrxID AB12CD34XY")
    await drain()
    msgs = await stored_messages(deps, device.account_id)
    assert sorted((m["result"], m["reason"]) for m in msgs) == [
        ("ignored", "otp"),
        ("suspect", "unknown_sender"),
        ("unparsed", "no_pattern"),
    ]
    assert await transactions(deps, device.account_id) == {}


async def test_processing_a_message_twice_has_its_effects_once(
    post_sms, make_account, make_device, deps, sms
):
    device = await make_device(await make_account())
    await send(post_sms, device, bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    [msg] = await stored_messages(deps, device.account_id)
    await sms.pipeline.process(msg["_id"])
    await deps.db["sms_messages"].update_one({"_id": msg["_id"]}, {"$set": {"processed_at": None}})
    await sms.pipeline.process(msg["_id"])
    assert len(await transactions(deps, device.account_id)) == 1
    [wallet] = await deps.db["wallet_balances"].find().to_list(None)
    assert wallet["running"] == 150_000
    assert wallet["version"] == 1


async def test_balances_chain_across_a_cash_out_and_a_forgery_is_flagged_with_its_gap(
    post_sms, make_account, make_device, deps, drain, fetch, clock
):
    merchant = await make_account()
    device = await make_device(merchant)
    anchor = {"provider": "bkash", "device_id": device.id, "balance": 1000}
    reply = await fetch(
        f"/admin/v1/accounts/{merchant.id}/wallet-balances", json=anchor, admin=True, method="PUT"
    )
    assert reply.code == 200, reply.body
    await send(post_sms, device, bkash_credit("FORGED0001", "500.00", "9,500.00"), minute=1)
    await send(post_sms, device, bkash_credit("REAL000001", "500.00", "1,500.00"), minute=2)
    await send(post_sms, device, CASH_OUT.format(balance="481.50", trx="COUT000001"), minute=3)
    clock.advance(minutes=14)
    await send(post_sms, device, bkash_credit("REAL000002", "200.00", "681.50"), minute=14)
    await drain()
    txs = await transactions(deps, merchant.id)
    assert {k: v["status"] for k, v in txs.items()} == {
        "FORGED0001": "suspect",
        "REAL000001": "confirmed",
        "COUT000001": "confirmed",
        "REAL000002": "confirmed",
    }
    listed = await fetch(
        f"/admin/v1/transactions?account_id={merchant.id}&status=suspect", admin=True
    )
    [forged] = listed.json()["items"]
    assert forged["trx_id"] == "FORGED0001"
    assert forged["status_reason"] == "never_chains"
    assert forged["balance_gap"] == 8000  # states 9,500.00 where the chain allows 1,500.00


async def test_a_consumer_killed_before_acknowledging_has_its_message_processed_once_by_another(
    post_sms, make_account, make_device, deps, sms
):
    device = await make_device(await make_account())
    await send(post_sms, device, bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    stream = stream_of(deps)
    await stream.ensure_group()
    taken = await stream.read("doomed", 10, 1)  # read, then the process dies: never acked
    assert len(taken) == 1
    rescuer = rescuer_of(deps, sms)
    assert await rescuer.reclaim() == 1
    assert await rescuer.reclaim() == 0
    assert len(await transactions(deps, device.account_id)) == 1
    assert await stream.pending_count() == 0
    [msg] = await stored_messages(deps, device.account_id)
    assert msg["processed_at"] is not None


async def test_messages_the_stream_lost_are_requeued_and_processed(
    post_sms, make_account, make_device, deps, drain, clock
):
    device = await make_device(await make_account())
    await send(post_sms, device, bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    await deps.redis.delete(deps.keys.sms_stream)  # Redis restarted empty
    await drain()  # the worker recreates the group; nothing is lost yet by its clock
    clock.advance(minutes=2)
    await drain()
    [msg] = await stored_messages(deps, device.account_id)
    assert msg["processed_at"] is not None
    assert "AB12CD34EF" in await transactions(deps, device.account_id)


async def test_a_message_still_on_the_stream_is_not_requeued(
    post_sms, make_account, make_device, deps, sms, clock
):
    device = await make_device(await make_account())
    await send(post_sms, device, bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    clock.advance(minutes=2)
    assert await sms.consumer.requeue() == 0
    assert await stream_of(deps).length() == 1


async def test_a_message_that_keeps_failing_is_given_up_as_unparsed(
    post_sms, make_account, make_device, deps, sms, monkeypatch
):
    device = await make_device(await make_account())
    await send(post_sms, device, bkash_credit("AB12CD34EF", "500.00", "1,500.00"))

    async def broken(msgs: list, concurrency: int = 8) -> None:
        raise RuntimeError("database down")

    # Both ways in (one message by id, a stream batch's messages) end here.
    monkeypatch.setattr(sms.pipeline, "process_many", broken)
    consumer = Consumer(
        sms.core.work.paced(Tuning(reclaim_idle_ms=0, max_deliveries=3), consumer="c")
    )
    await stream_of(deps).ensure_group()
    assert await consumer.tick() == 1  # first delivery fails, stays pending
    for _ in range(3):
        await consumer.reclaim()
    [msg] = await stored_messages(deps, device.account_id)
    assert (msg["result"], msg["reason"]) == ("unparsed", "processing_failed")
    assert await stream_of(deps).pending_count() == 0


async def test_a_failed_transaction_is_not_recorded_and_a_reversal_voids_the_original(
    post_sms, make_account, make_device, deps, drain
):
    device = await make_device(await make_account())
    await send(post_sms, device, bkash_credit("8N7A6B5C4D", "500.00", "1,027.00"), minute=1)
    await send(
        post_sms,
        device,
        "Send Money Tk 5,000.00 to 01312345678 failed. Insufficient "
        "balance. TrxID SNF6G7H8J9 at 22/11/2026 09:10",
        minute=2,
    )
    await send(
        post_sms,
        device,
        "Your received Tk 500.00 from 01712345678 with TrxID 8N7A6B5C4D "
        "has been reversed. Balance Tk 527.00 at 22/11/2026 09:00",
        minute=3,
    )
    await drain()
    txs = await transactions(deps, device.account_id)
    assert set(txs) == {"8N7A6B5C4D"}
    assert (txs["8N7A6B5C4D"]["status"], txs["8N7A6B5C4D"]["chain_reason"]) == (
        "suspect",
        "reversed",
    )
    [wallet] = await deps.db["wallet_balances"].find().to_list(None)
    assert wallet["running"] == 52_700  # the reversal moved the balance and chained


async def test_an_sms_reusing_a_recorded_trx_id_with_other_figures_is_suspect(
    post_sms, make_account, make_device, deps, drain
):
    device = await make_device(await make_account())
    await send(post_sms, device, bkash_credit("AB12CD34EF", "500.00", "1,500.00"), minute=1)
    await send(post_sms, device, bkash_credit("AB12CD34EF", "5,000.00", "6,000.00"), minute=2)
    await drain()
    msgs = sorted(await stored_messages(deps, device.account_id), key=lambda m: m["received_at"])
    assert [(m["result"], m["reason"]) for m in msgs] == [
        ("parsed", None),
        ("suspect", "trx_id_conflict"),
    ]
    assert (await transactions(deps, device.account_id))["AB12CD34EF"]["amount_poisha"] == 50_000


async def test_silent_devices_are_counted_for_the_alert(
    post_sms, make_account, make_device, sms, clock
):
    merchant = await make_account()
    quiet = await make_device(merchant)
    chatty = await make_device(merchant)
    await send(post_sms, quiet, "hello")
    clock.advance(minutes=20)
    await send(post_sms, chatty, "hello again")
    assert await sms.health.refresh() == {"15m": 1, "60m": 0}
    clock.advance(minutes=50)
    assert (await sms.health.refresh())["60m"] == 1


async def test_logs_carry_neither_sms_texts_nor_device_tokens(
    post_sms, make_account, make_device, deps, drain, caplog
):
    device = await make_device(await make_account())
    caplog.set_level("DEBUG")
    await send(post_sms, device, bkash_credit("AB12CD34EF", "500.00", "1,500.00"), minute=1)
    await send(post_sms, device, bkash_credit("AB12CD34EF", "5,000.00", "6,000.00"), minute=2)
    await post_sms({"sender": "bKash"}, token=device.token)
    await drain()
    logged = "\n".join(r.getMessage() + str(getattr(r, "fields", "")) for r in caplog.records)
    assert "You have received" not in logged and "Balance Tk" not in logged
    assert device.token not in logged
    assert "01712345678" not in logged


async def test_a_batch_processed_again_after_a_crash_has_its_effects_once(
    post_sms, make_account, make_device, deps, sms
):
    """The wallet step of a batch landed, the results were never written: the batch again."""
    device = await make_device(await make_account())
    texts = [bkash_credit(f"BATCH0000{i}", "5.00", f"{1_000 + 5 * i:,}.00") for i in range(4)]
    await send(post_sms, device, *texts)
    docs = sorted(await stored_messages(deps, device.account_id), key=lambda m: m["received_at"])
    msgs = [deps.stores.messages.from_doc(m) for m in docs]
    assert set((await sms.pipeline.process_many(msgs)).values()) == {None}
    await deps.db["sms_messages"].update_many({}, {"$set": {"processed_at": None}})
    docs = await stored_messages(deps, device.account_id)
    again = [deps.stores.messages.from_doc(m) for m in docs]
    assert set((await sms.pipeline.process_many(again)).values()) == {None}
    [wallet] = await deps.db["wallet_balances"].find().to_list(None)
    assert wallet["running"] == 101_500
    txs = await transactions(deps, device.account_id)
    assert [txs[f"BATCH0000{i}"]["status"] for i in range(4)] == ["unconfirmed"] + ["confirmed"] * 3


async def test_in_a_batch_a_wallet_that_fails_keeps_its_messages_pending_and_the_others_complete(
    post_sms, make_account, make_device, deps, sms, monkeypatch
):
    # The batch's transactions are one insert, so what fails alone is a wallet's step: its
    # messages stay pending, the other wallets' messages complete.
    merchant = await make_account()
    failing, fine = await make_device(merchant), await make_device(merchant)
    await send(post_sms, failing, bkash_credit("PART000001", "5.00", "1,005.00"))
    texts = [bkash_credit(f"PART00001{i}", "5.00", f"{1_000 + 5 * i:,}.00") for i in range(2)]
    await send(post_sms, fine, *texts)
    save = deps.stores.balances.save

    async def flaky(wallet, *args):
        if wallet.key.device_id == failing.id:
            raise RuntimeError("write concern timed out")
        return await save(wallet, *args)

    monkeypatch.setattr(deps.stores.balances, "save", flaky)
    assert await sms.consumer.tick() == 3
    msgs = await stored_messages(deps, merchant.id)
    done = {m["device_id"]: m["processed_at"] is not None for m in msgs}
    assert done == {failing.id: False, fine.id: True}
    assert await stream_of(deps).pending_count() == 1
    monkeypatch.setattr(deps.stores.balances, "save", save)
    await stream_of(deps).ensure_group()
    consumer = rescuer_of(deps, sms)
    assert await consumer.reclaim() == 1
    assert await stream_of(deps).pending_count() == 0
    txs = await transactions(deps, merchant.id)
    assert sorted(txs) == ["PART000001", "PART000010", "PART000011"]
    assert all(m["processed_at"] for m in await stored_messages(deps, merchant.id))


async def test_a_batch_whose_transaction_insert_fails_stays_pending_and_completes_once(
    post_sms, make_account, make_device, deps, sms, monkeypatch
):
    device = await make_device(await make_account())
    texts = [bkash_credit(f"PART00000{i}", "5.00", f"{1_000 + 5 * i:,}.00") for i in range(3)]
    await send(post_sms, device, *texts)
    insert = deps.stores.transactions.insert_new

    async def failed(docs):
        await insert(docs[:1])  # the command stored one document, then the primary stepped down
        raise RuntimeError("not primary")

    monkeypatch.setattr(deps.stores.transactions, "insert_new", failed)
    assert await sms.consumer.tick() == 3
    assert not any(m["processed_at"] for m in await stored_messages(deps, device.account_id))
    assert await stream_of(deps).pending_count() == 3
    monkeypatch.setattr(deps.stores.transactions, "insert_new", insert)
    consumer = rescuer_of(deps, sms)
    assert await consumer.reclaim() == 3
    assert await stream_of(deps).pending_count() == 0
    txs = await transactions(deps, device.account_id)
    assert len(txs) == 3  # the one stored before the failure is not stored twice
    msgs = await stored_messages(deps, device.account_id)
    assert {m["result"] for m in msgs} == {"parsed"} and all(m["reason"] is None for m in msgs)
    assert sorted(t["status"] for t in txs.values()) == ["confirmed", "confirmed", "unconfirmed"]
