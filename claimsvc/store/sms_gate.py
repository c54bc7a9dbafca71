"""The intake's one Redis call: check each device is not revoked, and queue its stored SMS.

MongoDB stays the record of devices. Redis keeps, per device id, `ok` or `revoked` in one hash
under the stream's hash tag, so the checks and the XADDs are one script on one slot. A device
missing from the hash is neither: the caller reads MongoDB and calls again vouching for it,
which stores `ok` only where nothing is stored, so a revocation written meanwhile wins.
docs/decisions.md ("SMS intake without a device read") says why this keeps revocation exact.
One call covers the requests of a group (the intake commits requests in groups, docs/decisions.md
"Issue 35: a group-committing SMS intake"); each device's check stays atomic with its XADDs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from claimsvc.store.redis_keys import RedisKeys
from claimsvc.store.sms_queue import MAX_LEN, QUEUE_LUA_FUNCTION, text

OK, REVOKED, UNKNOWN = "ok", "revoked", "unknown"

_QUEUE_LUA = (
    """
-- KEYS[1] the SMS stream, KEYS[2] the device gate hash (device id -> ok | revoked), KEYS[3]
-- the queued index hash (message id -> entry id).
-- ARGV[1] the stream's approximate max length; then, for each request: its device id, "1"
-- when the caller just read the device active in MongoDB, the number n of its stored message
-- ids, and those n ids. Returns each request's state, "ok", "revoked" or "unknown"; only an
-- "ok" request's messages are queued.
"""
    + QUEUE_LUA_FUNCTION
    + """
local states, i = {}, 2
while i <= #ARGV do
  local device, vouched, n = ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2])
  local state = redis.call('HGET', KEYS[2], device)
  if not state and vouched == '1' then
    redis.call('HSET', KEYS[2], device, 'ok')
    state = 'ok'
  end
  state = state or 'unknown'
  if state == 'ok' then
    queue(i + 3, i + 2 + n, ARGV[1], {})
  elseif state ~= 'unknown' then
    state = 'revoked'
  end
  states[#states + 1] = state
  i = i + 3 + n
end
return states
"""
)


@dataclass(frozen=True)
class GateRequest:
    """One request's turn at the gate: its device, its stored message ids, and whether the
    caller read the device active in MongoDB just now (stored as active unless revoked)."""

    device_id: str
    message_ids: Sequence[str]
    vouched: bool


class SmsGate:
    """The device gate hash, and the gated XADD of requests' stored messages."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._keys = [keys.sms_stream, keys.sms_device_gate, keys.sms_queued]
        self._queue = redis.register_script(_QUEUE_LUA)

    async def queue(self, device_id: str, message_ids: Sequence[str], *, vouched: bool) -> str:
        """OK (the messages are queued), REVOKED or UNKNOWN, for one request."""
        return (await self.queue_many([GateRequest(device_id, message_ids, vouched)]))[0]

    async def queue_many(self, requests: Sequence[GateRequest]) -> list[str]:
        """Each request's state (OK, REVOKED or UNKNOWN), in one script; the messages of the
        OK ones are queued."""
        args: list[Any] = [MAX_LEN]
        for request in requests:
            ids = request.message_ids
            args += [request.device_id, "1" if request.vouched else "0", len(ids), *ids]
        return [text(state) for state in await self._queue(keys=self._keys, args=args)]

    async def revoke(self, device_id: str) -> None:
        """The device is revoked: refused by the next request's script, in every process."""
        await self._redis.hset(self._keys[1], device_id, REVOKED)
