"""The admin API of SMS proof: devices, anchors, transactions, messages, manual confirmation."""

from __future__ import annotations

from tests.sms.conftest import bkash_credit, send


async def test_a_device_token_is_shown_once_and_stored_only_as_a_hash(fetch, make_account, deps):
    merchant = await make_account()
    reply = await fetch(
        f"/admin/v1/accounts/{merchant.id}/devices",
        json={"name": "Shop phone", "signing_key": "k" * 16},
        admin=True,
    )
    assert reply.code == 201
    created = reply.json()
    assert set(created) == {"id", "token", "name"}
    assert created["token"].startswith("dev_")
    doc = await deps.db["devices"].find_one({"_id": created["id"]})
    assert created["token"] not in str(doc.values())
    listed = await fetch(f"/admin/v1/devices?account_id={merchant.id}", admin=True)
    [item] = listed.json()["items"]
    assert item["has_signing_key"] is True
    assert item["last_seen_at"] is None
    assert "token" not in item and "signing_key" not in item
    assert created["token"] not in listed.body.decode()
    assert listed.json()["next_cursor"] is None


async def test_devices_are_listed_newest_first_page_by_page(
    fetch, make_account, make_device, clock
):
    merchant = await make_account()
    ids = []
    for _ in range(5):
        ids.append((await make_device(merchant)).id)
        clock.advance(seconds=1)
    first = (await fetch(f"/admin/v1/devices?account_id={merchant.id}&limit=3", admin=True)).json()
    assert [d["id"] for d in first["items"]] == ids[::-1][:3]
    cursor = first["next_cursor"]
    second = await fetch(
        f"/admin/v1/devices?account_id={merchant.id}&limit=3&cursor={cursor}", admin=True
    )
    assert [d["id"] for d in second.json()["items"]] == ids[::-1][3:]
    assert second.json()["next_cursor"] is None


async def test_revoking_a_device_stops_its_token(fetch, make_account, make_device, post_sms):
    device = await make_device(await make_account())
    reply = await fetch(f"/admin/v1/devices/{device.id}/revoke", method="POST", admin=True)
    assert reply.code == 200
    assert reply.json()["revoked_at"] == "2026-11-21T06:00:00Z"
    body = {"sender": "bKash", "message": "hi"}
    assert (await post_sms(body, token=device.token)).code == 401


async def test_admin_sms_routes_need_the_admin_token_and_name_unknown_ids(fetch, make_account):
    merchant = await make_account()
    assert (await fetch("/admin/v1/devices")).code == 401
    assert (await fetch("/admin/v1/messages", headers={"Authorization": "Bearer x"})).code == 401
    unknown = await fetch("/admin/v1/accounts/acc_nope/devices", json={"name": "x"}, admin=True)
    assert (unknown.code, unknown.json()) == (404, {"error": "Not found"})
    assert (await fetch("/admin/v1/devices/dev_nope/revoke", method="POST", admin=True)).code == 404
    confirm = await fetch("/admin/v1/transactions/trx_nope/confirm", method="POST", admin=True)
    assert confirm.code == 404
    bad = await fetch(f"/admin/v1/accounts/{merchant.id}/devices", json={"name": ""}, admin=True)
    assert bad.code == 400
    assert bad.json()["error"] == "Invalid request body"


async def test_bad_listing_queries_and_anchors_are_refused_with_reasons(
    fetch, make_account, make_device
):
    merchant = await make_account()
    other = await make_device(await make_account())
    listing = await fetch("/admin/v1/transactions?status=pending&limit=0", admin=True)
    assert listing.code == 400
    assert listing.json()["details"] == [
        "limit: must be an integer from 1 to 200",
        "status: must be one of confirmed, unconfirmed, held, suspect",
    ]
    assert (await fetch("/admin/v1/messages?cursor=zzz", admin=True)).code == 400
    path = f"/admin/v1/accounts/{merchant.id}/wallet-balances"
    cases = [
        (
            {"provider": "bkash", "device_id": other.id, "balance": 10},
            ["device_id: not a device of this account"],
        ),
        ({"provider": "paypal", "device_id": other.id, "balance": "10"}, None),
        ({"provider": "bkash", "device_id": other.id, "balance": 10.123}, None),
    ]
    for body, details in cases:
        reply = await fetch(path, json=body, admin=True, method="PUT")
        assert reply.code == 400, body
        if details:
            assert reply.json()["details"] == details


async def test_an_anchor_settles_held_messages_and_a_merchant_can_confirm_by_hand(
    fetch, make_account, make_device, post_sms, drain, clock
):
    merchant = await make_account()
    device = await make_device(merchant)
    await send(post_sms, device, bkash_credit("START00001", "100.00", "1,100.00"), minute=1)
    await send(post_sms, device, bkash_credit("GAPPED0001", "500.00", "2,000.00"), minute=2)
    await drain()
    held = await fetch(f"/admin/v1/transactions?account_id={merchant.id}&status=held", admin=True)
    [gapped] = held.json()["items"]
    assert gapped["trx_id"] == "GAPPED0001"
    assert gapped["balance_gap"] == 400  # a 400.00 credit between them never arrived
    clock.advance(minutes=10)  # the merchant reads the wallet's balance later
    anchor = {"provider": "bkash", "device_id": device.id, "balance": 2000, "sim_slot": None}
    reply = await fetch(
        f"/admin/v1/accounts/{merchant.id}/wallet-balances", json=anchor, admin=True, method="PUT"
    )
    assert reply.json()["balance"] == 2000
    await drain()
    after = await fetch(f"/admin/v1/transactions?account_id={merchant.id}", admin=True)
    statuses = {t["trx_id"]: (t["status"], t["status_reason"]) for t in after.json()["items"]}
    assert statuses["GAPPED0001"] == ("unconfirmed", "before_anchor")
    confirmed = await fetch(
        f"/admin/v1/transactions/{gapped['id']}/confirm", method="POST", admin=True
    )
    assert confirmed.code == 200
    assert (confirmed.json()["status"], confirmed.json()["confirmed_by"]) == (
        "confirmed",
        "merchant",
    )


async def test_messages_are_listed_with_their_result_and_transaction(
    fetch, make_account, make_device, post_sms, drain, clock
):
    merchant = await make_account()
    device = await make_device(merchant)
    await send(post_sms, device, bkash_credit("AB12CD34EF", "500.00", "1,500.00"), minute=1)
    clock.advance(seconds=1)
    await send(post_sms, device, "Your bKash verification code is 123456.", minute=2)
    await drain()
    listed = await fetch(f"/admin/v1/messages?account_id={merchant.id}", admin=True)
    items = listed.json()["items"]
    assert [m["result"] for m in items] == ["ignored", "parsed"]  # newest first
    assert items[1]["transaction_id"].startswith("trx_")
    only = await fetch(f"/admin/v1/messages?account_id={merchant.id}&result=ignored", admin=True)
    assert [m["reason"] for m in only.json()["items"]] == ["otp"]
