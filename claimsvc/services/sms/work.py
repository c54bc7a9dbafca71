"""The SMS worker's use-cases: a Redis Streams consumer group member's work on stored messages
(its loop is `sms_ingest/consumer.py`).

Several consumers may run. Each reads new entries (XREADGROUP), processes the message, and
acknowledges the entry only after the effects are stored. Entries a dead consumer left pending
are taken over once idle long enough (XAUTOCLAIM); an entry that keeps failing is given up after
`max_deliveries` and its message kept as unparsed. A sweep re-queues stored messages the stream
lost (Redis restarted empty, the key deleted) and re-checks wallets an anchor changed.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta

from claimsvc.clock import Clock
from claimsvc.services.sms import metrics
from claimsvc.services.sms.pipeline import Pipeline
from claimsvc.services.sms.wallet_chain import WalletChain
from claimsvc.store.messages import MessageStore
from claimsvc.store.sms_queue import SmsQueue, StreamEntry, is_nogroup

log = logging.getLogger("claimsvc.services.sms.work")


def consumer_name() -> str:
    """Unique per process: a restarted pod is a new consumer, its old entries get reclaimed."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


@dataclass(frozen=True)
class Tuning:
    """How the consumer paces itself."""

    batch: int = 200
    """Stream entries read at most at once. A worker keeping up reads what arrived since its last
    read (a few); one behind reads this many, and the batch's fixed round trips (about ten) are
    shared by more messages (docs/decisions.md, issue 35: 200 cost 17 % less CPU than 50)."""
    block_ms: int = 1000
    idle_backoff_s: float = 0.2
    """Pause after an empty read (fakeredis does not block; a real server already waited)."""
    reclaim_idle_ms: int = 30_000
    requeue_after_s: float = 60.0
    sweep_every_s: float = 2.0
    max_deliveries: int = 20
    concurrency: int = 8
    """Entries of one batch processed at once (wallets serialise themselves by compare-and-set)."""


