"""The limits of the hosted page's arrival check, in one Lua script on the account's slot."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from claimsvc.domain import limits
from claimsvc.domain.sessions import Session
from claimsvc.store.limits import RATE_HIT_FN
from claimsvc.store.redis_keys import RedisKeys

# KEYS[1], KEYS[2] the client address's previous and current minute counters on the account
# KEYS[3], KEYS[4] the session's previous and current minute counters
# KEYS[5] set of the TrxIDs checked on the session
# ARGV[1] per-address limit, ARGV[2] per-session limit, ARGV[3] ms elapsed in the window,
# ARGV[4] window length in ms, ARGV[5] the TrxID, ARGV[6] TrxIDs allowed per session,
# ARGV[7] how long to keep the set (ms)
# Returns {outcome, limit, previous count, current count}: outcome 1 allowed, 2 allowed but the
# TrxID is past the session's cap (not added), 0 refused by the address limit (limit = ARGV[1])
# or by the session's.
_CHECK_LUA = (
    RATE_HIT_FN
    + """
local window, elapsed = tonumber(ARGV[4]), tonumber(ARGV[3])
local ok, prev, curr = rate_hit(KEYS[1], KEYS[2], tonumber(ARGV[1]), elapsed, window)
if ok == 0 then return {0, tonumber(ARGV[1]), prev, curr} end
ok, prev, curr = rate_hit(KEYS[3], KEYS[4], tonumber(ARGV[2]), elapsed, window)
if ok == 0 then return {0, tonumber(ARGV[2]), prev, curr} end
if redis.call('SISMEMBER', KEYS[5], ARGV[5]) == 1 then return {1, 0, prev, curr} end
if redis.call('SCARD', KEYS[5]) >= tonumber(ARGV[6]) then return {2, 0, prev, curr} end
redis.call('SADD', KEYS[5], ARGV[5])
redis.call('PEXPIRE', KEYS[5], ARGV[7])
return {1, 0, prev, curr}
"""
)

ALLOWED, PAST_CAP, REFUSED = 1, 2, 0


@dataclass(frozen=True)
class CheckAdmission:
    """What the script decided: the check may run (and whether its TrxID is within the cap),
    or a rate limit refused it (`rate` then says which limit and when to retry)."""

    allowed: bool
    within_cap: bool
    rate: limits.RateDecision | None = None


class ArrivalLimitStore:
    """Per client address (on the session's account), per session, and the distinct TrxIDs a
    session's checks may ask about, decided together in one script."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._keys = keys
        self._script = redis.register_script(_CHECK_LUA)

    async def admit(
        self,
        session: Session,
        address: str,
        trx_id: str,
        per_minute: tuple[int, int],
        trx_cap: int,
        keep: timedelta,
        now: datetime,
    ) -> CheckAdmission:
        """Count one check of `trx_id` on `session` from `address`; `per_minute` is (per
        address, per session)."""
        window, elapsed = limits.window_position(now)
        acct, rate = session.account_id, self._keys.rate
        keys = [
            rate("wait:ip", address, window - 1, acct),
            rate("wait:ip", address, window, acct),
            rate("wait:session", session.id, window - 1, acct),
            rate("wait:session", session.id, window, acct),
            self._keys.arrival_trx_ids(acct, session.id),
        ]
        args = [*per_minute, elapsed, limits.WINDOW_MS, trx_id, trx_cap]
        args.append(max(1, int(keep.total_seconds() * 1000)))
        outcome, limit, prev, curr = await self._script(keys=keys, args=args)
        if int(outcome) == REFUSED:
            decision = limits.decide(int(limit), False, int(prev), int(curr), elapsed)
            return CheckAdmission(False, False, decision)
        return CheckAdmission(True, int(outcome) == ALLOWED)
