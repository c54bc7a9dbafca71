"""The session sweeper: expires overdue sessions (their events are the outbox relay's)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

from claimsvc.services.sessions import SessionService

log = logging.getLogger("claimsvc.worker.sweeper")

BATCH = 200
"""Sessions read and moved per batch: bounds the memory and the time between stop checks."""

MAX_BATCHES = 25
"""Batches per pass; a backlog larger than this waits for the next pass."""

INTERVAL_S = 5.0
"""Pause between passes. A claim checks expiry itself, so this only bounds webhook latency."""


@dataclass(frozen=True)
class SweepResult:
    expired: int


class SessionSweeper:
    """A worker loop (runner.Loop): one pass every INTERVAL_S until stopped."""

    name = "session-sweeper"

    def __init__(
        self,
        sessions: SessionService,
        *,
        batch: int = BATCH,
        max_batches: int = MAX_BATCHES,
        interval_s: float = INTERVAL_S,
    ) -> None:
        self._sessions = sessions
        self._batch = batch
        self._max_batches = max_batches
        self._interval_s = interval_s

    async def sweep(self, stop: asyncio.Event | None = None) -> SweepResult:
        """One pass: overdue sessions to EXPIRED, batch by batch."""
        expired = 0
        for _ in range(self._max_batches):
            found, moved = await self._sessions.expire_overdue(self._batch)
            expired += moved
            if found < self._batch or (stop is not None and stop.is_set()):
                break
        return SweepResult(expired)

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                result = await self.sweep(stop)
                if result.expired:
                    log.info("swept", extra={"fields": vars(result)})
            except Exception:
                # MongoDB down or failing over: the next pass tries again.
                log.exception("session sweep failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), self._interval_s)
