"""Webhook events (the outbox). (session, outcome) is unique: a retried or raced terminal
transition can never record a second event."""

from __future__ import annotations

from typing import Any

from claimsvc.store.mongo import insert_new
from claimsvc.store.paging import Page, page


class EventStore:
    """The `events` collection; `_id` is the numeric event id from the durable counter."""

    def __init__(self, db: Any) -> None:
        self._coll = db["events"]

    async def ensure_indexes(self) -> None:
        await self._coll.create_index([("session_id", 1), ("payment_status", 1)], unique=True)
        await self._coll.create_index([("account_id", 1), ("_id", -1)])
        await self._coll.create_index([("status", 1), ("next_attempt_at", 1)])

    async def insert(self, doc: dict[str, Any]) -> None:
        """Insert a new event; DuplicateKeyError when the session already has this outcome's."""
        await self._coll.insert_one(doc)

    async def insert_new(self, docs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Insert events in one command; those written now (the rest already had their event)."""
        return await insert_new(self._coll, docs)

    async def sessions_with_events(self, session_ids: list[str]) -> set[str]:
        """Which of these sessions have an event (of any outcome) recorded."""
        docs = await self._coll.find(
            {"session_id": {"$in": session_ids}}, {"session_id": 1}
        ).to_list()
        return {d["session_id"] for d in docs}

    async def get(self, event_id: int) -> dict[str, Any] | None:
        return await self._coll.find_one({"_id": event_id})

    async def find_for_session(self, session_id: str, payment_status: str) -> dict[str, Any] | None:
        return await self._coll.find_one(
            {"session_id": session_id, "payment_status": payment_status}
        )

    async def list(self, filters: dict[str, Any], cursor: str | None, limit: int | None) -> Page:
        """Events matching `filters` (exact field values), newest (highest id) first."""
        return await page(self._coll, dict(filters), "_id", cursor, limit)
