"""Merchant accounts and their API keys."""

from __future__ import annotations

import asyncio
import time
from datetime import datetime
from typing import Any

from pymongo import ReturnDocument


class AccountStore:
    """The `accounts` collection: one document per merchant account."""

    def __init__(self, db: Any) -> None:
        self._coll = db["accounts"]

    async def ensure_indexes(self) -> None:
        """Accounts are read by _id only."""

    async def insert(self, doc: dict[str, Any]) -> None:
        await self._coll.insert_one(doc)

    async def get(self, account_id: str) -> dict[str, Any] | None:
        return await self._coll.find_one({"_id": account_id})

    async def get_many(self, account_ids: list[str]) -> dict[str, dict[str, Any]]:
        """The accounts with these ids, by id."""
        docs = await self._coll.find({"_id": {"$in": account_ids}}).to_list()
        return {doc["_id"]: doc for doc in docs}

    async def update(self, account_id: str, fields: dict[str, Any]) -> dict[str, Any] | None:
        """Set `fields` in one atomic update; the account after it, or None if unknown."""
        return await self._coll.find_one_and_update(
            {"_id": account_id}, {"$set": fields}, return_document=ReturnDocument.AFTER
        )


class ApiKeyStore:
    """The `api_keys` collection: SHA-256 hash and display prefix only, never the key."""

    def __init__(self, db: Any) -> None:
        self._coll = db["api_keys"]

    async def ensure_indexes(self) -> None:
        await self._coll.create_index("key_hash", unique=True)
        await self._coll.create_index("account_id")

    async def insert(self, doc: dict[str, Any]) -> None:
        await self._coll.insert_one(doc)

    async def find_by_hash(self, key_hash: str) -> dict[str, Any] | None:
        return await self._coll.find_one({"key_hash": key_hash})

    async def get(self, key_id: str) -> dict[str, Any] | None:
        return await self._coll.find_one({"_id": key_id})

    async def revoke(self, key_id: str, now: datetime) -> dict[str, Any] | None:
        """Stamp revoked_at once; a second revoke keeps the first time."""
        doc = await self._coll.find_one_and_update(
            {"_id": key_id, "revoked_at": None},
            {"$set": {"revoked_at": now}},
            return_document=ReturnDocument.AFTER,
        )
        return doc or await self._coll.find_one({"_id": key_id})


class PlatformStore:
    """Platform-wide settings: one document, read by every initialize."""

    _ID = "platform"
    DEFAULTS: dict[str, Any] = {"maintenance": False, "daily_limit": None}

    def __init__(self, db: Any, max_age_s: float = 1.0) -> None:
        self._coll = db["platform"]
        self._max_age_s = max_age_s
        self._cached: tuple[float, dict[str, Any]] | None = None
        # The read that refreshes the copy: every request that finds the copy stale while it
        # runs waits for it instead of sending its own (under load, one read instead of one
        # per request in flight).
        self._refresh: asyncio.Future[dict[str, Any]] | None = None
        self._generation = 0  # bumped by update: a read begun before it is not kept
        self.monotonic = time.monotonic  # replaceable in tests

    async def ensure_indexes(self) -> None:
        """A single document keyed by _id."""

    async def get(self, *, cached: bool = False) -> dict[str, Any]:
        """The settings; `cached=True` (the hot path) may answer a copy up to max_age_s old."""
        if not cached:
            return dict(await self._read())
        if self._cached and self.monotonic() - self._cached[0] < self._max_age_s:
            return dict(self._cached[1])
        refresh = self._refresh
        if refresh is None or refresh.done():
            refresh = self._refresh = asyncio.ensure_future(self._read())
            refresh.add_done_callback(_retrieved)
        # Shielded: a caller that goes away (client gone) does not cancel the others' read.
        return dict(await asyncio.shield(refresh))

    async def _read(self) -> dict[str, Any]:
        generation = self._generation
        doc = await self._coll.find_one({"_id": self._ID}) or {}
        settings = {**self.DEFAULTS, **{k: v for k, v in doc.items() if k != "_id"}}
        if generation == self._generation:
            self._cached = (self.monotonic(), settings)
        return settings

    async def update(self, fields: dict[str, Any]) -> dict[str, Any]:
        """Change some settings; this process sees them at once, others within max_age_s."""
        self._generation += 1
        self._cached, self._refresh = None, None
        await self._coll.update_one({"_id": self._ID}, {"$set": fields}, upsert=True)
        self._generation += 1  # a read begun during the write may have seen the old settings
        self._refresh = None
        return await self.get()


def _retrieved(future: asyncio.Future[Any]) -> None:
    """Mark a refresh's error as seen: its waiters get it; none may be left to (all gone)."""
    if not future.cancelled():
        future.exception()
