"""Delivery state of webhook events: each change one conditional update of the `events` collection.

The outbox (`claimsvc.store.events`) creates events; this store moves them between states. Every
update filters on the state and attempt count the caller saw, so a worker holding a stale copy
(its lease ran out and another worker moved on) changes nothing.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pymongo import ReturnDocument

from claimsvc.domain.delivery import HISTORY_LIMIT
from claimsvc.domain.outbox import DEAD, DELIVERED, QUEUED, STOPPED
from claimsvc.store.batching import UpdateBatcher


def _history(record: dict[str, Any]) -> dict[str, Any]:
    return {"attempt_history": {"$each": [record], "$slice": -HISTORY_LIMIT}}


class DeliveryStore:
    """State changes and queries of the webhook dispatcher, reconciler and operators."""

    def __init__(self, db: Any, *, bulk_updates: bool = True) -> None:
        self._coll = db["events"]
        # A worker's concurrent attempts begin and end through one bulk write per moment.
        self._batched = UpdateBatcher(lambda: self._coll, bulk=bulk_updates)

    async def ensure_indexes(self) -> None:
        # The reconciler pages queued events by id; counts and the oldest queued use it too.
        await self._coll.create_index([("status", 1), ("_id", 1)])

    async def get(self, event_id: int) -> dict[str, Any] | None:
        return await self._coll.find_one({"_id": event_id})

    async def get_many(self, event_ids: list[int]) -> dict[int, dict[str, Any]]:
        """The events with these ids, by id (one command for a dispatcher's batch)."""
        docs = await self._coll.find({"_id": {"$in": event_ids}}).to_list()
        return {doc["_id"]: doc for doc in docs}

    async def queued_of_sessions(self, session_ids: list[str]) -> list[dict[str, Any]]:
        """The queued events of these sessions: id, session and due time, by id."""
        query = {"session_id": {"$in": session_ids}, "status": QUEUED}
        projection = {"session_id": 1, "next_attempt_at": 1}
        return await self._coll.find(query, projection).sort("_id", 1).to_list()

    async def _apply_outcome(
        self, event: dict[str, Any], fields: dict[str, Any], record: dict[str, Any] | None
    ) -> bool:
        """Apply an attempt's outcome if the event is still queued at the attempts seen; False
        when it was not, or when that is unknown (the caller then follows what is stored)."""
        update: dict[str, Any] = {"$set": fields}
        if record is not None:
            update["$push"] = _history(record)
        query = {"_id": event["_id"], "status": QUEUED, "attempts": event["attempts"]}
        return bool(await self._batched.update(query, update))

    async def begin_attempt(self, event: dict[str, Any], now: datetime) -> dict[str, Any] | None:
        """Claim the next attempt number before sending; the event as it is now, or None
        (another worker began it, or whether this call did is unknown: nothing is sent then).

        Counting the attempt before it goes out means that an attempt cut short by a dying
        worker is never numbered again: the receiver sees a higher number on the resend, and
        two workers can never both send the same attempt.
        """
        fields = {"attempts": event["attempts"] + 1, "last_attempt_at": now}
        query = {"_id": event["_id"], "status": QUEUED, "attempts": event["attempts"]}
        began = await self._batched.update(query, {"$set": fields})
        return {**event, **fields} if began else None

    def _attempted(self, record: dict[str, Any]) -> dict[str, Any]:
        return {"last_status_code": record["status_code"], "last_error": record["error"]}

    async def mark_delivered(self, event: dict[str, Any], record: dict[str, Any]) -> bool:
        fields = {
            **self._attempted(record),
            "status": DELIVERED,
            "delivered_at": record["at"],
            "next_attempt_at": None,
        }
        return await self._apply_outcome(event, fields, record)

    async def mark_failed(
        self, event: dict[str, Any], record: dict[str, Any], next_at: datetime
    ) -> bool:
        """A failed attempt; the event stays queued until `next_at`."""
        fields = {**self._attempted(record), "next_attempt_at": next_at}
        return await self._apply_outcome(event, fields, record)

    async def mark_dead(self, event: dict[str, Any], record: dict[str, Any]) -> bool:
        fields = {
            **self._attempted(record),
            "status": DEAD,
            "dead_at": record["at"],
            "next_attempt_at": None,
        }
        return await self._apply_outcome(event, fields, record)

    async def mark_stopped(
        self, event: dict[str, Any], reason: str, now: datetime, record: dict[str, Any] | None
    ) -> bool:
        """Not sent: a send-time check failed. `record` is kept when a connect was refused."""
        fields: dict[str, Any] = {
            "status": STOPPED,
            "stopped_reason": reason,
            "stopped_at": now,
            "next_attempt_at": None,
        }
        if record is not None:
            fields.update(self._attempted(record))
        return await self._apply_outcome(event, fields, record)

    async def requeue(
        self, event: dict[str, Any], from_status: str, now: datetime, *, new_cycle: bool
    ) -> dict[str, Any] | None:
        """Queue a stopped, dead or delivered event again, due now; None if it moved meanwhile."""
        fields: dict[str, Any] = {
            "status": QUEUED,
            "next_attempt_at": now,
            "stopped_reason": None,
            "requeued_at": now,
        }
        if new_cycle:
            # The attempt counter continues; the retry table counts from here again.
            fields["cycle_base"] = event["attempts"]
        return await self._coll.find_one_and_update(
            {"_id": event["_id"], "status": from_status, "attempts": event["attempts"]},
            {"$set": fields},
            return_document=ReturnDocument.AFTER,
        )

    async def earlier_queued(self, event: dict[str, Any]) -> dict[str, Any] | None:
        """The first queued event of the same session created before `event`, if any."""
        query = {"session_id": event["session_id"], "_id": {"$lt": event["_id"]}, "status": QUEUED}
        return await self._coll.find_one(query, sort=[("_id", 1)])

    async def stopped_of_account(
        self, account_id: str, after_id: int, limit: int
    ) -> list[dict[str, Any]]:
        """Stopped events of an account with ids above `after_id`, oldest first."""
        query = {"account_id": account_id, "status": STOPPED, "_id": {"$gt": after_id}}
        return await self._coll.find(query).sort("_id", 1).limit(limit).to_list()

    async def queued_after(self, after_id: int, limit: int) -> list[dict[str, Any]]:
        """Queued events with ids above `after_id`, by id: their id and when they are due."""
        query = {"status": QUEUED, "_id": {"$gt": after_id}}
        projection = {"next_attempt_at": 1}
        return await self._coll.find(query, projection).sort("_id", 1).limit(limit).to_list()

    async def count(self, status: str) -> int:
        return int(await self._coll.count_documents({"status": status}))

    async def oldest_queued(self) -> dict[str, Any] | None:
        """The queued event with the lowest id (ids grow with creation time)."""
        return await self._coll.find_one({"status": QUEUED}, sort=[("_id", 1)])

    async def newest_id(self) -> int:
        """The highest event id recorded so far; 0 when there is none."""
        doc = await self._coll.find_one({}, {"_id": 1}, sort=[("_id", -1)])
        return int(doc["_id"]) if doc else 0
