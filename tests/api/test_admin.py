"""The admin API: accounts, keys and platform settings behind the admin token."""

import hashlib

import pytest
from tornado.httpclient import AsyncHTTPClient
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from claimsvc.api.app import make_app
from claimsvc.bootstrap import open_deps
from tests.conftest import ADMIN_TOKEN, initialize_body, make_settings

ACCOUNTS = "/admin/v1/accounts"
FEE_PLACES = "{}: must be zero or more, with at most 2 decimal places"
INIT = "/api/v1/checkout/initialize"
FULL = {
    "name": "Rahim Traders",
    "allowed_hosts": ["shop.example.com", "*.rahim.example"],
    "status": "pending_kyc",
    "callback_secret": "whsec-rahim-0123456789",
    "balance_verification": True,
    "daily_limit": 500,
    "rate_limit_per_minute": 60,
    "max_failed_attempts": 3,
    "phone_quiet_minutes": 15,
    "fee_due": 120.5,
    "fee_limit": 1000,
    "archived": False,
    "wallets": [{"provider": "nagad", "number": "01800000002", "kind": "merchant"}],
}


async def create(fetch, **fields):
    reply = await fetch(ACCOUNTS, json={"name": "Shop", **fields}, admin=True)
    assert reply.code == 201, reply.body
    return reply.json()


async def test_an_account_is_created_with_every_field_and_no_secret(fetch):
    reply = await fetch(ACCOUNTS, json=FULL, admin=True)
    assert reply.code == 201
    account = reply.json()
    assert account["id"].startswith("acc_")
    assert account["created_at"] == account["updated_at"] == "2026-11-21T06:00:00Z"
    expected = {k: v for k, v in FULL.items() if k != "callback_secret"}
    assert {k: account[k] for k in expected} == expected
    assert account["has_callback_secret"] is True
    assert b"whsec-rahim" not in reply.body
    assert set(account) == {*expected, "id", "has_callback_secret", "created_at", "updated_at"}


async def test_an_account_created_with_a_test_callback_secret_keeps_it_and_never_shows_it(
    fetch, deps
):
    reply = await fetch(
        ACCOUNTS, json={"name": "Shop", "test_callback_secret": "whsec-test-0123456789"}, admin=True
    )
    assert reply.code == 201, reply.body
    assert b"whsec-test" not in reply.body
    stored = await deps.services.admin.get_account(reply.json()["id"])
    assert stored.test_callback_secret == "whsec-test-0123456789"
    made = await create(fetch)
    assert (await deps.services.admin.get_account(made["id"])).test_callback_secret


async def test_a_new_account_gets_the_contracts_defaults(fetch):
    account = await create(fetch)
    assert {k: v for k, v in account.items() if k not in ("id", "created_at", "updated_at")} == {
        "name": "Shop",
        "allowed_hosts": [],
        "status": "active",
        "has_callback_secret": False,
        "balance_verification": False,
        "daily_limit": None,
        "rate_limit_per_minute": 120,
        "max_failed_attempts": 5,
        "phone_quiet_minutes": 60,
        "fee_due": 0,
        "fee_limit": None,
        "archived": False,
        "wallets": [],
    }


async def test_get_answers_what_create_answered(fetch, clock):
    clock.now = clock.now.replace(microsecond=123_456)
    account = await create(fetch, allowed_hosts=["shop.example.com"])
    reply = await fetch(f"{ACCOUNTS}/{account['id']}", admin=True)
    assert (reply.code, reply.json()) == (200, account)


PATCHES = [
    ("name", "Renamed"),
    ("allowed_hosts", ["new.example.com"]),
    ("status", "suspended"),
    ("balance_verification", True),
    ("daily_limit", 10),
    ("daily_limit", None),
    ("rate_limit_per_minute", 5),
    ("max_failed_attempts", 9),
    ("phone_quiet_minutes", 10),
    ("phone_quiet_minutes", 1440),
    ("fee_due", 0.01),
    ("fee_limit", 99.99),
    ("fee_limit", None),
    ("archived", True),
    ("wallets", [{"provider": "bkash", "number": "+8801700000001", "kind": "agent"}]),
]


@pytest.mark.parametrize(("field", "value"), PATCHES, ids=[f"{f}={v}" for f, v in PATCHES])
async def test_patch_changes_one_field_and_leaves_the_rest(fetch, clock, field, value):
    account = await create(fetch, daily_limit=3, fee_limit=5)
    clock.advance(minutes=1)
    reply = await fetch(
        f"{ACCOUNTS}/{account['id']}", method="PATCH", json={field: value}, admin=True
    )
    assert reply.code == 200
    assert reply.json() == {**account, field: value, "updated_at": "2026-11-21T06:01:00Z"}
    assert (await fetch(f"{ACCOUNTS}/{account['id']}", admin=True)).json() == reply.json()


