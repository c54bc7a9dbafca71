"""Running balances of wallets: one document per (account, device, provider, SIM slot).

Every change is a compare-and-set on `version`, so two consumers never both apply a step from
the same state. Verdicts a step produced are pushed in the same update (`pending`) and pulled
once they are applied to their transactions: a crash between the two never loses one.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import datetime
from typing import Any

from pymongo import ReturnDocument, UpdateOne

from claimsvc.domain.alerts import chain_alert_owed
from claimsvc.domain.balances import Entry, Gap, PendingVerdict, Point, Unread, Wallet, WalletKey
from claimsvc.store.batching import GroupCommit, UpdateBatcher
from claimsvc.store.mongo import DuplicateKeyError, upserted

UNREAD_KEPT = 20
"""Messages not understood each wallet keeps waiting for its chain (the oldest fall off)."""
SEEN_KEPT = 500
"""Message ids each wallet remembers having applied (a replayed message is refused by them)."""
# `seen` is only ever matched in filters and pushed to, never read back: it is the big field.
_NO_SEEN = {"seen": 0}
ALERT_DUE = "alert_due"
"""Set by a step that leaves the chain broken (entries held) or recovered at a gap, in the
update that saves it, until the alert relay has written what it owes (services/alerts.py)."""
BULK_STEPS_FROM = 3
"""Concurrent steps of at least this many wallets are saved by one bulk write and one read (two
commands) instead of one compare-and-set each."""

Step = tuple[dict[str, Any], dict[str, Any]]
"""A step to save: its compare-and-set's filter (the wallet's `_id` and the `version` it was
decided on) and its update."""


def anchor_fields(balance: int, now: datetime) -> dict[str, Any]:
    """What an anchor rewrites: the chain restarts at `balance` as of `now`, recovered gaps are
    forgotten, held entries stay for the consumer to re-check (`recheck`)."""
    return {
        "running": balance,
        "anchored_at": now,
        "anchor_balance": balance,
        "anchor_set_at": now,
        "trail": [],
        "gaps": [],
        "recheck": True,
    }


class BalanceStore:
    """The `wallet_balances` collection."""

    def __init__(self, db: Any, *, bulk_updates: bool = True) -> None:
        self._coll = db["wallet_balances"]
        # The applied verdicts of a stream batch's wallets are forgotten in one bulk write.
        self._batched = UpdateBatcher(lambda: self._coll, bulk=bulk_updates)
        # A stream batch's wallets step together; their steps are saved together.
        self._bulk = bulk_updates
        self._steps = GroupCommit(self._save_steps)

    async def ensure_indexes(self) -> None:
        await self._coll.create_index("account_id")
        await self._coll.create_index("recheck", sparse=True)
        await self._coll.create_index("pending.vid", sparse=True)
        await self._coll.create_index(ALERT_DUE, sparse=True)

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> Wallet:
        """The wallet of a stored document (`seen` stays in the store: its filters use it)."""
        return Wallet(
            running=doc.get("running"),
            anchored_at=doc.get("anchored_at"),
            held=tuple(_entry(h) for h in doc.get("held", [])),
            trail=tuple(Point(at=p["at"], before=p["before"]) for p in doc.get("trail", [])),
            gaps=tuple(_gap(g) for g in doc.get("gaps", [])),
            recovers=doc.get("gap_recovery", True),
            key=WalletKey(
                account_id=doc["account_id"],
                device_id=doc["device_id"],
                provider=doc["provider"],
                sim_slot=doc.get("sim_slot"),
            ),
            version=int(doc.get("version", 0)),
            pending=tuple(_pending(v) for v in doc.get("pending", [])),
            recheck=bool(doc.get("recheck")),
            anchor_balance=doc.get("anchor_balance"),
            anchor_set_at=doc.get("anchor_set_at"),
            unread=tuple(Unread(u["id"], tuple(u["previous"])) for u in doc.get("unread", [])),
        )

    @staticmethod
    def to_doc(wallet: Wallet) -> dict[str, Any]:
        """The document of a wallet a step creates (the fields only an anchor sets, and
        `seen`, are written by the updates that set them)."""
        key = wallet.stored_key
        return {
            "_id": key.id,
            **_key_doc(key),
            **_chain_doc(wallet),
            "version": wallet.version,
            "pending": [_pending_doc(v) for v in wallet.pending],
        }

    async def get(self, wid: str) -> Wallet | None:
        """The wallet, without its list of applied message ids."""
        doc = await self._coll.find_one({"_id": wid}, _NO_SEEN)
        return None if doc is None else self.from_doc(doc)

    async def has_seen(self, wid: str, keys: list[str]) -> bool:
        """Whether the wallet applied any of these messages."""
        query = {"_id": wid, "seen": {"$in": keys}}
        return await self._coll.find_one(query, {"_id": 1}) is not None

    async def save(
        self, wallet: Wallet, verdicts: tuple[PendingVerdict, ...], keys: tuple[str, ...] = ()
    ) -> Wallet | None:
        """Write the chain of `wallet` if the stored one is still at `wallet.version` (0: not
        created yet) and has not applied any of the messages `keys` before, with `verdicts`
        added to its pending ones: the wallet as saved, else None."""
        if wallet.version == 0:
            return await self._create(replace(wallet, version=1, pending=verdicts), keys)
        query: dict[str, Any] = {"_id": wallet.stored_key.id, "version": wallet.version}
        push: dict[str, Any] = {"pending": {"$each": [_pending_doc(v) for v in verdicts]}}
        if keys:
            query["seen"] = {"$nin": list(keys)}
            push["seen"] = {"$each": list(keys), "$slice": -SEEN_KEPT}
        update: dict[str, Any] = {"$set": _chain_doc(wallet), "$inc": {"version": 1}, "$push": push}
        if chain_alert_owed(wallet):
            update["$set"][ALERT_DUE] = True
        if keys and self._bulk:
            # None here may also mean "saved, not known": the caller asks has_seen(keys).
            saved = await self._steps.submit((query, update))
            if isinstance(saved, BaseException):  # its own step failed, not its whole group
                raise saved
            doc = saved
        else:
            doc = await self._step(query, update)
        return None if doc is None else self.from_doc(doc)

    async def _step(self, query: dict[str, Any], update: dict[str, Any]) -> dict[str, Any] | None:
        """One compare-and-set: the document as saved, or None."""
        doc: dict[str, Any] | None = await self._coll.find_one_and_update(
            query, update, projection=_NO_SEEN, return_document=ReturnDocument.AFTER
        )
        return doc

    async def _save_steps(self, steps: list[Step]) -> list[dict[str, Any] | BaseException | None]:
        """Save the steps of several wallets taken at once: each its own compare-and-set when
        they are few, else one unordered bulk write and one read of the wallets. A step whose
        wallet reads at its next version, with every step of the bulk applied, was saved (its
        document is that read); when any step of the bulk did not apply, which did is not known
        and each hears None, as for a conflict (its caller asks `has_seen`)."""
        if len(steps) < BULK_STEPS_FROM:
            steps_alone = (self._step(q, u) for q, u in steps)
            return list(await asyncio.gather(*steps_alone, return_exceptions=True))
        result = await self._coll.bulk_write([UpdateOne(q, u) for q, u in steps], ordered=False)
        if result.modified_count != len(steps):
            return [None] * len(steps)
        ids = [q["_id"] for q, _ in steps]
        docs = await self._coll.find({"_id": {"$in": ids}}, _NO_SEEN).to_list(None)
        # Each wallet read at the version after its step's, else stepped again since: not known
        # as ours.
        read = {(doc["_id"], doc.get("version")): doc for doc in docs}
        return [read.get((q["_id"], q["version"] + 1)) for q, _ in steps]

    async def _create(self, created: Wallet, keys: tuple[str, ...]) -> Wallet | None:
        """Start a wallet's chain: a new document, or the one its waiting messages made (at
        version 0, `add_unread`); None when another step started it first."""
        fields = {k: v for k, v in self.to_doc(created).items() if k != "_id"}
        fields["seen"] = list(keys)[-SEEN_KEPT:]
        if chain_alert_owed(created):
            fields[ALERT_DUE] = True
        try:
            doc = await self._coll.find_one_and_update(
                {"_id": created.stored_key.id, "version": 0},
                {"$set": fields},
                upsert=True,
                projection=_NO_SEEN,
                return_document=ReturnDocument.AFTER,
            )
        except DuplicateKeyError:  # stored at another version: not ours to start
            return None
        return self.from_doc(doc)

    async def anchor(
        self, key: WalletKey, balance: int, now: datetime, gap_recovery: bool | None = None
    ) -> Wallet:
        """Restart the chain at `balance` as of `now` (recovered gaps forgotten); held entries
        are re-checked later. `gap_recovery` switches recovery after a gap on or off (None:
        left as it is; on for a new wallet)."""
        fields = anchor_fields(balance, now)
        if gap_recovery is not None:
            fields["gap_recovery"] = gap_recovery
        update = {
            "$set": fields,
            "$setOnInsert": {**_key_doc(key), "held": [], "seen": [], "pending": []},
            "$inc": {"version": 1},
        }
        return self.from_doc(await upserted(self._coll, {"_id": key.id}, update, _NO_SEEN))

    async def add_unread(self, key: WalletKey, waiting: list[Unread]) -> None:
        """Keep messages waiting for the chain to reach a balance that reads them (the newest
        UNREAD_KEPT); not a step: the version stays, no step rewrites them. A wallet not
        stored yet is created for them, not started (version 0): the first step or anchor
        starts it and finds them there."""
        docs = [{"id": u.message_id, "previous": list(u.previous)} for u in waiting]
        push = {"unread": {"$each": docs, "$slice": -UNREAD_KEPT}}
        new = {**_key_doc(key), "version": 0, "held": [], "seen": [], "pending": []}
        update = {"$push": push, "$setOnInsert": new}
        try:
            await self._coll.update_one({"_id": key.id}, update, upsert=True)
        except DuplicateKeyError:  # created by another write meanwhile: now it is there
            await self._coll.update_one({"_id": key.id}, update)

    async def drop_unread(self, wid: str, message_ids: list[str]) -> None:
        """Stop waiting for messages now read."""
        await self._coll.update_one(
            {"_id": wid}, {"$pull": {"unread": {"id": {"$in": message_ids}}}}
        )

    async def clear_recheck(self, wid: str, version: int) -> None:
        """Drop the re-check flag, unless the wallet changed since it was read."""
        await self._coll.update_one({"_id": wid, "version": version}, {"$unset": {"recheck": ""}})

    async def pull_verdicts(self, wid: str, vids: list[str]) -> None:
        """Forget verdicts that are now applied to their transactions."""
        await self._batched.update({"_id": wid}, {"$pull": {"pending": {"vid": {"$in": vids}}}})

    async def alerts_owed(self, limit: int) -> list[Wallet]:
        """Wallets whose last step owes an alert (services/alerts.py)."""
        cursor = self._coll.find({ALERT_DUE: True}, _NO_SEEN).limit(limit)
        return [self.from_doc(doc) for doc in await cursor.to_list(None)]

    async def clear_alerts_owed(self, read: list[tuple[str, int]]) -> None:
        """Clear each (wallet, version) read: one a step changed since keeps its mark."""
        if read:
            pairs = [{"_id": wid, "version": v} for wid, v in read]
            await self._coll.update_many({"$or": pairs}, {"$unset": {ALERT_DUE: ""}})

    async def of_account(self, account_id: str, limit: int) -> list[Wallet]:
        """An account's wallet chains (at most `limit`), in id order: device, provider, slot."""
        cursor = self._coll.find({"account_id": account_id}, _NO_SEEN).sort("_id", 1)
        return [self.from_doc(doc) for doc in await cursor.limit(limit).to_list(None)]

    async def has_anchor(self, account_id: str) -> bool:
        """Whether the merchant anchored any of the account's wallets (account index)."""
        query = {"account_id": account_id, "anchor_set_at": {"$ne": None}}
        return await self._coll.find_one(query, {"_id": 1}) is not None

    async def broken_of_account(self, account_id: str, limit: int) -> list[Wallet]:
        """An account's wallets whose chain is broken: entries held for what they chain to, or
        a break recovered from whose missing SMS may still turn up (by the account index:
        an account has a few wallets)."""
        broken = [{"held.0": {"$exists": True}}, {"gaps.0": {"$exists": True}}]
        query = {"account_id": account_id, "$or": broken}
        docs = await self._coll.find(query, _NO_SEEN).limit(limit).to_list(None)
        return [self.from_doc(doc) for doc in docs]

    async def needing_attention(self, limit: int) -> list[Wallet]:
        """Wallets with an anchor to re-check or verdicts not yet applied."""
        query = {"$or": [{"recheck": True}, {"pending.vid": {"$exists": True}}]}
        docs = await self._coll.find(query, _NO_SEEN).limit(limit).to_list(None)
        return [self.from_doc(doc) for doc in docs]


