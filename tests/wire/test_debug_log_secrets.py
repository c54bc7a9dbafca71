"""Issue 23, finding 4: the three real processes at CLAIMSVC_LOG_LEVEL=DEBUG, on a MongoDB-wire
server (so the driver really runs its command log) and the real Redis, through every flow that
creates or reads a secret: an account with a callback secret (and its rotation), an API key, a
device with a signing key posting a signed SMS, a portal user with a password and two-factor
sign-in, a webhook the worker signs. Every line of every log is scanned for every secret."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import re
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from pymongo import MongoClient
from tornado.httpclient import AsyncHTTPClient

from claimsvc.domain import totp
from tests.conftest import ADMIN_TOKEN, Reply
from tests.ops.processes import PROCESSES, free_port, started
from tests.portal.conftest import PortalClient
from tests.sms.conftest import bkash_credit
from tests.wire.shared_stores import shared_stores

pytestmark = [pytest.mark.redis, pytest.mark.e2e, pytest.mark.timeout(240)]

CALLBACK_SECRET = "cb-secret-" + uuid.uuid4().hex
SIGNING_KEY = "signing-key-" + uuid.uuid4().hex
PASSWORD = "pw-" + uuid.uuid4().hex
TOTP_SECRET = re.compile(r'id="totp-secret">([A-Z2-7]+)<')
RECOVERY_CODE = re.compile(r'<li><span class="secret">([a-z2-7]{5}-[a-z2-7]{5})</span></li>')
NEW_SECRET = re.compile(r'<code[^>]*id="new-secret"[^>]*>([^<]+)<')


@dataclass
class Stack:
    """The three processes' ports and their log files."""

    api: int
    sms: int
    logs: list[Path]
    mongo_url: str
    db: str


# Our loggers at DEBUG (the libraries' stay at WARNING); and the libraries at DEBUG too, asked
# for by their own setting: the driver then logs every command, and the mask must hold.
LEVELS = {"ours": {}, "libraries too": {"CLAIMSVC_LIBRARY_LOG_LEVEL": "DEBUG"}}


@pytest.fixture(params=list(LEVELS))
def stack(
    request: pytest.FixtureRequest, mongo_wire_url: str, ca_file: str, tmp_path: Path
) -> Iterator[Stack]:
    api_port, sms_port = free_port(), free_port()
    with shared_stores(mongo_wire_url, "debug") as env, contextlib.ExitStack() as procs:
        env.update(
            CLAIMSVC_PUBLIC_BASE_URL=f"http://127.0.0.1:{api_port}",
            CLAIMSVC_API_PORT=str(api_port),
            CLAIMSVC_SMS_PORT=str(sms_port),
            CLAIMSVC_WEBHOOK_ALLOW_PRIVATE="1",
            CLAIMSVC_WEBHOOK_CA_FILE=ca_file,
            CLAIMSVC_OUTBOX_RELAY_MS="20",
            CLAIMSVC_LOG_LEVEL="DEBUG",
            **LEVELS[request.param],
        )
        for job in PROCESSES:
            procs.enter_context(started(job, tmp_path / job, **env))
        logs = [tmp_path / job / f"{job}.log" for job in PROCESSES]
        yield Stack(api_port, sms_port, logs, mongo_wire_url, env["CLAIMSVC_MONGO_DB"])


async def call(port: int, method: str, path: str, body: Any = None, **headers: str) -> Reply:
    hdrs = {"content-type": "application/json", **headers}
    resp = await AsyncHTTPClient().fetch(
        f"http://127.0.0.1:{port}{path}",
        method=method,
        body=None if body is None else (body if isinstance(body, bytes) else json.dumps(body)),
        headers=hdrs,
        raise_error=False,
        request_timeout=60,
    )
    return Reply(resp.code, resp.headers, resp.body or b"")


def admin(port: int, method: str, path: str, body: Any = None) -> Any:
    return call(port, method, path, body, Authorization=f"Bearer {ADMIN_TOKEN}")


async def merchant_flows(stack: Stack, receiver: Any, found: dict[str, str]) -> None:
    """Account, key, device, a signed SMS and a session: what the admin API and the SMS intake
    see."""
    made = await admin(
        stack.api,
        "POST",
        "/admin/v1/accounts",
        {"name": "Debug Shop", "allowed_hosts": ["127.0.0.1"], "callback_secret": CALLBACK_SECRET},
    )
    assert made.code == 201, made.body
    account = made.json()["id"]
    key = await admin(stack.api, "POST", f"/admin/v1/accounts/{account}/keys", {})
    assert key.code == 201, key.body
    found["api key"] = key.json()["key"]
    device = await admin(
        stack.api,
        "POST",
        f"/admin/v1/accounts/{account}/devices",
        {"name": "phone", "signing_key": SIGNING_KEY},
    )
    assert device.code == 201, device.body
    found["device token"] = device.json()["token"]
    body = json.dumps(
        {"sender": "bKash", "message": bkash_credit("DBG1PAY001", "500.00", "1,500.00")}
    ).encode()
    stamp = str(int(time.time()))
    signature = hmac.new(SIGNING_KEY.encode(), body + stamp.encode(), hashlib.sha256).hexdigest()
    sms = await call(
        stack.sms,
        "POST",
        "/sms/v1/messages",
        body,
        Authorization=f"Bearer {found['device token']}",
        **{"X-Signature": signature, "X-Timestamp": stamp},
    )
    assert sms.code == 202, sms.body
    session = {
        "order_id": "debug-1",
        "amount": 500,
        "success_url": "https://127.0.0.1/ok",
        "cancel_url": "https://127.0.0.1/no",
        "webhook_url": receiver.url("/ok"),
    }
    opened = await call(
        stack.api, "POST", "/api/v1/checkout/initialize", session, **{"x-api-key": found["api key"]}
    )
    assert opened.code == 201, opened.body
    return account


