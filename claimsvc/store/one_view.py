"""Secrets held for one view after a portal POST that made them (POST/redirect/GET)."""

from __future__ import annotations

import json
import secrets
from typing import Any

from claimsvc.store.redis_keys import RedisKeys


class OneViewStore:
    """Each entry is read at most once (GETDEL) by the user who made it, within its lifetime."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._keys = keys

    async def hold(self, user_id: str, values: dict[str, str], ttl_s: int) -> str:
        """Keep `values` for one view by `user_id`; the random name to fetch them by."""
        name = secrets.token_urlsafe(16)
        key = self._keys.one_view(user_id, name)
        await self._redis.set(key, json.dumps(values), ex=ttl_s)
        return name

    async def take(self, user_id: str, name: str) -> dict[str, str] | None:
        """The values held under `name` for `user_id`, gone from then on; None when there are
        none (already viewed, expired, another user's, or a made-up name)."""
        raw = await self._redis.getdel(self._keys.one_view(user_id, name))
        if raw is None:
            return None
        values: dict[str, str] = json.loads(raw)
        return values
