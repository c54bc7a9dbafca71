"""Checkout sessions. (account_id, order_id) is unique: one session per order."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from typing import Any

from pymongo import ReturnDocument

from claimsvc.domain.alerts import owed_by
from claimsvc.domain.modes import MODES, ledger_id
from claimsvc.domain.sessions import (
    CLAIM_HISTORY_LIMIT,
    COMPLETED,
    OPEN,
    OPEN_SETTLEMENTS,
    PENDING_GRACE,
    Claim,
    ClaimAttempt,
    Guard,
    Mismatch,
    Session,
    Transition,
)
from claimsvc.store.paging import Page, page

LAST = "\U0010ffff"
"""The highest code point: `prefix + LAST` bounds the strings starting with `prefix`."""
FAILED_SOURCES = "failed_sources"
"""Document field: hashed client source -> its failed submits on the session."""
CLAIM_HISTORY = "claim_history"
ALERT_DUE = "alert_due"
"""Alerts a session's transitions owe (a count), until the alert relay writes them."""
"""Document field: the claims that changed the session, oldest first (absent: none yet)."""
HISTORY_TRX = f"{CLAIM_HISTORY}.trx_id"
MISMATCH_DUE = "mismatch_due"
"""Document field, only while the session's mismatch waits for the merchant's decision."""
PAID = {"_id": 0, "amount_poisha": 1}
"""What the day's figures read of a completed session (covered by its index)."""


def _deadline(pending: bool | None, op: str, at: datetime) -> dict[str, Any]:
    """Sessions whose deadline (sessions.deadline) compares to `at` as `op` ($gt or $lte)."""
    plain = {"pending_claim": None, "expires_at": {op: at}}
    held = {"pending_claim": {"$ne": None}, "expires_at": {op: at - PENDING_GRACE}}
    if pending is None:
        return {"$or": [plain, held]}
    return held if pending else plain


def claim_doc(claim: Claim | None) -> dict[str, Any] | None:
    if claim is None:
        return None
    return {
        "transaction_id": claim.transaction_id,
        "provider": claim.provider,
        "trx_id": claim.trx_id,
        "claimed_at": claim.claimed_at,
    }


def claim_from_doc(doc: dict[str, Any] | None) -> Claim | None:
    if not doc:
        return None
    return Claim(
        transaction_id=doc["transaction_id"],
        provider=doc["provider"],
        trx_id=doc["trx_id"],
        claimed_at=doc["claimed_at"],
    )


def mismatch_doc(found: Mismatch) -> dict[str, Any]:
    return {
        "transaction_id": found.transaction_id,
        "provider": found.provider,
        "trx_id": found.trx_id,
        "paid_poisha": found.paid_poisha,
        "claimed_at": found.claimed_at,
        "settlement": found.settlement,
        "settled_at": found.settled_at,
        "settled_by": found.settled_by,
    }


def mismatch_from_doc(doc: dict[str, Any] | None) -> Mismatch | None:
    if not doc:
        return None
    return Mismatch(
        transaction_id=doc["transaction_id"],
        provider=doc["provider"],
        trx_id=doc["trx_id"],
        paid_poisha=doc["paid_poisha"],
        claimed_at=doc["claimed_at"],
        settlement=doc.get("settlement"),
        settled_at=doc.get("settled_at"),
        settled_by=doc.get("settled_by"),
    )


def attempt_doc(attempt: ClaimAttempt) -> dict[str, Any]:
    return {
        "at": attempt.at,
        "provider": attempt.provider,
        "trx_id": attempt.trx_id,
        "outcome": attempt.outcome,
        "by": attempt.by,
        "reason": attempt.reason,
        **({"person": attempt.person} if attempt.person else {}),
        **({"paid_with": attempt.paid_with} if attempt.paid_with else {}),
    }


def _history_push(attempt: ClaimAttempt) -> dict[str, Any]:
    """The $push of one more line of a session's claim history, keeping the latest."""
    return {"$each": [attempt_doc(attempt)], "$slice": -CLAIM_HISTORY_LIMIT}


def attempt_from_doc(doc: dict[str, Any]) -> ClaimAttempt:
    return ClaimAttempt(
        at=doc["at"],
        provider=doc["provider"],
        trx_id=doc["trx_id"],
        outcome=doc["outcome"],
        by=doc["by"],
        reason=doc.get("reason"),
        person=doc.get("person"),
        paid_with=doc.get("paid_with"),
    )


