"""The SMS worker's loop: one member of the Redis Streams consumer group, pacing the SMS core's
work (`claimsvc.services.sms.work.SmsWork`): a sweep and a reclaim when due, then a batch."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from claimsvc.services.sms.work import SmsWork, Tuning

__all__ = ["Consumer", "Tuning"]  # Tuning: how the loop and its work are paced

log = logging.getLogger("sms_ingest.consumer")


class Consumer:
    """One member of the consumer group; `run` is its loop, `tick` one round of it."""

    name = "sms-consumer"

    def __init__(self, work: SmsWork) -> None:
        self.work = work
        self._next_sweep = 0.0

    async def run(self, stop: asyncio.Event) -> None:
        """Process until `stop`; the batch in hand is finished, the rest left for others."""
        while not stop.is_set():
            try:
                worked = await self.tick()
            except Exception:
                log.exception("consumer round failed; backing off")
                worked = 0
            if not worked:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), self.work.tuning.idle_backoff_s)

    async def tick(self) -> int:
        """One round: sweep and reclaim when due, then read and process new entries."""
        done = 0
        if time.monotonic() >= self._next_sweep:
            self._next_sweep = time.monotonic() + self.work.tuning.sweep_every_s
            done += await self.sweep()
            done += await self.reclaim()
        entries = await self.work.read()
        await self.work.handle_all(entries)
        return done + len(entries)

    async def sweep(self) -> int:
        """The work's sweep (re-queue lost messages, re-check wallets, refresh the gauges)."""
        return await self.work.sweep()

    async def reclaim(self) -> int:
        """Take over entries idle past the threshold (their consumer died or hung)."""
        return await self.work.reclaim()

    async def requeue(self) -> int:
        """Put back unprocessed messages no stream entry queues."""
        return await self.work.requeue()
