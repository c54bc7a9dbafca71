"""The Redis Stream of stored SMS ids waiting to be processed: both its sides in one module.

The producer's side (XADD) is used by the intake, a re-parse and the re-queue sweep; the
consumer group's side (XREADGROUP, XACK+XDEL, XAUTOCLAIM, the lag figures) by the SMS worker of
`sms-ingest`. An entry is acknowledged and deleted together (with its line in the queued index)
once its message's effects are stored, so the stream holds only work not yet done; the messages
themselves live in MongoDB, and a stream lost with a Redis restart is rebuilt from there (the
worker's re-queue sweep, which asks `lost` which stored messages no entry queues).

Each XADD also records, in a hash on the stream's slot, which entry queues the message; the
entry's acknowledgement deletes it. The re-queue sweep asks that hash (and the stream) in one
call whether a stored, unprocessed message is still queued or was lost, so MongoDB never has
to hold the entry id (docs/decisions.md, "SMS queued index").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from redis.exceptions import ResponseError

from claimsvc.store.redis_keys import RedisKeys

# A safety cap only: acked entries are deleted, so the stream is as long as the backlog.
MAX_LEN = 1_000_000

# The Lua function that queues ARGV[first..last] (message ids): XADD each to KEYS[1], trimmed to
# about `max_len` entries, and record it in the index KEYS[3]; the entry ids are appended to `out`.
QUEUE_LUA_FUNCTION = """
local function queue(first, last, max_len, out)
  for i = first, last do
    local entry = redis.call('XADD', KEYS[1], 'MAXLEN', '~', max_len, '*', 'message_id', ARGV[i])
    redis.call('HSET', KEYS[3], ARGV[i], entry)
    out[#out + 1] = entry
  end
  return out
end
"""

_ADD_LUA = (
    """
-- KEYS[1] the SMS stream, KEYS[2] unused (the gate's place), KEYS[3] the queued index hash
-- (message id -> entry id). ARGV[1] the stream's approximate max length, ARGV[2..] the message
-- ids to queue. Returns their entry ids.
"""
    + QUEUE_LUA_FUNCTION
    + "return queue(2, #ARGV, ARGV[1], {})\n"
)


def text(value: Any) -> str:
    """A Redis reply value as text (clients may or may not decode replies)."""
    return value.decode() if isinstance(value, bytes) else str(value)


GROUP = "sms-pipeline"

_DONE_LUA = """
-- KEYS[1] the SMS stream, KEYS[2] the queued index hash (message id -> entry id).
-- ARGV[1] the consumer group, ARGV[2..] pairs: entry id, the message id it names.
-- XACK and XDEL the entries; forget each message's index line if it names this entry (a later
-- entry for the same message, a re-parse's, keeps its line). Returns the entries acknowledged.
local entries = {}
for i = 2, #ARGV, 2 do
  entries[#entries + 1] = ARGV[i]
  if redis.call('HGET', KEYS[2], ARGV[i + 1]) == ARGV[i] then
    redis.call('HDEL', KEYS[2], ARGV[i + 1])
  end
end
local acked = redis.call('XACK', KEYS[1], ARGV[1], unpack(entries))
redis.call('XDEL', KEYS[1], unpack(entries))
return acked
"""

_LOST_LUA = """
-- KEYS[1] the SMS stream, KEYS[2] the queued index hash (message id -> entry id).
-- ARGV[1..] stored, unprocessed message ids. Returns those no stream entry queues: no index
-- line, or the entry it names is gone (the stream was deleted or trimmed).
local lost = {}
for i = 1, #ARGV do
  local entry = redis.call('HGET', KEYS[2], ARGV[i])
  if not entry or #redis.call('XRANGE', KEYS[1], entry, entry, 'COUNT', 1) == 0 then
    lost[#lost + 1] = ARGV[i]
  end
end
return lost
"""


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


class SmsQueue:
    """The SMS stream: XADD of stored message ids (each recorded in the queued index), and the
    consumer group's XREADGROUP, XACK+XDEL, XAUTOCLAIM and lag figures."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._key = keys.sms_stream
        self._script_keys = [keys.sms_stream, keys.sms_device_gate, keys.sms_queued]
        self._add = redis.register_script(_ADD_LUA)
        self._index_keys = [keys.sms_stream, keys.sms_queued]
        self._done = redis.register_script(_DONE_LUA)
        self._lost = redis.register_script(_LOST_LUA)

    async def add(self, message_id: str) -> str:
        return (await self.add_many([message_id]))[message_id]

    async def add_many(self, message_ids: list[str]) -> dict[str, str]:
        """Append the messages in one script; their entry ids by message id."""
        args = [MAX_LEN, *message_ids]
        entry_ids = await self._add(keys=self._script_keys, args=args)
        return {m: text(e) for m, e in zip(message_ids, entry_ids, strict=True)}

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

    async def done(self, *entries: StreamEntry) -> None:
        """Acknowledge and delete in one script: the work is stored, the entries go."""
        if not entries:
            return
        args = [GROUP, *(v for e in entries for v in (e.entry_id, e.message_id))]
        await self._done(keys=self._index_keys, args=args)

    async def lost(self, message_ids: list[str]) -> set[str]:
        """Of these stored, unprocessed messages, those no stream entry queues (one call)."""
        if not message_ids:
            return set()
        return {text(m) for m in await self._lost(keys=self._index_keys, args=message_ids)}

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

    async def pending_count(self) -> int:
        try:
            summary = await self._redis.xpending(self._key, GROUP)
        except ResponseError:
            return 0
        return int(summary["pending"] if isinstance(summary, dict) else summary[0])

    async def length(self) -> int:
        return int(await self._redis.xlen(self._key))
