"""The `alerts` collection (once per cause: a unique index) and `alert_sends` (one alert to one
channel: a unique index on the pair), with the conditional updates the worker's passes make."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pymongo import ReturnDocument

from claimsvc.domain.alerts import DEAD, QUEUED, SENT, Alert, Send
from claimsvc.store.mongo import insert_new

FANOUT_DUE = "fanout_due"
"""Set on a new alert until its sends exist (a pass that dies before leaves it for the next)."""


class AlertStore:
    def __init__(self, db: Any) -> None:
        self._coll = db["alerts"]

    @staticmethod
    def to_doc(alert: Alert) -> dict[str, Any]:
        return {
            "_id": alert.id,
            "account_id": alert.account_id,
            "kind": alert.kind,
            "cause": alert.cause,
            "created_at": alert.created_at,
            "facts": dict(alert.facts),
            FANOUT_DUE: True,
        }

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> Alert:
        return Alert(
            id=doc["_id"],
            account_id=doc["account_id"],
            kind=doc["kind"],
            cause=doc["cause"],
            created_at=doc["created_at"],
            facts=doc.get("facts") or {},
        )

    async def ensure_indexes(self) -> None:
        # Each alert once per cause: a second write of the same cause is refused here.
        await self._coll.create_index([("account_id", 1), ("cause", 1)], unique=True)
        await self._coll.create_index(FANOUT_DUE, sparse=True)

    async def insert_new(self, alerts: list[Alert]) -> list[Alert]:
        """Those of `alerts` whose cause had none yet (the others are refused, not doubled)."""
        if not alerts:
            return []
        stored = {d["_id"] for d in await insert_new(self._coll, [self.to_doc(a) for a in alerts])}
        return [a for a in alerts if a.id in stored]

    async def fanout_due(self, limit: int) -> list[Alert]:
        cursor = self._coll.find({FANOUT_DUE: True}).sort("created_at", 1).limit(limit)
        return [self.from_doc(d) for d in await cursor.to_list()]

    async def fanned_out(self, alert_ids: list[str]) -> None:
        await self._coll.update_many({"_id": {"$in": alert_ids}}, {"$unset": {FANOUT_DUE: ""}})

    async def existing(self, causes: dict[str, str]) -> set[str]:
        """Which accounts of `causes` (account id -> cause) have their cause's alert already:
        one read on the unique index (none when `causes` is empty)."""
        if not causes:
            return set()
        pairs = [{"account_id": a, "cause": c} for a, c in causes.items()]
        docs = await self._coll.find({"$or": pairs}, {"account_id": 1}).to_list()
        return {d["account_id"] for d in docs}

    async def get_many(self, alert_ids: list[str]) -> dict[str, Alert]:
        docs = await self._coll.find({"_id": {"$in": alert_ids}}).to_list()
        return {d["_id"]: self.from_doc(d) for d in docs}

    async def of_account(self, account_id: str, kind: str | None = None) -> list[Alert]:
        query: dict[str, Any] = {"account_id": account_id}
        if kind:
            query["kind"] = kind
        return [self.from_doc(d) for d in await self._coll.find(query).to_list()]


class SendStore:
    def __init__(self, db: Any) -> None:
        self._coll = db["alert_sends"]

    @staticmethod
    def to_doc(send: Send) -> dict[str, Any]:
        doc = {
            "_id": send.id,
            "channel_id": send.channel_id,
            "alert_id": send.alert_id,
            "account_id": send.account_id,
            "kind": send.kind,
            "status": send.status,
            "attempts": send.attempts,
            "next_at": send.next_at,
            "created_at": send.created_at,
            "lease_until": None,
        }
        if send.press_token:
            doc["press_token"] = send.press_token
        return doc

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> Send:
        return Send(
            id=doc["_id"],
            channel_id=doc["channel_id"],
            alert_id=doc["alert_id"],
            account_id=doc["account_id"],
            kind=doc["kind"],
            status=doc["status"],
            attempts=doc.get("attempts", 0),
            next_at=doc["next_at"],
            created_at=doc["created_at"],
            press_token=doc.get("press_token"),
            sent_at=doc.get("sent_at"),
            message_id=doc.get("message_id"),
            pressed_at=doc.get("pressed_at"),
        )

    async def ensure_indexes(self) -> None:
        await self._coll.create_index([("channel_id", 1), ("alert_id", 1)], unique=True)
        await self._coll.create_index([("status", 1), ("next_at", 1)])
        await self._coll.create_index("press_token", unique=True, sparse=True)
        await self._coll.create_index("lease_owner", sparse=True)

    async def insert_new(self, sends: list[Send]) -> int:
        """Queue `sends`; a pair (channel, alert) already queued is refused. How many are new."""
        if not sends:
            return 0
        return len(await insert_new(self._coll, [self.to_doc(s) for s in sends]))

    async def lease_due(self, owner: str, now: datetime, hold: timedelta, limit: int) -> list[Send]:
        """Take up to `limit` queued sends due by `now` for `owner` until now + `hold`: each
        taken by one conditional update, so two workers never send the same one at once."""
        free = {"status": QUEUED, "next_at": {"$lte": now}, "lease_until": {"$not": {"$gt": now}}}
        ids = [d["_id"] for d in await self._coll.find(free, {"_id": 1}).limit(limit).to_list()]
        if not ids:
            return []
        lease = {"$set": {"lease_owner": owner, "lease_until": now + hold}}
        await self._coll.update_many({"_id": {"$in": ids}, **free}, lease)
        docs = await self._coll.find({"_id": {"$in": ids}, "lease_owner": owner}).to_list()
        return [self.from_doc(d) for d in docs]

    async def mark_sent(self, send_ids: list[str], message_id: int | None, now: datetime) -> None:
        done = {"status": SENT, "sent_at": now, "message_id": message_id, "lease_until": None}
        await self._coll.update_many(
            {"_id": {"$in": send_ids}, "status": QUEUED},
            {"$set": done, "$inc": {"attempts": 1}, "$unset": {"lease_owner": ""}},
        )

    async def mark_failed(
        self, send_ids: list[str], next_at: datetime | None, error: str | None
    ) -> None:
        """One more attempt each; queued again for `next_at`, or dead when None."""
        fields: dict[str, Any] = {"last_error": error, "lease_until": None}
        fields.update({"next_at": next_at} if next_at else {"status": DEAD})
        await self._coll.update_many(
            {"_id": {"$in": send_ids}, "status": QUEUED},
            {"$set": fields, "$inc": {"attempts": 1}, "$unset": {"lease_owner": ""}},
        )

    async def kill_channel(self, channel_id: str, reason: str) -> None:
        """A broken or unlinked channel's queued sends go nowhere."""
        await self._coll.update_many(
            {"channel_id": channel_id, "status": QUEUED},
            {"$set": {"status": DEAD, "last_error": reason}},
        )

    async def by_token(self, token: str) -> Send | None:
        doc = await self._coll.find_one({"press_token": token})
        return None if doc is None else self.from_doc(doc)

    async def press(self, token: str, now: datetime) -> Send | None:
        """Use a button's token once: the send, or None when it was used before."""
        doc = await self._coll.find_one_and_update(
            {"press_token": token, "pressed_at": None},
            {"$set": {"pressed_at": now}},
            return_document=ReturnDocument.AFTER,
        )
        return None if doc is None else self.from_doc(doc)

    async def of_channel(self, channel_id: str) -> list[Send]:
        return [
            self.from_doc(d) for d in await self._coll.find({"channel_id": channel_id}).to_list()
        ]
