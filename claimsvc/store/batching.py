"""Conditional single-document updates gathered for a moment and sent as one bulk write.

Many concurrent callers (a worker's webhook attempts) each make one conditional update and
want to know whether it applied. Sent together as one unordered bulk write, only the total
is known: when every update applied, each caller hears True; when some did not, each hears
None (unknown) and re-reads what it needs. On the embedded fake, which has no bulk
`UpdateOne`, the updates go one by one and each caller hears exactly.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

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
        try:
            outcomes = await self._apply([u for u, _ in batch])
        except Exception as exc:
            for _, done in batch:
                if not done.done():
                    done.set_exception(exc)
            return
        for (_, done), outcome in zip(batch, outcomes, strict=True):
            if not done.done():
                done.set_result(outcome)

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
