"""Request rate limits in Redis, each decision one atomic Lua script (the merchant endpoints'
limits and daily counters are in store/admission.py, in the same script as authentication)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from claimsvc.domain import limits
from claimsvc.store.redis_keys import RedisKeys

# The sliding-window check, shared with the admission script (store/admission.py): counts
# one request in the current window unless the weighted count of the last minute is at
# `limit`. Returns allowed (0/1), the previous count, the current count after this request.
RATE_HIT_FN = """
local function rate_hit(prev_key, curr_key, limit, elapsed, window)
  local counts = redis.call('MGET', prev_key, curr_key)
  local prev = tonumber(counts[1] or '0')
  local curr = tonumber(counts[2] or '0')
  if math.floor(prev * (window - elapsed) / window) + curr >= limit then
    return 0, prev, curr
  end
  curr = redis.call('INCR', curr_key)
  if curr == 1 then
    -- Set once, at creation: the counter must outlive the next window, where it is `previous`.
    redis.call('PEXPIRE', curr_key, window * 2)
  end
  return 1, prev, curr
end
"""

# KEYS[1] previous minute window counter, KEYS[2] current window counter
# ARGV[1] limit, ARGV[2] ms elapsed in the current window, ARGV[3] window length in ms
# Returns {allowed (0/1), previous count, current count after this request}.
_RATE_LUA = (
    RATE_HIT_FN
    + """
local allowed, prev, curr = rate_hit(KEYS[1], KEYS[2], tonumber(ARGV[1]), tonumber(ARGV[2]),
  tonumber(ARGV[3]))
return {allowed, prev, curr}
"""
)


class LimitStore:
    """Sliding-window request limits of buyer calls (no key)."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._keys = keys
        self._rate = redis.register_script(_RATE_LUA)

    async def hit(self, scope: str, subject: str, limit: int, now: datetime) -> limits.RateDecision:
        """Count one request of `subject` under `scope` unless it is over `limit` a minute."""
        window, elapsed = limits.window_position(now)
        keys = [
            self._keys.rate(scope, subject, window - 1),
            self._keys.rate(scope, subject, window),
        ]
        allowed, prev, curr = await self._rate(keys=keys, args=[limit, elapsed, limits.WINDOW_MS])
        return limits.decide(limit, bool(allowed), int(prev), int(curr), elapsed)
