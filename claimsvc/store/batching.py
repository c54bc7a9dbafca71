"""Calls gathered into one round trip: conditional updates sent as one bulk write
(`UpdateBatcher`), and whole operations committed in groups (`GroupCommit`).

Many concurrent callers (a worker's webhook attempts) each make one conditional update and
want to know whether it applied. Sent together as one unordered bulk write, only the total
is known: when every update applied, each caller hears True; when some did not, each hears
None (unknown) and re-reads what it needs. On the embedded fake, which has no bulk
`UpdateOne`, the updates go one by one and each caller hears exactly.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

from pymongo import UpdateOne

Update = tuple[dict[str, Any], dict[str, Any]]
"""A filter and an update document."""

MAX_BATCH = 128
"""Updates sent in one command at most."""

WAIT_S = 0.002
"""How long the first update of a batch waits for others: a little latency for many fewer
round trips under load, and next to nothing when idle."""


class UpdateBatcher:
    """Gathers `update_one` calls on one collection into bulk writes."""

    def __init__(self, coll: Callable[[], Any], *, bulk: bool, wait_s: float = WAIT_S) -> None:
        # The owning store's collection, looked up at each send (a store's one collection).
        self._coll = coll
        self._bulk = bulk
        self._wait_s = wait_s
        self._queued: list[tuple[Update, asyncio.Future[bool | None]]] = []
        self._timer: asyncio.TimerHandle | None = None

    async def update(self, query: dict[str, Any], update: dict[str, Any]) -> bool | None:
        """Apply `update` to the document `query` matches: True if it did, False if it
        matched nothing (known only when sent alone or on the fake), None when unknown."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[bool | None] = loop.create_future()
        self._queued.append(((query, update), done))
        if len(self._queued) >= MAX_BATCH:
            self._flush_now()
        elif self._timer is None:
            self._timer = loop.call_later(self._wait_s, self._flush_now)
        # Shielded: a caller cancelled while waiting must not cancel its neighbours' write.
        return await asyncio.shield(done)

    def _flush_now(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        batch, self._queued = self._queued, []
        if batch:
            task = asyncio.get_running_loop().create_task(self._send(batch))
            task.add_done_callback(_consume_error)

    async def _send(self, batch: list[tuple[Update, asyncio.Future[bool | None]]]) -> None:
        await _answer(batch, self._apply([u for u, _ in batch]))

    async def _apply(self, updates: list[Update]) -> list[bool | None]:
        if not self._bulk or len(updates) == 1:
            results = []
            for query, update in updates:
                result = await self._coll().update_one(query, update)
                results.append(result.modified_count == 1)
            return results
        ops = [UpdateOne(q, u) for q, u in updates]
        result = await self._coll().bulk_write(ops, ordered=False)
        all_applied = result.modified_count == len(updates)
        return [True if all_applied else None] * len(updates)


def _consume_error(task: asyncio.Task[None]) -> None:
    """Errors reach the callers through their futures; nothing else is owed."""
    if not task.cancelled():
        task.exception()


T = TypeVar("T")
R = TypeVar("R")

MAX_GROUP = 256
"""Calls committed in one group at most."""


class GroupCommit(Generic[T, R]):
    """Calls that arrive while a group is being committed wait, and are committed together as
    the next group, by one call of `commit` (its answers in the calls' order).

    No timer: a call arriving when nothing is in flight starts a group at the loop's next turn
    (calls made in the same turn join it), so an idle service adds no wait, and a busy one
    gathers as many calls as arrive during one commit. A commit that raises fails every call
    of its group with that error.
    """

    def __init__(self, commit: Callable[[list[T]], Awaitable[list[R]]]) -> None:
        self._commit = commit
        self._waiting: list[tuple[T, asyncio.Future[R]]] = []
        self._running: asyncio.Task[None] | None = None

    @property
    def waiting(self) -> int:
        """Calls waiting for the next group (the one in flight not counted)."""
        return len(self._waiting)

    async def submit(self, item: T) -> R:
        """Commit `item` with the calls of its group; its own answer."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[R] = loop.create_future()
        self._waiting.append((item, done))
        if self._running is None:
            self._running = loop.create_task(self._drain())
            self._running.add_done_callback(_consume_error)
        # Shielded: a caller cancelled while waiting must not cancel its group's commit.
        return await asyncio.shield(done)

    async def _drain(self) -> None:
        try:
            while self._waiting:
                group, self._waiting = self._waiting[:MAX_GROUP], self._waiting[MAX_GROUP:]
                await _answer(group, self._commit([item for item, _ in group]))
        finally:
            self._running = None
            for _, done in self._waiting:  # only when cancelled (a stopping process)
                done.cancel()
            self._waiting = []


async def _answer(calls: list[tuple[Any, asyncio.Future[R]]], answers: Awaitable[list[R]]) -> None:
    """Give each waiting call its answer, in order, or the error `answers` raised (a call
    whose caller went away is skipped); cancelled, cancel them all."""
    try:
        outcomes = await answers
    except asyncio.CancelledError:
        for _, done in calls:
            done.cancel()
        raise
    except Exception as exc:
        for _, done in calls:
            if not done.done():
                done.set_exception(exc)
        return
    for (_, done), outcome in zip(calls, outcomes, strict=True):
        if not done.done():
            done.set_result(outcome)
