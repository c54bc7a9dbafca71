"""Putting stored SMS on the Redis Stream the SMS worker reads (`sms_ingest.stream`).

The API process only appends (a re-parse puts messages back); the consumer group's side of the
stream (reading, acknowledging, reclaiming) belongs to `sms-ingest`.

Each XADD also records, in a hash on the stream's slot, which entry queues the message; the
entry's acknowledgement deletes it. The re-queue sweep asks that hash (and the stream) in one
call whether a stored, unprocessed message is still queued or was lost, so MongoDB never has
to hold the entry id (docs/decisions.md, "SMS queued index").
"""

from __future__ import annotations

from typing import Any

from claimsvc.store.redis_keys import RedisKeys

# A safety cap only: acked entries are deleted, so the stream is as long as the backlog.
MAX_LEN = 1_000_000

# The Lua lines that queue ARGV[first..] (message ids): XADD each to KEYS[1], trimmed to about
# ARGV[3] entries, and record it in the index KEYS[3]; the entry ids are appended to `out`.
QUEUE_LUA_LOOP = """
for i = first, #ARGV do
  local entry = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', 'message_id', ARGV[i])
  redis.call('HSET', KEYS[3], ARGV[i], entry)
  out[#out + 1] = entry
end
"""

_ADD_LUA = (
    """
-- KEYS[1] the SMS stream, KEYS[2] unused (the gate's place), KEYS[3] the queued index hash
-- (message id -> entry id). ARGV[1], ARGV[2] unused, ARGV[3] the stream's approximate max
-- length, ARGV[4..] the message ids to queue. Returns their entry ids.
local first, out = 4, {}
"""
    + QUEUE_LUA_LOOP
    + "return out\n"
)


def text(value: Any) -> str:
    """A Redis reply value as text (clients may or may not decode replies)."""
    return value.decode() if isinstance(value, bytes) else str(value)


class SmsQueue:
    """XADD of stored message ids to the SMS stream, each recorded in the queued index."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._key = keys.sms_stream
        self._script_keys = [keys.sms_stream, keys.sms_device_gate, keys.sms_queued]
        self._add = redis.register_script(_ADD_LUA)

    async def add(self, message_id: str) -> str:
        return (await self.add_many([message_id]))[message_id]

    async def add_many(self, message_ids: list[str]) -> dict[str, str]:
        """Append the messages in one script; their entry ids by message id."""
        args = ["", "", MAX_LEN, *message_ids]
        entry_ids = await self._add(keys=self._script_keys, args=args)
        return {m: text(e) for m, e in zip(message_ids, entry_ids, strict=True)}
