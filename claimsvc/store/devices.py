"""SMS forwarder devices. A device token is kept only as its SHA-256 hash and a display prefix."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pymongo import ReturnDocument

from claimsvc.store.paging import Page, page

TOUCH_EVERY = timedelta(seconds=15)
"""last_seen_at is written at most this often per device: a busy phone is not a write hot spot."""


class DeviceStore:
    """The `devices` collection."""

    def __init__(self, db: Any) -> None:
        self._coll = db["devices"]

    async def ensure_indexes(self) -> None:
        await self._coll.create_index("token_hash", unique=True)
        await self._coll.create_index([("account_id", 1), ("created_at", -1)])
        await self._coll.create_index([("revoked_at", 1), ("last_seen_at", 1)])

    async def insert(self, doc: dict[str, Any]) -> None:
        await self._coll.insert_one(doc)

    async def get(self, device_id: str) -> dict[str, Any] | None:
        return await self._coll.find_one({"_id": device_id})

    async def find_by_hash(self, token_hash: str) -> dict[str, Any] | None:
        return await self._coll.find_one({"token_hash": token_hash})

    async def list(self, account_id: str | None, cursor: str | None, limit: int | None) -> Page:
        query = {"account_id": account_id} if account_id else {}
        return await page(self._coll, query, "created_at", cursor, limit)

    async def revoke(self, device_id: str, now: datetime) -> dict[str, Any] | None:
        """Stamp revoked_at once; a second revoke keeps the first time."""
        doc = await self._coll.find_one_and_update(
            {"_id": device_id, "revoked_at": None},
            {"$set": {"revoked_at": now}},
            return_document=ReturnDocument.AFTER,
        )
        return doc or await self._coll.find_one({"_id": device_id})

    async def touch(self, device_id: str, now: datetime) -> None:
        """Move last_seen_at forward, skipping the write when it moved very recently."""
        await self._coll.update_one(
            {
                "_id": device_id,
                "$or": [{"last_seen_at": None}, {"last_seen_at": {"$lte": now - TOUCH_EVERY}}],
            },
            {"$set": {"last_seen_at": now}},
        )

    async def count_silent(self, since: datetime) -> int:
        """Active devices not heard from since `since` (never-seen ones count from creation)."""
        return await self._coll.count_documents(
            {
                "revoked_at": None,
                "$or": [
                    {"last_seen_at": {"$lt": since}},
                    {"last_seen_at": None, "created_at": {"$lt": since}},
                ],
            }
        )

    async def count_active(self) -> int:
        return await self._coll.count_documents({"revoked_at": None})
