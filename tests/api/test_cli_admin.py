"""`claimsvc admin ...` drives the admin API over HTTP, as an operator would from a terminal."""

import asyncio
import json

import pytest

from claimsvc.runtime.cli import main
from tests.conftest import ADMIN_TOKEN, initialize_body

INIT = "/api/v1/checkout/initialize"


@pytest.fixture
def admin_cli(server, monkeypatch, tmp_path, capsys):
    """admin_cli(*args) -> (exit code, printed JSON or text), against the in-process server."""
    monkeypatch.chdir(tmp_path)  # no stray .env file
    monkeypatch.setenv("CLAIMSVC_ADMIN_URL", server)
    monkeypatch.setenv("CLAIMSVC_ADMIN_TOKEN", ADMIN_TOKEN)

    async def run(*args):
        capsys.readouterr()
        code = await asyncio.to_thread(main, ["admin", *args])
        out, err = capsys.readouterr()
        try:
            return code, json.loads(out)
        except ValueError:
            return code, out + err

    return run


async def test_an_operator_onboards_a_merchant_from_the_terminal(admin_cli, fetch):
    code, account = await admin_cli(
        "accounts", "create", "Shop", "--set", 'allowed_hosts=["shop.example.com"]'
    )
    assert code == 0
    assert (account["name"], account["allowed_hosts"]) == ("Shop", ["shop.example.com"])
    code, minted = await admin_cli("keys", "create", account["id"], "--set", "label=checkout")
    assert code == 0 and minted["key"].startswith(minted["prefix"])
    assert (await fetch(INIT, json=initialize_body(), key=minted["key"])).code == 201
    code, revoked = await admin_cli("keys", "revoke", minted["id"])
    assert code == 0 and revoked["id"] == minted["id"] and revoked["revoked_at"]
    reply = await fetch(INIT, json=initialize_body(), key=minted["key"])
    assert (reply.code, reply.json()) == (401, {"error": "Unauthorized API Key"})


async def test_accounts_are_read_and_updated(admin_cli):
    _, account = await admin_cli("accounts", "create", "Shop")
    code, updated = await admin_cli(
        "accounts",
        "update",
        account["id"],
        "--set",
        "daily_limit=50",
        "--set",
        "fee_limit=99.5",
        "--set",
        "status=suspended",
    )
    assert code == 0
    assert (updated["daily_limit"], updated["fee_limit"], updated["status"]) == (
        50,
        99.5,
        "suspended",
    )
    assert await admin_cli("accounts", "get", account["id"]) == (0, updated)


async def test_platform_maintenance_is_switched_from_the_terminal(admin_cli, fetch, make_account):
    merchant = await make_account()
    assert await admin_cli("platform", "set", "--set", "maintenance=true") == (
        0,
        {"maintenance": True, "daily_limit": None},
    )
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 503
    assert await admin_cli(
        "platform", "set", "--set", "maintenance=false", "--set", "daily_limit=10"
    ) == (0, {"maintenance": False, "daily_limit": 10})
    assert await admin_cli("platform", "get") == (0, {"maintenance": False, "daily_limit": 10})


async def test_an_error_answer_is_printed_and_exits_1(admin_cli):
    assert await admin_cli("accounts", "get", "acc_nope") == (1, {"error": "Not found"})
    code, body = await admin_cli("accounts", "create", "Shop", "--set", "status=closed")
    assert code == 1
    assert body == {
        "error": "Invalid request body",
        "details": ["status: Must be one of: active, pending_kyc, suspended."],
    }


async def test_a_wrong_token_is_unauthorized(admin_cli, monkeypatch):
    monkeypatch.setenv("CLAIMSVC_ADMIN_TOKEN", "wrong")
    assert await admin_cli("platform", "get") == (1, {"error": "Unauthorized"})


async def test_an_unreachable_api_is_reported_plainly(admin_cli, monkeypatch):
    monkeypatch.setenv("CLAIMSVC_ADMIN_URL", "http://127.0.0.1:1")
    code, text = await admin_cli("platform", "get")
    assert code == 1
    assert text.startswith("cannot reach the admin API at http://127.0.0.1:1")


async def test_an_operator_makes_a_test_key_and_a_test_payment_from_the_terminal(
    admin_cli, fetch, make_account
):
    shop = await make_account()
    code, minted = await admin_cli("keys", "create", shop.id, "--set", "mode=test")
    assert code == 0 and minted["key"].startswith("sk_test_")
    opened = await fetch(INIT, json=initialize_body(), key=minted["key"])
    session_id = opened.json()["session_id"]
    code, paid = await admin_cli(
        "test-payments",
        "create",
        session_id,
        "wrong_amount",
        "--provider",
        "rocket",
        "--trx-id",
        "0123456789",
        "--set",
        "wait=false",
    )
    assert code == 0, paid
    assert (paid["trx_id"], paid["provider"], paid["amount"]) == ("0123456789", "rocket", 499)
    assert paid["sms"] == "queued"
    code, refused = await admin_cli("test-payments", "create", session_id, "refund")
    assert code == 1 and refused["error"] == "Invalid request body"


async def test_support_settles_a_short_payment_from_the_terminal(
    admin_cli, fetch, make_account, deps
):
    from tests.api.test_settlement import short_paid

    shop = await make_account()
    session_id, tx = await short_paid(deps, shop, fetch)
    code, refused = await admin_cli("sessions", "settle", shop.id, session_id, "accept", "trx_no")
    assert (code, refused["code"], refused["problem"]) == (1, "SETTLE_REFUSED", "no_mismatch")
    code, settled = await admin_cli("sessions", "settle", shop.id, session_id, "accept", tx.id)
    assert code == 0, settled
    assert (settled["status"], settled["paid_amount"], settled["repeated"]) == (
        "COMPLETED",
        499,
        False,
    )
    code, again = await admin_cli("sessions", "settle", shop.id, session_id, "accept", tx.id)
    assert (code, again["repeated"]) == (0, True)
