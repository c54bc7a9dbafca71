"""Wallet transactions of an account. (account, provider, TrxID) is unique, and a conditional
update binds a transaction to at most one session, ever."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pymongo import ReturnDocument

from claimsvc.domain.claims import CLAIM_WINDOW, CLAIMABLE_KINDS
from claimsvc.domain.sessions import Session
from claimsvc.domain.statuses import CONFIRMED, SUSPECT
from claimsvc.store.mongo import insert_new


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
        "$and": [
            {"$or": [{"direction": "credit"}, {"direction": {"$exists": False}}]},
            {"$or": [{"kind": {"$in": sorted(CLAIMABLE_KINDS)}}, {"kind": {"$exists": False}}]},
        ],
    }


class TransactionStore:
    """The `transactions` collection (credits and debits parsed from wallet SMS)."""

    def __init__(self, db: Any) -> None:
        self._coll = db["transactions"]

    async def ensure_indexes(self) -> None:
        await self._coll.create_index(
            [("account_id", 1), ("provider", 1), ("trx_id", 1)], unique=True
        )
        await self._coll.create_index("session_id", sparse=True)
        await self._coll.create_index([("account_id", 1), ("received_at", -1)])

    async def insert(self, doc: dict[str, Any]) -> None:
        """Insert a new transaction; DuplicateKeyError when its TrxID is already recorded."""
        await self._coll.insert_one(doc)

    async def insert_new(self, docs: list[dict[str, Any]]) -> set[str]:
        """Insert new transactions in one command; the ids of those stored now (the unique
        index refused the others: their TrxIDs are already recorded)."""
        return {doc["_id"] for doc in await insert_new(self._coll, docs)}

    async def find_many(self, keys: list[tuple[str, str, str]]) -> list[dict[str, Any]]:
        """The transactions with these (account, provider, TrxID), in one command."""
        if not keys:
            return []
        ors = [{"account_id": a, "provider": p, "trx_id": t} for a, p, t in keys]
        return list(await self._coll.find({"$or": ors}).to_list(None))

    async def get(self, transaction_id: str) -> dict[str, Any] | None:
        return await self._coll.find_one({"_id": transaction_id})

    async def find(self, account_id: str, provider: str, trx_id: str) -> dict[str, Any] | None:
        return await self._coll.find_one(
            {"account_id": account_id, "provider": provider, "trx_id": trx_id}
        )

    async def reserve_match(
        self, session: Session, provider: str, trx_id: str
    ) -> dict[str, Any] | None:
        """The claimed transaction, reserved for `session`, if it matches the session (None when
        it does not, is missing, or another session holds it: nothing is reserved then)."""
        return await self._coll.find_one_and_update(
            match_query(session, provider, trx_id),
            {"$set": {"session_id": session.id}},
            return_document=ReturnDocument.AFTER,
        )

    async def reserve(self, transaction_id: str, session_id: str) -> bool:
        """Bind the transaction to `session_id` unless another session holds it."""
        doc = await self._coll.find_one_and_update(
            {"_id": transaction_id, "session_id": {"$in": [None, session_id]}},
            {"$set": {"session_id": session_id}},
        )
        return doc is not None

    async def release(self, transaction_id: str, session_id: str) -> bool:
        """Unbind it from `session_id`, if still bound there (the session can never use it)."""
        doc = await self._coll.find_one_and_update(
            {"_id": transaction_id, "session_id": session_id},
            {"$set": {"session_id": None}},
        )
        return doc is not None

    async def confirm(
        self, transaction_id: str, now: datetime, statuses: tuple[str, ...]
    ) -> dict[str, Any] | None:
        """The merchant confirms it by hand, if its status is one of `statuses` (None if not)."""
        return await self._coll.find_one_and_update(
            {"_id": transaction_id, "status": {"$in": list(statuses)}},
            {"$set": {"status": CONFIRMED, "confirmed_at": now, "confirmed_by": "merchant"}},
            return_document=ReturnDocument.AFTER,
        )
