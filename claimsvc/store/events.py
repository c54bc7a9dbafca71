"""Webhook events: the outbox writes them, the dispatcher moves them between delivery states.

One store owns the `events` collection and its indexes. (session, outcome) is unique: a retried
or raced terminal transition can never record a second event. Every state change filters on
the state and attempt count the caller saw, so a worker holding a stale copy (its lease ran
out and another worker moved on) changes nothing.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from pymongo import ReturnDocument

from claimsvc.domain.alerts import alerted
from claimsvc.domain.delivery import HISTORY_LIMIT, NO_WEBHOOK_URL, needs_merchant
from claimsvc.domain.exchange import Exchange
from claimsvc.domain.modes import MODES, ledger_id
from claimsvc.domain.outbox import (
    DEAD,
    DELIVERED,
    QUEUED,
    STOPPED,
    Attempt,
    Event,
    EventFilter,
    Queued,
)
from claimsvc.store.batching import UpdateBatcher
from claimsvc.store.mongo import insert_new
from claimsvc.store.paging import Page, page

_QUEUED = {"session_id": 1, "next_attempt_at": 1}
"""What `Queued` reads of an event."""


HISTORY = "attempt_history"
WITHOUT_HISTORY = {HISTORY: 0}
"""The worker reads events without their attempts' details (it never shows them)."""


def _exchange_doc(exchange: Exchange) -> dict[str, Any]:
    return {
        "request_headers": [list(h) for h in exchange.request_headers],
        "response_headers": [list(h) for h in exchange.response_headers],
        "response_body": exchange.response_body,
        "body_cut": exchange.body_cut,
        "headers_cut": exchange.headers_cut,
    }


def _exchange(doc: dict[str, Any] | None) -> Exchange | None:
    if doc is None:
        return None
    return Exchange(
        request_headers=tuple((str(n), str(v)) for n, v in doc.get("request_headers") or ()),
        response_headers=tuple((str(n), str(v)) for n, v in doc.get("response_headers") or ()),
        response_body=doc.get("response_body"),
        body_cut=bool(doc.get("body_cut")),
        headers_cut=bool(doc.get("headers_cut")),
    )


def _attempt_doc(attempt: Attempt) -> dict[str, Any]:
    doc = {
        "attempt": attempt.attempt,
        "at": attempt.at,
        "status_code": attempt.status_code,
        "error": attempt.error,
        "duration_ms": attempt.duration_ms,
    }
    if attempt.exchange is not None:
        doc["exchange"] = _exchange_doc(attempt.exchange)
    return doc


def _attempt(doc: dict[str, Any]) -> Attempt:
    return Attempt(
        attempt=doc["attempt"],
        at=doc["at"],
        status_code=doc.get("status_code"),
        error=doc.get("error"),
        duration_ms=doc["duration_ms"],
        exchange=_exchange(doc.get("exchange")),
    )


ALERT_DUE = "alert_due"
"""Set on an event that ended dead or stopped, until the alert relay writes its alert."""


def owes_alert(event: Event, status: str, reason: str | None = None) -> bool:
    """Whether an event ending `status` owes the merchant an alert: its end needs the merchant
    as the overview's "needs attention" says (not a portal test event, nor a stop for having
    no webhook address) and it is live (a test session's owes none)."""
    ended = replace(event, status=status, stopped_reason=reason)
    return alerted(event.account_id) and needs_merchant(ended)


def _alert_owed(event: Event, status: str, reason: str | None = None) -> dict[str, Any]:
    """The mark an event ending `status` carries, in the update that ends it (owes_alert)."""
    return {ALERT_DUE: True} if owes_alert(event, status, reason) else {}


def _attempted(attempt: Attempt) -> dict[str, Any]:
    return {"last_status_code": attempt.status_code, "last_error": attempt.error}


