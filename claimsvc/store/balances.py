"""Running balances of wallets: one document per (account, device, provider, SIM slot).

Every change is a compare-and-set on `version`, so two consumers never both apply a step from
the same state. Verdicts a step produced are pushed in the same update (`pending`) and pulled
once they are applied to their transactions: a crash between the two never loses one.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pymongo import ReturnDocument

from claimsvc.store.mongo import DuplicateKeyError

SEEN_KEPT = 500
"""Message ids each wallet remembers having applied (a replayed message is refused by them)."""
# `seen` is only ever matched in filters and pushed to, never read back: it is the big field.
_NO_SEEN = {"seen": 0}


def wallet_id(account_id: str, device_id: str, provider: str, sim_slot: int | None) -> str:
    """The document id of a wallet; an unknown SIM slot is its own wallet."""
    slot = "-" if sim_slot is None else str(sim_slot)
    return f"{account_id}|{device_id}|{provider}|{slot}"


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

    def __init__(self, db: Any) -> None:
        self._coll = db["wallet_balances"]

    async def ensure_indexes(self) -> None:
        await self._coll.create_index("account_id")
        await self._coll.create_index("recheck", sparse=True)
        await self._coll.create_index("pending.vid", sparse=True)

    async def get(self, wid: str) -> dict[str, Any] | None:
        """The wallet, without its list of applied message ids."""
        return await self._coll.find_one({"_id": wid}, _NO_SEEN)

    async def has_seen(self, wid: str, keys: list[str]) -> bool:
        """Whether the wallet applied any of these messages."""
        query = {"_id": wid, "seen": {"$in": keys}}
        return await self._coll.find_one(query, {"_id": 1}) is not None

    async def save(
        self,
        wid: str,
        version: int,
        state: dict[str, Any],
        verdicts: list[dict[str, Any]],
        identity: dict[str, Any],
        keys: tuple[str, ...] = (),
    ) -> dict[str, Any] | None:
        """Write `state` if the wallet is still at `version` (0: not created yet) and has not
        applied any of the messages `keys` before; else None."""
        if version == 0:
            seen = list(keys)[-SEEN_KEPT:]
            doc = {"_id": wid, **identity, **state, "version": 1, "pending": verdicts}
            try:
                await self._coll.insert_one({**doc, "seen": seen})
            except DuplicateKeyError:
                return None
            return doc
        query: dict[str, Any] = {"_id": wid, "version": version}
        push: dict[str, Any] = {"pending": {"$each": verdicts}}
        if keys:
            query["seen"] = {"$nin": list(keys)}
            push["seen"] = {"$each": list(keys), "$slice": -SEEN_KEPT}
        return await self._coll.find_one_and_update(
            query,
            {"$set": state, "$inc": {"version": 1}, "$push": push},
            projection=_NO_SEEN,
            return_document=ReturnDocument.AFTER,
        )

    async def anchor(
        self,
        wid: str,
        identity: dict[str, Any],
        balance: int,
        now: datetime,
        gap_recovery: bool | None = None,
    ) -> dict[str, Any]:
        """Restart the chain at `balance` as of `now` (recovered gaps forgotten); held entries
        are re-checked later. `gap_recovery` switches recovery after a gap on or off (None:
        left as it is; on for a new wallet)."""
        fields = anchor_fields(balance, now)
        if gap_recovery is not None:
            fields["gap_recovery"] = gap_recovery
        return await self._coll.find_one_and_update(
            {"_id": wid},
            {
                "$set": fields,
                "$setOnInsert": {**identity, "held": [], "seen": [], "pending": []},
                "$inc": {"version": 1},
            },
            upsert=True,
            projection=_NO_SEEN,
            return_document=ReturnDocument.AFTER,
        )

    async def clear_recheck(self, wid: str, version: int) -> None:
        """Drop the re-check flag, unless the wallet changed since it was read."""
        await self._coll.update_one({"_id": wid, "version": version}, {"$unset": {"recheck": ""}})

    async def pull_verdicts(self, wid: str, keys: list[str]) -> None:
        """Forget verdicts that are now applied to their transactions."""
        await self._coll.update_one({"_id": wid}, {"$pull": {"pending": {"vid": {"$in": keys}}}})

    async def needing_attention(self, limit: int) -> list[dict[str, Any]]:
        """Wallets with an anchor to re-check or verdicts not yet applied."""
        query = {"$or": [{"recheck": True}, {"pending.vid": {"$exists": True}}]}
        return await self._coll.find(query, _NO_SEEN).limit(limit).to_list(None)