async def test_patch_sets_and_clears_the_callback_secret_without_showing_it(fetch):
    account = await create(fetch)
    path = f"{ACCOUNTS}/{account['id']}"
    reply = await fetch(path, method="PATCH", json={"callback_secret": "s" * 16}, admin=True)
    assert reply.json()["has_callback_secret"] is True and b"s" * 16 not in reply.body
    reply = await fetch(path, method="PATCH", json={"callback_secret": None}, admin=True)
    assert reply.json()["has_callback_secret"] is False


BAD_BODIES = [
    ({}, "name: Missing data for required field."),
    ({"name": ""}, "name: Length must be between 1 and 200."),
    ({"name": "S", "status": "closed"}, "status: Must be one of: active, pending_kyc, suspended."),
    (
        {"name": "S", "allowed_hosts": ["https://shop.example.com"]},
        "allowed_hosts.0: must be a host name such as shop.example.com or *.example.com",
    ),
    (
        {"name": "S", "callback_secret": "short"},
        "callback_secret: Length must be between 16 and 256.",
    ),
    ({"name": "S", "balance_verification": "yes"}, "balance_verification: must be true or false"),
    ({"name": "S", "daily_limit": -1}, "daily_limit: must be at least 0"),
    ({"name": "S", "rate_limit_per_minute": 0}, "rate_limit_per_minute: must be at least 1"),
    ({"name": "S", "max_failed_attempts": 2.5}, "max_failed_attempts: must be an integer"),
    ({"name": "S", "phone_quiet_minutes": 9}, "phone_quiet_minutes: must be at least 10"),
    ({"name": "S", "phone_quiet_minutes": 1441}, "phone_quiet_minutes: must be at most 1440"),
    ({"name": "S", "phone_quiet_minutes": "15"}, "phone_quiet_minutes: must be an integer"),
    ({"name": "S", "phone_quiet_minutes": 15.5}, "phone_quiet_minutes: must be an integer"),
    ({"name": "S", "fee_due": "10"}, "fee_due: must be a JSON number"),
    (
        {"name": "S", "fee_limit": 1.001},
        FEE_PLACES.format("fee_limit"),
    ),
    ({"name": "S", "fee_due": 10**30}, "fee_due: must be at most 100000000000"),
    ({"name": "S", "daily_limit": 2**63}, "daily_limit: must be at most 9223372036854775807"),
    ({"name": "S", "archived": 1}, "archived: must be true or false"),
    (
        {"name": "S", "wallets": [{"provider": "paypal", "number": "017000000", "kind": "agent"}]},
        "wallets.0.provider: Must be one of: bkash, nagad, rocket, upay, cellfin.",
    ),
    ({"name": "S", "owner": "me"}, "owner: Unknown field."),
]


@pytest.mark.parametrize(("body", "reason"), BAD_BODIES, ids=[r for _, r in BAD_BODIES])
async def test_a_bad_account_body_is_400_with_its_reason(fetch, deps, body, reason):
    reply = await fetch(ACCOUNTS, json=body, admin=True)
    assert (reply.code, reply.json()) == (
        400,
        {"error": "Invalid request body", "details": [reason]},
    )
    assert await deps.db["accounts"].count_documents({}) == 0


@pytest.mark.parametrize(
    ("number", "reason"),
    [
        ("1e999999", "fee_due: must be at most 100000000000"),
        ("1.00000000000000000000000000000001", FEE_PLACES.format("fee_due")),
    ],
)
async def test_a_fee_beyond_the_decimal_context_is_400(fetch, deps, number, reason):
    reply = await fetch(ACCOUNTS, body=f'{{"name": "S", "fee_due": {number}}}', admin=True)
    assert (reply.code, reply.json()) == (
        400,
        {"error": "Invalid request body", "details": [reason]},
    )
    assert await deps.db["accounts"].count_documents({}) == 0


async def test_a_bad_patch_changes_nothing(fetch):
    account = await create(fetch)
    path = f"{ACCOUNTS}/{account['id']}"
    reply = await fetch(path, method="PATCH", json={"status": "gone", "name": "X"}, admin=True)
    assert reply.code == 400
    assert (await fetch(path, admin=True)).json() == account


