"""Rate limits and daily counters in Redis, each decision one atomic Lua script."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from claimsvc.domain import limits
from claimsvc.keys import RedisKeys

# KEYS[1] previous minute window counter, KEYS[2] current window counter
# ARGV[1] limit, ARGV[2] ms elapsed in the current window, ARGV[3] window length in ms
# Returns {allowed (0/1), previous count, current count after this request}.
_RATE_LUA = """
local limit = tonumber(ARGV[1])
local elapsed = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local counts = redis.call('MGET', KEYS[1], KEYS[2])
local prev = tonumber(counts[1] or '0')
local curr = tonumber(counts[2] or '0')
local used = math.floor(prev * (window - elapsed) / window) + curr
if used >= limit then
  return {0, prev, curr}
end
curr = redis.call('INCR', KEYS[2])
if curr == 1 then
  -- Set once, at creation: the counter must outlive the next window, where it is `previous`.
  redis.call('PEXPIRE', KEYS[2], window * 2)
end
return {1, prev, curr}
"""

# KEYS[1] vendor day counter, KEYS[2] platform day counter, KEYS[3] set of order ids counted
# ARGV[1] vendor limit (-1 = none), ARGV[2] platform limit (-1 = none), ARGV[3] key TTL seconds,
# ARGV[4] order id
# Returns 0 reserved, 1 vendor limit reached, 2 platform limit reached, 3 this order is already
# counted (a concurrent first call of the same order holds the reservation). Counts once at most.
_DAILY_LUA = """
if redis.call('SISMEMBER', KEYS[3], ARGV[4]) == 1 then
  return 3
end
local vlimit = tonumber(ARGV[1])
local plimit = tonumber(ARGV[2])
local counts = redis.call('MGET', KEYS[1], KEYS[2])
if vlimit >= 0 and tonumber(counts[1] or '0') >= vlimit then
  return 1
end
if plimit >= 0 and tonumber(counts[2] or '0') >= plimit then
  return 2
end
redis.call('SADD', KEYS[3], ARGV[4])
-- The vendor counter and the order set change together (it counts the set's members), so
-- they get their TTL together when the counter starts; the platform counter on its own start.
if redis.call('INCR', KEYS[1]) == 1 then
  redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
  redis.call('EXPIRE', KEYS[3], tonumber(ARGV[3]))
end
if redis.call('INCR', KEYS[2]) == 1 then
  redis.call('EXPIRE', KEYS[2], tonumber(ARGV[3]))
end
return 0
"""

# KEYS as for _DAILY_LUA; ARGV[1] order id. Gives back the order's reservation, at most once.
_RELEASE_LUA = """
if redis.call('SREM', KEYS[3], ARGV[1]) == 0 then
  return 0
end
for i = 1, 2 do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then
    redis.call('DECR', KEYS[i])
  end
end
return 1
"""

DAILY_OK, DAILY_VENDOR_FULL, DAILY_PLATFORM_FULL, DAILY_ALREADY_COUNTED = 0, 1, 2, 3


class LimitStore:
    """Sliding-window request limits and per-day session counters."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._keys = keys
        self._rate = redis.register_script(_RATE_LUA)
        self._daily = redis.register_script(_DAILY_LUA)
        self._release = redis.register_script(_RELEASE_LUA)

    async def hit(self, scope: str, subject: str, limit: int, now: datetime) -> limits.RateDecision:
        """Count one request of `subject` under `scope` unless it is over `limit` a minute."""
        window, elapsed = limits.window_position(now)
        keys = [
            self._keys.rate(scope, subject, window - 1),
            self._keys.rate(scope, subject, window),
        ]
        allowed, prev, curr = await self._rate(keys=keys, args=[limit, elapsed, limits.WINDOW_MS])
        return limits.decide(limit, bool(allowed), int(prev), int(curr), elapsed)

    def _day_keys(self, account_id: str, now: datetime) -> list[str]:
        day = limits.dhaka_day(now)
        return [
            self._keys.daily_vendor(account_id, day),
            self._keys.daily_platform(day),
            self._keys.daily_orders(account_id, day),
        ]

    async def reserve_daily(
        self,
        account_id: str,
        order_id: str,
        vendor_limit: int | None,
        platform_limit: int | None,
        now: datetime,
    ) -> int:
        """Count `order_id` once in today's vendor and platform allowance, or say which is full."""
        ttl = limits.seconds_to_dhaka_midnight(now) + 3600
        args = [
            -1 if vendor_limit is None else vendor_limit,
            -1 if platform_limit is None else platform_limit,
            ttl,
            order_id,
        ]
        return int(await self._daily(keys=self._day_keys(account_id, now), args=args))

    async def release_daily(self, account_id: str, order_id: str, now: datetime) -> bool:
        """Give back the reservation of an order whose session was not created."""
        keys = self._day_keys(account_id, now)
        return bool(await self._release(keys=keys, args=[order_id]))
