"""Keeps the Redis schedule in step with MongoDB, the truth, and refreshes the webhook gauges.

Every queued event must sit in the schedule (due or held). After a Redis restart that lost
everything, or an event whose creator died before scheduling it, the reconciler puts it back:
new events within about a second (a short look at the newest ids), all others within a sweep.

It looks when events are being written, not on a short timer: a session ending (the outbox
relay writes its event next) or an event scheduled anywhere wakes it (store/wake.py), and it
looks QUICK_S later, when the writer has had time to schedule what it wrote, then every QUICK_S
while the newest id keeps moving. With nothing written it looks every TICK_S and sweeps every
SWEEP_S, which only bound a lost wake: an idle worker sends a few MongoDB commands a minute.
"""

from __future__ import annotations

import asyncio
import logging
import time

from claimsvc.clock import Clock
from claimsvc.domain.delivery import to_ms
from claimsvc.domain.outbox import DEAD, QUEUED, STOPPED
from claimsvc.metrics import (
    WEBHOOK_DUE,
    WEBHOOK_EVENTS,
    WEBHOOK_OLDEST_UNDELIVERED,
    WEBHOOK_QUEUE_DEPTH,
    WEBHOOK_RESTORED,
)
from claimsvc.runtime.runner import pause
from claimsvc.store.events import EventStore
from claimsvc.store.schedule import ScheduleStore

log = logging.getLogger("claimsvc.worker.reconciler")

QUICK_S = 1.0
"""After a wake, and between looks while events are being written: a new event its writer did
not schedule is back on the schedule within about this long."""
TICK_S = 30.0
"""Between quick looks at the newest events with nothing written (a sweep replaces one every
SWEEP_S)."""
SWEEP_S = 60.0
GAUGES_S = 60.0
"""Between refreshes of the webhook gauges (four counts; alert rules look over minutes)."""

LOOKBACK = 1_000
"""Ids below the newest seen that the quick look covers again: ids are taken from the counter
before the insert, so a slower writer can land an id lower than one already seen."""


class Reconciler:
    """Puts queued events missing from the schedule back on it, in bounded batches."""

    name = "webhook-reconciler"

    def __init__(
        self,
        events: EventStore,
        schedule: ScheduleStore,
        clock: Clock,
        *,
        tick_s: float = TICK_S,
        quick_s: float = QUICK_S,
        sweep_s: float = SWEEP_S,
        gauges_s: float = GAUGES_S,
        batch: int = 500,
    ) -> None:
        self._events = events
        self._schedule = schedule
        self._clock = clock
        self._tick_s = tick_s
        self._quick_s = quick_s
        self._wake = asyncio.Event()
        self._periods = {"sweep": sweep_s, "gauges": gauges_s}
        self._batch = batch
        self._seen = 0

    def wake(self) -> None:
        """Events are being written: look QUICK_S from now (the wake listener calls this)."""
        self._wake.set()

    async def run(self, stop: asyncio.Event) -> None:
        """Until `stop`: a quick look after each wake and every tick, again each QUICK_S while
        new events appear, a full sweep and the gauges now and then."""
        next_at = {"sweep": 0.0, "gauges": 0.0}
        while not stop.is_set():
            self._wake.clear()  # before the look: a wake during it makes another look
            flowing = False
            try:
                flowing = await self._tick(next_at)
            except Exception:
                log.exception("webhook reconciler pass failed")
            if not flowing:
                await pause(stop, self._tick_s, self._wake)
                if stop.is_set() or not self._wake.is_set():
                    continue
            # Events are being written: their writers schedule them within a round trip or
            # two, so the look waits a little rather than racing them.
            await pause(stop, self._quick_s)

    async def _tick(self, next_at: dict[str, float]) -> bool:
        """One look; whether events were written since the last one (or some were restored)."""
        seen = self._seen
        now = time.monotonic()
        if now >= next_at["sweep"]:
            restored = await self.sweep()
            next_at["sweep"] = now + self._periods["sweep"]
        else:
            restored = await self.restore_new()
        if now >= next_at["gauges"]:
            await self.refresh_gauges()
            next_at["gauges"] = now + self._periods["gauges"]
        return bool(restored) or self._seen > seen

    async def sweep(self) -> int:
        """Every queued event, in batches by id; how many were missing from the schedule."""
        top = await self._events.newest_id()
        restored = await self._restore_from(0)
        self._seen = max(self._seen, top)
        return restored

    async def restore_new(self) -> int:
        """Queued events among the newest ids (a missed fast-path schedule); how many restored."""
        top = await self._events.newest_id()
        restored = await self._restore_from(max(0, self._seen - LOOKBACK))
        self._seen = max(self._seen, top)
        return restored

    async def _restore_from(self, after_id: int) -> int:
        restored = 0
        while batch := await self._events.queued_after(after_id, self._batch):
            after_id = max(batch)
            due = {i: to_ms(at or self._clock()) for i, at in batch.items()}
            restored += await self._schedule.restore(due)
            await asyncio.sleep(0)  # let attempts run between batches of a long sweep
        if restored:
            WEBHOOK_RESTORED.inc(restored)
            log.warning(
                "restored webhook events to the schedule", extra={"fields": {"n": restored}}
            )
        return restored

    async def refresh_gauges(self) -> None:
        """Events by status, the oldest undelivered one's age, and the schedule's depth."""
        for status in (QUEUED, DEAD, STOPPED):
            WEBHOOK_EVENTS.labels(status=status).set(await self._events.count(status))
        oldest = await self._events.oldest_queued()
        now = self._clock()
        age = (now - oldest.created_at).total_seconds() if oldest else 0.0
        WEBHOOK_OLDEST_UNDELIVERED.set(max(0.0, age))
        WEBHOOK_QUEUE_DEPTH.set(await self._schedule.depth())
        WEBHOOK_DUE.set(await self._schedule.due_count(to_ms(now)))