async def test_a_body_that_is_not_json_is_invalid_json(fetch):
    reply = await fetch(ACCOUNTS, body="{", admin=True)
    assert (reply.code, reply.json()) == (400, {"error": "Invalid JSON body"})


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/accounts/acc_nope"),
        ("PATCH", "/accounts/acc_nope"),
        ("POST", "/accounts/acc_nope/keys"),
        ("POST", "/keys/key_nope/revoke"),
    ],
)
async def test_unknown_ids_are_not_found(fetch, method, path):
    body = "{}" if method != "GET" else None
    reply = await fetch("/admin/v1" + path, method=method, body=body, admin=True)
    assert (reply.code, reply.json()) == (404, {"error": "Not found"})


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer wrong"},
        {"Authorization": ADMIN_TOKEN},
        {"Authorization": f"Basic {ADMIN_TOKEN}"},
        {"x-api-key": ADMIN_TOKEN},
    ],
    ids=["none", "wrong-token", "no-scheme", "basic", "api-key-header"],
)
async def test_calls_without_the_admin_token_are_unauthorized(fetch, deps, headers):
    for method, path, body in [
        ("POST", ACCOUNTS, '{"name": "S"}'),
        ("GET", "/admin/v1/platform", None),
        ("PUT", "/admin/v1/platform", '{"maintenance": true}'),
    ]:
        reply = await fetch(path, method=method, body=body, headers=headers)
        assert (reply.code, reply.json()) == (401, {"error": "Unauthorized"})
    assert await deps.db["accounts"].count_documents({}) == 0
    assert (await deps.services.admin.set_platform({})).maintenance is False


async def test_without_an_admin_token_configured_the_admin_api_does_not_exist(clock):
    deps = await open_deps(make_settings(admin_token=None), clock)
    sock, port = bind_unused_port()
    server = HTTPServer(make_app(deps))
    server.add_sockets([sock])
    try:
        client = AsyncHTTPClient()
        for headers in ({}, {"Authorization": "Bearer "}, {"Authorization": "Bearer None"}):
            reply = await client.fetch(
                f"http://127.0.0.1:{port}{ACCOUNTS}",
                method="POST",
                body='{"name": "S"}',
                headers=headers,
                raise_error=False,
            )
            assert (reply.code, reply.body) == (404, b'{"error":"Not found"}')
    finally:
        server.stop()
        await server.close_all_connections()
        await deps.close()


# Keys --------------------------------------------------------------------------------------------


async def test_a_minted_key_is_shown_once_and_stored_only_as_its_hash(fetch, deps):
    account = await create(fetch, allowed_hosts=["shop.example.com"])
    reply = await fetch(f"{ACCOUNTS}/{account['id']}/keys", json={"label": "shop"}, admin=True)
    assert reply.code == 201
    minted = reply.json()
    assert set(minted) == {"id", "key", "prefix", "created_at"}
    assert minted["key"].startswith(minted["prefix"]) and len(minted["prefix"]) < 16
    assert minted["created_at"] == "2026-11-21T06:00:00Z"
    stored = await deps.db["api_keys"].find({}).to_list(None)
    assert minted["key"] not in repr(stored)
    assert [d["key_hash"] for d in stored] == [hashlib.sha256(minted["key"].encode()).hexdigest()]
    again = await fetch(f"{ACCOUNTS}/{account['id']}", admin=True)
    assert minted["key"].encode() not in again.body
    opened = await fetch(INIT, json=initialize_body(), key=minted["key"])
    assert opened.code == 201


async def test_keys_are_minted_for_accounts_in_any_state(fetch):
    account = await create(fetch, status="suspended", allowed_hosts=["shop.example.com"])
    minted = await fetch(f"{ACCOUNTS}/{account['id']}/keys", body="", admin=True)
    assert minted.code == 201
    reply = await fetch(INIT, json=initialize_body(), key=minted.json()["key"])
    assert reply.code == 403


async def test_a_revoked_key_is_refused_on_its_next_request(fetch, clock):
    account = await create(fetch, allowed_hosts=["shop.example.com"])
    minted = (await fetch(f"{ACCOUNTS}/{account['id']}/keys", json={}, admin=True)).json()
    assert (await fetch(INIT, json=initialize_body(), key=minted["key"])).code == 201
    clock.advance(minutes=5)
    revoke = await fetch(f"/admin/v1/keys/{minted['id']}/revoke", body="", admin=True)
    expected = {
        "id": minted["id"],
        "prefix": minted["prefix"],
        "revoked_at": "2026-11-21T06:05:00Z",
    }
    assert (revoke.code, revoke.json()) == (200, expected)
    reply = await fetch(INIT, json=initialize_body(), key=minted["key"])
    assert (reply.code, reply.json()) == (401, {"error": "Unauthorized API Key"})
    clock.advance(minutes=5)
    again = await fetch(f"/admin/v1/keys/{minted['id']}/revoke", body="", admin=True)
    assert (again.code, again.json()) == (200, expected)


# Platform ----------------------------------------------------------------------------------------