class EventStore:
    """The `events` collection; `_id` is the numeric event id from the durable counter."""

    def __init__(self, db: Any, *, bulk_updates: bool = True) -> None:
        self._coll = db["events"]
        # A worker's concurrent attempts begin and end through one bulk write per moment.
        self._batched = UpdateBatcher(lambda: self._coll, bulk=bulk_updates)

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> Event:
        return Event(
            id=doc["_id"],
            account_id=doc["account_id"],
            session_id=doc["session_id"],
            order_id=doc["order_id"],
            payment_id=doc["payment_id"],
            payment_status=doc["payment_status"],
            webhook_url=doc["webhook_url"],
            body=bytes(doc["body"]),
            status=doc["status"],
            attempts=doc["attempts"],
            created_at=doc["created_at"],
            next_attempt_at=doc.get("next_attempt_at"),
            last_attempt_at=doc.get("last_attempt_at"),
            last_status_code=doc.get("last_status_code"),
            last_error=doc.get("last_error"),
            stopped_reason=doc.get("stopped_reason"),
            delivered_at=doc.get("delivered_at"),
            dead_at=doc.get("dead_at"),
            stopped_at=doc.get("stopped_at"),
            requeued_at=doc.get("requeued_at"),
            cycle_base=doc.get("cycle_base") or 0,
            history=tuple(_attempt(a) for a in doc.get(HISTORY) or ()),
            test=bool(doc.get("test", False)),
        )

    @staticmethod
    def to_doc(event: Event) -> dict[str, Any]:
        """The document; fields a new event has not reached yet are left out, as before."""
        doc: dict[str, Any] = {
            "_id": event.id,
            "account_id": event.account_id,
            "session_id": event.session_id,
            "order_id": event.order_id,
            "payment_id": event.payment_id,
            "payment_status": event.payment_status,
            "webhook_url": event.webhook_url,
            "body": event.body,
            "status": event.status,
            "attempts": event.attempts,
            "next_attempt_at": event.next_attempt_at,
            "last_attempt_at": event.last_attempt_at,
            "last_status_code": event.last_status_code,
            "last_error": event.last_error,
            "stopped_reason": event.stopped_reason,
            "created_at": event.created_at,
            "delivered_at": event.delivered_at,
        }
        later = {
            "dead_at": event.dead_at,
            "stopped_at": event.stopped_at,
            "requeued_at": event.requeued_at,
            "cycle_base": event.cycle_base,
            HISTORY: [_attempt_doc(a) for a in event.history],
            "test": event.test,
        }
        doc.update({name: value for name, value in later.items() if value})
        return doc

    async def ensure_indexes(self) -> None:
        await self._coll.create_index([("session_id", 1), ("payment_status", 1)], unique=True)
        await self._coll.create_index([("account_id", 1), ("_id", -1)])
        await self._coll.create_index([("status", 1), ("next_attempt_at", 1)])
        # The reconciler pages queued events by id; counts and the oldest queued use it too.
        await self._coll.create_index([("status", 1), ("_id", 1)])
        await self._coll.create_index(ALERT_DUE, sparse=True)
        # The portal lists an account's events of one status (newest first).
        await self._coll.create_index([("account_id", 1), ("status", 1), ("_id", -1)])
        # The overview counts stopped and dead events that need the merchant, leaving out
        # tests and the stops of payments with no webhook address (count_needing_attention).
        await self._coll.create_index(
            [("account_id", 1), ("status", 1), ("test", 1), ("stopped_reason", 1)]
        )

    async def insert_new(self, events: list[Event]) -> list[Event]:
        """Insert events in one command; those written now (the rest already had their event)."""
        written = await insert_new(self._coll, [self.to_doc(e) for e in events])
        if len(written) == len(events):
            return events
        ids = {doc["_id"] for doc in written}
        return [e for e in events if e.id in ids]

    async def sessions_with_events(self, session_ids: list[str]) -> set[str]:
        """Which of these sessions have an event (of any outcome) recorded."""
        docs = await self._coll.find(
            {"session_id": {"$in": session_ids}}, {"session_id": 1}
        ).to_list()
        return {str(d["session_id"]) for d in docs}

    async def get(self, event_id: int) -> Event | None:
        return self._maybe(await self._coll.find_one({"_id": event_id}))

    async def get_of_account(self, account_id: str, event_id: int) -> Event | None:
        """The event if it is the account's, live or test (another account's reads as
        absent): a test session's page links its events as a live one's does."""
        ledgers = [ledger_id(account_id, mode) for mode in MODES]
        query = {"_id": event_id, "account_id": {"$in": ledgers}}
        return self._maybe(await self._coll.find_one(query))

    async def get_many(self, event_ids: list[int]) -> dict[int, Event]:
        """The events with these ids, by id, without their attempt history (one command for a
        dispatcher's batch; the history with its replies is the heavy part of the document)."""
        docs = await self._coll.find({"_id": {"$in": event_ids}}, WITHOUT_HISTORY).to_list()
        return {doc["_id"]: self.from_doc(doc) for doc in docs}

    async def find_for_session(self, session_id: str, payment_status: str) -> Event | None:
        query = {"session_id": session_id, "payment_status": payment_status}
        return self._maybe(await self._coll.find_one(query))

    async def queued_of_sessions(self, session_ids: list[str]) -> list[Queued]:
        """The queued events of these sessions, by id."""
        query = {"session_id": {"$in": session_ids}, "status": QUEUED}
        docs = await self._coll.find(query, _QUEUED).sort("_id", 1).to_list()
        return [self._queued(doc) for doc in docs]

    async def earlier_queued(self, event: Event) -> Queued | None:
        """The first queued event of the same session created before `event`, if any."""
        query = {"session_id": event.session_id, "_id": {"$lt": event.id}, "status": QUEUED}
        doc = await self._coll.find_one(query, _QUEUED, sort=[("_id", 1)])
        return None if doc is None else self._queued(doc)

    async def begin_attempt(self, event: Event, now: datetime) -> Event | None:
        """Claim the next attempt number before sending; the event as it is now, or None
        (another worker began it, or whether this call did is unknown: nothing is sent then).

        Counting the attempt before it goes out means that an attempt cut short by a dying
        worker is never numbered again: the receiver sees a higher number on the resend, and
        two workers can never both send the same attempt.
        """
        fields = {"attempts": event.attempts + 1, "last_attempt_at": now}
        query = {"_id": event.id, "status": QUEUED, "attempts": event.attempts}
        began = await self._batched.update(query, {"$set": fields})
        return replace(event, attempts=event.attempts + 1, last_attempt_at=now) if began else None

    async def _apply_outcome(
        self, event: Event, fields: dict[str, Any], attempt: Attempt | None
    ) -> bool:
        """Apply an attempt's outcome if the event is still queued at the attempts seen; False
        when it was not, or when that is unknown (the caller then follows what is stored)."""
        update: dict[str, Any] = {"$set": fields}
        if attempt is not None:
            history = {"$each": [_attempt_doc(attempt)], "$slice": -HISTORY_LIMIT}
            update["$push"] = {HISTORY: history}
        query = {"_id": event.id, "status": QUEUED, "attempts": event.attempts}
        return bool(await self._batched.update(query, update))

    async def mark_delivered(self, event: Event, attempt: Attempt) -> bool:
        fields = {
            **_attempted(attempt),
            "status": DELIVERED,
            "delivered_at": attempt.at,
            "next_attempt_at": None,
        }
        return await self._apply_outcome(event, fields, attempt)

    async def mark_failed(self, event: Event, attempt: Attempt, next_at: datetime) -> bool:
        """A failed attempt; the event stays queued until `next_at`."""
        fields = {**_attempted(attempt), "next_attempt_at": next_at}
        return await self._apply_outcome(event, fields, attempt)

    async def mark_dead(self, event: Event, attempt: Attempt) -> bool:
        fields = {
            **_attempted(attempt),
            "status": DEAD,
            "dead_at": attempt.at,
            "next_attempt_at": None,
            **_alert_owed(event, DEAD),
        }
        return await self._apply_outcome(event, fields, attempt)

    async def mark_stopped(
        self, event: Event, reason: str, now: datetime, attempt: Attempt | None
    ) -> bool:
        """Not sent: a send-time check failed. `attempt` is kept when a connect was refused."""
        fields: dict[str, Any] = {
            "status": STOPPED,
            "stopped_reason": reason,
            "stopped_at": now,
            "next_attempt_at": None,
            **_alert_owed(event, STOPPED, reason),
        }
        if attempt is not None:
            fields.update(_attempted(attempt))
        return await self._apply_outcome(event, fields, attempt)

    async def alerts_owed(self, limit: int) -> list[Event]:
        """Events whose end owes the merchant an alert (services/alerts.py)."""
        docs = await self._coll.find({ALERT_DUE: True}).limit(limit).to_list()
        return [self.from_doc(d) for d in docs]

    async def clear_alerts_owed(self, event_ids: list[int]) -> None:
        if event_ids:
            await self._coll.update_many({"_id": {"$in": event_ids}}, {"$unset": {ALERT_DUE: ""}})

    async def requeue(
        self, event: Event, from_status: str, now: datetime, *, new_cycle: bool
    ) -> Event | None:
        """Queue a stopped, dead or delivered event again, due now; None if it moved meanwhile."""
        fields: dict[str, Any] = {
            "status": QUEUED,
            "next_attempt_at": now,
            "stopped_reason": None,
            "requeued_at": now,
        }
        if new_cycle:
            # The attempt counter continues; the retry table counts from here again.
            fields["cycle_base"] = event.attempts
        doc = await self._coll.find_one_and_update(
            {"_id": event.id, "status": from_status, "attempts": event.attempts},
            {"$set": fields},
            return_document=ReturnDocument.AFTER,
        )
        return self._maybe(doc)

    async def send_now(self, event: Event, now: datetime) -> Event | None:
        """Make a queued event due now, its attempts and retry cycle unchanged; None if it
        moved meanwhile (an attempt began, or it ended)."""
        doc = await self._coll.find_one_and_update(
            {"_id": event.id, "status": QUEUED, "attempts": event.attempts},
            {"$set": {"next_attempt_at": now, "requeued_at": now}},
            return_document=ReturnDocument.AFTER,
        )
        return self._maybe(doc)

    async def stopped_of_account(self, account_id: str, after_id: int, limit: int) -> list[Event]:
        """Stopped events of an account with ids above `after_id`, oldest first."""
        query = {"account_id": account_id, "status": STOPPED, "_id": {"$gt": after_id}}
        docs = await self._coll.find(query).sort("_id", 1).limit(limit).to_list()
        return [self.from_doc(doc) for doc in docs]

    async def queued_after(self, after_id: int, limit: int) -> dict[int, datetime | None]:
        """Queued events with ids above `after_id`, by id: when each is due."""
        query = {"status": QUEUED, "_id": {"$gt": after_id}}
        projection = {"next_attempt_at": 1}
        docs = await self._coll.find(query, projection).sort("_id", 1).limit(limit).to_list()
        return {doc["_id"]: doc.get("next_attempt_at") for doc in docs}

    async def count(self, status: str, account_id: str | None = None, cap: int = 0) -> int:
        """Events of `status` (of one account), counted no further than `cap` (0: all)."""
        query = {"status": status}
        if account_id is not None:
            query["account_id"] = account_id
        bound = {"limit": cap} if cap else {}
        return int(await self._coll.count_documents(query, **bound))

    async def count_needing_attention(self, status: str, account_id: str, cap: int) -> int:
        """The account's events of `status` a merchant must act on, counted no further than
        `cap` (domain/delivery.py `needs_merchant`, as a query). Both bounds are ranges of
        the index (account, status, test, stopped_reason)."""
        query = {
            "account_id": account_id,
            "status": status,
            "test": {"$ne": True},
            "stopped_reason": {"$ne": NO_WEBHOOK_URL},
        }
        return int(await self._coll.count_documents(query, limit=cap))

    async def any_delivered(self, account_id: str) -> bool:
        """Whether any event of the account (a test one, or a test session's, too) reached the
        merchant's server."""
        ledgers = [ledger_id(account_id, mode) for mode in MODES]
        query = {"account_id": {"$in": ledgers}, "status": DELIVERED}
        return await self._coll.find_one(query, {"_id": 1}) is not None

    async def oldest_queued(self) -> Event | None:
        """The queued event with the lowest id (ids grow with creation time)."""
        return self._maybe(await self._coll.find_one({"status": QUEUED}, sort=[("_id", 1)]))

    async def newest_id(self) -> int:
        """The highest event id recorded so far; 0 when there is none."""
        doc = await self._coll.find_one({}, {"_id": 1}, sort=[("_id", -1)])
        return int(doc["_id"]) if doc else 0

    @staticmethod
    def _queued(doc: dict[str, Any]) -> Queued:
        return Queued(doc["_id"], doc["session_id"], doc.get("next_attempt_at"))

    def _maybe(self, doc: dict[str, Any] | None) -> Event | None:
        return None if doc is None else self.from_doc(doc)

    # Last in the class: a method named `list` hides the builtin from annotations after it.
    async def list(self, which: EventFilter, cursor: str | None, limit: int | None) -> Page[Event]:
        """Events matching `which`, newest (highest id) first."""
        values = (
            ("account_id", which.account_id),
            ("session_id", which.session_id),
            ("order_id", which.order_id),
            ("status", which.status),
        )
        query = {name: value for name, value in values if value is not None}
        found = await page(self._coll, query, "_id", cursor, limit)
        return found.map(self.from_doc)
