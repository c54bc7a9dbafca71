"""Portal sign-in attempt counters (the `{portal-signin}` key family), each decision one atomic
script over every counter an attempt touches."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from claimsvc.domain.signin_limits import (
    GUARDED_PAIR,
    PER_ADDRESS,
    PER_PAIR,
    PER_USER,
    PER_USER_CODES,
    Limit,
)
from claimsvc.store.redis_keys import RedisKeys

ALLOWED, BLOCKED, GUARDED = "allowed", "blocked", "guarded"
"""An attempt's outcome: counted; refused and not counted; counted, but past a soft limit
(past PER_USER: the user is guarded)."""

# KEYS[i] one attempt counter
# ARGV[3i-2], ARGV[3i-1], ARGV[3i]: counter i's limit, window in ms, and 1 when it is soft
# A hard counter at its limit refuses the attempt, counting nothing: {0, ms until it resets}.
# Otherwise the attempt is counted on every counter (a window starts at its first attempt) and
# the answer is {1, 0}; or, when a soft counter was already at its limit, {2, its window}: an
# attempt past a soft limit starts that counter's window again, so it holds while they go on.
_SIGNIN_LUA = """
local guarded = -1
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= tonumber(ARGV[3 * i - 2]) then
    if ARGV[3 * i] ~= '1' then
      local ttl = redis.call('PTTL', KEYS[i])
      if ttl < 0 then ttl = tonumber(ARGV[3 * i - 1]) end
      return {0, ttl}
    end
    guarded = math.max(guarded, tonumber(ARGV[3 * i - 1]))
  end
end
for i = 1, #KEYS do
  local count = redis.call('INCR', KEYS[i])
  if count == 1 or (ARGV[3 * i] == '1' and count > tonumber(ARGV[3 * i - 2])) then
    redis.call('PEXPIRE', KEYS[i], ARGV[3 * i - 1])
  end
end
if guarded >= 0 then return {2, guarded} end
return {1, 0}
"""
_OUTCOMES = {0: BLOCKED, 1: ALLOWED, 2: GUARDED}


@dataclass(frozen=True)
class SigninDecision:
    """What the counters said: the outcome and, unless ALLOWED, ms until the limit resets."""

    outcome: str
    wait_ms: int


class SigninLimitStore:
    """Counters of portal sign-in attempts: per address, per (user, address), per user."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._keys = keys
        self._hit = redis.register_script(_SIGNIN_LUA)

    async def _count(self, counters: Sequence[tuple[str, Limit, bool]]) -> SigninDecision:
        args: list[int] = []
        for _, limit, soft in counters:
            args += [limit.attempts, limit.window_ms, int(soft)]
        outcome, wait_ms = await self._hit(keys=[key for key, _, _ in counters], args=args)
        return SigninDecision(_OUTCOMES[int(outcome)], int(wait_ms))

    async def hit_password(self, email_hash: str, address: str) -> SigninDecision:
        """Count a password attempt: BLOCKED past the address's or the pair's limit, GUARDED
        past the user's (the user's counter is soft)."""
        k = self._keys
        return await self._count(
            [
                (k.signin_address(address), PER_ADDRESS, False),
                (k.signin_pair(email_hash, address), PER_PAIR, False),
                (k.signin_user(email_hash), PER_USER, True),
            ]
        )

    async def hit_guarded(self, email_hash: str, address: str) -> SigninDecision:
        """Count a guarded user's password attempt by a browser it does not know: BLOCKED past
        GUARDED_PAIR from this address."""
        key = self._keys.signin_guarded_pair(email_hash, address)
        return await self._count([(key, GUARDED_PAIR, False)])

    async def hit_code(self, email_hash: str, address: str) -> SigninDecision:
        """Count a two-factor code attempt: BLOCKED past the address's, pair's or the user's
        code limit."""
        k = self._keys
        return await self._count(
            [
                (k.signin_address(address), PER_ADDRESS, False),
                (k.signin_pair(email_hash, address), PER_PAIR, False),
                (k.signin_codes(email_hash), PER_USER_CODES, False),
            ]
        )

    async def clear_user(self, email_hash: str, address: str, keep_guard: bool = False) -> None:
        """Forget a user's attempts after a full sign-in (not the address's: other users');
        with `keep_guard`, only this address's: the per-user guard goes on holding."""
        k = self._keys
        pairs = (k.signin_pair(email_hash, address), k.signin_guarded_pair(email_hash, address))
        if keep_guard:
            await self._redis.delete(*pairs)
            return
        await self._redis.delete(k.signin_user(email_hash), k.signin_codes(email_hash), *pairs)
