"""Checkout sessions. (account_id, order_id) is unique: one session per order."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pymongo import ReturnDocument

from claimsvc.domain.sessions import FAILED_SOURCES, OPEN, PENDING_GRACE, Guard, Transition


def _deadline(pending: bool | None, op: str, at: datetime) -> dict[str, Any]:
    """Sessions whose deadline (sessions.deadline) compares to `at` as `op` ($gt or $lte)."""
    plain = {"pending_claim": None, "expires_at": {op: at}}
    held = {"pending_claim": {"$ne": None}, "expires_at": {op: at - PENDING_GRACE}}
    if pending is None:
        return {"$or": [plain, held]}
    return held if pending else plain


def guard_query(guard: Guard) -> dict[str, Any]:
    """`guard` as a MongoDB filter: the same rule as sessions.allows, checked atomically."""
    clauses: list[dict[str, Any]] = [{"status": OPEN}]
    if guard.pending is not None:
        clauses.append({"pending_claim": {"$ne": None} if guard.pending else None})
    if guard.pending_transaction is not None:
        clauses.append({"pending_claim.transaction_id": guard.pending_transaction})
    if guard.live_at is not None:
        clauses.append(_deadline(guard.pending, "$gt", guard.live_at))
    if guard.overdue_at is not None:
        clauses.append(_deadline(guard.pending, "$lte", guard.overdue_at))
    if guard.attempts_below is not None:
        clauses.append({"failed_attempts": {"$lt": guard.attempts_below}})
    if guard.attempts_at_least is not None:
        clauses.append({"failed_attempts": {"$gte": guard.attempts_at_least}})
    if guard.source_seen is not None:
        clauses.append({f"{FAILED_SOURCES}.{guard.source}": {"$exists": guard.source_seen}})
    return {"$and": clauses}


class SessionStore:
    """The `sessions` collection."""

    def __init__(self, db: Any) -> None:
        self._coll = db["sessions"]

    async def ensure_indexes(self) -> None:
        await self._coll.create_index([("account_id", 1), ("order_id", 1)], unique=True)
        await self._coll.create_index("payment_id", unique=True)
        await self._coll.create_index([("status", 1), ("expires_at", 1)])
        # Only sessions still owing their webhook event carry the field.
        await self._coll.create_index("event_due", sparse=True)

    async def insert(self, doc: dict[str, Any]) -> None:
        """Insert a new session; DuplicateKeyError when the order already has one."""
        await self._coll.insert_one(doc)

    async def get(self, session_id: str) -> dict[str, Any] | None:
        return await self._coll.find_one({"_id": session_id})

    async def find_by_order(self, account_id: str, order_id: str) -> dict[str, Any] | None:
        return await self._coll.find_one({"account_id": account_id, "order_id": order_id})

    async def transition(self, session_id: str, step: Transition) -> dict[str, Any] | None:
        """Apply `step` in one conditional update; the session after it, or None if refused."""
        update: dict[str, Any] = {}
        if step.set:
            update["$set"] = step.set
        if step.inc:
            update["$inc"] = step.inc
        return await self._coll.find_one_and_update(
            {"_id": session_id, **guard_query(step.guard)},
            update,
            return_document=ReturnDocument.AFTER,
        )

    async def find_overdue(self, now: datetime, limit: int) -> list[dict[str, Any]]:
        """Open sessions past their deadline, oldest first (the expiry sweeper's batch)."""
        query = guard_query(Guard(pending=None, overdue_at=now))
        return await self._coll.find(query).sort("expires_at", 1).limit(limit).to_list()

    async def find_event_due(self, limit: int) -> list[dict[str, Any]]:
        """Terminal sessions still owing their webhook event, the longest owed first."""
        query = {"event_due": True}
        return await self._coll.find(query).sort("terminal_at", 1).limit(limit).to_list()

    async def clear_event_due(self, session_ids: list[str]) -> None:
        """These sessions' events exist now."""
        await self._coll.update_many(
            {"_id": {"$in": session_ids}, "event_due": True}, {"$unset": {"event_due": ""}}
        )