def _key_doc(key: WalletKey) -> dict[str, Any]:
    return {
        "account_id": key.account_id,
        "device_id": key.device_id,
        "provider": key.provider,
        "sim_slot": key.sim_slot,
    }


def _chain_doc(wallet: Wallet) -> dict[str, Any]:
    """The fields a step rewrites (`seen` is pushed to, one key at a time)."""
    return {
        "running": wallet.running,
        "anchored_at": wallet.anchored_at,
        "held": [_entry_doc(h) for h in wallet.held],
        "trail": [{"at": p.at, "before": p.before} for p in wallet.trail],
        "gaps": [_gap_doc(g) for g in wallet.gaps],
    }


def _entry(d: dict[str, Any]) -> Entry:
    return Entry(
        key=d["key"],
        transaction_id=d.get("transaction_id"),
        direction=d["direction"],
        amount=d["amount"],
        fee=d["fee"],
        balance=d.get("balance"),
        received_at=d["received_at"],
        # Entries stored before commission was kept have none.
        commission=d.get("commission", 0),
    )


def _entry_doc(e: Entry) -> dict[str, Any]:
    return {
        "key": e.key,
        "transaction_id": e.transaction_id,
        "direction": e.direction,
        "amount": e.amount,
        "fee": e.fee,
        "balance": e.balance,
        "received_at": e.received_at,
        "commission": e.commission,
    }


def _gap(d: dict[str, Any]) -> Gap:
    return Gap(
        key=d["key"],
        transaction_id=d.get("transaction_id"),
        at=d["at"],
        since=d.get("since"),
        before=d["before"],
        after=d["after"],
    )


def _gap_doc(g: Gap) -> dict[str, Any]:
    return {
        "key": g.key,
        "transaction_id": g.transaction_id,
        "at": g.at,
        "since": g.since,
        "before": g.before,
        "after": g.after,
    }


def _pending(d: dict[str, Any]) -> PendingVerdict:
    return PendingVerdict(
        vid=d["vid"],
        key=d["key"],
        transaction_id=d.get("transaction_id"),
        status=d["status"],
        reason=d["reason"],
        gap=d.get("gap"),
        version=d["version"],
    )


def _pending_doc(v: PendingVerdict) -> dict[str, Any]:
    return {
        "vid": v.vid,
        "key": v.key,
        "transaction_id": v.transaction_id,
        "status": v.status,
        "reason": v.reason,
        "gap": v.gap,
        "version": v.version,
    }
