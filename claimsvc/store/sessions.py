"""Checkout sessions. (account_id, order_id) is unique: one session per order."""

from __future__ import annotations

from typing import Any


class SessionStore:
    """The `sessions` collection."""

    def __init__(self, db: Any) -> None:
        self._coll = db["sessions"]

    async def ensure_indexes(self) -> None:
        await self._coll.create_index([("account_id", 1), ("order_id", 1)], unique=True)
        await self._coll.create_index("payment_id", unique=True)
        await self._coll.create_index([("status", 1), ("expires_at", 1)])

    async def insert(self, doc: dict[str, Any]) -> None:
        """Insert a new session; DuplicateKeyError when the order already has one."""
        await self._coll.insert_one(doc)

    async def get(self, session_id: str) -> dict[str, Any] | None:
        return await self._coll.find_one({"_id": session_id})

    async def find_by_order(self, account_id: str, order_id: str) -> dict[str, Any] | None:
        return await self._coll.find_one({"account_id": account_id, "order_id": order_id})
