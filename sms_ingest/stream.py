"""The Redis Stream of stored SMS ids waiting to be processed, read by a consumer group.

Messages are appended by `claimsvc.store.sms_queue` (intake, re-parse, the re-queue sweep);
this is the consumer group's side.

An entry is acknowledged and deleted together once its message's effects are stored, so the
stream holds only work not yet done; the messages themselves live in MongoDB, and a stream lost
with a Redis restart is rebuilt from there (the consumer's re-queue sweep).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from redis.exceptions import ResponseError

from claimsvc.store.sms_queue import SmsQueue, text

GROUP = "sms-pipeline"


@dataclass(frozen=True)
class StreamEntry:
    """One stream entry: its id, and the stored message it names."""

    entry_id: str
    message_id: str


def _entries(raw: Any) -> list[StreamEntry]:
    out = []
    for entry_id, fields in raw or []:
        if not fields:  # deleted while pending: nothing to process
            continue
        fields = {text(k): text(v) for k, v in fields.items()}
        out.append(StreamEntry(text(entry_id), fields.get("message_id", "")))
    return out


def is_nogroup(exc: Exception) -> bool:
    """The stream or its group vanished (Redis restarted empty, or the key was deleted)."""
    # Redis says NOGROUP; fakeredis says the key must exist.
    said = str(exc)
    return isinstance(exc, ResponseError) and ("NOGROUP" in said or "key to exist" in said)


class SmsStream(SmsQueue):
    """XREADGROUP, XACK+XDEL, XAUTOCLAIM and the lag figures of the SMS stream (and XADD)."""

    async def ensure_group(self) -> None:
        """Create the group (and the stream) unless it exists; new groups read from the start."""
        try:
            await self._redis.xgroup_create(self._key, GROUP, id="0", mkstream=True)
        except ResponseError as exc:
            if "BUSYGROUP" not in str(exc):
                raise

    async def read(self, consumer: str, count: int, block_ms: int) -> list[StreamEntry]:
        """New entries for `consumer`; raises ResponseError NOGROUP when the group is gone."""
        reply = await self._redis.xreadgroup(
            GROUP, consumer, {self._key: ">"}, count=count, block=block_ms
        )
        return [e for _, raw in reply or [] for e in _entries(raw)]

    async def done(self, *entry_ids: str) -> None:
        """Acknowledge and delete in one transaction: the work is stored, the entries go."""
        if not entry_ids:
            return
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.xack(self._key, GROUP, *entry_ids)
            pipe.xdel(self._key, *entry_ids)
            await pipe.execute()

    async def reclaim(
        self, consumer: str, min_idle_ms: int, count: int, start: str = "0-0"
    ) -> tuple[str, list[StreamEntry]]:
        """Take over entries left pending longer than `min_idle_ms`, scanning the pending list
        from `start`; the cursor to continue from ("0-0" once the whole list was scanned)."""
        reply = await self._redis.xautoclaim(
            self._key, GROUP, consumer, min_idle_ms, start_id=start, count=count
        )
        if not reply:
            return "0-0", []
        return text(reply[0]), _entries(reply[1])

    async def deliveries(self, entry_id: str) -> int:
        """How many times an entry has been delivered (0 when it is not pending)."""
        rows = await self._redis.xpending_range(self._key, GROUP, entry_id, entry_id, 1)
        return int(rows[0]["times_delivered"]) if rows else 0

    async def contains(self, entry_id: str) -> bool:
        return bool(await self._redis.xrange(self._key, entry_id, entry_id, count=1))

    async def pending_count(self) -> int:
        try:
            summary = await self._redis.xpending(self._key, GROUP)
        except ResponseError:
            return 0
        return int(summary["pending"] if isinstance(summary, dict) else summary[0])

    async def length(self) -> int:
        return int(await self._redis.xlen(self._key))
