"""SMS forwarder devices. A device token is kept only as its SHA-256 hash and a display prefix."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pymongo import ReturnDocument

from claimsvc.domain.devices import Device
from claimsvc.store.paging import Page, page

TOUCH_EVERY = timedelta(seconds=15)
"""last_seen_at is written at most this often per device: a busy phone is not a write hot spot."""


QUIET_SINCE = "quiet_alerted_since"
"""Set by the alert pass on a device whose silence it alerted: when it was last heard before."""


def _silent_since(since: datetime) -> dict[str, Any]:
    """Active devices not heard from since `since` (never-seen ones count from creation)."""
    return {
        "revoked_at": None,
        "$or": [
            {"last_seen_at": {"$lt": since}},
            {"last_seen_at": None, "created_at": {"$lt": since}},
        ],
    }


class DeviceStore:
    """The `devices` collection."""

    def __init__(self, db: Any) -> None:
        self._coll = db["devices"]

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> Device:
        return Device(
            id=doc["_id"],
            account_id=doc["account_id"],
            name=doc["name"],
            token_hash=doc["token_hash"],
            token_prefix=doc["token_prefix"],
            signing_key=doc.get("signing_key"),
            created_at=doc["created_at"],
            revoked_at=doc.get("revoked_at"),
            last_seen_at=doc.get("last_seen_at"),
        )

    @staticmethod
    def to_doc(device: Device) -> dict[str, Any]:
        return {
            "_id": device.id,
            "account_id": device.account_id,
            "name": device.name,
            "token_hash": device.token_hash,
            "token_prefix": device.token_prefix,
            "signing_key": device.signing_key,
            "created_at": device.created_at,
            "revoked_at": device.revoked_at,
            "last_seen_at": device.last_seen_at,
        }

    async def ensure_indexes(self) -> None:
        await self._coll.create_index("token_hash", unique=True)
        await self._coll.create_index([("account_id", 1), ("created_at", -1)])
        await self._coll.create_index([("revoked_at", 1), ("last_seen_at", 1)])
        await self._coll.create_index(QUIET_SINCE, sparse=True)

    async def insert(self, device: Device) -> None:
        await self._coll.insert_one(self.to_doc(device))

    async def get(self, device_id: str) -> Device | None:
        return self._maybe(await self._coll.find_one({"_id": device_id}))

    async def find_by_hash(self, token_hash: str) -> Device | None:
        return self._maybe(await self._coll.find_one({"token_hash": token_hash}))

    async def quiet_of_account(self, account_id: str, since: datetime, limit: int) -> list[Device]:
        """An account's active devices not heard from since `since` (never-seen ones counted
        from creation), by the account index: an account has a few devices."""
        query = {"account_id": account_id, **_silent_since(since)}
        docs = await self._coll.find(query).sort("created_at", -1).limit(limit).to_list(None)
        return [self.from_doc(d) for d in docs]

    async def quiet_unalerted(self, since: datetime, limit: int) -> list[Device]:
        """Active devices silent since `since` whose silence has no alert yet."""
        query = {**_silent_since(since), QUIET_SINCE: None}
        return [self.from_doc(d) for d in await self._coll.find(query).limit(limit).to_list()]

    async def mark_quiet(self, device_id: str, heard: datetime) -> None:
        """Its silence since `heard` is alerted; the back-again check watches it."""
        await self._coll.update_one({"_id": device_id}, {"$set": {QUIET_SINCE: heard}})

    async def quiet_marked(self, limit: int) -> list[tuple[Device, datetime]]:
        """Devices whose silence was alerted, with the moment they were last heard before it."""
        docs = await self._coll.find({QUIET_SINCE: {"$ne": None}}).limit(limit).to_list()
        return [(self.from_doc(d), d[QUIET_SINCE]) for d in docs]

    async def clear_quiet(self, device_id: str, heard: datetime) -> None:
        await self._coll.update_one(
            {"_id": device_id, QUIET_SINCE: heard}, {"$unset": {QUIET_SINCE: ""}}
        )

    async def has_active(self, account_id: str) -> bool:
        """Whether the account has a paired phone that is not revoked (account index)."""
        query = {"account_id": account_id, "revoked_at": None}
        return await self._coll.find_one(query, {"_id": 1}) is not None

    async def list(
        self, account_id: str | None, cursor: str | None, limit: int | None
    ) -> Page[Device]:
        query = {"account_id": account_id} if account_id else {}
        found = await page(self._coll, query, "created_at", cursor, limit)
        return found.map(self.from_doc)

    async def revoke(self, device_id: str, now: datetime) -> Device | None:
        """Stamp revoked_at once; a second revoke keeps the first time."""
        doc = await self._coll.find_one_and_update(
            {"_id": device_id, "revoked_at": None},
            {"$set": {"revoked_at": now}},
            return_document=ReturnDocument.AFTER,
        )
        return self._maybe(doc or await self._coll.find_one({"_id": device_id}))

    async def touch(self, device_id: str, now: datetime) -> None:
        """Move last_seen_at forward, skipping the write when it moved very recently."""
        await self._coll.update_one(
            {
                "_id": device_id,
                "$or": [{"last_seen_at": None}, {"last_seen_at": {"$lte": now - TOUCH_EVERY}}],
            },
            {"$set": {"last_seen_at": now}},
        )

    async def count_silent(self, since: datetime) -> int:
        """Active devices not heard from since `since` (never-seen ones count from creation)."""
        return int(await self._coll.count_documents(_silent_since(since)))

    async def count_active(self) -> int:
        return int(await self._coll.count_documents({"revoked_at": None}))

    def _maybe(self, doc: dict[str, Any] | None) -> Device | None:
        return None if doc is None else self.from_doc(doc)
