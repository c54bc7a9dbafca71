"""Raw SMS as forwarded by devices: stored before the intake answers, de-duplicated by content."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pymongo import ReturnDocument

from claimsvc.domain.alerts import sms_alert_owed as alert_owed
from claimsvc.domain.messages import MessageResult, SmsMessage
from claimsvc.domain.statuses import UNPARSED
from claimsvc.store.batching import UpdateBatcher
from claimsvc.store.mongo import insert_new, insert_one_new
from claimsvc.store.paging import Page, page

ALERT_DUE = "alert_due"
"""Set with a result that owes an alert, until the alert relay writes it."""


class MessageStore:
    """The `sms_messages` collection. `content_key` is unique: a forwarded SMS is stored once."""

    def __init__(self, db: Any, *, bulk_updates: bool = True) -> None:
        self._coll = db["sms_messages"]
        # A stream batch's results go as one bulk write.
        self._batched = UpdateBatcher(lambda: self._coll, bulk=bulk_updates)

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> SmsMessage:
        return SmsMessage(
            id=doc["_id"],
            account_id=doc["account_id"],
            device_id=doc["device_id"],
            form=doc.get("form"),
            sender=doc["sender"],
            text=doc["text"],
            sim_slot=doc.get("sim_slot"),
            received_at=doc["received_at"],
            received_at_source=doc.get("received_at_source"),
            reported_received_at=doc.get("reported_received_at"),
            content_key=doc["content_key"],
            stored_at=doc["stored_at"],
            queued_at=doc.get("queued_at"),
            processed_at=doc.get("processed_at"),
            result=doc.get("result"),
            provider=doc.get("provider"),
            reason=doc.get("reason"),
            transaction_id=doc.get("transaction_id"),
            reparses=doc.get("reparses", 0),
            reparse_requested_at=doc.get("reparse_requested_at"),
            parsed_by=doc.get("parsed_by"),
        )

    @staticmethod
    def to_doc(msg: SmsMessage) -> dict[str, Any]:
        """A new message's document (the result fields, re-parse counters and their times
        are written by the updates that set them)."""
        return {
            "_id": msg.id,
            "account_id": msg.account_id,
            "device_id": msg.device_id,
            "form": msg.form,
            "sender": msg.sender,
            "text": msg.text,
            "sim_slot": msg.sim_slot,
            "received_at": msg.received_at,
            "received_at_source": msg.received_at_source,
            "reported_received_at": msg.reported_received_at,
            "content_key": msg.content_key,
            "stored_at": msg.stored_at,
            "queued_at": msg.queued_at,
            "result": msg.result,
            "processed_at": msg.processed_at,
        }

    async def ensure_indexes(self) -> None:
        await self._coll.create_index("content_key", unique=True)
        await self._coll.create_index([("processed_at", 1), ("queued_at", 1)])
        await self._coll.create_index([("account_id", 1), ("stored_at", -1)])
        await self._coll.create_index([("account_id", 1), ("result", 1), ("stored_at", -1)])
        await self._coll.create_index(ALERT_DUE, sparse=True)

    async def insert_many(self, msgs: list[SmsMessage]) -> list[SmsMessage]:
        """Store new messages in one command; those stored now (the others were already)."""
        if len(msgs) == 1:  # most requests carry one SMS: the cheaper single insert
            return msgs if await insert_one_new(self._coll, self.to_doc(msgs[0])) else []
        stored = {d["_id"] for d in await insert_new(self._coll, [self.to_doc(m) for m in msgs])}
        return [msg for msg in msgs if msg.id in stored]

    async def delete_new(self, message_ids: list[str]) -> None:
        """Remove messages a refused request stored a moment ago (never processed ones only)."""
        await self._coll.delete_many({"_id": {"$in": message_ids}, "processed_at": None})

    async def get(self, message_id: str) -> SmsMessage | None:
        doc = await self._coll.find_one({"_id": message_id})
        return None if doc is None else self.from_doc(doc)

    async def get_many(self, message_ids: list[str]) -> dict[str, SmsMessage]:
        """The messages with these ids, by id (one command for a stream batch)."""
        docs = await self._coll.find({"_id": {"$in": message_ids}}).to_list()
        return {doc["_id"]: self.from_doc(doc) for doc in docs}

    async def still_queued(self, message_ids: list[str], now: datetime) -> None:
        """Stamp queued_at on unprocessed messages the sweep found still queued (a backlog), so
        it looks at them again only after its delay: one command for the lot."""
        if message_ids:
            await self._coll.update_many(
                {"_id": {"$in": message_ids}, "processed_at": None}, {"$set": {"queued_at": now}}
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

    async def unprocessed(self, queued_before: datetime, limit: int) -> list[SmsMessage]:
        """Stored messages not yet processed whose last queueing is older than `queued_before`."""
        query = {"processed_at": None, "queued_at": {"$lt": queued_before}}
        docs = await self._coll.find(query).sort("stored_at", 1).limit(limit).to_list(None)
        return [self.from_doc(doc) for doc in docs]

    async def oldest_unprocessed(self) -> datetime | None:
        cursor = self._coll.find({"processed_at": None}).sort("stored_at", 1).limit(1)
        docs = await cursor.to_list(None)
        return self.from_doc(docs[0]).stored_at if docs else None

    async def finish(self, message_id: str, result: MessageResult, now: datetime) -> bool:
        """Record what processing made of a message and stamp processed_at, once; False when
        another consumer already did, or when that is unknown (written in a bulk with one that
        another consumer had finished)."""
        fields: dict[str, Any] = {
            "result": result.result,
            "provider": result.provider,
            "reason": result.reason,
            "transaction_id": result.transaction_id,
            "parsed_by": result.parsed_by,
            "processed_at": now,
        }
        if alert_owed(result):
            # Marked in the update that records the result: the SMS path makes no extra write.
            fields[ALERT_DUE] = True
        query = {"_id": message_id, "processed_at": None}
        return bool(await self._batched.update(query, {"$set": fields}))

    async def give_up(self, message_id: str, reason: str, now: datetime) -> bool:
        """Keep a message processing kept failing on as unparsed, with `reason`, once (its
        other result fields, from an earlier processing, are left as they were)."""
        fields = {"result": UNPARSED, "reason": reason, "processed_at": now}
        query = {"_id": message_id, "processed_at": None}
        return bool(await self._batched.update(query, {"$set": fields}))

    async def unparsed(
        self, account_id: str | None, provider: str | None, since: datetime | None, limit: int
    ) -> list[str]:
        """The ids of processed messages the parsers could not read, in the order the phone
        received them."""
        query: dict[str, Any] = {"result": UNPARSED, "processed_at": {"$ne": None}}
        if account_id:
            query["account_id"] = account_id
        if provider:
            query["provider"] = provider
        if since:
            query["stored_at"] = {"$gte": since}
        cursor = self._coll.find(query, {"_id": 1})
        docs = await cursor.sort([("received_at", 1), ("_id", 1)]).limit(limit).to_list(None)
        return [doc["_id"] for doc in docs]

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
        return bool(done.modified_count == 1)

    async def alerts_owed(self, limit: int) -> list[SmsMessage]:
        """Messages whose result owes an alert (services/alerts.py)."""
        docs = await self._coll.find({ALERT_DUE: True}).limit(limit).to_list()
        return [self.from_doc(d) for d in docs]

    async def clear_alerts_owed(self, message_ids: list[str]) -> None:
        if message_ids:
            await self._coll.update_many({"_id": {"$in": message_ids}}, {"$unset": {ALERT_DUE: ""}})

    async def list(
        self,
        account_id: str | None,
        result: str | tuple[str, ...] | None,
        cursor: str | None,
        limit: int | None,
    ) -> Page[SmsMessage]:
        """Messages newest first, of an account and with a result (or any of several) if given."""
        query: dict[str, Any] = {}
        if account_id:
            query["account_id"] = account_id
        if isinstance(result, tuple):
            query["result"] = {"$in": list(result)}
        elif result:
            query["result"] = result
        found = await page(self._coll, query, "stored_at", cursor, limit)
        return found.map(self.from_doc)
