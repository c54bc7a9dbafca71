"""A steady stream of checkout traffic for the failover tests, and what it saw.

Each round opens a session, forwards the bKash SMS of its payment, lets the SMS consumer parse
it, and submits the buyer's claim; the webhook dispatcher runs beside it. Every call is timed
and its outcome kept, so a test can say which acknowledged work must have survived and how long
the service was unavailable.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from tests.ops.scenario import CALLBACK_SECRET, RECEIVED_AT_MS, Scenario
from tests.sms.conftest import bkash_credit


@dataclass
class Call:
    """One call of the stream: what, when it started and ended (monotonic s), and if it worked."""

    op: str
    start: float
    end: float
    ok: bool
    detail: str = ""


@dataclass
class Stream:
    """The acknowledged work of the stream, and every call it made."""

    calls: list[Call] = field(default_factory=list)
    sessions: dict[str, str] = field(default_factory=dict)
    """order id -> session id, for each initialize answered 201."""
    sms: set[str] = field(default_factory=set)
    """TrxIDs of the SMS the intake answered 202."""
    completed: dict[str, str] = field(default_factory=dict)
    """order id -> session id, for each claim answered COMPLETED."""

    async def timed(self, op: str, work: Any) -> tuple[bool, Any]:
        start = time.monotonic()
        try:
            ok, value, detail = await work
        except Exception as exc:  # a failed call is an outcome to count, not a test error
            ok, value, detail = False, None, f"{type(exc).__name__}: {exc}"
        self.calls.append(Call(op, start, time.monotonic(), ok, detail))
        return ok, value

    def failed(self, after: float = 0.0) -> list[Call]:
        return [c for c in self.calls if not c.ok and c.end >= after]


class Traffic:
    """One merchant with a forwarder device, paid round after round."""

    def __init__(self, scn: Scenario, post_sms: Any, drain: Any) -> None:
        self.scn, self.post_sms, self.drain = scn, post_sms, drain
        self.stream = Stream()
        self.key = self.token = ""

    async def setup(self) -> None:
        account_id, self.key = await self.scn.merchant(
            callback_secret=CALLBACK_SECRET, rate_limit_per_minute=100_000
        )
        made = await self.scn.call(
            f"/admin/v1/accounts/{account_id}/devices", json={"name": "phone"}, admin=True
        )
        assert made.code == 201, made.body
        self.token = made.json()["token"]

    async def round(self, n: int) -> None:
        """Open, pay (SMS), parse and claim one session; each step recorded."""
        trx = f"HA{n:08d}"
        ok, session_id = await self.stream.timed("initialize", self._initialize(n))
        if ok:
            self.stream.sessions[f"ha-order-{n}"] = session_id
        if (await self.stream.timed("sms", self._sms(n, trx)))[0]:
            self.stream.sms.add(trx)
        await self.stream.timed("parse", self._drain())
        if ok and (await self.stream.timed("claim", self._claim(session_id, trx)))[0]:
            self.stream.completed[f"ha-order-{n}"] = session_id

    async def _initialize(self, n: int) -> tuple[bool, Any, str]:
        reply = await self.scn.initialize(self.key, order_id=f"ha-order-{n}")
        return reply.code == 201, reply.json().get("session_id"), f"{reply.code} {reply.body!r}"

    async def _sms(self, n: int, trx: str) -> tuple[bool, Any, str]:
        text = bkash_credit(trx, "500.00", f"{1000 + 500 * n:,}.00")
        body = [{"sender": "bKash", "message": text, "received_at": RECEIVED_AT_MS + n}]
        reply = await self.post_sms(body, token=self.token)
        return reply.code == 202, None, f"{reply.code} {reply.body!r}"

    async def _drain(self) -> tuple[bool, Any, str]:
        return True, await self.drain(), ""

    async def _claim(self, session_id: str, trx: str) -> tuple[bool, Any, str]:
        body = {"sessionId": session_id, "trxId": trx, "provider": "bkash"}
        reply = await self.scn.call("/api/v1/checkout/submit", json=body)
        status = reply.json().get("status") if reply.code == 200 else None
        return status == "COMPLETED", status, f"{reply.code} {reply.body!r}"