async def portal_flows(stack: Stack, account: str, receiver: Any, found: dict[str, str]) -> None:
    """A portal user: invited, password set, two-factor turned on, signed in with a code, the
    callback secret rotated and a test webhook sent (which the worker signs)."""
    invited = await admin(
        stack.api,
        "POST",
        f"/admin/v1/accounts/{account}/users",
        {"email": "owner@debug.example.com", "role": "owner"},
    )
    assert invited.code == 201, invited.body
    link = invited.json()["invite_url"]
    found["invite token"] = link.rsplit("/", 1)[1]
    client = PortalClient(f"http://127.0.0.1:{stack.api}")
    await client.get(link.removeprefix(client.server))
    done = await client.post("/portal/invite", {"password": PASSWORD, "password_again": PASSWORD})
    assert done.code == 303, done.text
    page = await client.sign_in("owner@debug.example.com", PASSWORD)
    assert page.code == 200 and "/portal/login" not in page.url, page.text
    await client.get("/portal/security")
    started_ = await client.post("/portal/security/totp/start", follow=True)
    found["totp secret"] = TOTP_SECRET.search(started_.text).group(1)
    code = totp.code_at(found["totp secret"], datetime.now(UTC))
    confirmed = await client.post("/portal/security/totp/confirm", {"code": code}, follow=True)
    assert confirmed.code == 200, confirmed.text
    for i, recovery in enumerate(RECOVERY_CODE.findall(confirmed.text)):
        found[f"recovery code {i}"] = recovery
    found.update({f"cookie {k}": v for k, v in client.cookies.items() if len(v) >= 16})
    assert any(k.startswith("cookie") for k in found), client.cookies
    await client.get("/portal/webhooks")
    rotated = await client.post("/portal/webhooks/secret", {"grace": "0"}, follow=True)
    assert rotated.code == 200, rotated.text
    test = await client.post("/portal/webhooks/test", {"url": receiver.url("/ok")})
    assert test.code in (200, 303), test.text
    for _ in range(300):  # the worker relays and sends it, signed with the rotated secret
        if receiver.requests:
            break
        await asyncio.sleep(0.1)
    assert receiver.requests, "the worker never sent the test webhook"


def stored_secrets(stack: Stack) -> dict[str, str]:
    """Hashes and secrets as the database holds them (a hash is a secret too)."""
    out: dict[str, str] = {}
    with MongoClient(stack.mongo_url) as client:
        db = client[stack.db]
        for doc in db["api_keys"].find():
            out["key hash"] = doc["key_hash"]
        for doc in db["devices"].find():
            out["device token hash"] = doc["token_hash"]
        for doc in db["portal_users"].find():
            out["password hash"] = doc["password_hash"]
            for i, hashed in enumerate(doc.get("recovery_hashes") or []):
                out[f"recovery hash {i}"] = hashed
        for doc in db["accounts"].find():
            out["rotated callback secret"] = doc["callback_secret"]
    return out


async def test_a_debug_run_of_every_process_logs_no_secret(stack: Stack, receiver) -> None:
    found = {
        "admin token": ADMIN_TOKEN,
        "callback secret": CALLBACK_SECRET,
        "signing key": SIGNING_KEY,
        "password": PASSWORD,
    }
    account = await merchant_flows(stack, receiver, found)
    await portal_flows(stack, account, receiver, found)
    found.update(stored_secrets(stack))
    assert {"key hash", "device token hash", "password hash", "rotated callback secret"} <= set(
        found
    )
    assert found["rotated callback secret"] != CALLBACK_SECRET
    # The processes still run: stop reading only once they have written what they saw.
    await asyncio.sleep(0.5)
    leaks, lines = [], 0
    for path in stack.logs:
        for line in path.read_text(errors="replace").splitlines():
            lines += 1
            leaks += [f"{path.name}: {name}" for name, secret in found.items() if secret in line]
    for path in stack.logs:  # each process logged its requests (its log is the one read)
        assert '"msg": "request"' in path.read_text(), path.name
    assert sorted(set(leaks)) == []
