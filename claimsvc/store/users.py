"""Portal users: the only place their documents are read or written."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from pymongo import ASCENDING, ReturnDocument

from claimsvc.domain import known_devices, totp
from claimsvc.domain.known_devices import KnownDevice
from claimsvc.domain.users import User

PENDING_FIELDS = ("totp_pending", "totp_pending_tries", "totp_pending_until")
"""A two-factor set-up waiting for its first code (the secret, wrong codes, its end)."""


class UserStore:
    """The `portal_users` collection: one document per user; one email is one user."""

    def __init__(self, db: Any) -> None:
        self._coll = db["portal_users"]

    @staticmethod
    def from_doc(doc: Mapping[str, Any]) -> User:
        return User(
            id=doc["_id"],
            account_id=doc["account_id"],
            email=doc["email"],
            role=doc["role"],
            name=doc.get("name"),
            status=doc["status"],
            created_at=doc["created_at"],
            updated_at=doc["updated_at"],
            password_hash=doc.get("password_hash"),
            password_changed_at=doc.get("password_changed_at"),
            invite_expires_at=doc.get("invite_expires_at"),
            totp_secret=doc.get("totp_secret"),
            totp_last_step=doc.get("totp_last_step"),
            recovery_hashes=tuple(doc.get("recovery_hashes") or ()),
            known_devices=tuple(
                KnownDevice(d["token_hash"], d["since"]) for d in doc.get("known_devices") or ()
            ),
        )

    async def ensure_indexes(self) -> None:
        await self._coll.create_index([("email", ASCENDING)], unique=True)
        await self._coll.create_index([("account_id", ASCENDING), ("created_at", ASCENDING)])
        # Sparse: only users with an open invite hold one; a link is found by its hash.
        await self._coll.create_index([("invite_hash", ASCENDING)], unique=True, sparse=True)

    async def insert(self, user: User, invite_hash: str) -> None:
        """Store a new invited user; DuplicateKeyError when the email is taken."""
        await self._coll.insert_one(
            {
                "_id": user.id,
                "account_id": user.account_id,
                "email": user.email,
                "role": user.role,
                "name": user.name,
                "status": user.status,
                "created_at": user.created_at,
                "updated_at": user.updated_at,
                "invite_hash": invite_hash,
                "invite_expires_at": user.invite_expires_at,
            }
        )

    async def get(self, user_id: str, account_id: str | None = None) -> User | None:
        query: dict[str, Any] = {"_id": user_id}
        if account_id is not None:
            query["account_id"] = account_id
        doc = await self._coll.find_one(query)
        return self.from_doc(doc) if doc else None

    async def by_email(self, email: str) -> User | None:
        doc = await self._coll.find_one({"email": email})
        return self.from_doc(doc) if doc else None

    async def of_account(self, account_id: str) -> list[User]:
        """Every user of an account, oldest first (a team is small: no paging)."""
        cursor = self._coll.find({"account_id": account_id}).sort([("created_at", ASCENDING)])
        return [self.from_doc(doc) async for doc in cursor]

    async def active_roles(self, user_ids: list[str]) -> dict[str, str]:
        """The role of each of `user_ids` whose user exists and is active (alerts go to no one
        else, and a held payment's buttons only to a role that may confirm)."""
        query = {"_id": {"$in": user_ids}, "status": "active"}
        return {doc["_id"]: doc["role"] async for doc in self._coll.find(query, {"role": 1})}

    async def _update(self, query: dict[str, Any], update: dict[str, Any]) -> User | None:
        doc = await self._coll.find_one_and_update(
            query, update, return_document=ReturnDocument.AFTER
        )
        return self.from_doc(doc) if doc else None

    async def set_invite(
        self, user_id: str, account_id: str, invite_hash: str, expires_at: datetime, now: datetime
    ) -> User | None:
        """Give a user a new set-password link (the old one stops working)."""
        return await self._update(
            {"_id": user_id, "account_id": account_id, "status": {"$ne": "disabled"}},
            {
                "$set": {
                    "invite_hash": invite_hash,
                    "invite_expires_at": expires_at,
                    "updated_at": now,
                }
            },
        )

    async def consume_invite(
        self, invite_hash: str, password_hash: str, now: datetime
    ) -> User | None:
        """Set the password of the user whose open, unexpired, not disabled invite has this
        hash, and close the invite, in one conditional update; None when none matches."""
        return await self._update(
            {
                "invite_hash": invite_hash,
                "invite_expires_at": {"$gt": now},
                "status": {"$ne": "disabled"},
            },
            {
                "$set": {
                    "password_hash": password_hash,
                    "password_changed_at": now,
                    "status": "active",
                    "updated_at": now,
                },
                "$unset": {"invite_hash": "", "invite_expires_at": ""},
            },
        )

    async def find_invite(self, invite_hash: str, now: datetime) -> User | None:
        """The user an open, unexpired invite belongs to (to greet them on the form)."""
        doc = await self._coll.find_one(
            {
                "invite_hash": invite_hash,
                "invite_expires_at": {"$gt": now},
                "status": {"$ne": "disabled"},
            }
        )
        return self.from_doc(doc) if doc else None

    async def set_password(
        self, user_id: str, old_hash: str, new_hash: str, now: datetime
    ) -> User | None:
        """Replace the password hash if it is still `old_hash` (a rehash or a change)."""
        return await self._update(
            {"_id": user_id, "password_hash": old_hash},
            {"$set": {"password_hash": new_hash, "password_changed_at": now, "updated_at": now}},
        )

    async def update(
        self,
        user_id: str,
        account_id: str,
        fields: dict[str, Any],
        now: datetime,
        guard: dict[str, Any] | None = None,
        unset: tuple[str, ...] = (),
    ) -> User | None:
        """Set `fields` (and remove `unset`) on an account's user when `guard` also holds;
        None otherwise."""
        update: dict[str, Any] = {"$set": {**fields, "updated_at": now}}
        if unset:
            update["$unset"] = dict.fromkeys(unset, "")
        return await self._update(
            {"_id": user_id, "account_id": account_id, **(guard or {})}, update
        )

    async def remember_device(self, user_id: str, device: KnownDevice) -> None:
        """Add a browser the user signed in from, keeping the newest KEEP (one update)."""
        entry = {"token_hash": device.token_hash, "since": device.since}
        await self._coll.update_one(
            {"_id": user_id},
            {
                "$push": {
                    "known_devices": {
                        "$each": [entry],
                        "$sort": {"since": -1},
                        "$slice": known_devices.KEEP,
                    }
                }
            },
        )

    async def take_totp_step(self, user_id: str, step: int) -> bool:
        """Record `step` as the last code accepted, if it is later than the last one: a code
        accepted once is never accepted again, even by two requests at the same moment."""
        result = await self._coll.update_one(
            {
                "_id": user_id,
                "totp_secret": {"$ne": None},
                "$or": [{"totp_last_step": None}, {"totp_last_step": {"$lt": step}}],
            },
            {"$set": {"totp_last_step": step}},
        )
        return bool(result.modified_count)

    async def take_recovery_code(self, user_id: str, code_hash: str) -> bool:
        """Use up one recovery code: removed by the same update that finds it."""
        result = await self._coll.update_one(
            {"_id": user_id, "recovery_hashes": code_hash},
            {"$pull": {"recovery_hashes": code_hash}},
        )
        return bool(result.modified_count)

    async def start_totp_pending(
        self, user_id: str, secret: str, until: datetime, now: datetime
    ) -> None:
        """Keep `secret` as the set-up waiting for its first code, unless a live one waits
        already (a second click keeps the secret the app may have scanned)."""
        await self._coll.update_one(
            {
                "_id": user_id,
                "totp_secret": None,
                "$or": [
                    {"totp_pending": None},
                    {"totp_pending_until": None},
                    {"totp_pending_until": {"$lte": now}},
                    {"totp_pending_tries": {"$gte": totp.ENROL_TRIES}},
                ],
            },
            {
                "$set": {
                    "totp_pending": secret,
                    "totp_pending_tries": 0,
                    "totp_pending_until": until,
                    "updated_at": now,
                }
            },
        )

    async def totp_pending(self, user_id: str) -> totp.Pending | None:
        """The set-up waiting for its first code, live or not."""
        doc = await self._coll.find_one({"_id": user_id}, dict.fromkeys(PENDING_FIELDS, 1))
        if not doc or not doc.get("totp_pending"):
            return None
        return totp.Pending(
            doc["totp_pending"],
            int(doc.get("totp_pending_tries") or 0),
            doc.get("totp_pending_until"),
        )

    async def count_totp_try(self, user_id: str, secret: str) -> int | None:
        """Count one wrong code against the set-up of `secret`; the wrong codes so far, or
        None when that set-up is no longer the one waiting."""
        doc = await self._coll.find_one_and_update(
            {"_id": user_id, "totp_pending": secret},
            {"$inc": {"totp_pending_tries": 1}},
            {"totp_pending_tries": 1},
            return_document=ReturnDocument.AFTER,
        )
        return int(doc["totp_pending_tries"]) if doc else None

    async def drop_totp_pending(self, user_id: str, secret: str | None = None) -> None:
        """End the set-up (of `secret`, or whichever waits) unconfirmed."""
        query: dict[str, Any] = {"_id": user_id}
        if secret is not None:
            query["totp_pending"] = secret
        await self._coll.update_one(query, {"$unset": dict.fromkeys(PENDING_FIELDS, "")})

    async def enable_totp(
        self, user_id: str, secret: str, step: int, recovery: list[str], now: datetime
    ) -> bool:
        """Turn two-factor on with the pending `secret`, if it is still the pending one, still
        live and not past its wrong codes (checked in the same update)."""
        result = await self._coll.update_one(
            {
                "_id": user_id,
                "totp_pending": secret,
                "totp_pending_until": {"$gt": now},
                "totp_pending_tries": {"$lt": totp.ENROL_TRIES},
            },
            {
                "$set": {
                    "totp_secret": secret,
                    "totp_last_step": step,
                    "recovery_hashes": recovery,
                    "updated_at": now,
                },
                "$unset": dict.fromkeys(PENDING_FIELDS, ""),
            },
        )
        return bool(result.modified_count)

    async def disable_totp(self, user_id: str, now: datetime) -> None:
        await self._coll.update_one(
            {"_id": user_id},
            {
                "$set": {"updated_at": now},
                "$unset": {"totp_secret": "", "totp_last_step": "", "recovery_hashes": ""},
            },
        )

    async def set_recovery(self, user_id: str, recovery: list[str], now: datetime) -> None:
        """Replace every recovery code (the old ones stop working)."""
        await self._coll.update_one(
            {"_id": user_id, "totp_secret": {"$ne": None}},
            {"$set": {"recovery_hashes": recovery, "updated_at": now}},
        )
