"""verify waits for a late SMS (issue 31 §4): with `wait`, a claim whose TrxID has not reached
the account yet waits for it, woken when the SMS is recorded, and proceeds as usual; when the
wait ends first, 202 SMS_NOT_ARRIVED, counted as no failed attempt. Without `wait`, verify is
exactly as before; a bad `wait` is 400 INVALID_WAIT in the claim shape."""

from __future__ import annotations

import asyncio

import pytest

from tests.claims_support import claim_body, new_trx_id, open_session, pay, session_doc

VERIFY = "/api/v1/checkout/verify"
NOT_ARRIVED = {
    "success": False,
    "error": "SMS_NOT_ARRIVED",
    "message": "The wallet's SMS for this TrxID has not reached the merchant yet; try again "
    "shortly.",
}
INVALID_WAIT = {
    "success": False,
    "error": "INVALID_WAIT",
    "message": "wait must be an integer from 0 to 25",
}


@pytest.fixture
async def merchant(make_account):
    return await make_account()


async def until_waiting(deps, count: int = 1) -> None:
    """Until `count` verify calls block on the SMS's wake (each step yields to the server)."""
    sms_wait = deps.services.claims._sms_wait
    for _ in range(2000):
        if sms_wait._waiting >= count:
            return
        await asyncio.sleep(0.005)
    raise AssertionError("verify never started waiting")


async def test_an_sms_recorded_during_the_wait_completes_the_claim(fetch, deps, merchant):
    session_id = await open_session(deps, merchant)
    trx_id = new_trx_id()
    body = {**claim_body(session_id, trx_id), "wait": 25}
    call = asyncio.ensure_future(fetch(VERIFY, json=body, key=merchant.key))
    await until_waiting(deps)
    assert not call.done()
    await pay(deps, merchant, trx_id=trx_id, status="confirmed")
    reply = await call
    assert reply.code == 200, reply.body
    assert (reply.json()["status"], reply.json()["trx_id"]) == ("COMPLETED", trx_id)


async def test_two_calls_waiting_for_one_trx_id_both_wake(fetch, deps, merchant):
    session_id = await open_session(deps, merchant)
    trx_id = new_trx_id()
    body = {**claim_body(session_id, trx_id), "wait": 25}
    calls = [asyncio.ensure_future(fetch(VERIFY, json=body, key=merchant.key)) for _ in range(2)]
    await until_waiting(deps, 2)
    await pay(deps, merchant, trx_id=trx_id, status="confirmed")
    replies = await asyncio.gather(*calls)
    assert [r.code for r in replies] == [200, 200]  # the same claim, answered twice


async def test_when_the_wait_ends_first_the_answer_is_not_arrived_and_counts_nothing(
    fetch, deps, merchant
):
    session_id = await open_session(deps, merchant)
    body = {**claim_body(session_id, new_trx_id()), "wait": 1}
    reply = await fetch(VERIFY, json=body, key=merchant.key)
    assert (reply.code, reply.json()) == (202, NOT_ARRIVED)
    doc = await session_doc(deps, session_id)
    assert (doc["status"], doc.get("failed_attempts", 0)) == ("OPEN", 0)
    assert not doc.get("attempts")  # no claim attempt recorded


async def test_a_transaction_already_there_is_claimed_without_waiting(fetch, deps, merchant):
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="confirmed")
    body = {**claim_body(session_id, tx.trx_id), "wait": 25}
    reply = await fetch(VERIFY, json=body, key=merchant.key)
    assert reply.code == 200 and deps.services.claims._sms_wait._waiting == 0


async def test_a_wrong_amount_after_the_wait_fails_as_verify_always_did(fetch, deps, merchant):
    session_id = await open_session(deps, merchant)
    trx_id = new_trx_id()
    body = {**claim_body(session_id, trx_id), "wait": 25}
    call = asyncio.ensure_future(fetch(VERIFY, json=body, key=merchant.key))
    await until_waiting(deps)
    await pay(deps, merchant, trx_id=trx_id, status="confirmed", amount_poisha=1)
    reply = await call
    assert (reply.code, reply.json()["error"]) == (400, "VERIFICATION_FAILED")


async def test_without_wait_a_missing_sms_fails_at_once_as_before(fetch, deps, merchant):
    session_id = await open_session(deps, merchant)
    for extra in ({}, {"wait": 0}):
        body = {**claim_body(session_id, new_trx_id()), **extra}
        reply = await fetch(VERIFY, json=body, key=merchant.key)
        assert (reply.code, reply.json()["error"]) == (400, "VERIFICATION_FAILED")


@pytest.mark.parametrize("wait", [-1, 26, 2.5, "5", True, None, [3]])
async def test_a_bad_wait_is_refused_in_the_claim_shape(fetch, deps, merchant, wait):
    session_id = await open_session(deps, merchant)
    body = {**claim_body(session_id, new_trx_id()), "wait": wait}
    reply = await fetch(VERIFY, json=body, key=merchant.key)
    assert (reply.code, reply.json()) == (400, INVALID_WAIT)


async def test_the_claim_fields_are_checked_before_wait(fetch, deps, merchant):
    reply = await fetch(VERIFY, json={"wait": 99}, key=merchant.key)
    assert reply.json()["error"] == "Missing required matching fields"
