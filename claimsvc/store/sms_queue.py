"""Putting stored SMS on the Redis Stream the SMS worker reads (`sms_ingest.stream`).

The API process only appends (a re-parse puts messages back); the consumer group's side of the
stream (reading, acknowledging, reclaiming) belongs to `sms-ingest`.
"""

from __future__ import annotations

from typing import Any

from claimsvc.keys import RedisKeys

# A safety cap only: acked entries are deleted, so the stream is as long as the backlog.
MAX_LEN = 1_000_000


def text(value: Any) -> str:
    """A Redis reply value as text (clients may or may not decode replies)."""
    return value.decode() if isinstance(value, bytes) else str(value)


class SmsQueue:
    """XADD of stored message ids to the SMS stream."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._key = keys.sms_stream

    async def add(self, message_id: str) -> str:
        return (await self.add_many([message_id]))[message_id]

    async def add_many(self, message_ids: list[str]) -> dict[str, str]:
        """Append the messages in one round trip; their entry ids by message id."""
        async with self._redis.pipeline(transaction=False) as pipe:
            for message_id in message_ids:
                pipe.xadd(self._key, {"message_id": message_id}, maxlen=MAX_LEN, approximate=True)
            entry_ids = await pipe.execute()
        return {m: text(e) for m, e in zip(message_ids, entry_ids, strict=True)}
