"""The hosted page's arrival check (POST /checkout/{id}/arrival): its answers, what it does
not reveal, its limits, and that it counts no failed attempt while submit stays as it was."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from claimsvc.domain import arrival
from claimsvc.settings import Settings
from tests.claims_support import (
    AMOUNT,
    claim_body,
    invalid,
    new_trx_id,
    open_session,
    outcome,
    pay,
    session_doc,
)
from tests.conftest import Merchant, Reply, make_settings

# The TrxID lookup is a new query: it also runs on the real wire (SecantusDB).
pytestmark = pytest.mark.wire

WAIT, SUBMIT = {"next": "wait"}, {"next": "submit"}


@pytest.fixture
def settings() -> Settings:
    # Each test's buyer gets a client address of its own (X-Forwarded-For).
    return make_settings(trusted_proxy_hops=1, submit_rate_per_ip=40)


@pytest.fixture
async def merchant(make_account: Any) -> Merchant:
    return await make_account()


@pytest.fixture
def check(fetch: Any) -> Any:
    """check(session_id, trx_id, provider="bkash", address=..., body=...) -> Reply."""

    async def _check(
        session_id: str,
        trx_id: str = "",
        provider: str = "bkash",
        address: str = "10.0.0.1",
        body: Any = None,
    ) -> Reply:
        sent = {"trxId": trx_id, "provider": provider} if body is None else body
        headers = {"X-Forwarded-For": address}
        return await fetch(f"/checkout/{session_id}/arrival", json=sent, headers=headers)

    return _check


async def test_a_trxid_whose_sms_has_not_arrived_is_answered_wait(deps, merchant, check):
    sid = await open_session(deps, merchant)
    reply = await check(sid, new_trx_id())
    assert (reply.code, reply.json()) == (200, WAIT)
    assert reply.headers["Cache-Control"] == "no-store"


async def test_once_the_sms_is_recorded_the_same_trxid_is_answered_submit(deps, merchant, check):
    sid = await open_session(deps, merchant)
    trx = new_trx_id()
    assert (await check(sid, trx.lower())).json() == WAIT
    await pay(deps, merchant, trx_id=trx)
    assert (await check(sid, trx.lower())).json() == SUBMIT


async def test_the_answer_is_the_same_whether_the_amount_matches_or_not(deps, merchant, check):
    sid = await open_session(deps, merchant)
    right, short = new_trx_id(), new_trx_id()
    await pay(deps, merchant, trx_id=right)
    await pay(deps, merchant, trx_id=short, amount_poisha=AMOUNT - 100)
    assert (await check(sid, right)).body == (await check(sid, short)).body


async def test_a_payment_of_another_wallet_is_named_and_nothing_is_counted(
    deps, merchant, check, fetch
):
    # The buyer paid with Nagad and left bKash chosen: the page names Nagad before any submit.
    sid = await open_session(deps, merchant)
    trx = new_trx_id()
    await pay(deps, merchant, trx_id=trx, provider="nagad")
    before = await session_doc(deps, sid)
    assert (await check(sid, trx, provider="bkash")).json() == {
        "next": "switch",
        "provider": "nagad",
    }
    assert (await check(sid, trx, provider="nagad")).json() == SUBMIT
    assert await session_doc(deps, sid) == before  # no attempt counted, nothing recorded
    done = await fetch("/api/v1/checkout/submit", json=claim_body(sid, trx, provider="nagad"))
    assert (done.code, done.json()["status"]) == (200, "COMPLETED")


@pytest.mark.parametrize(
    ("direction", "minutes_before"),
    [
        ("debit", 0),  # the shop's own money out is never named
        ("credit", 30),  # received long before the checkout: it could not pay it
    ],
)
async def test_a_transaction_of_another_wallet_that_cannot_pay_is_not_named(
    deps, merchant, check, direction, minutes_before
):
    trx = new_trx_id()
    when = deps.clock() - timedelta(minutes=minutes_before)
    await pay(deps, merchant, trx_id=trx, provider="nagad", direction=direction, received_at=when)
    sid = await open_session(deps, merchant)
    assert (await check(sid, trx, provider="bkash")).json() == SUBMIT


async def test_another_accounts_payment_of_another_wallet_is_never_named(
    deps, merchant, make_account, check
):
    other = await make_account()
    trx = new_trx_id()
    await pay(deps, other, trx_id=trx, provider="nagad")
    sid = await open_session(deps, merchant)
    assert (await check(sid, trx, provider="bkash")).json() == WAIT


async def test_another_accounts_transaction_is_never_seen(deps, merchant, make_account, check):
    other = await make_account()
    trx = new_trx_id()
    await pay(deps, other, trx_id=trx)
    sid = await open_session(deps, merchant)
    assert (await check(sid, trx)).json() == WAIT


@pytest.mark.parametrize("end", ["completed", "cancelled", "expired", "pending"])
async def test_a_session_that_takes_no_new_claim_is_answered_submit(
    deps, make_account, check, fetch, clock, end
):
    merchant = await make_account(balance_verification=end == "pending")
    sid = await open_session(deps, merchant)
    if end in ("completed", "pending"):
        paid = await pay(deps, merchant)
        body = claim_body(sid, paid.trx_id)
        assert (await fetch("/api/v1/checkout/submit", json=body)).code in (200, 202)
    elif end == "cancelled":
        assert (await fetch("/api/v1/checkout/cancel", json={"sessionId": sid})).code == 200
    else:
        clock.advance(minutes=31)
    assert (await check(sid, new_trx_id())).json() == SUBMIT


async def test_checks_count_no_failed_attempt_and_change_nothing(deps, merchant, check):
    sid = await open_session(deps, merchant)
    before = await session_doc(deps, sid)
    trx = new_trx_id()
    for _ in range(10):
        assert (await check(sid, trx)).json() == WAIT
    assert await session_doc(deps, sid) == before


async def test_submit_is_unchanged_a_no_match_counts_one_attempt(deps, merchant, check, fetch):
    sid = await open_session(deps, merchant)
    trx = new_trx_id()
    for _ in range(3):
        await check(sid, trx)
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(sid, trx))
    assert (reply.code, reply.json()) == (400, outcome("VERIFICATION_FAILED"))
    assert (await session_doc(deps, sid))["failed_attempts"] == 1


async def test_past_the_cap_of_trxids_a_session_gets_submit_without_a_lookup(deps, merchant, check):
    sid = await open_session(deps, merchant)
    asked = [new_trx_id() for _ in range(arrival.TRX_IDS_PER_SESSION)]
    for trx in asked:
        assert (await check(sid, trx)).json() == WAIT
    # A further TrxID learns nothing, whether its SMS is there or not.
    late = new_trx_id()
    await pay(deps, merchant, trx_id=late)
    assert (await check(sid, new_trx_id())).json() == SUBMIT
    assert (await check(sid, late)).json() == SUBMIT
    # The TrxIDs asked before keep their answers, and the cap is per session.
    assert (await check(sid, asked[0])).json() == WAIT
    other = await open_session(deps, merchant)
    assert (await check(other, new_trx_id())).json() == WAIT


async def test_a_session_is_limited_per_minute(deps, merchant, check, clock):
    sid = await open_session(deps, merchant)
    trx = new_trx_id()
    for i in range(arrival.CHECKS_PER_MINUTE_PER_SESSION):
        # From several addresses: the session's own limit applies to all of them together.
        assert (await check(sid, trx, address=f"10.0.1.{i}")).code == 200
    refused = await check(sid, trx, address="10.0.2.1")
    assert refused.code == 429
    assert refused.json() == {
        "success": False,
        "error": "RATE_LIMITED",
        "message": "Too many requests. Wait a minute and retry with backoff.",
    }
    assert int(refused.headers["Retry-After"]) >= 1
    clock.advance(minutes=2)
    assert (await check(sid, trx)).code == 200


async def test_a_client_address_is_limited_over_sessions(deps, merchant, check):
    # settings: 40 a minute per address; each session stays under its own 20.
    sessions = [await open_session(deps, merchant) for _ in range(3)]
    codes = [(await check(sid, "AAAAAA11")).code for sid in sessions for _ in range(14)]
    assert codes.count(200) == 40
    assert codes[-1] == 429


async def test_unknown_session_is_not_found_and_limited_per_address(check):
    missing = "00000000-0000-4000-8000-000000000000"
    reply = await check(missing, "AAAAAA11")
    assert (reply.code, reply.json()) == (404, outcome("NOT_FOUND"))
    codes = [(await check(missing, "AAAAAA11")).code for _ in range(40)]
    assert codes[-1] == 429


@pytest.mark.parametrize(
    ("session", "body", "status", "error"),
    [
        ("not-a-uuid", {"trxId": "AAAAAA11", "provider": "bkash"}, 404, "Invalid checkout session"),
        (None, {"trxId": "AA", "provider": "bkash"}, 400, "Invalid trxId format"),
        (None, {"trxId": "AAAAAA11", "provider": "paypal"}, 400, "Invalid provider"),
        (None, {"trxId": "AAAAAA11"}, 400, "Missing required matching fields"),
        (None, ["AAAAAA11"], 400, "Missing required matching fields"),
    ],
)
async def test_bad_bodies_get_the_claim_validation_errors(
    deps, merchant, check, session, body, status, error
):
    sid = session or await open_session(deps, merchant)
    reply = await check(sid, body=body)
    assert (reply.code, reply.json()) == (status, invalid(error))


async def test_invalid_json_is_refused_in_the_claim_shape(deps, merchant, fetch):
    sid = await open_session(deps, merchant)
    reply = await fetch(f"/checkout/{sid}/arrival", body=b"{nope", method="POST")
    assert reply.code == 400
    assert reply.json()["success"] is False
