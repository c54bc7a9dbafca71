"""The "SMS Forwarder" app (pppscn/SmsForwarder) posting to /sms/v1/messages as it does by default:
a URL-encoded form `from`, `content` (the SMS in the app's envelope), `timestamp`, `sign`."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from urllib.parse import quote, urlencode

from tests.claims_support import session_doc
from tests.sms.conftest import bkash_credit, events_of, stored_messages
from tests.sms.test_end_to_end import open_checkout

FORM = {"content-type": "application/x-www-form-urlencoded"}
SECRET = "forwarder-secret-9"
# The clock's now (2026-11-21 06:00 UTC) in milliseconds, and its sign for SECRET, computed apart
# from our code: printf '1795240800000\nforwarder-secret-9' | openssl dgst -sha256
#   -hmac forwarder-secret-9 -binary | base64
STAMP, SIGN = "1795240800000", "MwfhE65LkiNn/fzNjql0MAqA94u58nPYv+7E3DE/wa8="


def wrapped(text: str, sender: str = "bKash") -> str:
    """`text` in the app's default envelope: received on SIM 2 at 12:01:30 in Dhaka, a minute
    and a half after the test clock's now (a wallet anchored now takes only later SMS)."""
    return f"{sender}\n{text}\nSIM2_\nSubId\uff1a2\n2026-11-21 12:01:30\nShop Redmi"


def form(text: str, sender: str = "bKash", signed: bool = False, **more: str) -> bytes:
    """The body the app posts: its sign is URL-encoded once by the app, then by the form."""
    fields = {"from": sender, "content": wrapped(text, sender), "timestamp": STAMP}
    if signed:
        fields["sign"] = quote(SIGN, safe="")
    return urlencode({**fields, **more}).encode()


async def test_the_default_form_stores_the_sms_alone_with_its_receive_time_and_slot(
    post_sms, make_account, make_device, deps
):
    device = await make_device(await make_account())
    text = bkash_credit("AB12CD34EF", "500.00", "1,500.00")
    reply = await post_sms(raw=form(text), query_token=device.token, headers=FORM)
    assert (reply.code, reply.json()) == (202, {"accepted": 1, "duplicates": 0})
    [msg] = await stored_messages(deps, device.account_id)
    assert (msg["form"], msg["sender"], msg["text"]) == ("sms_forwarder", "bKash", text)
    assert msg["sim_slot"] == 2
    assert msg["received_at"] == datetime(2026, 11, 21, 6, 1, 30, tzinfo=UTC)
    assert msg["received_at_source"] == "device"


async def test_the_same_sms_from_this_app_and_another_is_stored_once(
    post_sms, make_account, make_device, deps
):
    device = await make_device(await make_account())
    text = bkash_credit("AB12CD34EF", "500.00", "1,500.00")
    generic = {"sender": "bKash", "message": text}
    assert (await post_sms(generic, token=device.token)).json()["accepted"] == 1
    again = await post_sms(raw=form(text), token=device.token, headers=FORM)
    assert again.json() == {"accepted": 0, "duplicates": 1}
    assert len(await stored_messages(deps, device.account_id)) == 1


async def test_the_same_fields_as_json_are_read_the_same_way(
    post_sms, make_account, make_device, deps
):
    device = await make_device(await make_account())
    text = bkash_credit("AB12CD34EF", "500.00", "1,500.00")
    body = {"from": "bKash", "content": wrapped(text), "timestamp": int(STAMP)}
    assert (await post_sms(body, token=device.token)).code == 202
    [msg] = await stored_messages(deps, device.account_id)
    assert (msg["form"], msg["text"], msg["sim_slot"]) == ("sms_forwarder", text, 2)


