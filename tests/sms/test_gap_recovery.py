"""A missed SMS does not stall a wallet for good: through the SMS worker and the real pipeline,
a run after the gap confirms and completes the claims waiting on it, once; a forgery placed
right after the gap completes nothing."""

from __future__ import annotations

from tests.claims_support import session_doc
from tests.sms.conftest import (
    anchored_merchant,
    bkash_credit,
    claim,
    events_of,
    open_session,
    send,
)


async def statuses(fetch, merchant) -> dict[str, tuple[str, str | None, float | None]]:
    listed = await fetch(f"/admin/v1/transactions?account_id={merchant.id}", admin=True)
    return {
        t["trx_id"]: (t["status"], t["status_reason"], t["balance_gap"])
        for t in listed.json()["items"]
    }


async def send_run(post_sms, device, clock, drain, trx_ids: tuple[str, str, str]) -> None:
    """Three genuine credits after a lost 200.00 one (500, 100, 100 from 1,000.00), the last
    received 12 minutes after the first; then the worker runs."""
    first, second, third = trx_ids
    await send(post_sms, device, bkash_credit(first, "500.00", "1,700.00"), minute=2)
    await send(post_sms, device, bkash_credit(second, "100.00", "1,800.00"), minute=4)
    clock.advance(minutes=14)
    await send(post_sms, device, bkash_credit(third, "100.00", "1,900.00"), minute=14)
    await drain()


async def test_a_gap_then_a_run_of_genuine_sms_completes_the_waiting_claims_once_each(
    fetch, make_account, make_device, post_sms, drain, deps, clock
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    first = await open_session(fetch, merchant, 300, "order-gap-1")
    second = await open_session(fetch, merchant, 400, "order-gap-2")
    # A credit of 200.00 at minute 1 never reaches us (the forwarder app was killed).
    await send(post_sms, device, bkash_credit("RUNSTART01", "500.00", "1,700.00"), minute=2)
    await send(post_sms, device, bkash_credit("BUYERPAY01", "300.00", "2,000.00"), minute=4)
    await send(post_sms, device, bkash_credit("BUYERPAY02", "400.00", "2,400.00"), minute=6)
    await drain()
    assert (await claim(fetch, merchant, first, "BUYERPAY01")).code == 202
    assert (await claim(fetch, merchant, second, "BUYERPAY02")).code == 202

    clock.advance(minutes=12)
    await send(post_sms, device, bkash_credit("LATERPAY01", "100.00", "2,500.00"), minute=14)
    await drain()

    assert await statuses(fetch, merchant) == {
        "RUNSTART01": ("unconfirmed", "gap_start", 200),  # the unexplained 200.00, flagged
        "BUYERPAY01": ("confirmed", "chained_after_gap", None),
        "BUYERPAY02": ("confirmed", "chained_after_gap", None),
        "LATERPAY01": ("confirmed", "chained_after_gap", None),
    }
    for session_id in (first, second):
        assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
        assert await events_of(deps, session_id) == ["COMPLETED"]
    # Repeats change nothing: the claim answers the same, the worker finds nothing new.
    assert (await claim(fetch, merchant, first, "BUYERPAY01")).code == 200
    await drain()
    assert await events_of(deps, first) == ["COMPLETED"]
    [wallet] = await deps.db["wallet_balances"].find().to_list(None)
    assert wallet["running"] == 250_000
    assert [(g["before"], g["after"]) for g in wallet["gaps"]] == [(100_000, 120_000)]


async def test_the_run_start_confirms_when_the_missed_sms_turns_up_late(
    fetch, make_account, make_device, post_sms, drain, deps, clock
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    session_id = await open_session(fetch, merchant, 500, "order-gap-3")
    await send_run(post_sms, device, clock, drain, ("RUNSTART02", "FOLLOWS001", "FOLLOWS002"))
    assert (await claim(fetch, merchant, session_id, "RUNSTART02")).code == 202
    assert (await statuses(fetch, merchant))["RUNSTART02"][:2] == ("unconfirmed", "gap_start")
    assert (await session_doc(deps, session_id))["status"] == "OPEN"

    # The forwarder retries the lost SMS: it bridges the gap exactly.
    await send(post_sms, device, bkash_credit("MISSED0001", "200.00", "1,200.00"), minute=1)
    await drain()
    found = await statuses(fetch, merchant)
    assert found["MISSED0001"] == ("confirmed", "chained", None)
    assert found["RUNSTART02"] == ("confirmed", "gap_filled", None)  # explained now
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    assert await events_of(deps, session_id) == ["COMPLETED"]


async def test_a_forged_sms_right_after_a_gap_starts_no_run_and_completes_no_claim(
    fetch, make_account, make_device, post_sms, drain, deps, clock
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    session_id = await open_session(fetch, merchant, 500, "order-gap-4")
    # Sent with the real sender id; the forger had to guess the balance.
    await send(post_sms, device, bkash_credit("FORGEDGAP1", "500.00", "6,500.00"), minute=1)
    await drain()
    assert (await claim(fetch, merchant, session_id, "FORGEDGAP1")).code == 202
    await send_run(post_sms, device, clock, drain, ("GENUINE001", "GENUINE002", "GENUINE003"))
    found = await statuses(fetch, merchant)
    assert found["FORGEDGAP1"][0] == "held"  # inside the gap: never confirmed by the run
    assert found["GENUINE001"][:2] == ("unconfirmed", "gap_start")
    assert found["GENUINE002"][0] == found["GENUINE003"][0] == "confirmed"
    session = await session_doc(deps, session_id)
    assert session["status"] == "OPEN"
    assert session["pending_claim"]["trx_id"] == "FORGEDGAP1"
    assert await events_of(deps, session_id) == []


async def test_a_merchant_can_turn_recovery_off_per_wallet_and_an_anchor_forgets_gaps(
    fetch, make_account, make_device, post_sms, drain, deps, clock
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    await send_run(post_sms, device, clock, drain, ("RECOVERS01", "RECOVERS02", "RECOVERS03"))
    [wallet] = await deps.db["wallet_balances"].find().to_list(None)
    assert len(wallet["gaps"]) == 1

    path = f"/admin/v1/accounts/{merchant.id}/wallet-balances"
    body = {"provider": "bkash", "device_id": device.id, "balance": 1900, "gap_recovery": False}
    reply = await fetch(path, json=body, admin=True, method="PUT")
    assert (reply.code, reply.json()["gap_recovery"]) == (200, False)
    await drain()
    [wallet] = await deps.db["wallet_balances"].find().to_list(None)
    assert wallet["gaps"] == [] and wallet["gap_recovery"] is False

    # Another missed SMS (a credit of 100.00), then a run: it stays held, nothing re-anchors.
    clock.advance(minutes=10)
    for minute, (trx, balance) in enumerate(
        [("NORUN00001", "2,100.00"), ("NORUN00002", "2,200.00"), ("NORUN00003", "2,300.00")]
    ):
        clock.advance(minutes=6)
        await send(post_sms, device, bkash_credit(trx, "100.00", balance), minute=30 + 6 * minute)
    await drain()
    found = await statuses(fetch, merchant)
    assert {found[t][0] for t in ("NORUN00001", "NORUN00002", "NORUN00003")} == {"held"}
    # The setting stays when the next anchor leaves it out.
    body = {"provider": "bkash", "device_id": device.id, "balance": 2000}
    reply = await fetch(path, json=body, admin=True, method="PUT")
    assert reply.json()["gap_recovery"] is False
    assert (
        await fetch(path, json={**body, "gap_recovery": "no"}, admin=True, method="PUT")
    ).code == 400
