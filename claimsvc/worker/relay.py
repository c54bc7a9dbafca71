"""The outbox relay: writes the webhook events terminal sessions owe, promptly and in batches.

A terminal transition only marks its session `event_due`; this loop turns those sessions into
events (services/outbox.py says how, and why a relay dying half-way loses or doubles nothing).
Every worker process runs one; concurrent relays may take the same sessions, and the unique
index on (session, outcome) still lets one event per session through. The relay sleeps until a
transition wakes it (store/wake.py) and otherwise looks every CLAIMSVC_OUTBOX_RELAY_MS, which
only bounds a lost wake.
"""

from __future__ import annotations

import asyncio
import logging

from claimsvc.runtime.runner import pause
from claimsvc.services.outbox import OutboxService

log = logging.getLogger("claimsvc.worker.relay")

BATCH = 200
"""Sessions relayed per pass: bounds one insert and one Redis script."""


class OutboxRelay:
    """A worker loop (runner.Loop): a pass on each wake and every `interval_s`, at once again
    after a full one."""

    name = "outbox-relay"

    def __init__(self, outbox: OutboxService, *, interval_s: float, batch: int = BATCH) -> None:
        self._outbox = outbox
        self._interval_s = interval_s
        self._batch = batch
        self._wake = asyncio.Event()

    def wake(self) -> None:
        """Work is owed: pass now (the wake listener calls this)."""
        self._wake.set()

    async def relay(self) -> int:
        """One pass: the events of up to a batch of owed sessions; how many sessions."""
        return await self._outbox.relay(self._batch)

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            self._wake.clear()  # before the pass: a wake during it makes another pass
            full = False
            try:
                full = await self.relay() == self._batch
            except Exception:
                # MongoDB down or failing over: the sessions stay owed; the next pass tries again.
                log.exception("outbox relay pass failed")
            if full:
                await asyncio.sleep(0)  # a backlog: the next batch now, other loops in between
                continue
            await pause(stop, self._interval_s, self._wake)