async def test_a_device_with_a_signing_key_takes_the_form_only_with_its_sign(
    post_sms, make_account, make_device, deps
):
    device = await make_device(await make_account(), signing_key=SECRET)
    text = bkash_credit("AB12CD34EF", "500.00", "1,500.00")
    refusals = {
        form(text): "missing sign or timestamp",
        form(text, sign=quote(SIGN.replace("M", "N", 1), safe="")): "sign does not match",
        form(text, signed=True, timestamp="1795240499000"): "timestamp is more than 5 minutes away",
    }
    for body, problem in refusals.items():
        reply = await post_sms(raw=body, token=device.token, headers=FORM)
        assert reply.code == 401, problem
        assert reply.json() == {"error": "Invalid signature", "details": [problem]}
    assert await stored_messages(deps, device.account_id) == []
    good = await post_sms(raw=form(text, signed=True), token=device.token, headers=FORM)
    assert good.code == 202
    assert len(await stored_messages(deps, device.account_id)) == 1


async def test_bad_forms_are_refused_with_their_reasons_and_store_nothing(
    post_sms, make_account, make_device, deps
):
    device = await make_device(await make_account())
    cases = {
        urlencode({"from": "bKash"}).encode(): ["content: must be a non-empty string"],
        urlencode({"content": "x", "form": "bKash"}).encode(): [
            "form: unknown field",
            "from: must be a non-empty string",
        ],
        b"from=bKash&from=NAGAD&content=x": ["from: given more than once"],
        b"from=bKash&content=%ED%A0%80": ["body: must be a URL-encoded form in UTF-8"],
        b"from=bKash&content=%FF": ["body: must be a URL-encoded form in UTF-8"],
        b"from=bKash&content": ["body: must be a URL-encoded form in UTF-8"],
        urlencode({"from": "bKash", "content": "bKash\n "}).encode(): [
            "content: holds no SMS text"
        ],
        urlencode({"from": "b" * 65, "content": "x"}).encode(): [
            "from: must be at most 64 characters"
        ],
    }
    for raw, details in cases.items():
        reply = await post_sms(raw=raw, token=device.token, headers=FORM)
        assert reply.code == 400, raw
        assert reply.json() == {"error": "Invalid request body", "details": details}, raw
    bad_json = {"from": "bKash", "content": "x", "sign": 5}
    reply = await post_sms(bad_json, token=device.token)
    assert reply.json()["details"] == ["sign: must be a string"]
    assert await stored_messages(deps, device.account_id) == []


async def test_a_payment_forwarded_by_this_app_completes_its_claim_with_one_webhook(
    fetch, make_account, make_device, post_sms, drain, deps
):
    merchant, device, session_id = await open_checkout(fetch, make_account, make_device)
    # The envelope names the SIM (2): the balance chain is that SIM's wallet, anchored at 1,000.
    anchor = {"provider": "bkash", "device_id": device.id, "sim_slot": 2, "balance": 1000}
    path = f"/admin/v1/accounts/{merchant.id}/wallet-balances"
    assert (await fetch(path, json=anchor, admin=True, method="PUT")).code == 200
    text = bkash_credit("PAYB8X2K4Q", "500.00", "1,500.00")
    reply = await post_sms(raw=form(text), query_token=device.token, headers=FORM)
    assert reply.code == 202
    await drain()
    claim = {"sessionId": session_id, "trxId": "payb8x2k4q", "provider": "bkash"}
    verified = await fetch("/api/v1/checkout/verify", json=claim, key=merchant.key)
    assert verified.code == 200, verified.body
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    await drain()
    assert await events_of(deps, session_id) == ["COMPLETED"]


async def test_a_form_body_is_not_read_as_json_nor_json_as_a_form(
    post_sms, make_account, make_device
):
    device = await make_device(await make_account())
    as_json = json.dumps({"sender": "bKash", "message": "x"}).encode()
    reply = await post_sms(raw=as_json, token=device.token, headers=FORM)
    assert reply.json()["details"] == ["body: must be a URL-encoded form in UTF-8"]
    reply = await post_sms(raw=form("x"), token=device.token)
    assert (reply.code, reply.json()["error"]) == (400, "Invalid JSON body")
