"""Opening MongoDB (PyMongo's `AsyncMongoClient`, or the in-process fake for memory://) and
shared helpers."""

from __future__ import annotations

import secrets
from typing import Any, cast

from pymongo import ReturnDocument
from pymongo.errors import BulkWriteError, DuplicateKeyError

COUNTER_ATTEMPTS = 5

__all__ = [
    "DUPLICATE_KEY",
    "CounterStore",
    "DuplicateKeyError",
    "insert_new",
    "insert_one_new",
    "is_embedded",
    "new_id",
    "open_mongo",
    "upserted",
]

DUPLICATE_KEY = 11000
"""MongoDB's error code for a unique index violation (in a bulk write's writeErrors too)."""


def is_embedded(url: str) -> bool:
    """The in-process fake: some commands (bulk UpdateOne) are missing there."""
    return url.startswith("memory://")


def open_mongo(url: str, **options: Any) -> Any:
    """An `AsyncMongoClient` for mongodb:// URLs (`options` added, e.g. event_listeners), the
    in-process fake with the same API for memory://."""
    if is_embedded(url):
        from claimsvc.store.memory_mongo import MemoryMongoClient

        return MemoryMongoClient(tz_aware=True)
    from pymongo import AsyncMongoClient

    # majority writes: an acknowledged session or event survives a primary failover.
    return AsyncMongoClient(url, tz_aware=True, w="majority", retryWrites=True, **options)


async def insert_new(coll: Any, docs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Insert `docs` in one unordered command; those stored now (a unique index refused the
    others as already stored). Any other write error raises."""
    try:
        await coll.insert_many(docs, ordered=False)
    except BulkWriteError as exc:
        errors = exc.details.get("writeErrors", [])
        if any(e.get("code") != DUPLICATE_KEY for e in errors):
            raise
        refused = {e["index"] for e in errors}
        return [doc for i, doc in enumerate(docs) if i not in refused]
    return docs


async def insert_one_new(coll: Any, doc: dict[str, Any]) -> bool:
    """Insert one document; whether it was stored now (False: a unique index refused it as
    already stored). Any other write error raises. The same one command as `insert_new`, but
    PyMongo's insert_one costs this process a third less CPU than insert_many of one document
    (bench/sms.py, docs/decisions.md "SMS path's CPU")."""
    try:
        await coll.insert_one(doc)
    except DuplicateKeyError:
        return False
    return True


async def upserted(
    coll: Any, query: dict[str, Any], update: dict[str, Any], projection: dict[str, Any] | None
) -> dict[str, Any]:
    """`update` applied to the one document `query` names, created if missing: the document
    after it. Two first writes of one document can race (an anchor and the worker's waiting
    messages of a new wallet, two first links of a channel): MongoDB may answer the loser with
    a DuplicateKeyError, having applied nothing (the document exists now: the update is sent
    again), and SecantusDB with no document, the update applied (seen here: 32 of 400 racing
    anchors, every update applied; the document as it is now is read)."""
    after = ReturnDocument.AFTER
    try:
        doc = await coll.find_one_and_update(
            query, update, upsert=True, projection=projection, return_document=after
        )
    except DuplicateKeyError:
        doc = await coll.find_one_and_update(
            query, update, projection=projection, return_document=after
        )
    if doc is None:
        doc = await coll.find_one(query, projection)
    if doc is None:
        raise RuntimeError(f"{coll.name}: no document after an upsert")
    return cast(dict[str, Any], doc)


def new_id(prefix: str, nbytes: int = 12) -> str:
    """An unguessable identifier with a readable type prefix, e.g. acc_3f9c..."""
    return f"{prefix}_{secrets.token_hex(nbytes)}"


class CounterStore:
    """Durable monotonically increasing sequences (webhook event ids)."""

    def __init__(self, db: Any) -> None:
        self._coll = db["counters"]

    async def ensure_indexes(self) -> None:
        """Counters are keyed by _id; nothing more to index."""

    async def next(self, name: str) -> int:
        """The next value of sequence `name`, starting at 1, atomically."""
        return await self.take(name, 1)

    async def take(self, name: str, n: int) -> int:
        """Take the next `n` values of sequence `name` atomically; the last of them (the first
        is that minus n - 1).

        Two first upserts of one counter can race: MongoDB may answer the loser with a
        DuplicateKeyError, and a real server (SecantusDB, seen in the race tests) with no
        document. The counter then exists, so the retry is an ordinary atomic $inc.
        """
        for _ in range(COUNTER_ATTEMPTS):
            try:
                doc = await self._coll.find_one_and_update(
                    {"_id": name},
                    {"$inc": {"value": n}},
                    upsert=True,
                    return_document=ReturnDocument.AFTER,
                )
            except DuplicateKeyError:
                continue
            if doc is not None:
                return int(doc["value"])
        raise RuntimeError(f"counter {name!r}: no value after {COUNTER_ATTEMPTS} attempts")
