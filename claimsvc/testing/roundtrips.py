"""Exact round-trip counts: MongoDB commands and Redis calls, per request path.

Round trips are the cost of a request here (one `find_one` costs this process about twice a
whole bare request), and unlike timings they are the same on every machine, so tests assert
them and benchmarks print them. Two ways to count, one tally:

- a pymongo `CommandListener` (`MongoCommandCounter`): exact for `AsyncMongoClient` on a real
  server, one count per command sent (getMore included);
- wrappers around the database (`counting_db`) and the Redis client (`CountingRedis`): the
  in-process fakes send nothing over a wire, so the calls are counted where the store makes
  them. One store call is one command there (a cursor read to its end counts as one).

A pipeline is one Redis round trip; a script call is one (plus a reload after NOSCRIPT, which
is a real extra round trip and is counted).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pymongo import monitoring


class RoundTrips:
    """Tallies of MongoDB commands and Redis calls, by name, since the last `reset`."""

    def __init__(self) -> None:
        self.mongo: Counter[str] = Counter()
        self.redis: Counter[str] = Counter()
        self.paused = False

    def reset(self) -> None:
        self.mongo.clear()
        self.redis.clear()

    def count_mongo(self, name: str) -> None:
        if not self.paused:
            self.mongo[name] += 1

    def count_redis(self, name: str) -> None:
        if not self.paused:
            self.redis[name] += 1

    @property
    def mongo_total(self) -> int:
        return sum(self.mongo.values())

    @property
    def redis_total(self) -> int:
        return sum(self.redis.values())

    @contextmanager
    def ignored(self) -> Iterator[None]:
        """Round trips a test makes to arrange or inspect state are not the request's."""
        self.paused = True
        try:
            yield
        finally:
            self.paused = False

    def __repr__(self) -> str:
        return f"RoundTrips(mongo={dict(self.mongo)}, redis={dict(self.redis)})"


class MongoCommandCounter(monitoring.CommandListener):
    """Counts every command a real MongoDB client sends (register with event_listeners=[...])."""

    def __init__(self, tally: RoundTrips) -> None:
        self.tally = tally

    def started(self, event: monitoring.CommandStartedEvent) -> None:
        self.tally.count_mongo(f"{event.command_name}:{_collection(event)}")

    def succeeded(self, event: monitoring.CommandSucceededEvent) -> None:
        """Only starts are counted."""

    def failed(self, event: monitoring.CommandFailedEvent) -> None:
        """Only starts are counted."""


def _collection(event: monitoring.CommandStartedEvent) -> str:
    value = event.command.get(event.command_name)
    return value if isinstance(value, str) else ""


# Collection methods that send one command each. `find` returns a cursor: counted when read.
_COLLECTION_CALLS = frozenset(
    {
        "find_one",
        "insert_one",
        "insert_many",
        "update_one",
        "update_many",
        "replace_one",
        "delete_one",
        "delete_many",
        "find_one_and_update",
        "find_one_and_replace",
        "find_one_and_delete",
        "count_documents",
        "bulk_write",
        "aggregate",
        "distinct",
        "create_index",
        "estimated_document_count",
    }
)


class _CountingCursor:
    def __init__(self, cursor: Any, tally: RoundTrips, name: str) -> None:
        self._cursor = cursor
        self._tally = tally
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        value = getattr(self._cursor, attr)
        if attr in ("sort", "limit", "skip", "batch_size", "hint", "max_time_ms"):

            def chained(*args: Any, **kwargs: Any) -> _CountingCursor:
                return _CountingCursor(value(*args, **kwargs), self._tally, self._name)

            return chained
        if attr == "to_list":

            async def to_list(*args: Any, **kwargs: Any) -> Any:
                self._tally.count_mongo(self._name)
                return await value(*args, **kwargs)

            return to_list
        return value

    def __aiter__(self) -> Any:
        self._tally.count_mongo(self._name)
        return self._cursor.__aiter__()


class _CountingCollection:
    def __init__(self, coll: Any, tally: RoundTrips) -> None:
        self._coll = coll
        self._tally = tally

    def __getattr__(self, attr: str) -> Any:
        value = getattr(self._coll, attr)
        name = f"{attr}:{self._coll.name}"
        if attr == "find":

            def find(*args: Any, **kwargs: Any) -> _CountingCursor:
                return _CountingCursor(value(*args, **kwargs), self._tally, name)

            return find
        if attr not in _COLLECTION_CALLS:
            return value

        async def call(*args: Any, **kwargs: Any) -> Any:
            self._tally.count_mongo(name)
            return await value(*args, **kwargs)

        return call


class _CountingDatabase:
    def __init__(self, db: Any, tally: RoundTrips) -> None:
        self._db = db
        self._tally = tally

    def __getitem__(self, name: str) -> _CountingCollection:
        return _CountingCollection(self._db[name], self._tally)

    def __getattr__(self, attr: str) -> Any:
        value = getattr(self._db, attr)
        if attr != "command":
            return value

        async def command(*args: Any, **kwargs: Any) -> Any:
            self._tally.count_mongo(f"command:{args[0] if args else ''}")
            return await value(*args, **kwargs)

        return command


class CountingMongoClient:
    """A client whose databases count their collection calls (for the in-process fake)."""

    def __init__(self, client: Any, tally: RoundTrips) -> None:
        self._client = client
        self.tally = tally

    def __getitem__(self, name: str) -> _CountingDatabase:
        return _CountingDatabase(self._client[name], self.tally)

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._client, attr)


class _CountingPipeline:
    """A pipeline: one round trip when executed, however many commands it holds."""

    def __init__(self, pipe: Any, tally: RoundTrips) -> None:
        self._pipe = pipe
        self._tally = tally

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._pipe, attr)

    async def execute(self, *args: Any, **kwargs: Any) -> Any:
        self._tally.count_redis("pipeline")
        return await self._pipe.execute(*args, **kwargs)

    async def __aenter__(self) -> _CountingPipeline:
        await self._pipe.__aenter__()
        return self

    async def __aexit__(self, *exc: Any) -> Any:
        return await self._pipe.__aexit__(*exc)


class CountingRedis:
    """A redis-py asyncio client that counts each call it sends (scripts registered on it too)."""

    def __init__(self, client: Any, tally: RoundTrips) -> None:
        self._client = client
        self.tally = tally

    def __getattr__(self, attr: str) -> Any:
        # Command methods (redis.commands mixins) end in self.execute_command: bound to this
        # wrapper, each call is counted. Everything else (pools, aclose) is the client's own.
        func = getattr(type(self._client), attr, None)
        if callable(func) and getattr(func, "__module__", "").startswith("redis.commands"):
            return func.__get__(self, type(self))
        return getattr(self._client, attr)

    async def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        self.tally.count_redis(str(args[0]).lower() if args else "?")
        return await self._client.execute_command(*args, **kwargs)

    def register_script(self, script: str) -> Any:
        # redis-py's Script calls evalsha/script_load on the client it was registered with:
        # registered here, those calls come back through execute_command and are counted.
        from redis.commands.core import AsyncScript

        return AsyncScript(self, script)  # type: ignore[arg-type]

    def pipeline(self, *args: Any, **kwargs: Any) -> _CountingPipeline:
        return _CountingPipeline(self._client.pipeline(*args, **kwargs), self.tally)
