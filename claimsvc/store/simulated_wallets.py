"""The balance the account's test phone holds per provider: one Redis counter each.

Test SMS state the balance a real phone's SMS would. INCRBY moves it and answers the new
balance in one command, so two test payments made at once state two different balances, one
after the other, as a phone's SMS would (the chain then orders them as it orders real ones).
"""

from __future__ import annotations

from typing import Any

from claimsvc.store.redis_keys import RedisKeys


class TestWalletStore:
    """`{acct:<id>}:test-wallet:<provider>`: the test phone's balance in poisha."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._keys = keys

    async def credit(self, account_id: str, provider: str, poisha: int) -> int:
        """Add `poisha`; the balance after it (a counter Redis lost starts again at 0)."""
        return int(await self._redis.incrby(self._keys.test_wallet(account_id, provider), poisha))
