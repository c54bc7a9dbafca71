"""`alert_channels` (one Telegram chat per portal user: a unique index), `alert_link_codes`
(only the SHA-256 of a code shown once) and `alert_poller` (getUpdates' offset, and the lease
that lets one worker at a time poll)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pymongo import ReturnDocument
from pymongo.errors import DuplicateKeyError

from claimsvc.domain.alerts import BROKEN, LINKED, PENDING, Channel
from claimsvc.store.mongo import upserted


class ChannelStore:
    def __init__(self, db: Any) -> None:
        self._coll = db["alert_channels"]
        self._codes = db["alert_link_codes"]

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> Channel:
        return Channel(
            id=doc["_id"],
            account_id=doc["account_id"],
            user_id=doc["user_id"],
            kind=doc["kind"],
            address=doc["address"],
            lang=doc.get("lang", "en"),
            kinds=tuple(doc.get("kinds") or ()),
            status=doc["status"],
            linked_at=doc["linked_at"],
            failures=doc.get("failures", 0),
            broken_at=doc.get("broken_at"),
            last_error=doc.get("last_error"),
        )

    async def ensure_indexes(self) -> None:
        await self._coll.create_index([("user_id", 1), ("kind", 1)], unique=True)
        await self._coll.create_index([("account_id", 1), ("status", 1)])
        await self._coll.create_index([("kind", 1), ("address", 1)])

    async def link(self, channel: Channel) -> Channel:
        """Set the user's channel of this kind to `channel.address` and status (a relink
        replaces the chat or address, and mends a broken channel); the user's chosen kinds stay
        as they were."""
        fields = {
            "account_id": channel.account_id,
            "address": channel.address,
            "lang": channel.lang,
            "status": channel.status,
            "linked_at": channel.linked_at,
            "failures": 0,
            "broken_at": None,
            "last_error": None,
        }
        query = {"user_id": channel.user_id, "kind": channel.kind}
        update = {"$set": fields, "$setOnInsert": {"_id": channel.id, "kinds": list(channel.kinds)}}
        return self.from_doc(await upserted(self._coll, query, update, None))

    async def of_user(self, user_id: str) -> list[Channel]:
        return [self.from_doc(d) for d in await self._coll.find({"user_id": user_id}).to_list()]

    async def of_account(self, account_id: str) -> list[Channel]:
        docs = await self._coll.find({"account_id": account_id}).to_list()
        return [self.from_doc(d) for d in docs]

    async def linked_of_accounts(self, account_ids: list[str]) -> list[Channel]:
        query = {"account_id": {"$in": account_ids}, "status": LINKED}
        return [self.from_doc(d) for d in await self._coll.find(query).to_list()]

    async def get_many(self, channel_ids: list[str]) -> dict[str, Channel]:
        docs = await self._coll.find({"_id": {"$in": channel_ids}}).to_list()
        return {d["_id"]: self.from_doc(d) for d in docs}

    async def with_address(self, kind: str, address: str) -> list[Channel]:
        query = {"kind": kind, "address": address, "status": LINKED}
        return [self.from_doc(d) for d in await self._coll.find(query).to_list()]

    async def set_kinds(self, channel_id: str, user_id: str, kinds: tuple[str, ...]) -> bool:
        result = await self._coll.update_one(
            {"_id": channel_id, "user_id": user_id}, {"$set": {"kinds": list(kinds)}}
        )
        return bool(result.matched_count)

    async def unlink(self, query: dict[str, Any]) -> list[Channel]:
        """Delete the channels `query` names (the caller scopes it); those deleted."""
        found = [self.from_doc(d) for d in await self._coll.find(query).to_list()]
        if found:
            await self._coll.delete_many({"_id": {"$in": [c.id for c in found]}})
        return found

    async def sent_ok(self, channel_id: str) -> None:
        await self._coll.update_one(
            {"_id": channel_id, "failures": {"$ne": 0}}, {"$set": {"failures": 0}}
        )

    async def failed(self, channel_id: str, error: str) -> int:
        """One more failure in a row; the count after it."""
        doc = await self._coll.find_one_and_update(
            {"_id": channel_id},
            {"$inc": {"failures": 1}, "$set": {"last_error": error}},
            return_document=ReturnDocument.AFTER,
        )
        return 0 if doc is None else int(doc["failures"])

    async def verify(self, user_id: str, kind: str, address: str) -> bool:
        """A pending address the user proved they read: linked now."""
        result = await self._coll.update_one(
            {"user_id": user_id, "kind": kind, "address": address, "status": PENDING},
            {"$set": {"status": LINKED}},
        )
        return bool(result.modified_count)

    async def mark_broken(self, channel_id: str, error: str, now: datetime) -> bool:
        result = await self._coll.update_one(
            {"_id": channel_id, "status": LINKED},
            {"$set": {"status": BROKEN, "broken_at": now, "last_error": error}},
        )
        return bool(result.modified_count)

    # -- link codes ----------------------------------------------------------------------------

    async def put_code(self, code_hash: str, fields: dict[str, Any]) -> None:
        """A new code of a purpose for a user (their earlier unused ones of it are dropped)."""
        await self._codes.delete_many({"user_id": fields["user_id"], "purpose": fields["purpose"]})
        await self._codes.insert_one({"_id": code_hash, **fields})

    async def take_code(self, code_hash: str, purpose: str, now: datetime) -> dict[str, Any] | None:
        """The code's fields, once and only before it expires (deleted as it is read)."""
        doc = await self._codes.find_one_and_delete({"_id": code_hash, "purpose": purpose})
        if doc is None or doc["expires_at"] <= now:
            return None
        return dict(doc)


class PollerStore:
    """getUpdates' next offset, and a lease so that one worker polls at a time (Telegram
    answers a second concurrent getUpdates with 409 Conflict)."""

    def __init__(self, db: Any) -> None:
        self._coll = db["alert_poller"]

    async def ensure_indexes(self) -> None:
        """Keyed by _id."""

    async def lease(self, owner: str, now: datetime, hold: timedelta) -> int | None:
        """The offset to poll from when `owner` holds (or now takes) the lease; else None."""
        query = {"_id": "telegram", "$or": [{"owner": owner}, {"until": {"$lte": now}}]}
        update = {"$set": {"owner": owner, "until": now + hold}}
        try:
            doc = await self._coll.find_one_and_update(
                query, update, upsert=True, return_document=ReturnDocument.AFTER
            )
        except DuplicateKeyError:  # another worker holds it (the upsert hit its document)
            return None
        return int(doc.get("offset", 0))

    async def advance(self, owner: str, offset: int) -> None:
        await self._coll.update_one(
            {"_id": "telegram", "owner": owner, "offset": {"$not": {"$gte": offset}}},
            {"$set": {"offset": offset}},
        )
