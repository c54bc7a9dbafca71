"""The session sweeper: expires overdue sessions (their events are the outbox relay's).

It sleeps until the next open session's deadline (one read after each pass), so a session
expires on time without a timer polling MongoDB. A session opened meanwhile falls due no sooner
than the shortest lifetime a session is opened with (contract.md: `expires_in` is at least
300 s), later than the idle pass; a released pending claim moves a deadline earlier and wakes
the sweeper (store/wake.py). The idle pass, as the other loops', only bounds a lost wake.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from claimsvc.domain.checkout import MIN_EXPIRES_IN_S
from claimsvc.runtime.runner import pause
from claimsvc.services.sessions import SessionService

log = logging.getLogger("claimsvc.worker.sweeper")

BATCH = 200
"""Sessions read and moved per batch: bounds the memory and the time between stop checks."""

MAX_BATCHES = 25
"""Batches per pass; a backlog larger than this waits for the next pass."""

INTERVAL_S = 30.0
"""Longest pause between passes (the other loops' idle pass): bounds a lost wake. A session
opened after a pass falls due MIN_EXPIRES_IN_S later at the soonest, so this is never late."""
assert INTERVAL_S < MIN_EXPIRES_IN_S

MIN_PAUSE_S = 0.005
"""Shortest pause before the next deadline: clocks differ a little; no spin."""

BACKOFF_S = 1.0
"""Pause after a failed pass (MongoDB down or failing over)."""


@dataclass(frozen=True)
class SweepResult:
    expired: int
    more: bool = False
    """A pass stopped at MAX_BATCHES with overdue sessions left: the next pass starts at once."""


class SessionSweeper:
    """A worker loop (runner.Loop): a pass at each session's deadline, on a wake, and at least
    every `interval_s`, until stopped."""

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
        self._wake = asyncio.Event()

    def wake(self) -> None:
        """A deadline moved earlier: look now (the wake listener calls this)."""
        self._wake.set()

    async def sweep(self, stop: asyncio.Event | None = None) -> SweepResult:
        """One pass: overdue sessions to EXPIRED, batch by batch."""
        expired = 0
        for _ in range(self._max_batches):
            found, moved = await self._sessions.expire_overdue(self._batch)
            expired += moved
            if found < self._batch or (stop is not None and stop.is_set()):
                return SweepResult(expired)
        return SweepResult(expired, more=True)

    async def pause_s(self) -> float:
        """How long to sleep after a pass: until the next deadline, at most `interval_s`."""
        until = await self._sessions.until_next_deadline()
        if until is None:
            return self._interval_s
        return min(self._interval_s, max(MIN_PAUSE_S, until))

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            self._wake.clear()  # before the pass: a wake during it makes another pass
            try:
                result = await self.sweep(stop)
                if result.expired:
                    log.info("swept", extra={"fields": {"expired": result.expired}})
                wait_s = 0.0 if result.more else await self.pause_s()
            except Exception:
                # MongoDB down or failing over: the next pass tries again.
                log.exception("session sweep failed")
                wait_s = BACKOFF_S
            if wait_s:
                await pause(stop, wait_s, self._wake)
            else:
                await asyncio.sleep(0)  # a backlog: the next batches now, other loops between
