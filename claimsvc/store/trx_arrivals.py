"""Wake tokens for verify's `wait` (issue 31): a verify call waiting for the SMS of a TrxID
blocks on one short Redis list of its account (ledger) and TrxID; recording a transaction
pushes tokens onto it. MongoDB stays the truth: a waiter checks the transactions again after
each wake and each slice, so a lost or stale token costs a re-check, never a wrong answer."""

from __future__ import annotations

from typing import Any

from claimsvc.store.redis_keys import RedisKeys

TOKENS = 4
"""Tokens a recording pushes (and the most the list keeps): up to this many verify calls
waiting for the same TrxID wake at once; any others wake at the end of their slice."""
TOKEN_TTL_MS = 30_000
"""How long unpopped tokens stay: longer than the longest wait, short enough to never pile up."""

# KEYS[1] the (ledger, TrxID) token list
# ARGV[1] tokens to push (and keep), ARGV[2] the list's time to live in ms
_NOTIFY_LUA = """
for _ = 1, tonumber(ARGV[1]) do redis.call('RPUSH', KEYS[1], '1') end
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[1]), -1)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""


class TrxArrivalStore:
    """Pushes and pops the wake tokens of recorded TrxIDs (one list per account and TrxID)."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._keys = keys
        self._notify = redis.register_script(_NOTIFY_LUA)

    async def notify(self, ledger: str, trx_id: str) -> None:
        """An SMS with `trx_id` was recorded for `ledger`: wake the verify calls waiting on it
        (one script on the account's slot)."""
        key = self._keys.trx_arrival(ledger, trx_id)
        await self._notify(keys=[key], args=[TOKENS, TOKEN_TTL_MS])

    async def wait(self, ledger: str, trx_id: str, timeout_s: float) -> bool:
        """Block until a token for (ledger, trx_id) is pushed or `timeout_s` passes (one BLPOP,
        kept below the client's socket timeout by the caller); whether one came."""
        key = self._keys.trx_arrival(ledger, trx_id)
        return await self._redis.blpop([key], timeout=timeout_s) is not None
