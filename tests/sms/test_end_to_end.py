"""From the buyer's claim to the merchant's webhook event, with the SMS as the only proof."""

from __future__ import annotations

import pytest

from tests.claims_support import session_doc
from tests.conftest import initialize_body
from tests.sms.conftest import bkash_credit, events_of, send

# The store, race, crash and outbox paths also run on the real wire (SecantusDB).
pytestmark = pytest.mark.wire

PENDING = {
    "success": False,
    "error": "PENDING_VERIFICATION",
    "message": "Payment found; the merchant is confirming it.",
}


async def open_checkout(fetch, make_account, make_device, anchor_balance: int | None = None):
    """A balance-verifying merchant with one bKash phone (its wallet anchored at
    `anchor_balance` taka when given) and an open Tk 500 session: (merchant, device, session id)."""
    merchant = await make_account(balance_verification=True)
    device = await make_device(merchant)
    if anchor_balance is not None:
        anchor = {"provider": "bkash", "device_id": device.id, "balance": anchor_balance}
        reply = await fetch(
            f"/admin/v1/accounts/{merchant.id}/wallet-balances",
            json=anchor,
            admin=True,
            method="PUT",
        )
        assert reply.code == 200, reply.body
    opened = await fetch(
        "/api/v1/checkout/initialize", json=initialize_body(amount=500), key=merchant.key
    )
    return merchant, device, opened.json()["session_id"]


async def pending_claim(fetch, make_account, make_device, post_sms, drain):
    """A Tk 500 claim pending on its payment, which an earlier Tk 200 credit not yet received
    keeps from chaining: (merchant, device, session id, the claim body)."""
    merchant, device, session_id = await open_checkout(
        fetch, make_account, make_device, anchor_balance=1000
    )
    await send(post_sms, device, bkash_credit("PAYB8X2K4Q", "500.00", "1,700.00"), minute=2)
    await drain()
    claim = {"sessionId": session_id, "trxId": "payb8x2k4q", "provider": "bkash"}
    pending = await fetch("/api/v1/checkout/verify", json=claim, key=merchant.key)
    assert (pending.code, pending.json()) == (202, PENDING)
    return merchant, device, session_id, claim


async def test_a_pending_claim_completes_when_the_sms_that_fills_the_chain_arrives(
    fetch, make_account, make_device, post_sms, drain, deps
):
    # The buyer's payment arrives, but an earlier credit of 200.00 has not reached us yet.
    merchant, device, session_id, claim = await pending_claim(
        fetch, make_account, make_device, post_sms, drain
    )
    assert await events_of(deps, session_id) == []

    # The missing SMS arrives: the chain closes, the payment is confirmed, the claim completes.
    await send(post_sms, device, bkash_credit("EARLY00001", "200.00", "1,200.00"), minute=1)
    await drain()
    session = await session_doc(deps, session_id)
    assert session["status"] == "COMPLETED"
    assert await events_of(deps, session_id) == ["COMPLETED"]

    again = await fetch("/api/v1/checkout/verify", json=claim, key=merchant.key)
    assert again.code == 200
    assert again.json()["status"] == "COMPLETED"
    await drain()
    assert len(await events_of(deps, session_id)) == 1


async def test_a_crash_after_the_wallet_step_leaves_the_confirmation_to_the_sweep(
    fetch, make_account, make_device, post_sms, drain, deps, sms, monkeypatch
):
    """The wallet stored its verdicts; writing them to the transactions (one bulk write) failed:
    the verdicts wait on the wallet, and the sweep applies them and completes the claim once."""
    _, device, session_id, _ = await pending_claim(
        fetch, make_account, make_device, post_sms, drain
    )
    chain = deps.stores.transactions
    write = chain.chain_verdict

    async def lost(*args):
        raise ConnectionError("the bulk write never came back")

    monkeypatch.setattr(chain, "chain_verdict", lost)
    await send(post_sms, device, bkash_credit("EARLY00001", "200.00", "1,200.00"), minute=1)
    await sms.consumer.tick()
    assert (await deps.stores.sessions.get(session_id)).status == "OPEN"
    [wallet] = await deps.db["wallet_balances"].find().to_list(None)
    assert {v["status"] for v in wallet["pending"]} == {"confirmed"}

    monkeypatch.setattr(chain, "chain_verdict", write)
    assert await sms.wallets.sweep() == 1
    assert (await deps.stores.sessions.get(session_id)).status == "COMPLETED"
    [wallet] = await deps.db["wallet_balances"].find().to_list(None)
    assert wallet["pending"] == []
    assert await sms.wallets.sweep() == 0
    await drain()  # the message itself, pending, is reclaimed later: nothing happens twice
    assert await events_of(deps, session_id) == ["COMPLETED"]


