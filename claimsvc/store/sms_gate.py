"""The intake's one Redis call: check the device is not revoked, and queue its stored SMS.

MongoDB stays the record of devices. Redis keeps, per device id, `ok` or `revoked` in one hash
under the stream's hash tag, so the check and the XADDs are one script on one slot. A device
missing from the hash is neither: the caller reads MongoDB and calls again vouching for it,
which stores `ok` only where nothing is stored, so a revocation written meanwhile wins.
docs/decisions.md ("SMS intake without a device read") says why this keeps revocation exact.
"""

from __future__ import annotations

from typing import Any

from claimsvc.store.redis_keys import RedisKeys
from claimsvc.store.sms_queue import MAX_LEN, QUEUE_LUA_LOOP, text

OK, REVOKED, UNKNOWN = "ok", "revoked", "unknown"

_QUEUE_LUA = (
    """
-- KEYS[1] the SMS stream, KEYS[2] the device gate hash (device id -> ok | revoked), KEYS[3]
-- the queued index hash (message id -> entry id).
-- ARGV[1] device id, ARGV[2] "1" when the caller just read the device active in MongoDB,
-- ARGV[3] the stream's approximate max length, ARGV[4..] the stored message ids to queue.
-- Returns {"ok", entry id...}, {"revoked"} or {"unknown"} (nothing queued in those two).
local state = redis.call('HGET', KEYS[2], ARGV[1])
if not state then
  if ARGV[2] ~= '1' then return {'unknown'} end
  redis.call('HSET', KEYS[2], ARGV[1], 'ok')
  state = 'ok'
end
if state ~= 'ok' then return {'revoked'} end
local first, out = 4, {'ok'}
"""
    + QUEUE_LUA_LOOP
    + "return out\n"
)


class SmsGate:
    """The device gate hash, and the gated XADD of a request's stored messages."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._keys = [keys.sms_stream, keys.sms_device_gate, keys.sms_queued]
        self._queue = redis.register_script(_QUEUE_LUA)

    async def queue(
        self, device_id: str, message_ids: list[str], *, vouched: bool
    ) -> tuple[str, dict[str, str]]:
        """OK, REVOKED or UNKNOWN, and (when OK) each message's stream entry id. `vouched`:
        the caller read the device active in MongoDB just now (stored unless revoked)."""
        args = [device_id, "1" if vouched else "0", MAX_LEN, *message_ids]
        reply = [text(v) for v in await self._queue(keys=self._keys, args=args)]
        if reply[0] != OK:
            return reply[0], {}
        return OK, dict(zip(message_ids, reply[1:], strict=True))

    async def revoke(self, device_id: str) -> None:
        """The device is revoked: refused by the next request's script, in every process."""
        await self._redis.hset(self._keys[1], device_id, REVOKED)