async def test_platform_settings_change_only_the_fields_given(fetch):
    platform = "/admin/v1/platform"
    assert (await fetch(platform, admin=True)).json() == {"maintenance": False, "daily_limit": None}
    reply = await fetch(platform, method="PUT", json={"maintenance": True}, admin=True)
    assert (reply.code, reply.json()) == (200, {"maintenance": True, "daily_limit": None})
    reply = await fetch(platform, method="PUT", json={"daily_limit": 1000}, admin=True)
    assert reply.json() == {"maintenance": True, "daily_limit": 1000}
    reply = await fetch(platform, method="PUT", json={}, admin=True)
    assert reply.json() == {"maintenance": True, "daily_limit": 1000}
    reply = await fetch(
        platform, method="PUT", json={"maintenance": False, "daily_limit": None}, admin=True
    )
    assert reply.json() == {"maintenance": False, "daily_limit": None}


async def test_maintenance_set_through_the_admin_api_stops_initialize_at_once(fetch, make_account):
    merchant = await make_account()
    await fetch("/admin/v1/platform", method="PUT", json={"maintenance": True}, admin=True)
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 503
    await fetch("/admin/v1/platform", method="PUT", json={"maintenance": False}, admin=True)
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"maintenance": "on"}, "maintenance: must be true or false"),
        ({"daily_limit": -5}, "daily_limit: must be at least 0"),
        ({"paused": True}, "paused: Unknown field."),
    ],
)
async def test_a_bad_platform_body_is_400(fetch, body, reason):
    reply = await fetch("/admin/v1/platform", method="PUT", json=body, admin=True)
    assert (reply.code, reply.json()) == (
        400,
        {"error": "Invalid request body", "details": [reason]},
    )


async def test_the_largest_stored_integer_is_the_limit_of_an_integer_setting(fetch):
    platform = "/admin/v1/platform"
    reply = await fetch(platform, method="PUT", json={"daily_limit": 2**63}, admin=True)
    assert reply.code == 400
    assert reply.json()["details"] == ["daily_limit: must be at most 9223372036854775807"]
    reply = await fetch(platform, method="PUT", json={"daily_limit": 2**63 - 1}, admin=True)
    assert (reply.code, reply.json()["daily_limit"]) == (200, 2**63 - 1)


async def test_accounts_created_with_default_lists_do_not_share_them(deps):
    first = await deps.services.admin.create_account({"name": "First"})
    second = await deps.services.admin.create_account({"name": "Second"})
    # Records hold their lists as tuples: no caller can append to a list another account shares.
    assert isinstance(first.allowed_hosts, tuple) and isinstance(first.wallets, tuple)
    again = await deps.services.admin.get_account(second.id)
    assert again.allowed_hosts == () and again.wallets == ()
    assert (await deps.services.admin.create_account({"name": "Third"})).allowed_hosts == ()


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (9, "must be at least 10"),
        (1441, "must be at most 1440"),
        (30.0, "must be an integer"),
        (True, "must be an integer"),
        (None, "Field may not be null."),
    ],
)
async def test_patch_refuses_a_quiet_threshold_out_of_range(fetch, value, reason):
    """Issue 27: the phone threshold is whole minutes from 10 to 1440; a refusal changes
    nothing."""
    account = await create(fetch, phone_quiet_minutes=30)
    path = f"{ACCOUNTS}/{account['id']}"
    reply = await fetch(path, method="PATCH", json={"phone_quiet_minutes": value}, admin=True)
    assert (reply.code, reply.json()) == (
        400,
        {"error": "Invalid request body", "details": [f"phone_quiet_minutes: {reason}"]},
    )
    assert (await fetch(path, admin=True)).json()["phone_quiet_minutes"] == 30


async def test_the_operator_sets_a_test_callback_secret_never_shown_and_null_makes_a_new_one(
    fetch, deps
):
    made = await fetch("/admin/v1/accounts", json={"name": "Rig"}, admin=True)
    account_id = made.json()["id"]
    assert (await deps.services.admin.get_account(account_id)).test_callback_secret  # made

    async def patch(secret):
        body = {"test_callback_secret": secret}
        path = f"/admin/v1/accounts/{account_id}"
        return await fetch(path, method="PATCH", json=body, admin=True)

    chosen = "cbs_test_rig-secret-0123456789"
    patched = await patch(chosen)
    assert patched.code == 200 and chosen not in patched.body.decode()
    assert (await deps.services.admin.get_account(account_id)).test_callback_secret == chosen
    assert (await patch("short")).code == 400
    assert (await patch(None)).code == 200
    remade = await deps.services.admin.account_with_test_secret(account_id)
    assert remade.test_callback_secret not in (None, chosen)