async def test_a_forged_sms_never_completes_a_pending_claim(
    fetch, make_account, make_device, post_sms, drain, deps, clock
):
    merchant, device, session_id = await open_checkout(
        fetch, make_account, make_device, anchor_balance=1000
    )
    # A forger's copy: plausible amount, a balance it had to guess.
    await send(post_sms, device, bkash_credit("FAKE7Q2W9E", "500.00", "2,500.00"), minute=1)
    await drain()
    claim = {"sessionId": session_id, "trxId": "FAKE7Q2W9E", "provider": "bkash"}
    assert (await fetch("/api/v1/checkout/verify", json=claim, key=merchant.key)).code == 202
    clock.advance(minutes=15)
    await send(post_sms, device, bkash_credit("REAL5T6Y7U", "100.00", "1,100.00"), minute=15)
    await drain()
    session = await session_doc(deps, session_id)
    assert session["status"] == "OPEN"
    tx = await deps.db["transactions"].find_one({"trx_id": "FAKE7Q2W9E"})
    assert (tx["status"], tx["chain_gap_poisha"]) == ("suspect", 100_000)
    assert await events_of(deps, session_id) == []


async def test_a_claim_pending_on_a_forgery_is_released_and_the_buyer_may_pay_again(
    fetch, make_account, make_device, post_sms, drain, deps, clock
):
    _, device, session_id = await open_checkout(
        fetch, make_account, make_device, anchor_balance=1000
    )
    await send(post_sms, device, bkash_credit("FAKE7Q2W9E", "500.00", "2,500.00"), minute=1)
    await drain()
    forged = {"sessionId": session_id, "trxId": "FAKE7Q2W9E", "provider": "bkash"}
    assert (await fetch("/api/v1/checkout/submit", json=forged)).code == 202
    clock.advance(minutes=15)
    await send(post_sms, device, bkash_credit("REAL5T6Y7U", "100.00", "1,100.00"), minute=15)
    await drain()  # the chain moved past the forgery: suspect, and the claim no longer waits
    read = (await fetch(f"/api/v1/checkout/session/{session_id}")).json()
    assert (read["status"], read["pending"], read["pending_claim"]) == ("OPEN", False, None)
    again = await fetch("/api/v1/checkout/submit", json=forged)
    assert (again.code, again.json()["error"]) == (400, "VERIFICATION_FAILED")
    await send(post_sms, device, bkash_credit("GENU1N3PAY", "500.00", "1,600.00"), minute=16)
    await drain()
    paid = {"sessionId": session_id, "trxId": "GENU1N3PAY", "provider": "bkash"}
    reply = await fetch("/api/v1/checkout/submit", json=paid)
    assert (reply.code, reply.json()["trx_id"]) == (200, "GENU1N3PAY")
    assert await events_of(deps, session_id) == ["COMPLETED"]


async def test_a_claim_pending_on_a_reversed_payment_is_released(
    fetch, make_account, make_device, post_sms, drain, deps
):
    _, device, session_id = await open_checkout(fetch, make_account, make_device)
    # No anchor: the first SMS starts the chain and is not confirmed by it.
    await send(post_sms, device, bkash_credit("8N7A6B5C4D", "500.00", "1,027.00"), minute=1)
    await drain()
    claim = {"sessionId": session_id, "trxId": "8N7A6B5C4D", "provider": "bkash"}
    assert (await fetch("/api/v1/checkout/submit", json=claim)).code == 202
    reversal = (
        "Your received Tk 500.00 from 01712345678 with TrxID 8N7A6B5C4D "
        "has been reversed. Balance Tk 527.00 at 22/11/2026 09:00"
    )
    await send(post_sms, device, reversal, minute=3)
    await drain()
    session = await session_doc(deps, session_id)
    assert (session["status"], session["pending_claim"]) == ("OPEN", None)
    assert await events_of(deps, session_id) == []


async def test_a_merchant_confirming_by_hand_completes_the_pending_claim_once(
    fetch, make_account, make_device, post_sms, drain, deps
):
    merchant, device, session_id = await open_checkout(fetch, make_account, make_device)
    # No anchor: the first SMS starts the chain and cannot be confirmed by it.
    await send(post_sms, device, bkash_credit("FIRST9K2M4", "500.00", "3,500.00"), minute=1)
    await drain()
    claim = {"sessionId": session_id, "trxId": "FIRST9K2M4", "provider": "bkash"}
    assert (await fetch("/api/v1/checkout/verify", json=claim, key=merchant.key)).code == 202
    tx = await deps.db["transactions"].find_one({"trx_id": "FIRST9K2M4"})
    for _ in range(2):
        reply = await fetch(
            f"/admin/v1/transactions/{tx['_id']}/confirm", method="POST", admin=True
        )
        assert reply.code == 200
        assert reply.json()["session_status"] == "COMPLETED"
    assert await events_of(deps, session_id) == ["COMPLETED"]
