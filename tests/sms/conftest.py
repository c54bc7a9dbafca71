"""Fixtures of the SMS ingest tests: the real intake app in-process, devices, and the worker."""

from __future__ import annotations

import json as jsonlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
from tornado.httpclient import AsyncHTTPClient
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from claimsvc.bootstrap import Deps
from claimsvc.store.sms_queue import SmsQueue
from sms_ingest.app import SmsIngest, build, make_app
from sms_ingest.consumer import Tuning
from tests import claims_support
from tests.conftest import Merchant, Reply, initialize_body

BKASH_CREDIT = (
    "You have received Tk {amount} from 01712345678. Fee Tk 0.00. Balance Tk {balance}. "
    "TrxID {trx} at 21/11/2026 10:30"
)


def bkash_credit(trx: str, amount: str, balance: str) -> str:
    """A bKash "received" SMS as the phone shows it."""
    return BKASH_CREDIT.format(amount=amount, balance=balance, trx=trx)


@dataclass
class Device:
    """A registered forwarder device as a test uses it."""

    id: str
    token: str
    account_id: str


@pytest.fixture
def sms(deps: Deps) -> SmsIngest:
    """The SMS process's parts on the test's stores; the worker never waits in tests."""
    return build(
        deps, Tuning(idle_backoff_s=0.01, block_ms=1, reclaim_idle_ms=60_000, sweep_every_s=0)
    )


def stream_of(deps: Deps) -> SmsQueue:
    """The SMS stream as the worker reads it (its length, pending entries, group)."""
    return SmsQueue(deps.redis, deps.keys)


@pytest.fixture
async def sms_server(deps: Deps, sms: SmsIngest) -> AsyncIterator[str]:
    sock, port = bind_unused_port()
    http = HTTPServer(make_app(deps, sms.intake), max_body_size=4 << 20)
    http.add_sockets([sock])
    yield f"http://127.0.0.1:{port}"
    http.stop()
    await http.close_all_connections()


PostSms = Callable[..., Awaitable[Reply]]


@pytest.fixture
def post_sms(sms_server: str) -> PostSms:
    """post_sms(body, token=..., query_token=..., headers=..., raw=...) -> Reply."""
    client = AsyncHTTPClient()

    async def _post(
        body: Any = None,
        *,
        token: str | None = None,
        query_token: str | None = None,
        headers: dict[str, str] | None = None,
        raw: bytes | None = None,
        path: str = "/sms/v1/messages",
    ) -> Reply:
        hdrs = {"content-type": "application/json", **(headers or {})}
        if token is not None:
            hdrs["Authorization"] = f"Bearer {token}"
        if query_token is not None:
            path += f"?token={query_token}"
        payload = raw if raw is not None else jsonlib.dumps(body).encode()
        resp = await client.fetch(
            sms_server + path, method="POST", body=payload, headers=hdrs, raise_error=False
        )
        return Reply(resp.code, resp.headers, resp.body or b"")

    return _post


async def send(
    post_sms: PostSms, device: Device, *texts: str, sender: str = "bKash", minute: int = 0
) -> None:
    """Post `texts` as one batch from `device`, received `minute` minutes into the test's day."""
    body = [
        {"sender": sender, "message": t, "received_at": 1795240800000 + minute * 60_000 + i}
        for i, t in enumerate(texts)
    ]
    reply = await post_sms(body, token=device.token)
    assert reply.code == 202, reply.body


MakeDevice = Callable[..., Awaitable[Device]]


@pytest.fixture
def make_device(deps: Deps) -> MakeDevice:
    """make_device(merchant, signing_key=None) -> Device."""

    async def _make(merchant: Merchant, signing_key: str | None = None) -> Device:
        answer = await deps.services.devices.register(merchant.id, "test phone", signing_key)
        return Device(answer.device.id, answer.token, merchant.id)

    return _make


@pytest.fixture
def drain(sms: SmsIngest) -> Callable[[], Awaitable[int]]:
    """Run the worker until it finds nothing more to do; how many entries it handled."""

    async def _drain() -> int:
        total = 0
        for _ in range(50):
            done = await sms.consumer.tick()
            total += done
            if not done:
                return total
        raise AssertionError("the worker never ran out of work")

    return _drain


async def stored_messages(deps: Deps, account_id: str) -> list[dict[str, Any]]:
    return await deps.db["sms_messages"].find({"account_id": account_id}).to_list(None)


async def anchor_wallet(
    fetch: Any, merchant: Merchant, device: Any, provider: str, balance: int
) -> None:
    """Anchor the running balance of the merchant's `provider` wallet on `device` (admin API)."""
    anchor = {"provider": provider, "device_id": device.id, "balance": balance}
    reply = await fetch(
        f"/admin/v1/accounts/{merchant.id}/wallet-balances", json=anchor, admin=True, method="PUT"
    )
    assert reply.code == 200, reply.body


async def anchored_merchant(
    fetch: Any,
    make_account: Any,
    make_device: Any,
    balance: int = 1000,
    provider: str = "bkash",
    **account: Any,
) -> tuple[Merchant, Any]:
    """A balance-verifying merchant with one phone, its `provider` wallet anchored at `balance`."""
    merchant = await make_account(balance_verification=True, **account)
    device = await make_device(merchant)
    await anchor_wallet(fetch, merchant, device, provider, balance)
    return merchant, device


async def open_session(
    fetch: Any, merchant: Merchant, amount: int, order: str, **extra: Any
) -> str:
    body = initialize_body(amount=amount, order_id=order, **extra)
    opened = await fetch("/api/v1/checkout/initialize", json=body, key=merchant.key)
    assert opened.code == 201, opened.body
    return str(opened.json()["session_id"])


async def claim(fetch: Any, merchant: Merchant, session_id: str, trx: str) -> Any:
    body = {"sessionId": session_id, "trxId": trx, "provider": "bkash"}
    return await fetch("/api/v1/checkout/verify", json=body, key=merchant.key)


async def events_of(deps: Deps, session_id: str) -> list[str]:
    found = await claims_support.events_of(deps, session_id)
    return [e["payment_status"] for e in found]