def _set_fields(step: Transition) -> dict[str, Any]:
    """What `step` sets ($set), the mismatch's own fields aside."""
    fields: dict[str, Any] = {}
    if step.ends is not None:
        # event_due marks the outbox work still owed; cleared once the event exists.
        fields.update(status=step.ends, terminal_at=step.at, event_due=True)
    if step.claim is not None:
        fields["claim"] = claim_doc(step.claim)
    if step.holds is not None or step.releases:
        fields["pending_claim"] = claim_doc(step.holds)
    if step.paid is not None:
        fields["paid_poisha"] = step.paid
    return fields


def _mismatch_spec(step: Transition, update: dict[str, Any]) -> None:
    """Add `step`'s mismatch to `update`: recorded, and due while it waits for the merchant."""
    if step.mismatch is None:
        return
    update.setdefault("$set", {})["mismatch"] = mismatch_doc(step.mismatch)
    if step.mismatch.settlement is None:
        update["$set"][MISMATCH_DUE] = True
    else:
        update["$unset"] = {MISMATCH_DUE: ""}


def update_spec(step: Transition) -> dict[str, Any]:
    """`step`'s changes as a MongoDB update (the same as sessions.apply, on the document)."""
    fields = _set_fields(step)
    inc: dict[str, int] = {}
    if step.counts:
        inc["failed_attempts"] = 1
    if step.source is not None:
        inc[f"{FAILED_SOURCES}.{step.source}"] = 1
    if owed_by(step):
        # Counted, not set: the alert relay clears only the count it read (services/alerts.py).
        inc[ALERT_DUE] = 1
    update: dict[str, Any] = {}
    if fields:
        update["$set"] = fields
    if inc:
        update["$inc"] = inc
    _mismatch_spec(step, update)
    if step.attempt is not None:
        # Pushed in the transition's own update, bounded: the history costs no command.
        history = _history_push(step.attempt)
        update["$push"] = {CLAIM_HISTORY: history}
    return update


def mismatch_open_query(transaction_id: str) -> dict[str, Any]:
    """Sessions whose mismatch is this transaction's and open to a decision (sessions.
    mismatch_open, checked atomically)."""
    return {
        "mismatch.transaction_id": transaction_id,
        "mismatch.settlement": {"$in": list(OPEN_SETTLEMENTS)},
    }


def guard_query(guard: Guard) -> dict[str, Any]:
    """`guard` as a MongoDB filter: the same rule as sessions.allows, checked atomically."""
    clauses: list[dict[str, Any]] = [{"status": OPEN}]
    if guard.pending is not None:
        clauses.append({"pending_claim": {"$ne": None} if guard.pending else None})
    if guard.pending_transaction is not None:
        clauses.append({"pending_claim.transaction_id": guard.pending_transaction})
    if guard.mismatch_open is not None:
        clauses.append(mismatch_open_query(guard.mismatch_open))
    if guard.live_at is not None:
        clauses.append(_deadline(guard.pending, "$gt", guard.live_at))
    if guard.overdue_at is not None:
        clauses.append(_deadline(guard.pending, "$lte", guard.overdue_at))
    if guard.attempts_below is not None:
        clauses.append({"failed_attempts": {"$lt": guard.attempts_below}})
    if guard.attempts_at_least is not None:
        clauses.append({"failed_attempts": {"$gte": guard.attempts_at_least}})
    if guard.source_seen is not None:
        clauses.append({f"{FAILED_SOURCES}.{guard.source}": {"$exists": guard.source_seen}})
    return {"$and": clauses}


