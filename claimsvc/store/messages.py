"""Raw SMS as forwarded by devices: stored before the intake answers, de-duplicated by content."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pymongo import ReturnDocument

from claimsvc.store.mongo import DuplicateKeyError
from claimsvc.store.paging import Page, page

UNPARSED = "unparsed"
"""The result of a message no parser could read (kept for a parser update and a re-parse)."""


class MessageStore:
    """The `sms_messages` collection. `content_key` is unique: a forwarded SMS is stored once."""

    def __init__(self, db: Any) -> None:
        self._coll = db["sms_messages"]

    async def ensure_indexes(self) -> None:
        await self._coll.create_index("content_key", unique=True)
        await self._coll.create_index([("processed_at", 1), ("queued_at", 1)])
        await self._coll.create_index([("account_id", 1), ("stored_at", -1)])
        await self._coll.create_index([("account_id", 1), ("result", 1), ("stored_at", -1)])

    async def insert(self, doc: dict[str, Any]) -> bool:
        """Store a new message; False when the same content is already stored."""
        try:
            await self._coll.insert_one(doc)
        except DuplicateKeyError:
            return False
        return True

    async def get(self, message_id: str) -> dict[str, Any] | None:
        return await self._coll.find_one({"_id": message_id})

    async def mark_queued(self, message_id: str, stream_id: str, now: datetime) -> None:
        await self._coll.update_one(
            {"_id": message_id}, {"$set": {"stream_id": stream_id, "queued_at": now}}
        )

    async def claim_requeue(
        self, message_id: str, seen_queued_at: datetime | None, now: datetime
    ) -> bool:
        """Take the right to re-queue a lost message; one sweeper wins among several."""
        doc = await self._coll.find_one_and_update(
            {"_id": message_id, "processed_at": None, "queued_at": seen_queued_at},
            {"$set": {"queued_at": now}},
            return_document=ReturnDocument.AFTER,
        )
        return doc is not None

    async def unprocessed(self, queued_before: datetime, limit: int) -> list[dict[str, Any]]:
        """Stored messages not yet processed whose last queueing is older than `queued_before`."""
        query = {"processed_at": None, "queued_at": {"$lt": queued_before}}
        return await self._coll.find(query).sort("stored_at", 1).limit(limit).to_list(None)

    async def oldest_unprocessed(self) -> datetime | None:
        cursor = self._coll.find({"processed_at": None}).sort("stored_at", 1).limit(1)
        docs = await cursor.to_list(None)
        return docs[0]["stored_at"] if docs else None

    async def finish(self, message_id: str, result: dict[str, Any], now: datetime) -> bool:
        """Record what processing made of a message and stamp processed_at, once; False when
        another consumer already did."""
        done = await self._coll.update_one(
            {"_id": message_id, "processed_at": None},
            {"$set": {**result, "processed_at": now}},
        )
        return done.modified_count == 1

    async def unparsed(
        self, account_id: str | None, provider: str | None, since: datetime | None, limit: int
    ) -> list[dict[str, Any]]:
        """Processed messages the parsers could not read, in the order the phone received them
        (ids and receive times only)."""
        query: dict[str, Any] = {"result": UNPARSED, "processed_at": {"$ne": None}}
        if account_id:
            query["account_id"] = account_id
        if provider:
            query["provider"] = provider
        if since:
            query["stored_at"] = {"$gte": since}
        cursor = self._coll.find(query, {"_id": 1, "received_at": 1})
        return await cursor.sort([("received_at", 1), ("_id", 1)]).limit(limit).to_list(None)

    async def reopen(self, message_id: str, now: datetime) -> bool:
        """Mark an unparsed message to be processed again; False when it is not (or no longer)
        an unparsed, processed message, so two callers never both reopen it."""
        done = await self._coll.update_one(
            {"_id": message_id, "result": UNPARSED, "processed_at": {"$ne": None}},
            {
                "$set": {"processed_at": None, "queued_at": now, "reparse_requested_at": now},
                "$inc": {"reparses": 1},
            },
        )
        return done.modified_count == 1

    async def list(
        self, account_id: str | None, result: str | None, cursor: str | None, limit: int | None
    ) -> Page:
        query: dict[str, Any] = {}
        if account_id:
            query["account_id"] = account_id
        if result:
            query["result"] = result
        return await page(self._coll, query, "stored_at", cursor, limit)
