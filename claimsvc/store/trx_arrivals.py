"""Wake tokens for verify's `wait` (issue 31): a verify call waiting for the SMS of a TrxID
blocks on one short Redis list of its account (ledger) and TrxID; recording transactions pushes
tokens onto theirs, a batch in one pipeline. MongoDB stays the truth: a waiter checks the
transactions again after each wake and each slice, so a lost or stale token costs a re-check,
never a wrong answer."""

from __future__ import annotations

from typing import Any

from claimsvc.store.redis_keys import RedisKeys

TOKENS = 4
"""Tokens a recording pushes (and the most the list keeps): up to this many verify calls
waiting for the same TrxID wake at once; any others wake at the end of their slice."""
TOKEN_TTL_MS = 30_000
"""How long unpopped tokens stay: longer than the longest wait, short enough to never pile up."""


class TrxArrivalStore:
    """Pushes and pops the wake tokens of recorded TrxIDs (one list per account and TrxID)."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._keys = keys

    async def notify(self, recorded: list[tuple[str, str]]) -> None:
        """SMS with these (ledger, TrxID) were recorded: wake the verify calls waiting on them.
        One pipelined round trip for a whole batch (per node on a Cluster); each list gets its
        tokens, is trimmed to TOKENS and expires after TOKEN_TTL_MS."""
        if not recorded:
            return
        pipe = self._redis.pipeline(transaction=False)
        for ledger, trx_id in dict.fromkeys(recorded):
            key = self._keys.trx_arrival(ledger, trx_id)
            pipe.rpush(key, *["1"] * TOKENS)
            pipe.ltrim(key, -TOKENS, -1)
            pipe.pexpire(key, TOKEN_TTL_MS)
        await pipe.execute()

    async def wait(self, ledger: str, trx_id: str, timeout_s: float) -> bool:
        """Block until a token for (ledger, trx_id) is pushed or `timeout_s` passes (one BLPOP,
        kept below the client's socket timeout by the caller); whether one came."""
        key = self._keys.trx_arrival(ledger, trx_id)
        return await self._redis.blpop([key], timeout=timeout_s) is not None
