"""One busy hour of the service, in-process: what the log and metric tests watch.

Two merchants and a limited one, an SMS forwarder, sessions that complete, fail a claim, get
cancelled and expire, SMS that parse, repeat, break the balance chain or cannot be read, rate and
daily limits hit, and webhooks delivered, refused by the receiver, and stopped. Every call
carries its own X-Request-Id so that log lines can be traced back to it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from claimsvc.bootstrap import Deps
from claimsvc.clock import FrozenClock
from claimsvc.worker.main import make_worker
from claimsvc.worker.webhooks import close_http
from tests.conftest import ADMIN_TOKEN, Reply
from tests.sms.conftest import bkash_credit
from tests.worker.conftest import RECEIVER_SECRET

# The receiver checks signatures with it; shaped like nothing the log scrubber knows.
CALLBACK_SECRET = RECEIVER_SECRET
WALLET_NUMBER = "01755501234"
CUSTOMER_PHONE = "01811122233"
SMS_COUNTERPARTY = "01712345678"  # the sender named in tests.sms.conftest.BKASH_CREDIT
RECEIVED_AT_MS = 1795240800000  # FrozenClock's start


@dataclass
class Outcome:
    """What the scenario used and saw."""

    secrets: dict[str, str] = field(default_factory=dict)
    request_ids: dict[str, Reply] = field(default_factory=dict)
    worker: Any = None


class Scenario:
    """The calls of the scenario, each with a fresh request id."""

    def __init__(self, fetch: Any, post_sms: Any, deps: Deps, receiver: Any, clock: FrozenClock):
        self.fetch, self.post_sms, self.deps = fetch, post_sms, deps
        self.receiver, self.clock = receiver, clock
        self.out = Outcome()
        self._ids = itertools.count(1)

    def _rid(self) -> dict[str, str]:
        return {"X-Request-Id": f"scenario-{next(self._ids)}"}

    async def call(self, path: str, **kw: Any) -> Reply:
        headers = self._rid()
        reply = await self.fetch(path, headers=headers, **kw)
        self.out.request_ids[headers["X-Request-Id"]] = reply
        return reply

    async def sms(self, texts: list[str], minute: int, **kw: Any) -> Reply:
        headers = self._rid()
        body = [
            {"sender": "bKash", "message": t, "received_at": RECEIVED_AT_MS + minute * 60_000 + i}
            for i, t in enumerate(texts)
        ]
        reply = await self.post_sms(body, headers=headers, **kw)
        assert reply.code == 202, reply.body
        self.out.request_ids[headers["X-Request-Id"]] = reply
        return reply

    async def merchant(self, **fields: Any) -> tuple[str, str]:
        """An account made through the admin API, and a key minted for it: (id, key)."""
        body = {
            "name": "Ops Shop",
            "allowed_hosts": ["127.0.0.1"],
            "wallets": [{"provider": "bkash", "number": WALLET_NUMBER, "kind": "personal"}],
            **fields,
        }
        made = await self.call("/admin/v1/accounts", json=body, admin=True)
        assert made.code == 201, made.body
        account_id = made.json()["id"]
        key = await self.call(f"/admin/v1/accounts/{account_id}/keys", json={}, admin=True)
        assert key.code == 201, key.body
        self.out.secrets[f"api key of {fields.get('name', 'Ops Shop')}"] = key.json()["key"]
        return account_id, key.json()["key"]

    async def initialize(self, key: str, path: str = "/ok", **fields: Any) -> Reply:
        body = {
            "order_id": f"order-{next(self._ids)}",
            "amount": 500,
            "success_url": "https://127.0.0.1/success",
            "cancel_url": "https://127.0.0.1/cancel",
            "webhook_url": self.receiver.url(path),
            "customer": {"name": "Rahim", "email": "r@example.com", "phone": CUSTOMER_PHONE},
            **fields,
        }
        return await self.call("/api/v1/checkout/initialize", json=body, key=key)

    async def opened(self, key: str, path: str = "/ok", **fields: Any) -> str:
        reply = await self.initialize(key, path, **fields)
        assert reply.code == 201, reply.body
        return reply.json()["session_id"]


async def run(scn: Scenario, drain: Any, sms_parts: Any) -> Outcome:
    """Play the scenario; the secrets it used and every request it made."""
    out = scn.out
    out.secrets["admin token"] = ADMIN_TOKEN
    out.secrets["callback secret"] = CALLBACK_SECRET
    for name, number in (
        ("wallet number", WALLET_NUMBER),
        ("customer phone", CUSTOMER_PHONE),
        ("SMS counterparty", SMS_COUNTERPARTY),
    ):
        out.secrets[name] = number
        out.secrets[f"{name} without its leading 0"] = number[1:]  # as in +880…

    shop, key = await scn.merchant(callback_secret=CALLBACK_SECRET, balance_verification=True)
    _, quiet_key = await scn.merchant(name="No Secret Shop")
    _, tight_key = await scn.merchant(name="Tight Shop", daily_limit=1, rate_limit_per_minute=2)

    device = await scn.call(
        f"/admin/v1/accounts/{shop}/devices", json={"name": "shop phone"}, admin=True
    )
    assert device.code == 201, device.body
    token, device_id = device.json()["token"], device.json()["id"]
    out.secrets["device token"] = token
    anchor = {"provider": "bkash", "device_id": device_id, "balance": 1000}
    put = await scn.call(
        f"/admin/v1/accounts/{shop}/wallet-balances", json=anchor, admin=True, method="PUT"
    )
    assert put.code == 200, put.body

    # Limits: the tight shop's second session hits its daily limit, the third its rate limit.
    assert (await scn.initialize(tight_key)).code == 201
    assert (await scn.initialize(tight_key)).code == 429
    assert (await scn.initialize(tight_key)).json()["error"]["code"] == "RATE_LIMITED"

    paid = await scn.opened(key)
    cancelled = await scn.opened(key)
    refused = await scn.opened(key, "/status/500")
    expiring = await scn.opened(key, expires_in=300)
    unsigned = await scn.opened(quiet_key)

    # SMS: the payment (chains from the anchor), the same post again, an unreadable text, and a
    # credit whose stated balance cannot follow (a balance break).
    payment = bkash_credit("OPS1PAY001", "500.00", "1,500.00")
    await scn.sms([payment], minute=1, query_token=token)
    await scn.sms([payment], minute=1, token=token)
    # An unknown wording with a TrxID (money moved): kept unparsed for review.
    await scn.sms(["bKash: something new about Tk 12. TrxID ZZ12YY34XX"], minute=2, token=token)
    await scn.sms([bkash_credit("OPS1GAP002", "100.00", "9,999.00")], minute=3, token=token)
    assert await drain() >= 3

    wrong = {"sessionId": paid, "trxId": "OPS1NONE99", "provider": "bkash"}
    assert (await scn.call("/api/v1/checkout/verify", json=wrong, key=key)).code == 400
    right = {"sessionId": paid, "trxId": "OPS1PAY001", "provider": "bkash"}
    done = await scn.call("/api/v1/checkout/submit", json=right)
    assert done.json()["status"] == "COMPLETED", done.body
    for session in (cancelled, refused, unsigned):
        gone = await scn.call("/api/v1/checkout/cancel", json={"sessionId": session})
        assert gone.code == 200, gone.body
    page = await scn.call(f"/checkout/{paid}")
    assert page.code == 200

    await worker_hour(scn, expiring)
    await sms_parts.consumer.sweep()
    await sms_parts.health.refresh()
    for path in ("/healthz", "/readyz", "/metrics"):
        assert (await scn.call(path)).code == 200
    return out


async def worker_hour(scn: Scenario, expiring: str) -> None:
    """The worker's loops, one pass each: expire, relay the owed events, deliver, refresh the
    gauges."""
    worker = make_worker(scn.deps)
    scn.out.worker = worker
    loops = {type(loop).__name__: loop for loop in worker.loops}
    try:
        scn.clock.advance(minutes=6)
        await loops["SessionSweeper"].sweep()
        assert (await scn.deps.stores.sessions.get(expiring)).status == "EXPIRED"
        assert await loops["OutboxRelay"].relay() >= 4
        assert await loops["Dispatcher"].deliver_due() >= 4
        await loops["Reconciler"].refresh_gauges()
    finally:
        await close_http(scn.deps)
