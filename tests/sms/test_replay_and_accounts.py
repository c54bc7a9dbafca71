"""The SMS intake under attack (issue 14 sweep): replayed forwarder signatures, and a device of
one account trying to pay another account's sessions.

What "SMS Gateway for Android" signs (android-sms-gateway/docs-web, docs/features/webhooks.md,
"Payload Signing"): `X-Signature` = hex HMAC-SHA256 of the raw body followed by `X-Timestamp`
(Unix seconds); the docs advise receivers to accept timestamps within 5 minutes. The body also
carries the app's event `id`. So a replay is refused outside the window by the timestamp, and
inside it the stored message is recognised as the same one and not stored again.
"""

from __future__ import annotations

from datetime import timedelta

from tests.claims_support import claim_body, open_session, outcome, session_doc
from tests.sms.conftest import bkash_credit, stored_messages
from tests.sms.test_intake import SIGNING_KEY, capcom6_body, sign


async def transactions_of(deps, account_id: str) -> list[dict]:
    return await deps.db["transactions"].find({"account_id": account_id}).to_list(None)


async def test_a_replayed_signed_request_inside_the_window_stores_nothing_new(
    post_sms, make_account, make_device, deps, clock, drain
):
    device = await make_device(await make_account(), signing_key=SIGNING_KEY)
    body = capcom6_body(bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    headers = sign(body, int(clock.now.timestamp()))
    first = await post_sms(raw=body, token=device.token, headers=headers)
    clock.advance(minutes=4)
    replayed = await post_sms(raw=body, token=device.token, headers=headers)
    await drain()
    assert (first.code, first.json()) == (202, {"accepted": 1, "duplicates": 0})
    assert (replayed.code, replayed.json()) == (202, {"accepted": 0, "duplicates": 1})
    assert len(await stored_messages(deps, device.account_id)) == 1
    assert len(await transactions_of(deps, device.account_id)) == 1


async def test_a_replay_outside_the_window_is_refused_even_with_its_valid_signature(
    post_sms, make_account, make_device, deps, clock
):
    device = await make_device(await make_account(), signing_key=SIGNING_KEY)
    body = capcom6_body(bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    headers = sign(body, int(clock.now.timestamp()))
    assert (await post_sms(raw=body, token=device.token, headers=headers)).code == 202
    clock.advance(minutes=5, seconds=1)
    late = await post_sms(raw=body, token=device.token, headers=headers)
    assert (late.code, late.json()["details"]) == (401, ["X-Timestamp is more than 5 minutes away"])


async def test_a_replay_with_a_fresh_timestamp_or_a_reformatted_body_fails_the_signature(
    post_sms, make_account, make_device, deps, clock
):
    device = await make_device(await make_account(), signing_key=SIGNING_KEY)
    body = capcom6_body(bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    headers = sign(body, int(clock.now.timestamp()) - 200)
    fresh_stamp = {**headers, "X-Timestamp": str(int(clock.now.timestamp()))}
    respaced = body.replace(b", ", b",")
    for raw, hdrs in ((body, fresh_stamp), (respaced, headers)):
        reply = await post_sms(raw=raw, token=device.token, headers=hdrs)
        assert (reply.code, reply.json()["details"]) == (401, ["X-Signature does not match"])
    assert await stored_messages(deps, device.account_id) == []


async def test_a_signed_request_replayed_with_another_devices_token_is_refused(
    post_sms, make_account, make_device, deps, clock
):
    mine = await make_device(await make_account(), signing_key=SIGNING_KEY)
    other = await make_device(await make_account(), signing_key="another-device-key-0123")
    body = capcom6_body(bkash_credit("AB12CD34EF", "500.00", "1,500.00"))
    headers = sign(body, int(clock.now.timestamp()))
    assert (await post_sms(raw=body, token=other.token, headers=headers)).code == 401
    assert await stored_messages(deps, other.account_id) == []
    assert await stored_messages(deps, mine.account_id) == []


async def test_a_device_cannot_name_another_account_in_its_body(
    post_sms, make_account, make_device, deps
):
    mine, victim = await make_account(), await make_account()
    device = await make_device(mine)
    text = bkash_credit("AB12CD34EF", "500.00", "1,500.00")
    body = {"sender": "bKash", "message": text, "account_id": victim.id}
    reply = await post_sms(body, token=device.token)
    assert reply.code == 400
    assert reply.json()["details"] == ["account_id: unknown field"]
    assert await stored_messages(deps, victim.id) == []


async def test_a_payment_one_accounts_device_reports_cannot_complete_another_accounts_session(
    post_sms, make_account, make_device, deps, drain, fetch
):
    attacker, victim = await make_account(), await make_account()
    device = await make_device(attacker)
    session_id = await open_session(deps, victim)  # 500 taka, like the SMS below
    text = bkash_credit("AB12CD34EF", "500.00", "1,500.00")
    assert (await post_sms({"sender": "bKash", "message": text}, token=device.token)).code == 202
    await drain()
    [tx] = await transactions_of(deps, attacker.id)
    assert await transactions_of(deps, victim.id) == []
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx["trx_id"]))
    assert (reply.code, reply.json()) == (400, outcome("VERIFICATION_FAILED"))
    assert (await session_doc(deps, session_id))["status"] == "OPEN"


async def test_the_replay_window_is_five_minutes_either_way(
    post_sms, make_account, make_device, clock
):
    device = await make_device(await make_account(), signing_key=SIGNING_KEY)
    body = capcom6_body("Test")
    ahead = sign(body, int((clock.now + timedelta(minutes=5, seconds=1)).timestamp()))
    assert (await post_sms(raw=body, token=device.token, headers=ahead)).code == 401
