"""Portal sign-in attempt limits: per user and per address, decided by one atomic script."""

from __future__ import annotations

from typing import Any

from claimsvc.keys import RedisKeys

# KEYS[1] the user's attempt counter, KEYS[2] the address's attempt counter
# ARGV[1] user limit, ARGV[2] address limit, ARGV[3] window length in ms
# Counts one attempt on both unless either is at its limit. Returns {allowed (0/1), ms until the
# blocking counter resets (0 when allowed)}. A counter's window starts at its first attempt.
_SIGNIN_LUA = """
local limits = {tonumber(ARGV[1]), tonumber(ARGV[2])}
for i = 1, 2 do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= limits[i] then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then ttl = tonumber(ARGV[3]) end
    return {0, ttl}
  end
end
for i = 1, 2 do
  if redis.call('INCR', KEYS[i]) == 1 then
    redis.call('PEXPIRE', KEYS[i], ARGV[3])
  end
end
return {1, 0}
"""


class SigninLimitStore:
    """Counters of portal sign-in attempts (the `{portal-signin}` key family)."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._keys = keys
        self._hit = redis.register_script(_SIGNIN_LUA)

    async def hit(
        self, email_hash: str, address: str, user_limit: int, address_limit: int, window_ms: int
    ) -> tuple[bool, int]:
        """Count one attempt unless the user or the address is at its limit: (allowed, ms until
        the blocking counter resets)."""
        keys = [self._keys.signin_user(email_hash), self._keys.signin_address(address)]
        allowed, wait_ms = await self._hit(keys=keys, args=[user_limit, address_limit, window_ms])
        return bool(allowed), int(wait_ms)

    async def clear_user(self, email_hash: str) -> None:
        """Forget a user's attempts after a successful sign-in."""
        await self._redis.delete(self._keys.signin_user(email_hash))
