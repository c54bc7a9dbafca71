"""Wake topics in Redis: the worker sleeps on one blocking read instead of polling its loops.

A writer adds a topic to one sorted set (`ZADD`, so a topic waits at most once however often it
is added); each worker process holds one `BZPOPMIN` on it, which returns the moment a topic is
added, and wakes the loops of that topic. A topic wakes one worker: whichever pops it does the
work, and a full batch is taken again at once by that worker. Losing a wake loses no work: every
loop still passes at its idle interval (MongoDB and the schedule are the truth, never this key).
"""

from __future__ import annotations

from typing import Any

from claimsvc.store.redis_keys import RedisKeys
from claimsvc.store.sms_queue import text

SESSIONS = "sessions"
"""A session ended (it owes its webhook event) or owes an alert, or a webhook event ended dead
or stopped owing the merchant an alert: the outbox relay, the alerts, the reconciler (the
relay is about to write events)."""
WEBHOOKS = "webhooks"
"""The webhook schedule gained an event (the schedule's scripts add it): the dispatcher, the
reconciler."""
DEADLINES = "deadlines"
"""An open session's deadline moved earlier (a pending claim released): the sweeper."""


class WakeStore:
    """Adds wake topics and waits for them (one sorted set in the webhooks hash slot)."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._key = keys.worker_wake

    async def notify(self, topic: str) -> None:
        """Wake one worker's loops of `topic` (one ZADD)."""
        await self._redis.zadd(self._key, {topic: 0})

    async def wait(self, timeout_s: float) -> str | None:
        """The next topic added, or None after `timeout_s` (one BZPOPMIN)."""
        popped = await self._redis.bzpopmin(self._key, timeout=timeout_s)
        return text(popped[1]) if popped else None
