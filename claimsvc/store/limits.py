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

# KEYS[1] account day counter, KEYS[2] set of the order ids it counts (one slot: the account's)
# ARGV[1] account limit (-1 = none), ARGV[2] key TTL seconds, ARGV[3] order id
# Returns 0 reserved, 1 account limit reached, 3 this order is already counted (a concurrent
# first call of the same order holds the reservation). Counts once at most.
_DAILY_LUA = """
if redis.call('SISMEMBER', KEYS[2], ARGV[3]) == 1 then
  return 3
end
local limit = tonumber(ARGV[1])
if limit >= 0 and tonumber(redis.call('GET', KEYS[1]) or '0') >= limit then
  return 1
end
redis.call('SADD', KEYS[2], ARGV[3])
-- The counter and the order set change together (it counts the set's members), so they get
-- their TTL together when the counter starts.
if redis.call('INCR', KEYS[1]) == 1 then
  redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
  redis.call('EXPIRE', KEYS[2], tonumber(ARGV[2]))
end
return 0
"""

# KEYS as for _DAILY_LUA; ARGV[1] order id. Gives back the order's reservation, at most once.
_RELEASE_LUA = """
if redis.call('SREM', KEYS[2], ARGV[1]) == 0 then
  return 0
end
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  redis.call('DECR', KEYS[1])
end
return 1
"""

# KEYS[1] platform day counter (its own slot: no account's script may take it)
# ARGV[1] platform limit, ARGV[2] key TTL seconds, ARGV[3] +1 to take a place, -1 to give one back
# Returns 0 taken (or given back), 2 the platform limit is reached.
_PLATFORM_LUA = """
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[3]) < 0 then
  if count > 0 then redis.call('DECR', KEYS[1]) end
  return 0
end
if count >= tonumber(ARGV[1]) then
  return 2
end
if redis.call('INCR', KEYS[1]) == 1 then
  redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
end
return 0
"""

DAILY_OK, DAILY_VENDOR_FULL, DAILY_PLATFORM_FULL, DAILY_ALREADY_COUNTED = 0, 1, 2, 3


class LimitStore:
    """Sliding-window request limits and per-day session counters."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._keys = keys
        self._rate = redis.register_script(_RATE_LUA)
        self._daily = redis.register_script(_DAILY_LUA)
        self._release = redis.register_script(_RELEASE_LUA)
        self._platform_script = redis.register_script(_PLATFORM_LUA)

    async def hit(
        self, scope: str, subject: str, limit: int, now: datetime, account_id: str | None = None
    ) -> limits.RateDecision:
        """Count one request of `subject` under `scope` unless it is over `limit` a minute;
        `account_id` puts the counters in that account's slot (an API key's subject)."""
        window, elapsed = limits.window_position(now)
        keys = [
            self._keys.rate(scope, subject, window - 1, account_id),
            self._keys.rate(scope, subject, window, account_id),
        ]
        allowed, prev, curr = await self._rate(keys=keys, args=[limit, elapsed, limits.WINDOW_MS])
        return limits.decide(limit, bool(allowed), int(prev), int(curr), elapsed)

    def _day_keys(self, account_id: str, now: datetime) -> list[str]:
        day = limits.dhaka_day(now)
        return [self._keys.daily_vendor(account_id, day), self._keys.daily_orders(account_id, day)]

    async def _platform(self, limit: int, now: datetime, step: int) -> int:
        key = self._keys.daily_platform(limits.dhaka_day(now))
        return int(await self._platform_script(keys=[key], args=[limit, _day_ttl(now), step]))

    async def reserve_daily(
        self,
        account_id: str,
        order_id: str,
        vendor_limit: int | None,
        platform_limit: int | None,
        now: datetime,
    ) -> int:
        """Count `order_id` once in today's vendor and platform allowance, or say which is full.

        The account's reservation is one script on the account's slot; the platform counter,
        in a slot of its own (Redis Cluster), is a second call made only when a platform limit
        is configured, and a full platform gives the account's reservation back.
        """
        args = [-1 if vendor_limit is None else vendor_limit, _day_ttl(now), order_id]
        outcome = int(await self._daily(keys=self._day_keys(account_id, now), args=args))
        if outcome != DAILY_OK or platform_limit is None:
            return outcome
        if await self._platform(platform_limit, now, 1) == DAILY_PLATFORM_FULL:
            await self._release(keys=self._day_keys(account_id, now), args=[order_id])
            return DAILY_PLATFORM_FULL
        return DAILY_OK

    async def release_daily(
        self, account_id: str, order_id: str, platform_limit: int | None, now: datetime
    ) -> bool:
        """Give back the reservation of an order whose session was not created (and its place
        in the platform counter, which reserve_daily took when `platform_limit` was set)."""
        released = bool(await self._release(keys=self._day_keys(account_id, now), args=[order_id]))
        if released and platform_limit is not None:
            await self._platform(platform_limit, now, -1)
        return released


def _day_ttl(now: datetime) -> int:
    """Day keys outlive their Asia/Dhaka day by an hour (a late request still finds them)."""
    return limits.seconds_to_dhaka_midnight(now) + 3600