class SmsWork:
    """One member of the consumer group's work: read, process and acknowledge a batch, take
    over entries another member left, and the sweep (`sms_ingest.consumer.Consumer` loops)."""

    def __init__(
        self,
        stream: SmsQueue,
        messages: MessageStore,
        pipeline: Pipeline,
        wallets: WalletChain,
        clock: Clock,
        tuning: Tuning | None = None,
        consumer: str | None = None,
        rereads: Callable[[], Awaitable[int]] | None = None,
    ) -> None:
        self._rereads = rereads
        self._stream = stream
        self._messages = messages
        self._pipeline = pipeline
        self._wallets = wallets
        self._clock = clock
        self.tuning = tuning or Tuning()
        self.consumer = consumer or consumer_name()
        self._reclaim_from = "0-0"

    def paced(self, tuning: Tuning, consumer: str | None = None) -> SmsWork:
        """The same work on the same parts, paced by `tuning` (and named `consumer`)."""
        return SmsWork(
            self._stream,
            self._messages,
            self._pipeline,
            self._wallets,
            self._clock,
            tuning,
            consumer,
            self._rereads,
        )

    async def handle_all(self, entries: list[StreamEntry]) -> None:
        """Process a batch: its messages read in one command and processed together (see
        Pipeline.process_many), the processed entries acknowledged in one round trip; a
        message that failed stays pending for a retry."""
        if not entries:
            return
        try:
            docs = await self._messages.get_many([e.message_id for e in entries])
        except Exception:
            log.exception("could not read a batch of messages; each is read on its own")
            for entry in entries:
                await self._handle(entry)
            return
        msgs = [docs[e.message_id] for e in entries if e.message_id in docs]
        failures: dict[str, Exception | None]
        try:
            failures = await self._pipeline.process_many(msgs, self.tuning.concurrency)
        except Exception as exc:
            failures = {m.id: exc for m in msgs}
        done = []
        for entry in entries:
            failure = failures.get(entry.message_id)
            if failure is None:
                done.append(entry)
            else:
                self._failed(entry, failure)
        await self._stream.done(*done)

    async def read(self) -> list[StreamEntry]:
        """New entries for this consumer (none, the group recreated, when the stream was lost)."""
        try:
            return await self._stream.read(self.consumer, self.tuning.batch, self.tuning.block_ms)
        except Exception as exc:
            if not is_nogroup(exc):
                raise
            log.warning("the SMS stream or its group is gone; recreating it")
            await self._stream.ensure_group()
            return []

    async def _handle(self, entry: StreamEntry) -> bool:
        """Process one entry; acknowledge only once its effects are stored."""
        try:
            await self._pipeline.process(entry.message_id)
        except Exception as exc:
            self._failed(entry, exc)
            return False
        await self._stream.done(entry)
        return True

    @staticmethod
    def _failed(entry: StreamEntry, exc: Exception) -> None:
        metrics.PROCESSING_ERRORS.inc()
        log.error(
            "processing a message failed; it stays pending for a retry",
            exc_info=exc,
            extra={"fields": {"message_id": entry.message_id}},
        )

    async def reclaim(self) -> int:
        """Take over entries idle past the threshold (their consumer died or hung)."""
        try:
            # Each call scans a slice of the pending list; the cursor makes later calls go on.
            self._reclaim_from, entries = await self._stream.reclaim(
                self.consumer, self.tuning.reclaim_idle_ms, self.tuning.batch, self._reclaim_from
            )
        except Exception as exc:
            if is_nogroup(exc):
                return 0
            raise
        for entry in entries:
            metrics.STREAM_RECLAIMED.inc()
            if await self._stream.deliveries(entry.entry_id) > self.tuning.max_deliveries:
                await self._give_up(entry)
            else:
                await self._handle(entry)
        return len(entries)

    async def _give_up(self, entry: StreamEntry) -> None:
        """Keep a message that keeps failing as unparsed (counted, never silently dropped)."""
        log.error(
            "giving up a message after repeated failures",
            extra={"fields": {"message_id": entry.message_id}},
        )
        await self._messages.give_up(entry.message_id, "processing_failed", self._clock())
        metrics.DEAD_LETTERED.inc()
        await self._stream.done(entry)

    async def sweep(self) -> int:
        """Re-queue messages the stream lost; re-check anchored wallets; re-queue a batch for a
        wording taught since (WordingService.reread_due); refresh lag gauges."""
        await self._stream.ensure_group()
        requeued = await self.requeue()
        rechecked = await self._wallets.sweep()
        # A batch of a taught wording's stored messages, re-queued here, never in its request.
        reread = await self._rereads() if self._rereads is not None else 0
        await self._gauges()
        return requeued + rechecked + reread

    async def requeue(self) -> int:
        """Put back unprocessed messages no stream entry queues; one sweeper wins each.

        Whether each is still queued is one Redis call for the sweep (the queued index); those
        still queued (a backlog) are looked at again after requeue_after_s, in one update."""
        now = self._clock()
        cutoff = now - timedelta(seconds=self.tuning.requeue_after_s)
        msgs = await self._messages.unprocessed(cutoff, limit=200)
        lost = await self._stream.lost([m.id for m in msgs])
        await self._messages.still_queued([m.id for m in msgs if m.id not in lost], now)
        requeued = 0
        for msg in msgs:
            if msg.id not in lost or not await self._messages.claim_requeue(
                msg.id, msg.queued_at, now
            ):
                continue
            await self._stream.add(msg.id)
            metrics.STREAM_REQUEUED.inc()
            requeued += 1
        if requeued:
            log.warning(
                "re-queued messages the stream had lost", extra={"fields": {"count": requeued}}
            )
        return requeued

    async def _gauges(self) -> None:
        metrics.STREAM_PENDING.set(await self._stream.pending_count())
        metrics.STREAM_LENGTH.set(await self._stream.length())
        oldest = await self._messages.oldest_unprocessed()
        age = (self._clock() - oldest).total_seconds() if oldest else 0.0
        metrics.OLDEST_UNPROCESSED.set(max(0.0, age))
