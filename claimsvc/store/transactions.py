"""Wallet transactions of an account: the `transactions` collection and all its indexes.

(account, provider, TrxID) is unique, and a conditional update binds a transaction to at most
one session, ever. The balance chain's verdicts carry the wallet version that produced them
and are written only over an older one, so a verdict re-applied after a crash never undoes a
newer one; verdicts written at the same moment (a stream batch's wallet steps) go as one bulk
write.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

from pymongo import ReturnDocument

from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.balances import PendingVerdict
from claimsvc.domain.claims import CLAIM_WINDOW, CLAIMABLE_KINDS
from claimsvc.domain.merchant_reads import TransactionQuery
from claimsvc.domain.sessions import Session
from claimsvc.domain.settlement import ACCEPTED, REFUND
from claimsvc.domain.statuses import CONFIRMED, HELD, SUSPECT, UNCONFIRMED
from claimsvc.domain.transactions import SmsSource, Transaction
from claimsvc.store.batching import UpdateBatcher
from claimsvc.store.mongo import insert_new
from claimsvc.store.paging import Page, page

# Which statuses a chain verdict may replace: confirmed is final for the chain.
_CHAIN_FROM = {
    CONFIRMED: [UNCONFIRMED, HELD],
    HELD: [UNCONFIRMED, HELD],
    SUSPECT: [UNCONFIRMED, HELD],
    UNCONFIRMED: [UNCONFIRMED, HELD],
}


def match_query(session: Session, provider: str, trx_id: str) -> dict[str, Any]:
    """The transaction `claims.match_problem` finds no problem with, as a MongoDB filter: the
    same rule checked atomically with the reservation."""
    return {
        "account_id": session.account_id,
        "provider": provider,
        "trx_id": trx_id,
        "amount_poisha": session.amount_poisha,
        "received_at": {"$gte": session.created_at - CLAIM_WINDOW},
        "status": {"$ne": SUSPECT},
        "session_id": {"$in": [None, session.id]},
        "settlement": {"$ne": REFUND},
        "$and": [
            {"$or": [{"direction": "credit"}, {"direction": {"$exists": False}}]},
            {"$or": [{"kind": {"$in": sorted(CLAIMABLE_KINDS)}}, {"kind": {"$exists": False}}]},
        ],
    }


class TransactionStore:
    """The `transactions` collection (credits and debits parsed from wallet SMS): the claims'
    reservations, the merchant's confirmation by hand, the chain's verdicts and reversals, and
    the admin listing."""

    def __init__(self, db: Any, *, bulk_updates: bool = True) -> None:
        self._coll = db["transactions"]
        self._batched = UpdateBatcher(lambda: self._coll, bulk=bulk_updates)

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> Transaction:
        source = None
        if "message_id" in doc:
            source = SmsSource(
                message_id=doc["message_id"],
                device_id=doc.get("device_id"),
                sim_slot=doc.get("sim_slot"),
                occurred_at=doc.get("occurred_at"),
            )
        return Transaction(
            id=doc["_id"],
            account_id=doc["account_id"],
            provider=doc["provider"],
            trx_id=doc["trx_id"],
            amount_poisha=doc["amount_poisha"],
            received_at=doc["received_at"],
            status=doc["status"],
            direction=doc.get("direction"),
            kind=doc.get("kind"),
            counterparty=doc.get("counterparty"),
            balance_poisha=doc.get("balance_poisha"),
            fee_poisha=doc.get("fee_poisha") or 0,
            commission_poisha=doc.get("commission_poisha") or 0,
            session_id=doc.get("session_id"),
            created_at=doc.get("created_at"),
            source=source,
            chain_reason=doc.get("chain_reason"),
            chain_gap_poisha=doc.get("chain_gap_poisha"),
            chain_version=doc.get("chain_version"),
            confirmed_at=doc.get("confirmed_at"),
            confirmed_by=doc.get("confirmed_by"),
            reversed_at=doc.get("reversed_at"),
            settlement=doc.get("settlement"),
            settled_at=doc.get("settled_at"),
            settled_by=doc.get("settled_by"),
            order_poisha=doc.get("order_poisha"),
            parsed_by=doc.get("parsed_by") or "rule",
        )

    @staticmethod
    def to_doc(tx: Transaction) -> dict[str, Any]:
        """The document as a new transaction's was always written: the SMS fields only when it
        came from one, the chain's and confirmation's only once set."""
        doc: dict[str, Any] = {}
        if tx.source is not None:
            doc["message_id"] = tx.source.message_id
            doc["device_id"] = tx.source.device_id
            doc["sim_slot"] = tx.source.sim_slot
            doc["occurred_at"] = tx.source.occurred_at
        doc.update(
            {
                "_id": tx.id,
                "account_id": tx.account_id,
                "provider": tx.provider,
                "trx_id": tx.trx_id,
                "amount_poisha": tx.amount_poisha,
                "received_at": tx.received_at,
                "status": tx.status,
                "direction": tx.direction,
                "kind": tx.kind,
                "counterparty": tx.counterparty,
                "balance_poisha": tx.balance_poisha,
                "fee_poisha": tx.fee_poisha,
                "commission_poisha": tx.commission_poisha,
                "session_id": tx.session_id,
                "created_at": tx.created_at,
            }
        )
        if tx.parsed_by != "rule":  # documents read by a rule are written as they always were
            doc["parsed_by"] = tx.parsed_by
        later = {
            "chain_reason": tx.chain_reason,
            "chain_gap_poisha": tx.chain_gap_poisha,
            "chain_version": tx.chain_version,
            "confirmed_at": tx.confirmed_at,
            "confirmed_by": tx.confirmed_by,
            "reversed_at": tx.reversed_at,
            "settlement": tx.settlement,
            "settled_at": tx.settled_at,
            "settled_by": tx.settled_by,
            "order_poisha": tx.order_poisha,
        }
        doc.update({k: v for k, v in later.items() if v is not None})
        return doc

    @classmethod
    def _maybe(cls, doc: dict[str, Any] | None) -> Transaction | None:
        return None if doc is None else cls.from_doc(doc)

    async def ensure_indexes(self) -> None:
        await self._coll.create_index(
            [("account_id", 1), ("provider", 1), ("trx_id", 1)], unique=True
        )
        await self._coll.create_index("session_id", sparse=True)
        await self._coll.create_index([("account_id", 1), ("received_at", -1)])
        await self._coll.create_index([("account_id", 1), ("status", 1), ("received_at", -1)])
        await self._coll.create_index("received_at")

    async def insert(self, tx: Transaction) -> None:
        """Insert a new transaction; DuplicateKeyError when its TrxID is already recorded."""
        await self._coll.insert_one(self.to_doc(tx))

    async def insert_new(self, txs: list[Transaction]) -> set[str]:
        """Insert new transactions in one command; the ids of those stored now (the unique
        index refused the others: their TrxIDs are already recorded)."""
        stored = await insert_new(self._coll, [self.to_doc(tx) for tx in txs])
        return {doc["_id"] for doc in stored}

    async def find_many(self, keys: list[tuple[str, str, str]]) -> list[Transaction]:
        """The transactions with these (account, provider, TrxID), in one command."""
        if not keys:
            return []
        ors = [{"account_id": a, "provider": p, "trx_id": t} for a, p, t in keys]
        return [self.from_doc(d) for d in await self._coll.find({"$or": ors}).to_list(None)]

    async def get(self, transaction_id: str) -> Transaction | None:
        return self._maybe(await self._coll.find_one({"_id": transaction_id}))

    async def find(self, account_id: str, provider: str, trx_id: str) -> Transaction | None:
        return self._maybe(
            await self._coll.find_one(
                {"account_id": account_id, "provider": provider, "trx_id": trx_id}
            )
        )

    async def with_trx_id(self, account_id: str, trx_id: str) -> list[Transaction]:
        """An account's transactions with this TrxID, whatever the provider (points of the
        unique (account, provider, TrxID) index, one per provider)."""
        query = {"account_id": account_id, "provider": {"$in": list(PROVIDERS)}, "trx_id": trx_id}
        return [self.from_doc(d) for d in await self._coll.find(query).to_list(None)]

    async def has_trx_id(self, account_id: str, trx_id: str) -> bool:
        """Whether the account holds a transaction with this TrxID, whatever its provider
        (points of the unique (account, provider, TrxID) index; only the id is read)."""
        query = {"account_id": account_id, "provider": {"$in": list(PROVIDERS)}, "trx_id": trx_id}
        return await self._coll.find_one(query, {"_id": 1}) is not None

    async def count_status(
        self, account_id: str, status: str, since: datetime | None, cap: int
    ) -> int:
        """An account's transactions of `status` received at or after `since` (None: ever),
        counted no further than `cap` (a range of the (account, status, received) index)."""
        query: dict[str, Any] = {"account_id": account_id, "status": status}
        if since is not None:
            query["received_at"] = {"$gte": since}
        return int(await self._coll.count_documents(query, limit=cap))

    async def reserve_match(
        self, session: Session, provider: str, trx_id: str
    ) -> Transaction | None:
        """The claimed transaction, reserved for `session`, if it matches the session (None when
        it does not, is missing, or another session holds it: nothing is reserved then)."""
        doc = await self._coll.find_one_and_update(
            match_query(session, provider, trx_id),
            {"$set": {"session_id": session.id}},
            return_document=ReturnDocument.AFTER,
        )
        return self._maybe(doc)

    async def reserve(self, transaction_id: str, session_id: str) -> bool:
        """Bind the transaction to `session_id` unless another session holds it."""
        doc = await self._coll.find_one_and_update(
            {"_id": transaction_id, "session_id": {"$in": [None, session_id]}},
            {"$set": {"session_id": session_id}},
        )
        return doc is not None

    async def reserve_unsettled(
        self, transaction_id: str, account_id: str, session_id: str
    ) -> bool:
        """Bind the account's transaction to `session_id` to accept it for that order: unless
        another session holds it, it is suspect, or a settlement was recorded for it."""
        doc = await self._coll.find_one_and_update(
            {
                "_id": transaction_id,
                "account_id": account_id,
                "session_id": {"$in": [None, session_id]},
                "settlement": None,
                "status": {"$ne": SUSPECT},
            },
            {"$set": {"session_id": session_id}},
        )
        return doc is not None

    async def mark_accepted(
        self, transaction_id: str, session_id: str, order_poisha: int, at: datetime, by: str
    ) -> Transaction | None:
        """Record on the transaction that its session's order was accepted as paid by it (the
        session already says so; repeating it changes nothing but the time). The transaction
        after it, or None when it is not the session's."""
        doc = await self._coll.find_one_and_update(
            {
                "_id": transaction_id,
                "session_id": session_id,
                "settlement": {"$in": [None, ACCEPTED]},
            },
            {
                "$set": {
                    "settlement": ACCEPTED,
                    "settled_at": at,
                    "settled_by": by,
                    "order_poisha": order_poisha,
                }
            },
            return_document=ReturnDocument.AFTER,
        )
        return self._maybe(doc)

    async def mark_refund(
        self, transaction_id: str, account_id: str, at: datetime, by: str
    ) -> Transaction | None:
        """Mark the account's free transaction to be refunded by hand, so no claim can use it;
        the transaction after it (also when it was marked before), or None when it is used by
        a session or accepted."""
        doc = await self._coll.find_one_and_update(
            {
                "_id": transaction_id,
                "account_id": account_id,
                "session_id": None,
                "settlement": {"$in": [None, REFUND]},
            },
            {"$set": {"settlement": REFUND, "settled_at": at, "settled_by": by}},
            return_document=ReturnDocument.AFTER,
        )
        return self._maybe(doc)

    async def release(self, transaction_id: str, session_id: str) -> bool:
        """Unbind it from `session_id`, if still bound there (the session can never use it)."""
        doc = await self._coll.find_one_and_update(
            {"_id": transaction_id, "session_id": session_id},
            {"$set": {"session_id": None}},
        )
        return doc is not None

    async def confirm(
        self,
        transaction_id: str,
        now: datetime,
        statuses: tuple[str, ...],
        account_id: str | None,
        by: str,
    ) -> Transaction | None:
        """The merchant confirms it by hand, if its status is one of `statuses` and (given) it
        is the account's (None if not); `by`: who (a portal user's email, or the operator)."""
        query: dict[str, Any] = {"_id": transaction_id, "status": {"$in": list(statuses)}}
        if account_id is not None:
            query["account_id"] = account_id
        doc = await self._coll.find_one_and_update(
            query,
            {"$set": {"status": CONFIRMED, "confirmed_at": now, "confirmed_by": by}},
            return_document=ReturnDocument.AFTER,
        )
        return self._maybe(doc)

    async def chain_verdict(self, verdict: PendingVerdict, now: datetime) -> None:
        """Apply a verdict of wallet version `verdict.version` to its transaction, unless the
        verdict is stale or the status may not change that way (applying it again is a no-op)."""
        status = verdict.status
        # No chain version yet, or an older one. Written without $or: SecantusDB plans a $or
        # beside the _id as a collection scan (2.6 s for a bulk of 50 among 3,000 documents).
        newer = {"chain_version": {"$not": {"$gte": verdict.version}}}
        fields: dict[str, Any] = {
            "status": status,
            "chain_reason": verdict.reason,
            "chain_gap_poisha": verdict.gap,
            "chain_version": verdict.version,
        }
        if status == CONFIRMED:
            fields["confirmed_at"] = now
        query = {"_id": verdict.transaction_id, "status": {"$in": _CHAIN_FROM[status]}, **newer}
        await self._batched.update(query, {"$set": fields})

    async def claimed(self, transaction_ids: list[str]) -> set[str]:
        """Of these transactions, those a session has reserved (one command)."""
        if not transaction_ids:
            return set()
        query = {"_id": {"$in": transaction_ids}, "session_id": {"$ne": None}}
        return {doc["_id"] for doc in await self._coll.find(query, {"_id": 1}).to_list(None)}

    async def mark_reversed(self, transaction_id: str, now: datetime) -> None:
        """The wallet reversed it: never claimable again, and shown to the merchant as suspect."""
        await self._coll.update_one(
            {"_id": transaction_id},
            {"$set": {"status": SUSPECT, "chain_reason": "reversed", "reversed_at": now}},
        )

    async def received_between(
        self, account_id: str, start: datetime, end: datetime, batch: int
    ) -> AsyncIterator[Transaction]:
        """An account's transactions received in [start, end), oldest first, read `batch`
        documents at a time (the (account, received_at) index): never all in memory."""
        query = {"account_id": account_id, "received_at": {"$gte": start, "$lt": end}}
        cursor = self._coll.find(query).sort([("received_at", 1), ("_id", 1)]).batch_size(batch)
        async for doc in cursor:
            yield self.from_doc(doc)

    async def get_of_ledger(self, ledger: str, transaction_id: str) -> Transaction | None:
        """The ledger's transaction; None when unknown or another ledger's."""
        return self._maybe(await self._coll.find_one({"_id": transaction_id, "account_id": ledger}))

    async def list_of_ledger(self, ledger: str, query: TransactionQuery) -> Page[Transaction]:
        """A page of the ledger's transactions matching `query`, newest received first (the
        (account, received_at) index; a TrxID is a point of the unique one)."""
        filters: dict[str, Any] = {"account_id": ledger}
        if query.trx_id is not None:
            providers = [query.provider] if query.provider else list(PROVIDERS)
            filters.update(provider={"$in": providers}, trx_id=query.trx_id)
        elif query.provider is not None:
            filters["provider"] = query.provider
        if query.status is not None:
            filters["status"] = query.status
        if query.session_id is not None:
            filters["session_id"] = query.session_id
        if query.direction == "debit":
            filters["direction"] = "debit"
        elif query.direction == "credit":  # a document older than directions is a credit
            filters["direction"] = {"$ne": "debit"}
        found = await page(self._coll, filters, "received_at", query.cursor, query.limit)
        return found.map(self.from_doc)

    async def list(
        self, account_id: str | None, status: str | None, cursor: str | None, limit: int | None
    ) -> Page[Transaction]:
        query: dict[str, Any] = {}
        if account_id:
            query["account_id"] = account_id
        if status:
            query["status"] = status
        found = await page(self._coll, query, "received_at", cursor, limit)
        return found.map(self.from_doc)
