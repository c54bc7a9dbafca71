"""Issue 23, finding 5: times and numbers out of bounds in forwarder requests are client errors
in the intake's shape, never a 500, and nothing of the request is stored."""

from __future__ import annotations

import hashlib
import hmac
import json
from urllib.parse import urlencode

import pytest

from tests.sms.conftest import stored_messages

SIGNING_KEY = "bounds-signing-key-0123"
WINDOW = "between 2000-01-01 and 2100-01-01 UTC"
TIME_PROBLEM = f"must be ISO 8601 or epoch milliseconds, {WINDOW}"


def generic(**more) -> dict:
    return {"sender": "bKash", "message": "hello", **more}


def capcom6(**payload) -> dict:
    return {
        "event": "sms:received",
        "payload": {"phoneNumber": "bKash", "message": "hello", **payload},
    }


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (generic(received_at="0001-01-01T00:00:00"), f"received_at: {TIME_PROBLEM}"),
        (generic(received_at="9999-12-31T23:59:59-12:00"), f"received_at: {TIME_PROBLEM}"),
        (generic(received_at="0001-01-01T00:00:00+14:00"), f"received_at: {TIME_PROBLEM}"),
        (generic(received_at="1999-12-31T23:59:59Z"), f"received_at: {TIME_PROBLEM}"),
        (generic(received_at="2100-01-01T06:00:00+06:00"), f"received_at: {TIME_PROBLEM}"),
        (generic(received_at="9" * 5000), f"received_at: {TIME_PROBLEM}"),
        (generic(received_at=9 * 10**30), f"received_at: {TIME_PROBLEM}"),
        (
            generic(
                received_at="\u0661\u0667\u0669\u0665\u0662\u0664\u0660\u0668\u0660\u0660\u0660\u0660\u0660"
            ),
            f"received_at: {TIME_PROBLEM}",
        ),
        (generic(received_at="x" * 5000), f"received_at: {TIME_PROBLEM}"),
        (generic(sim_slot=2**64), "sim_slot: must be an integer from 0 to 16"),
        ({"from": "bKash", "text": "hello", "sentStamp": "9" * 400}, f"sentStamp: {TIME_PROBLEM}"),
        (capcom6(receivedAt="0001-01-01T00:00:00Z"), f"payload.receivedAt: {TIME_PROBLEM}"),
        (
            capcom6(receivedAt="0001-01-01T00:00:00.000+06:00"),
            f"payload.receivedAt: {TIME_PROBLEM}",
        ),
    ],
)
async def test_a_time_or_number_out_of_bounds_is_a_400_and_nothing_is_stored(
    post_sms, make_account, make_device, deps, body, problem
):
    device = await make_device(await make_account())
    reply = await post_sms(body, token=device.token)
    assert (reply.code, reply.json()) == (
        400,
        {"error": "Invalid request body", "details": [problem]},
    )
    assert await stored_messages(deps, device.account_id) == []


@pytest.mark.parametrize(
    "body",
    [
        {"from": "bKash", "text": "hello", "sim": "9" * 25},
        {"from": "bKash", "text": "hello", "sim": "9" * 5000},
        {"from": "bKash", "text": "hello", "sim": "sim" + "9" * 25},
        {"from": "bKash", "text": "hello", "sim": "\u0662"},
        capcom6(simNumber="9" * 25),
        capcom6(simNumber=9 * 10**24),
        capcom6(simNumber=-1),
    ],
)
async def test_a_sim_slot_no_phone_has_is_an_unknown_slot(
    post_sms, make_account, make_device, deps, body
):
    """As a number out of 0 to 16 always was: the SMS is kept, its slot unknown."""
    device = await make_device(await make_account())
    reply = await post_sms(body, token=device.token)
    assert reply.code == 202, reply.body
    [msg] = await stored_messages(deps, device.account_id)
    assert msg["sim_slot"] is None


@pytest.mark.parametrize(
    "stamp", ["9" * 400, "9" * 20, "+1795240800", "-1795240800", "1_795_240_800"]
)
async def test_a_signed_request_with_an_impossible_timestamp_is_refused_as_unsigned(
    post_sms, make_account, make_device, deps, stamp
):
    """The HMAC is right for the timestamp given: only the timestamp's bound refuses it."""
    device = await make_device(await make_account(), signing_key=SIGNING_KEY)
    body = json.dumps(generic()).encode()
    mac = hmac.new(SIGNING_KEY.encode(), body + stamp.encode(), hashlib.sha256).hexdigest()
    reply = await post_sms(
        raw=body, token=device.token, headers={"X-Signature": mac, "X-Timestamp": stamp}
    )
    assert (reply.code, reply.json()) == (
        401,
        {"error": "Invalid signature", "details": ["X-Timestamp must be Unix seconds"]},
    )
    assert await stored_messages(deps, device.account_id) == []


@pytest.mark.parametrize("moment", ["0001-01-01 00:00:00", "9999-12-31 23:59:59"])
async def test_an_sms_forwarder_envelope_dated_out_of_bounds_is_a_400(
    post_sms, make_account, make_device, deps, moment
):
    device = await make_device(await make_account())
    content = f"bKash\nhello there\nSIM1_\n{moment}\nShop phone"
    reply = await post_sms(
        raw=urlencode({"from": "bKash", "content": content}).encode(),
        token=device.token,
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert (reply.code, reply.json()) == (
        400,
        {
            "error": "Invalid request body",
            "details": [f"content: the receive time in the app's envelope must be {WINDOW}"],
        },
    )
    assert await stored_messages(deps, device.account_id) == []
