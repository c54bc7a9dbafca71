"""The in-process MongoDB of `memory://`: PyMongo's asyncio API over mongomock's sync objects.

No maintained fake of `pymongo.AsyncMongoClient` exists (mongomock-motor fakes motor, which is
at its end of life; docs/decisions.md, "Issue 35: the driver"), so this is a thin adapter: the
client, database, collection and cursor calls the store makes, with AsyncMongoClient's shapes
(`await coll.aggregate(...)`, `await client.close()`, `to_list(length=None)`, async cursors),
each answered by mongomock at once.

It offers exactly that subset. Any other attribute raises `NotInFake` (an AttributeError, so
`hasattr` stays truthful) naming what is missing: a store that starts using a call the fake
lacks fails loudly in the unit tier instead of running against a guess. Add a call here only
after checking mongomock answers it as MongoDB does (the real-wire tier, tests/wire, proves the
driver itself).

Nothing here ever suspends, as with mongomock-motor before it: two tasks never interleave
inside one call. Tests that need interleaving wrap the client (tests/claims_support.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import mongomock

__all__ = [
    "MemoryCollection",
    "MemoryCursor",
    "MemoryDatabase",
    "MemoryMongoClient",
    "NotInFake",
]

Doc = dict[str, Any]


class NotInFake(AttributeError):
    """A driver call the in-process fake does not offer."""

    def __init__(self, owner: str, name: str) -> None:
        super().__init__(
            f"{owner}.{name} is not offered by the memory:// MongoDB fake "
            "(claimsvc/store/memory_mongo.py): add it there once mongomock is known to answer "
            "it as MongoDB does"
        )


class _Honest:
    """Refuses every public attribute a subclass does not define."""

    _owner = "?"

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise NotInFake(self._owner, name)


class _Rows(_Honest):
    """Reading a mongomock cursor as the driver's async cursors read."""

    def __init__(self, cursor: Any) -> None:
        self._cursor = cursor
        self._rows: Iterator[Doc] | None = None

    async def to_list(self, length: int | None = None) -> list[Doc]:
        """Every remaining document, or the next `length` of them (the driver's signature)."""
        return _take(self._iterate(), length)

    def __aiter__(self) -> _Rows:
        return self

    async def __anext__(self) -> Doc:
        try:
            return next(self._iterate())
        except StopIteration:
            raise StopAsyncIteration from None

    def _iterate(self) -> Iterator[Doc]:
        if self._rows is None:
            self._rows = iter(self._cursor)
        return self._rows


class MemoryCursor(_Rows):
    """`AsyncCursor` (what `find` returns): chained before it is read."""

    _owner = "AsyncCursor"

    def sort(self, key: Any, direction: Any = None) -> MemoryCursor:
        self._cursor.sort(key, direction)
        return self

    def limit(self, n: int) -> MemoryCursor:
        self._cursor.limit(n)
        return self

    def skip(self, n: int) -> MemoryCursor:
        self._cursor.skip(n)
        return self

    def batch_size(self, n: int) -> MemoryCursor:
        """Accepted and ignored: the fake has no batches."""
        return self


class MemoryCommandCursor(_Rows):
    """The `AsyncCommandCursor` `await coll.aggregate(...)` returns: read only."""

    _owner = "AsyncCommandCursor"


def _take(rows: Iterator[Doc], length: int | None) -> list[Doc]:
    if length is None:
        return list(rows)
    if length < 1:  # as AsyncCursor.to_list answers
        raise ValueError("to_list() length must be greater than 0")
    return list(itertools.islice(rows, length))


class MemoryCollection(_Honest):
    """`AsyncCollection`'s calls the store makes, over a mongomock collection."""

    _owner = "AsyncCollection"

    def __init__(self, coll: Any) -> None:
        self._coll = coll

    @property
    def name(self) -> str:
        return str(self._coll.name)

    def find(self, *args: Any, **kwargs: Any) -> MemoryCursor:
        return MemoryCursor(self._coll.find(*args, **kwargs))

    async def aggregate(self, pipeline: Sequence[Mapping[str, Any]], **kwargs: Any) -> Any:
        return MemoryCommandCursor(self._coll.aggregate(list(pipeline), **kwargs))

    async def find_one(self, *args: Any, **kwargs: Any) -> Doc | None:
        found: Doc | None = self._coll.find_one(*args, **kwargs)
        return found

    async def insert_one(self, *args: Any, **kwargs: Any) -> Any:
        return self._coll.insert_one(*args, **kwargs)

    async def insert_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._coll.insert_many(*args, **kwargs)

    async def update_one(self, *args: Any, **kwargs: Any) -> Any:
        return self._coll.update_one(*args, **kwargs)

    async def update_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._coll.update_many(*args, **kwargs)

    async def delete_one(self, *args: Any, **kwargs: Any) -> Any:
        return self._coll.delete_one(*args, **kwargs)

    async def delete_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._coll.delete_many(*args, **kwargs)

    async def find_one_and_update(self, *args: Any, **kwargs: Any) -> Doc | None:
        found: Doc | None = self._coll.find_one_and_update(*args, **kwargs)
        return found

    async def find_one_and_delete(self, *args: Any, **kwargs: Any) -> Doc | None:
        found: Doc | None = self._coll.find_one_and_delete(*args, **kwargs)
        return found

    async def count_documents(self, *args: Any, **kwargs: Any) -> int:
        return int(self._coll.count_documents(*args, **kwargs))

    async def distinct(self, *args: Any, **kwargs: Any) -> list[Any]:
        return list(self._coll.distinct(*args, **kwargs))

    async def create_index(self, *args: Any, **kwargs: Any) -> str:
        return str(self._coll.create_index(*args, **kwargs))


class MemoryDatabase(_Honest):
    """`AsyncDatabase`'s calls: collections, `command("ping")`, collection names."""

    _owner = "AsyncDatabase"

    def __init__(self, db: Any) -> None:
        self._db = db

    @property
    def name(self) -> str:
        return str(self._db.name)

    def __getitem__(self, name: str) -> MemoryCollection:
        return MemoryCollection(self._db[name])

    async def command(self, command: str, **kwargs: Any) -> Doc:
        """Only `ping`: other commands differ too much in mongomock to stand for MongoDB."""
        if command != "ping" or kwargs:
            raise NotInFake(self._owner, f"command({command!r})")
        return {"ok": 1.0}

    async def list_collection_names(self) -> list[str]:
        return list(self._db.list_collection_names())


class MemoryMongoClient(_Honest):
    """`AsyncMongoClient` for memory://: its own mongomock server; nothing is kept."""

    _owner = "AsyncMongoClient"

    def __init__(self, *, tz_aware: bool = True) -> None:
        self._client: Any = mongomock.MongoClient(tz_aware=tz_aware)

    def __getitem__(self, name: str) -> MemoryDatabase:
        return MemoryDatabase(self._client[name])

    async def drop_database(self, name: str) -> None:
        self._client.drop_database(name)

    async def close(self) -> None:
        self._client.close()
