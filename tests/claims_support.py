"""Helpers of the claim tests: sessions, transactions, bodies, and a MongoDB that interleaves."""

from __future__ import annotations

import asyncio
import inspect
import random
import uuid
from datetime import datetime
from typing import Any

from claimsvc.api.claims import COMPLETED_SCHEMA
from claimsvc.bootstrap import Deps
from claimsvc.domain.checkout import InitializeRequest
from claimsvc.domain.claims import ClaimRequest
from claimsvc.domain.platform import Platform
from claimsvc.domain.transactions import Transaction
from claimsvc.services.transactions import NewTransaction
from claimsvc.store.memory_mongo import MemoryMongoClient
from tests.conftest import ALLOWED_HOST, Merchant

AMOUNT = 50_000  # poisha: 500 taka, initialize_body's default amount

MESSAGES = {
    "ALREADY_COMPLETED": "This session was already completed with a different transaction.",
    "VERIFICATION_FAILED": "Could not verify transaction; TrxID and amount must match exactly.",
    "TOO_MANY_ATTEMPTS": "Too many failed attempts on this session; contact the merchant.",
    "SESSION_EXPIRED": "This checkout session has expired.",
    "SESSION_UNAVAILABLE": "This checkout session is no longer available.",
    "NOT_FOUND": "Invalid checkout session.",
    "VENDOR_INACTIVE": "This vendor account is not active.",
    "PENDING_VERIFICATION": "Payment found; the merchant is confirming it.",
}


def outcome(code: str) -> dict[str, Any]:
    """The exact body of a claim outcome (interface.md §7)."""
    return {"success": False, "error": code, "message": MESSAGES[code]}


def invalid(text: str) -> dict[str, Any]:
    """The exact body of a claim validation failure."""
    return {"success": False, "error": text, "message": text}


def new_trx_id() -> str:
    return "T" + uuid.uuid4().hex[:9].upper()


def claim_body(session_id: str, trx_id: str, provider: str = "bkash") -> dict[str, str]:
    return {"sessionId": session_id, "trxId": trx_id, "provider": provider}


async def open_session(
    deps: Deps, merchant: Merchant, amount_poisha: int = AMOUNT, expires_in_s: int = 1800
) -> str:
    """A new OPEN session of the merchant's account; its id."""
    account = await deps.stores.accounts.get(merchant.id)
    req = InitializeRequest(
        order_id=f"order-{uuid.uuid4().hex[:10]}",
        amount_poisha=amount_poisha,
        success_url=f"https://{ALLOWED_HOST}/success",
        cancel_url=f"https://{ALLOWED_HOST}/cancel",
        webhook_url=f"https://{ALLOWED_HOST}/webhook",
        expires_in_s=expires_in_s,
    )
    opened = await deps.services.checkout.initialize(account, req, Platform())
    return str(opened.session.id)


async def pay(
    deps: Deps,
    merchant: Merchant,
    *,
    trx_id: str | None = None,
    amount_poisha: int = AMOUNT,
    provider: str = "bkash",
    status: str = "unconfirmed",
    received_at: datetime | None = None,
    direction: str = "credit",
) -> Transaction:
    """Record a wallet transaction for the merchant's account, as the SMS pipeline would."""
    new = NewTransaction(
        provider=provider,
        trx_id=trx_id or new_trx_id(),
        amount_poisha=amount_poisha,
        received_at=received_at or deps.clock(),
        status=status,
        direction=direction,
    )
    return (await deps.services.transactions.record(merchant.id, new)).transaction


async def session_doc(deps: Deps, session_id: str) -> dict[str, Any]:
    """The session's document as stored (what the tests check is what MongoDB holds)."""
    doc: dict[str, Any] | None = await deps.db["sessions"].find_one({"_id": session_id})
    assert doc is not None
    return doc


async def submit_claim(deps: Deps, req: ClaimRequest) -> dict[str, Any]:
    """A submit as its handler makes it, without the limits: the session, its account, the claim,
    and the answer body."""
    session = await deps.services.sessions.find(req.session_id)
    account = session and await deps.stores.accounts.get(session.account_id)
    completed = await deps.services.claims.submit(req, session, account)
    return COMPLETED_SCHEMA.dump(completed)


async def relay_owed(deps: Deps) -> int:
    """What the worker's outbox relay does within milliseconds: every owed event written."""
    relayed = 0
    while found := await deps.services.outbox.relay(100):
        relayed += found
    return relayed


async def events_of(deps: Deps, session_id: str) -> list[dict[str, Any]]:
    """The session's webhook events once the relay has run."""
    await relay_owed(deps)
    return await deps.db["events"].find({"session_id": session_id}).to_list()


class Yielding:
    """A MongoDB client, database or collection whose calls yield to the event loop.

    mongomock answers without ever suspending, so two requests could never interleave inside
    a service. Yielding a random number of times before and after each call lets the event loop
    run other requests between any two database operations, as a real server does.
    """

    def __init__(self, target: Any, rng: random.Random) -> None:
        self._target = target
        self._rng = rng

    def __getitem__(self, name: str) -> Yielding:
        return Yielding(self._target[name], self._rng)

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._target, name)
        if not inspect.iscoroutinefunction(attr):
            return attr

        async def call(*args: Any, **kwargs: Any) -> Any:
            await self._pause()
            result = await attr(*args, **kwargs)
            await self._pause()
            return result

        return call

    async def _pause(self) -> None:
        for _ in range(self._rng.randint(0, 3)):
            await asyncio.sleep(0)


def yielding_mongo(seed: int) -> Yielding:
    """An embedded MongoDB whose every call may let other tasks run first."""
    return Yielding(MemoryMongoClient(tz_aware=True), random.Random(seed))
