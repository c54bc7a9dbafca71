"""Signed-in portal sessions: only the SHA-256 hash of the cookie's id is stored."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from pymongo import ASCENDING

from claimsvc.domain.portal_sessions import PortalSession


class PortalSessionStore:
    """The `portal_sessions` collection; MongoDB's TTL monitor deletes a session once it has
    ended (`ends_at`), and every read checks `ends_at` as the monitor runs once a minute."""

    def __init__(self, db: Any, ttl_index: bool = True) -> None:
        self._coll = db["portal_sessions"]
        self._ttl_index = ttl_index

    @staticmethod
    def from_doc(doc: Mapping[str, Any]) -> PortalSession:
        return PortalSession(
            id_hash=doc["_id"],
            user_id=doc["user_id"],
            account_id=doc["account_id"],
            stage=doc["stage"],
            csrf=doc["csrf"],
            created_at=doc["created_at"],
            seen_at=doc["seen_at"],
            ends_at=doc["ends_at"],
        )

    async def ensure_indexes(self) -> None:
        if self._ttl_index:
            await self._coll.create_index([("ends_at", ASCENDING)], expireAfterSeconds=0)
        await self._coll.create_index([("user_id", ASCENDING)])

    async def insert(self, session: PortalSession) -> None:
        await self._coll.insert_one(
            {
                "_id": session.id_hash,
                "user_id": session.user_id,
                "account_id": session.account_id,
                "stage": session.stage,
                "csrf": session.csrf,
                "created_at": session.created_at,
                "seen_at": session.seen_at,
                "ends_at": session.ends_at,
            }
        )

    async def get(self, id_hash: str, now: datetime) -> PortalSession | None:
        doc = await self._coll.find_one({"_id": id_hash, "ends_at": {"$gt": now}})
        return self.from_doc(doc) if doc else None

    async def touch(self, id_hash: str, seen_at: datetime, ends_at: datetime) -> None:
        """Record activity: the idle expiry moves on (never past the absolute one)."""
        await self._coll.update_one(
            {"_id": id_hash}, {"$set": {"seen_at": seen_at, "ends_at": ends_at}}
        )

    async def delete(self, id_hash: str) -> bool:
        result = await self._coll.delete_one({"_id": id_hash})
        return bool(result.deleted_count)

    async def delete_user(self, user_id: str, keep: str | None = None) -> int:
        """End every session of a user, except the one whose hash is `keep`."""
        query: dict[str, Any] = {"user_id": user_id}
        if keep is not None:
            query["_id"] = {"$ne": keep}
        result = await self._coll.delete_many(query)
        return int(result.deleted_count)
