"""POST /sms/v1/messages: every accepted body form, de-duplication, and every refusal."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import UTC, datetime, timedelta

from tests.sms.conftest import bkash_credit, stored_messages, stream_of

SIGNING_KEY = "capcom6-signing-key-0123"
TIME_PROBLEM = "must be ISO 8601 or epoch milliseconds, between 2000-01-01 and 2100-01-01 UTC"


def generic(text: str, **more) -> dict:
    return {"sender": "bKash", "message": text, "received_at": "2026-11-21T11:55:00+06:00", **more}


def capcom6_body(text: str, event: str = "sms:received") -> bytes:
    body = {
        "deviceId": "ffffffffceb0b1db0000018e937c815b",
        "event": event,
        "id": "Ey6ECgOkVVFjz3CL48B8C",
        "payload": {
            "messageId": "abc123",
            "message": text,
            "phoneNumber": "bKash",
            "simNumber": 2,
            "receivedAt": "2026-11-21T11:58:30.000+06:00",
        },
        "webhookId": "LreFUt-Z3sSq0JufY9uWB",
    }
    return json.dumps(body).encode()


def sign(body: bytes, timestamp: int, key: str = SIGNING_KEY) -> dict[str, str]:
    """The capcom6 signature: hex HMAC-SHA256 over the raw body then X-Timestamp."""
    mac = hmac.new(key.encode(), body + str(timestamp).encode(), hashlib.sha256).hexdigest()
    return {"X-Signature": mac, "X-Timestamp": str(timestamp)}


async def test_a_generic_message_is_stored_and_queued_before_the_202(
    post_sms, make_account, make_device, deps
):
    merchant = await make_account()
    device = await make_device(merchant)
    reply = await post_sms(
        generic(bkash_credit("AB12CD34EF", "500.00", "1,500.00")), token=device.token
    )
    assert reply.code == 202
    assert reply.json() == {"accepted": 1, "duplicates": 0}
    [msg] = await stored_messages(deps, merchant.id)
    assert msg["device_id"] == device.id
    assert msg["form"] == "generic"
    assert msg["received_at"] == datetime(2026, 11, 21, 5, 55, tzinfo=UTC)
    assert msg["received_at_source"] == "device"
    assert await stream_of(deps).lost([msg["_id"]]) == set()  # queued: on the stream


async def test_received_at_may_be_epoch_milliseconds(post_sms, make_account, make_device, deps):
    device = await make_device(await make_account())
    millis = int(datetime(2026, 11, 21, 5, 50, tzinfo=UTC).timestamp() * 1000)
    reply = await post_sms(generic("hello", received_at=millis), token=device.token)
    assert reply.code == 202
    [msg] = await stored_messages(deps, device.account_id)
    assert msg["received_at"] == datetime(2026, 11, 21, 5, 50, tzinfo=UTC)


async def test_a_message_without_a_time_or_with_a_clock_far_ahead_gets_the_intake_time(
    post_sms, make_account, make_device, deps, clock
):
    device = await make_device(await make_account())
    ahead = (clock.now + timedelta(hours=3)).isoformat()
    body = [{"sender": "bKash", "message": "one"}, generic("two", received_at=ahead)]
    assert (await post_sms(body, token=device.token)).code == 202
    msgs = {m["text"]: m for m in await stored_messages(deps, device.account_id)}
    assert msgs["one"]["received_at"] == clock.now
    assert msgs["one"]["received_at_source"] == "intake"
    assert msgs["two"]["received_at"] == clock.now
    assert msgs["two"]["received_at_source"] == "intake_clock_ahead"


async def test_a_batch_stores_every_message(post_sms, make_account, make_device, deps):
    device = await make_device(await make_account())
    batch = [
        generic(bkash_credit(f"TRX00000{i}", "10.00", f"{i}0.00"), sim_slot=1) for i in range(3)
    ]
    reply = await post_sms(batch, token=device.token)
    assert reply.json() == {"accepted": 3, "duplicates": 0}
    msgs = await stored_messages(deps, device.account_id)
    assert len(msgs) == 3
    assert {m["sim_slot"] for m in msgs} == {1}


async def test_the_same_sms_posted_twice_is_stored_once(post_sms, make_account, make_device, deps):
    device = await make_device(await make_account())
    text = bkash_credit("AB12CD34EF", "500.00", "1,500.00")
    first = await post_sms(generic(text), token=device.token)
    again = await post_sms(generic(text), token=device.token)
    assert first.json() == {"accepted": 1, "duplicates": 0}
    assert again.json() == {"accepted": 0, "duplicates": 1}
    assert len(await stored_messages(deps, device.account_id)) == 1


async def test_the_same_sms_from_two_apps_with_other_line_breaks_and_times_is_stored_once(
    post_sms, make_account, make_device, deps
):
    device = await make_device(await make_account())
    text = "You have received Tk 500.00 from 01712345678.\nBalance Tk 1,500.00.\nTrxID AB12CD34EF"
    await post_sms(generic(text), token=device.token)
    retold = {
        "from": "bKash",
        "text": text.replace("\n", "\r\n\r\n"),
        "sentStamp": 1795237200000,
        "receivedStamp": 1795237201000,
        "sim": "sim1",
    }
    reply = await post_sms(retold, token=device.token)
    assert reply.json() == {"accepted": 0, "duplicates": 1}
    batch = await post_sms([generic(text), generic(text)], token=device.token)
    assert batch.json() == {"accepted": 0, "duplicates": 2}
    assert len(await stored_messages(deps, device.account_id)) == 1


async def test_a_signed_sms_gateway_for_android_webhook_is_accepted(
    post_sms, make_account, make_device, deps, clock
):
    device = await make_device(await make_account(), signing_key=SIGNING_KEY)
    body = capcom6_body(bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    headers = sign(body, int(clock.now.timestamp()))
    reply = await post_sms(raw=body, token=device.token, headers=headers)
    assert reply.code == 202, reply.body
    [msg] = await stored_messages(deps, device.account_id)
    assert msg["form"] == "sms_gateway_android"
    assert msg["sender"] == "bKash"
    assert msg["sim_slot"] == 2
    assert msg["received_at"] == datetime(2026, 11, 21, 5, 58, 30, tzinfo=UTC)


async def test_a_tampered_signed_webhook_is_refused_and_nothing_is_stored(
    post_sms, make_account, make_device, deps, clock
):
    device = await make_device(await make_account(), signing_key=SIGNING_KEY)
    body = capcom6_body(bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    headers = sign(body, int(clock.now.timestamp()))
    tampered = body.replace(b"500.00", b"900.00")
    reply = await post_sms(raw=tampered, token=device.token, headers=headers)
    assert reply.code == 401
    assert reply.json() == {"error": "Invalid signature", "details": ["X-Signature does not match"]}
    wrong_key = sign(body, int(clock.now.timestamp()), key="someone-elses-key")
    assert (await post_sms(raw=body, token=device.token, headers=wrong_key)).code == 401
    assert await stored_messages(deps, device.account_id) == []


async def test_a_signed_webhook_older_than_five_minutes_is_refused(
    post_sms, make_account, make_device, deps, clock
):
    device = await make_device(await make_account(), signing_key=SIGNING_KEY)
    body = capcom6_body("Test")
    old = sign(body, int((clock.now - timedelta(minutes=5, seconds=1)).timestamp()))
    reply = await post_sms(raw=body, token=device.token, headers=old)
    assert reply.code == 401
    assert reply.json()["details"] == ["X-Timestamp is more than 5 minutes away"]
    recent = sign(body, int((clock.now - timedelta(minutes=4)).timestamp()))
    assert (await post_sms(raw=body, token=device.token, headers=recent)).code == 202


async def test_a_device_with_a_signing_key_refuses_unsigned_requests(
    post_sms, make_account, make_device
):
    device = await make_device(await make_account(), signing_key=SIGNING_KEY)
    reply = await post_sms(generic("hello"), token=device.token)
    assert reply.code == 401
    assert reply.json()["details"] == ["missing X-Signature or X-Timestamp"]


async def test_a_ping_event_only_updates_the_device_last_seen_time(
    post_sms, make_account, make_device, deps, fetch
):
    device = await make_device(await make_account())
    ping = {"event": "system:ping", "payload": {"health": {"status": "pass"}}, "deviceId": "x"}
    reply = await post_sms(ping, token=device.token)
    assert reply.json() == {"accepted": 0, "duplicates": 0}
    assert await stored_messages(deps, device.account_id) == []
    listed = await fetch(f"/admin/v1/devices?account_id={device.account_id}", admin=True)
    assert listed.json()["items"][0]["last_seen_at"] == "2026-11-21T06:00:00Z"


async def test_an_incoming_sms_to_url_forwarder_request_is_accepted_with_stamps_as_strings(
    post_sms, make_account, make_device, deps
):
    device = await make_device(await make_account())
    as_numbers = {
        "from": "NAGAD",
        "text": "one",
        "sentStamp": 1795237200000,
        "receivedStamp": 1795237201000,
        "sim": "sim2",
    }
    as_strings = {
        "from": "NAGAD",
        "text": "two",
        "sentStamp": "1795237200000",
        "receivedStamp": "1795237202000",
        "sim": "undetected",
    }
    for body in (as_numbers, as_strings):
        assert (await post_sms(body, token=device.token)).code == 202
    msgs = {m["text"]: m for m in await stored_messages(deps, device.account_id)}
    assert msgs["one"]["form"] == "incoming_sms_to_url"
    assert msgs["one"]["sim_slot"] == 2
    assert msgs["one"]["received_at"] == datetime.fromtimestamp(1795237201, UTC)
    assert msgs["two"]["sim_slot"] is None
    assert msgs["two"]["received_at"] == datetime.fromtimestamp(1795237202, UTC)


async def test_the_token_may_come_as_a_query_parameter(post_sms, make_account, make_device):
    device = await make_device(await make_account())
    reply = await post_sms(generic("hello"), query_token=device.token)
    assert reply.code == 202


async def test_a_wrong_missing_or_revoked_token_is_refused(
    post_sms, make_account, make_device, deps
):
    device = await make_device(await make_account())
    assert (await post_sms(generic("hello"), token="dev_not-a-real-token")).code == 401
    assert (await post_sms(generic("hello"))).code == 401
    await deps.services.devices.revoke(device.id)
    reply = await post_sms(generic("hello"), token=device.token)
    assert reply.code == 401
    assert reply.json() == {"error": "Unauthorized"}
    assert await stored_messages(deps, device.account_id) == []


async def test_bad_bodies_are_refused_with_their_reasons(post_sms, make_account, make_device):
    device = await make_device(await make_account())
    cases = {
        b"not json": ["Invalid JSON body", None],
        json.dumps({"message": "x"}).encode(): [
            "Invalid request body",
            ["sender: must be a non-empty string"],
        ],
        json.dumps(generic("x", received_at="yesterday")).encode(): [
            "Invalid request body",
            [f"received_at: {TIME_PROBLEM}"],
        ],
        json.dumps(generic("x", recieved_at=1)).encode(): [
            "Invalid request body",
            ["recieved_at: unknown field"],
        ],
        json.dumps(generic("x", received_at=1795237200)).encode(): [
            "Invalid request body",
            [f"received_at: {TIME_PROBLEM}"],
        ],
        json.dumps([]).encode(): [
            "Invalid request body",
            ["body: a batch holds 1 to 100 messages, got 0"],
        ],
        json.dumps([generic("x")] * 101).encode(): [
            "Invalid request body",
            ["body: a batch holds 1 to 100 messages, got 101"],
        ],
        json.dumps({"event": "sms:received"}).encode(): [
            "Invalid request body",
            ["payload: must be an object"],
        ],
        json.dumps({"hello": 1}).encode(): ["Invalid request body", None],
    }
    for raw, (error, details) in cases.items():
        reply = await post_sms(raw=raw, token=device.token)
        assert reply.code == 400, raw
        assert reply.json()["error"] == error
        if details is not None:
            assert reply.json()["details"] == details, raw


async def test_a_batch_with_one_bad_message_stores_none_of_it(
    post_sms, make_account, make_device, deps
):
    device = await make_device(await make_account())
    batch = [generic("good one"), {"sender": "bKash"}, generic("good two", sim_slot="1")]
    reply = await post_sms(batch, token=device.token)
    assert reply.code == 400
    assert reply.json()["details"] == [
        "[1].message: must be a non-empty string",
        "[2].sim_slot: must be an integer from 0 to 16",
    ]
    assert await stored_messages(deps, device.account_id) == []


async def test_a_batch_with_a_lone_surrogate_is_refused_and_none_of_it_is_stored(
    post_sms, make_account, make_device, deps
):
    # A lone surrogate decodes from JSON but can be neither hashed nor stored as UTF-8.
    device = await make_device(await make_account())
    good = json.dumps(generic("good one"))
    bad = '{"sender": "bKash", "message": "half \\ud800 a pair"}'
    reply = await post_sms(raw=f"[{good}, {bad}]".encode(), token=device.token)
    assert (reply.code, reply.json()["error"]) == (400, "Invalid JSON body")
    assert await stored_messages(deps, device.account_id) == []


async def test_an_oversize_body_is_refused_with_413(post_sms, make_account, make_device, deps):
    device = await make_device(await make_account())
    big = [generic("x" * 4000, sim_slot=i % 16) for i in range(20)]
    reply = await post_sms(big, token=device.token)
    assert reply.code == 413
    assert await stored_messages(deps, device.account_id) == []
