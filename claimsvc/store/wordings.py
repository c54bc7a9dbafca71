"""Taught SMS wordings: one document per wording, unique per (account, provider, wording key)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from pymongo import ReturnDocument

from claimsvc.domain.wordings import TaughtWording, Wording
from claimsvc.store.mongo import DuplicateKeyError

MAX_PER_ACCOUNT = 200
"""Wordings one account may hold: each is tried on every message no rule reads."""


LIST_LIMIT = 1000
"""Wordings one listing answers at most (the oldest)."""


class WordingExists(Exception):
    """The account already has a wording with these parts for this provider."""


class WordingStore:
    """The `sms_wordings` collection."""

    def __init__(self, db: Any) -> None:
        self._coll = db["sms_wordings"]

    @staticmethod
    def from_doc(doc: Mapping[str, Any]) -> TaughtWording:
        wording = Wording(
            provider=doc["provider"],
            direction=doc["direction"],
            kind=doc["kind"],
            parts=tuple((kind, text) for kind, text in doc["parts"]),
        )
        return TaughtWording(
            id=doc["_id"],
            account_id=doc["account_id"],
            wording=wording,
            created_by=doc["created_by"],
            created_at=doc["created_at"],
            source_message_id=doc.get("source_message_id"),
            everywhere=bool(doc.get("everywhere")),
            made_global_at=doc.get("made_global_at"),
            rereading=doc.get("reread_due") is not None,
            reread=int(doc.get("reread_requeued", 0)),
        )

    @staticmethod
    def to_doc(taught: TaughtWording) -> dict[str, Any]:
        w = taught.wording
        return {
            "_id": taught.id,
            "account_id": taught.account_id,
            "provider": w.provider,
            "direction": w.direction,
            "kind": w.kind,
            "parts": [list(part) for part in w.parts],
            "key": w.key,
            "created_by": taught.created_by,
            "created_at": taught.created_at,
            "source_message_id": taught.source_message_id,
            "everywhere": taught.everywhere,
            "made_global_at": taught.made_global_at,
            # A new wording owes a re-read of the stored messages it may read (take_reread).
            "reread_due": taught.created_at,
            "reread_requeued": 0,
        }

    async def ensure_indexes(self) -> None:
        # The invariant: one wording per account, provider and parts.
        await self._coll.create_index([("account_id", 1), ("provider", 1), ("key", 1)], unique=True)
        await self._coll.create_index([("everywhere", 1), ("provider", 1)])
        await self._coll.create_index("reread_due", sparse=True)

    async def insert(self, taught: TaughtWording) -> None:
        """Store a new wording; WordingExists when the account has the same one."""
        try:
            await self._coll.insert_one(self.to_doc(taught))
        except DuplicateKeyError as exc:
            raise WordingExists() from exc

    async def count(self, account_id: str) -> int:
        return int(await self._coll.count_documents({"account_id": account_id}))

    async def get(self, wording_id: str) -> TaughtWording | None:
        doc = await self._coll.find_one({"_id": wording_id})
        return None if doc is None else self.from_doc(doc)

    async def of_account(
        self, account_id: str | None, provider: str | None = None
    ) -> list[TaughtWording]:
        """An account's own wordings (every account's when None), oldest first."""
        query: dict[str, Any] = {}
        if account_id:
            query["account_id"] = account_id
        if provider:
            query["provider"] = provider
        cursor = self._coll.find(query).sort([("created_at", 1), ("_id", 1)]).limit(LIST_LIMIT)
        return [self.from_doc(doc) for doc in await cursor.to_list(None)]

    async def applying_to(self, account_ids: list[str]) -> list[TaughtWording]:
        """The wordings that read these accounts' messages: their own and the global ones
        (one command)."""
        query = {"$or": [{"account_id": {"$in": account_ids}}, {"everywhere": True}]}
        docs = await self._coll.find(query).sort([("created_at", 1), ("_id", 1)]).to_list(None)
        return [self.from_doc(doc) for doc in docs]

    async def make_global(self, wording_id: str, now: datetime) -> TaughtWording | None:
        """Make a wording read every account's messages; None when there is no such wording."""
        doc = await self._coll.find_one_and_update(
            {"_id": wording_id, "everywhere": {"$ne": True}},
            {"$set": {"everywhere": True, "made_global_at": now, "reread_due": now}},
            return_document=ReturnDocument.AFTER,
        )
        if doc is None:  # already global (its first moment stays), or no such wording
            return await self.get(wording_id)
        return self.from_doc(doc)

    async def take_reread(self, now: datetime, until: datetime) -> TaughtWording | None:
        """Lease the wording whose re-read is owed longest, until `until` (a worker that dies
        holding it leaves it to the next after that); None when none is owed."""
        doc = await self._coll.find_one_and_update(
            {"reread_due": {"$lte": now}},
            {"$set": {"reread_due": until}},
            sort=[("reread_due", 1)],
            return_document=ReturnDocument.AFTER,
        )
        return None if doc is None else self.from_doc(doc)

    async def reread_progress(
        self, wording_id: str, leased_until: datetime, requeued: int, more_at: datetime | None
    ) -> None:
        """Count a leased re-read's batch; owed again from `more_at` when more messages may
        match, done otherwise. Nothing when the lease was lost (made global meanwhile: owed
        again from the start)."""
        await self._coll.update_one(
            {"_id": wording_id, "reread_due": leased_until},
            {"$set": {"reread_due": more_at}, "$inc": {"reread_requeued": requeued}},
        )

    async def remove(self, wording_id: str, account_id: str | None) -> TaughtWording | None:
        """Delete a wording (only the account's own when `account_id` is given); the deleted
        one, or None when there was none."""
        query: dict[str, Any] = {"_id": wording_id}
        if account_id is not None:
            query["account_id"] = account_id
        doc = await self._coll.find_one_and_delete(query)
        return None if doc is None else self.from_doc(doc)
