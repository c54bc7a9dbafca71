"""Raw SMS as forwarded by devices: stored before the intake answers, de-duplicated by content."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from pymongo import ReturnDocument

from claimsvc.store.batching import UpdateBatcher
from claimsvc.store.mongo import insert_new
from claimsvc.store.paging import Page, page

UNPARSED = "unparsed"
"""The result of a message no parser could read (kept for a parser update and a re-parse)."""


class MessageStore:
    """The `sms_messages` collection. `content_key` is unique: a forwarded SMS is stored once."""

    def __init__(self, db: Any, *, bulk_updates: bool = True) -> None:
        self._coll = db["sms_messages"]
        # A request's stream entries, and a stream batch's results, go as one bulk write.
        self._batched = UpdateBatcher(lambda: self._coll, bulk=bulk_updates)

    async def ensure_indexes(self) -> None:
        await self._coll.create_index("content_key", unique=True)
        await self._coll.create_index([("processed_at", 1), ("queued_at", 1)])
        await self._coll.create_index([("account_id", 1), ("stored_at", -1)])
        await self._coll.create_index([("account_id", 1), ("result", 1), ("stored_at", -1)])

    async def insert_many(self, docs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Store new messages in one command; those stored now (the others were already)."""
        return await insert_new(self._coll, docs)

    async def get(self, message_id: str) -> dict[str, Any] | None:
        return await self._coll.find_one({"_id": message_id})

    async def get_many(self, message_ids: list[str]) -> dict[str, dict[str, Any]]:
        """The messages with these ids, by id (one command for a stream batch)."""
        docs = await self._coll.find({"_id": {"$in": message_ids}}).to_list()
        return {doc["_id"]: doc for doc in docs}

    async def mark_queued(self, stream_ids: dict[str, str], now: datetime) -> None:
        """Remember each message's stream entry (message id -> entry id)."""
        await asyncio.gather(
            *(
                self._batched.update(
                    {"_id": message_id}, {"$set": {"stream_id": entry_id, "queued_at": now}}
                )
                for message_id, entry_id in stream_ids.items()
            )
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
        another consumer already did, or when that is unknown (written in a bulk with one that
        another consumer had finished)."""
        query = {"_id": message_id, "processed_at": None}
        return bool(await self._batched.update(query, {"$set": {**result, "processed_at": now}}))

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