class SessionStore:
    """The `sessions` collection."""

    def __init__(self, db: Any) -> None:
        self._coll = db["sessions"]

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> Session:
        return Session(
            id=doc["_id"],
            account_id=doc["account_id"],
            order_id=doc["order_id"],
            payment_id=doc["payment_id"],
            amount_poisha=doc["amount_poisha"],
            success_url=doc["success_url"],
            cancel_url=doc["cancel_url"],
            webhook_url=doc["webhook_url"],
            status=doc["status"],
            created_at=doc["created_at"],
            expires_at=doc["expires_at"],
            customer=doc.get("customer"),
            metadata=doc.get("metadata") or {},
            failed_attempts=doc.get("failed_attempts", 0),
            failed_sources=doc.get(FAILED_SOURCES) or {},
            pending_claim=claim_from_doc(doc.get("pending_claim")),
            claim=claim_from_doc(doc.get("claim")),
            terminal_at=doc.get("terminal_at"),
            event_due=bool(doc.get("event_due")),
            claim_history=tuple(attempt_from_doc(a) for a in doc.get(CLAIM_HISTORY) or ()),
            link_id=doc.get("link_id"),
            mismatch=mismatch_from_doc(doc.get("mismatch")),
            paid_poisha=doc.get("paid_poisha"),
        )

    @staticmethod
    def to_doc(session: Session) -> dict[str, Any]:
        """The document of a session. Fields a new session has not got yet are left out as
        before (`failed_sources`, `terminal_at`; `event_due` only while an event is owed)."""
        doc: dict[str, Any] = {
            "_id": session.id,
            "account_id": session.account_id,
            "order_id": session.order_id,
            "payment_id": session.payment_id,
            "amount_poisha": session.amount_poisha,
            "success_url": session.success_url,
            "cancel_url": session.cancel_url,
            "webhook_url": session.webhook_url,
            "customer": None if session.customer is None else dict(session.customer),
            "metadata": dict(session.metadata),
            "status": session.status,
            "created_at": session.created_at,
            "expires_at": session.expires_at,
            "failed_attempts": session.failed_attempts,
            "pending_claim": claim_doc(session.pending_claim),
            "claim": claim_doc(session.claim),
        }
        if session.failed_sources:
            doc[FAILED_SOURCES] = dict(session.failed_sources)
        if session.terminal_at is not None:
            doc["terminal_at"] = session.terminal_at
        if session.event_due:
            doc["event_due"] = True
        if session.claim_history:
            doc[CLAIM_HISTORY] = [attempt_doc(a) for a in session.claim_history]

        if session.link_id is not None:
            doc["link_id"] = session.link_id
        if session.mismatch is not None:
            doc["mismatch"] = mismatch_doc(session.mismatch)
            if session.mismatch.settlement is None:
                doc[MISMATCH_DUE] = True
        if session.paid_poisha is not None:
            doc["paid_poisha"] = session.paid_poisha
        return doc

    def _maybe(self, doc: dict[str, Any] | None) -> Session | None:
        return None if doc is None else self.from_doc(doc)

    async def ensure_indexes(self) -> None:
        await self._coll.create_index([("account_id", 1), ("order_id", 1)], unique=True)
        await self._coll.create_index("payment_id", unique=True)
        await self._coll.create_index([("status", 1), ("expires_at", 1)])
        # Only sessions still owing their webhook event carry the field.
        await self._coll.create_index("event_due", sparse=True)
        # Only sessions owing an alert carry the field (services/alerts.py).
        await self._coll.create_index(ALERT_DUE, sparse=True)
        # The portal (services/payments.py): an account's sessions newest first, all or of one
        # status (and its open ones counted); its payments completed since a moment, counted
        # and summed from the index alone; the sessions a TrxID was claimed on.
        await self._coll.create_index([("account_id", 1), ("created_at", -1), ("_id", -1)])
        await self._coll.create_index(
            [("account_id", 1), ("status", 1), ("created_at", -1), ("_id", -1)]
        )
        await self._coll.create_index(
            [("account_id", 1), ("status", 1), ("terminal_at", 1), ("amount_poisha", 1)]
        )
        await self._coll.create_index([("account_id", 1), (HISTORY_TRX, 1)])

        # Only sessions opened from a payment link carry the field (their totals read it).
        await self._coll.create_index("link_id", sparse=True)
        # Only sessions whose different amount waits for the merchant carry the field.
        await self._coll.create_index(MISMATCH_DUE, sparse=True)

    async def insert(self, session: Session) -> None:
        """Insert a new session; DuplicateKeyError when the order already has one."""
        await self._coll.insert_one(self.to_doc(session))

    async def get(self, session_id: str) -> Session | None:
        return self._maybe(await self._coll.find_one({"_id": session_id}))

    async def get_of_ledger(self, account_id: str, session_id: str) -> Session | None:
        """The session if it is stored under `account_id` (a live or a test ledger), by _id."""
        return self._maybe(await self._coll.find_one({"_id": session_id, "account_id": account_id}))

    async def find_by_order(self, account_id: str, order_id: str) -> Session | None:
        doc = await self._coll.find_one({"account_id": account_id, "order_id": order_id})
        return self._maybe(doc)

    async def link_totals(self, account_id: str, link_ids: list[str]) -> dict[str, tuple[int, int]]:
        """Completed sessions of these links of the account: link id -> (count, poisha)."""
        if not link_ids:
            return {}
        match = {"link_id": {"$in": link_ids}, "account_id": account_id, "status": COMPLETED}
        group = {"_id": "$link_id", "n": {"$sum": 1}, "poisha": {"$sum": "$amount_poisha"}}
        found = await self._coll.aggregate([{"$match": match}, {"$group": group}])
        docs = await found.to_list(None)
        return {doc["_id"]: (doc["n"], doc["poisha"]) for doc in docs}

    async def transition(self, session_id: str, step: Transition) -> Session | None:
        """Apply `step` in one conditional update; the session after it, or None if refused."""
        doc = await self._coll.find_one_and_update(
            {"_id": session_id, **guard_query(step.guard)},
            update_spec(step),
            return_document=ReturnDocument.AFTER,
        )
        return self._maybe(doc)

    async def settle_mismatch(
        self, session_id: str, account_id: str, settled: Mismatch, attempt: ClaimAttempt
    ) -> Session | None:
        """Record the merchant's decision on the session's mismatch (refund or leave: nothing
        else changes, whatever the session's status), if it is still open to one, and the
        decision as the latest line of its claim history."""
        doc = await self._coll.find_one_and_update(
            {
                "_id": session_id,
                "account_id": account_id,
                **mismatch_open_query(settled.transaction_id),
            },
            {
                "$set": {"mismatch": mismatch_doc(settled)},
                "$unset": {MISMATCH_DUE: ""},
                "$push": {CLAIM_HISTORY: _history_push(attempt)},
            },
            return_document=ReturnDocument.AFTER,
        )
        return self._maybe(doc)

    async def count_mismatch_due(self, account_id: str, cap: int) -> int:
        """An account's sessions whose different amount waits for the merchant (up to `cap`)."""
        query = {MISMATCH_DUE: True, "account_id": account_id}
        return int(await self._coll.count_documents(query, limit=cap))

    async def mismatch_due(self, account_id: str, limit: int) -> list[Session]:
        """An account's sessions whose different amount waits for the merchant, newest first."""
        query = {MISMATCH_DUE: True, "account_id": account_id}
        docs = await self._coll.find(query).sort("created_at", -1).limit(limit).to_list(None)
        return [self.from_doc(d) for d in docs]

    async def find_overdue(self, now: datetime, limit: int) -> list[Session]:
        """Open sessions past their deadline, oldest first (the expiry sweeper's batch)."""
        query = guard_query(Guard(pending=None, overdue_at=now))
        docs = await self._coll.find(query).sort("expires_at", 1).limit(limit).to_list()
        return [self.from_doc(d) for d in docs]

    async def next_deadline(self) -> datetime | None:
        """The earliest deadline of an open session (sessions.deadline), None when none is open:
        the sweeper sleeps until then. Two indexed reads, one for each kind of deadline."""
        found: list[datetime] = []
        for pending, grace in ((False, timedelta(0)), (True, PENDING_GRACE)):
            query = guard_query(Guard(pending=pending))
            cursor = self._coll.find(query, {"_id": 0, "expires_at": 1}).sort("expires_at", 1)
            for doc in await cursor.limit(1).to_list():
                found.append(doc["expires_at"] + grace)
        return min(found, default=None)

    async def find_event_due(self, limit: int) -> list[Session]:
        """Terminal sessions still owing their webhook event, the longest owed first."""
        query = {"event_due": True}
        docs = await self._coll.find(query).sort("terminal_at", 1).limit(limit).to_list()
        return [self.from_doc(d) for d in docs]

    async def list_of_account(
        self,
        account_id: str,
        status: str | None,
        cursor: str | None,
        limit: int | None,
        *,
        order_id: str | None = None,
    ) -> Page[Session]:
        """An account's sessions (of one status, or all; of one order, or all), newest first.
        By the (account, created_at) or (account, status, created_at) index; with an order id
        by the unique (account, order) index, which holds at most one session of it."""
        query = {"account_id": account_id}
        if status:
            query["status"] = status
        if order_id is not None:
            query["order_id"] = order_id
        found = await page(self._coll, query, "created_at", cursor, limit)
        return found.map(self.from_doc)

    async def created_between(
        self, account_id: str, start: datetime, end: datetime, batch: int
    ) -> AsyncIterator[Session]:
        """An account's sessions created in [start, end), oldest first, read `batch` documents
        at a time (the (account, created_at) index, walked backwards): never all in memory."""
        query = {"account_id": account_id, "created_at": {"$gte": start, "$lt": end}}
        cursor = self._coll.find(query).sort([("created_at", 1), ("_id", 1)]).batch_size(batch)
        async for doc in cursor:
            yield self.from_doc(doc)

    async def with_order_prefix(self, account_id: str, prefix: str, limit: int) -> list[Session]:
        """An account's sessions whose order id starts with `prefix`, in order id order (a
        range of the unique (account, order) index: bounded however many sessions it has)."""
        # U+10FFFF sorts after every character, in code points and in UTF-8 bytes alike.
        query = {"account_id": account_id, "order_id": {"$gte": prefix, "$lt": prefix + LAST}}
        docs = await self._coll.find(query).sort("order_id", 1).limit(limit).to_list(None)
        return [self.from_doc(d) for d in docs]

    async def claimed_with(
        self, account_id: str, trx_id: str, session_ids: list[str], limit: int
    ) -> list[Session]:
        """An account's sessions a claim with `trx_id` changed (its claim history), then those
        among `session_ids` (its transactions' sessions: also those claimed before histories
        were kept). Two indexed finds: a `$or` beside `_id` is a scan on some servers."""
        query: dict[str, Any] = {"account_id": account_id, HISTORY_TRX: trx_id}
        docs = await self._coll.find(query).limit(limit).to_list(None)
        if session_ids:
            held = {"_id": {"$in": session_ids}, "account_id": account_id}
            docs += await self._coll.find(held).limit(limit).to_list(None)
        return [self.from_doc(d) for d in docs]

    async def has_any(self, account_id: str) -> bool:
        """Whether the account ever opened a session, live or test (the (account, created_at)
        index): a first test checkout is a first checkout."""
        ledgers = [ledger_id(account_id, mode) for mode in MODES]
        query = {"account_id": {"$in": ledgers}}
        return await self._coll.find_one(query, {"_id": 1}) is not None

    async def count_status(self, account_id: str, status: str, cap: int) -> int:
        """How many of an account's sessions have `status`, counting no further than `cap`."""
        query = {"account_id": account_id, "status": status}
        return int(await self._coll.count_documents(query, limit=cap))

    async def completed_since(
        self, account_id: str, since: datetime, until: datetime | None = None
    ) -> tuple[int, int]:
        """(How many, poisha in all) of an account's sessions completed at or after `since`
        (and before `until`, when given)."""
        when = {"$gte": since} if until is None else {"$gte": since, "$lt": until}
        match = {"account_id": account_id, "status": COMPLETED, "terminal_at": when}
        group = {"_id": None, "count": {"$sum": 1}, "poisha": {"$sum": "$amount_poisha"}}
        pipeline = [{"$match": match}, {"$project": PAID}, {"$group": group}]
        rows = await (await self._coll.aggregate(pipeline)).to_list(None)
        return (rows[0]["count"], rows[0]["poisha"]) if rows else (0, 0)

    async def clear_event_due(self, session_ids: list[str]) -> None:
        """These sessions' events exist now."""
        await self._coll.update_many(
            {"_id": {"$in": session_ids}, "event_due": True}, {"$unset": {"event_due": ""}}
        )

    async def alerts_owed(self, limit: int) -> list[tuple[Session, int]]:
        """Sessions whose transitions owe alerts, with the count each owes."""
        docs = await self._coll.find({ALERT_DUE: {"$gt": 0}}).limit(limit).to_list()
        return [(self.from_doc(d), int(d[ALERT_DUE])) for d in docs]

    async def clear_alerts_owed(self, owed: list[tuple[str, int]]) -> None:
        """Clear each (session, count) read: one owing more since keeps its mark."""
        if owed:
            pairs = [{"_id": sid, ALERT_DUE: n} for sid, n in owed]
            await self._coll.update_many({"$or": pairs}, {"$unset": {ALERT_DUE: ""}})
