"""The webhook schedule in Redis: due events in a sorted set, taken under a lease (arq-like).

Redis holds only *when* to try an event; MongoDB holds the event and its state. Losing every key
here loses no event: the reconciler puts queued events back. Each operation is one Lua script, so
two workers never hold the same event, and a worker whose lease ran out (it died, or stalled past
the lease) can no longer ack, reschedule or release what another worker has since taken.

Times are epoch milliseconds from the caller's clock (injected; workers on several hosts need
clocks within a small fraction of the lease of each other, which NTP gives).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from claimsvc.store.redis_keys import RedisKeys
from claimsvc.store.wake import WEBHOOKS

# Every script that adds to the due set also adds the dispatchers' wake topic (store/wake.py) to
# the wake key, in the same slot and the same round trip: a sleeping dispatcher wakes at once.
_WAKE = f"redis.call('ZADD', KEYS[#KEYS], 0, '{WEBHOOKS}')"

_SCHEDULE = f"""
-- KEYS[1] due zset, KEYS[2] leases zset, KEYS[3] wake zset
-- ARGV[1] event id, ARGV[2] due ms
-- A held event is left to its holder, who reschedules or acks it; 0 then, else 1.
if redis.call('ZSCORE', KEYS[2], ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
{_WAKE}
return 1
"""

_TAKE = f"""
-- KEYS[1] due zset, KEYS[2] leases zset, KEYS[3] lease tokens hash, KEYS[4] wake zset
-- ARGV[1] now ms, ARGV[2] lease ms, ARGV[3] limit, ARGV[4] token nonce
-- Expired leases first (their worker died or stalled), then due events; each moves to the
-- leases set scored by its lease expiry, under a fresh token. Returns id, token, due triples,
-- then when the next event falls due or lease runs out (ms; '' when neither set holds any).
-- A full take that leaves events due wakes another worker's dispatcher for them.
local now, limit = tonumber(ARGV[1]), tonumber(ARGV[3])
local expiry = now + tonumber(ARGV[2])
local out = {{}}
local function lease(id, due)
  local token = ARGV[4] .. ':' .. tostring(#out / 3 + 1)
  redis.call('ZADD', KEYS[2], expiry, id)
  redis.call('HSET', KEYS[3], id, token)
  table.insert(out, id); table.insert(out, token); table.insert(out, due)
end
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'WITHSCORES', 'LIMIT', 0, limit)
for i = 1, #expired, 2 do lease(expired[i], expired[i + 1]) end
local left = limit - #out / 3
if left > 0 then
  local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'WITHSCORES', 'LIMIT', 0, left)
  for i = 1, #due, 2 do
    redis.call('ZREM', KEYS[1], due[i])
    lease(due[i], due[i + 1])
  end
end
if #out / 3 >= limit and #redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, 1) > 0 then
  {_WAKE}
end
local next = ''
for _, key in ipairs({{KEYS[1], KEYS[2]}}) do
  local first = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  if first[2] and (next == '' or tonumber(first[2]) < tonumber(next)) then next = first[2] end
end
table.insert(out, next)
return out
"""

_ACK = """
-- KEYS[1] leases zset, KEYS[2] lease tokens hash
-- ARGV[1] event id, ARGV[2] lease token
-- Drops the event from the schedule if the lease is still the caller's; 1 then, else 0.
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
"""

_RESCHEDULE = f"""
-- KEYS[1] due zset, KEYS[2] leases zset, KEYS[3] lease tokens hash, KEYS[4] wake zset
-- ARGV[1] event id, ARGV[2] lease token, ARGV[3] due ms
-- Moves a held event back to the due set if the lease is still the caller's; 1 then, else 0.
if redis.call('HGET', KEYS[3], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
{_WAKE}
return 1
"""

_RESTORE = f"""
-- KEYS[1] due zset, KEYS[2] leases zset, KEYS[3] wake zset
-- ARGV: event id, due ms, event id, due ms, ...
-- Adds each event found in neither set (the schedule lost it); returns how many were added.
local added = 0
for i = 1, #ARGV, 2 do
  local id = ARGV[i]
  if not redis.call('ZSCORE', KEYS[1], id) and not redis.call('ZSCORE', KEYS[2], id) then
    redis.call('ZADD', KEYS[1], ARGV[i + 1], id)
    added = added + 1
  end
end
if added > 0 then {_WAKE} end
return added
"""


@dataclass(frozen=True)
class Lease:
    """One event taken by a worker: its id, the lease token, and when it fell due (ms)."""

    event_id: int
    token: str
    due_ms: int


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class ScheduleStore:
    """The due and leases sorted sets (and lease tokens) of the webhook scheduler."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._due = keys.webhook_schedule
        self._leases = keys.webhook_leases
        self._tokens = keys.webhook_lease_tokens
        self._wake = keys.worker_wake
        self._schedule = redis.register_script(_SCHEDULE)
        self._take = redis.register_script(_TAKE)
        self._ack = redis.register_script(_ACK)
        self._reschedule = redis.register_script(_RESCHEDULE)
        self._restore = redis.register_script(_RESTORE)

    async def schedule(self, event_id: int, due_ms: int) -> bool:
        """Make `event_id` due at `due_ms`; False when a worker holds it (it decides)."""
        args = [str(event_id), int(due_ms)]
        keys = [self._due, self._leases, self._wake]
        return bool(await self._schedule(keys=keys, args=args))

    async def take(self, now_ms: int, lease_ms: int, limit: int) -> list[Lease]:
        """Lease up to `limit` due events (expired leases included) for `lease_ms`."""
        return (await self.take_next(now_ms, lease_ms, limit))[0]

    async def take_next(
        self, now_ms: int, lease_ms: int, limit: int
    ) -> tuple[list[Lease], int | None]:
        """`take`, and when the schedule next has something to take (ms; None: nothing)."""
        if limit <= 0:
            return [], None
        nonce = secrets.token_hex(8)
        flat = await self._take(
            keys=[self._due, self._leases, self._tokens, self._wake],
            args=[int(now_ms), int(lease_ms), int(limit), nonce],
        )
        *triples, after = [_text(v) for v in flat]
        leases = [
            Lease(int(triples[i]), triples[i + 1], int(float(triples[i + 2])))
            for i in range(0, len(triples), 3)
        ]
        return leases, int(float(after)) if after else None

    async def ack(self, lease: Lease) -> bool:
        """Drop a held event from the schedule (delivered, dead, stopped or gone)."""
        args = [str(lease.event_id), lease.token]
        return bool(await self._ack(keys=[self._leases, self._tokens], args=args))

    async def reschedule(self, lease: Lease, due_ms: int) -> bool:
        """Hand a held event back, due at `due_ms`; False if the lease is no longer ours."""
        args = [str(lease.event_id), lease.token, int(due_ms)]
        keys = [self._due, self._leases, self._tokens, self._wake]
        return bool(await self._reschedule(keys=keys, args=args))

    async def release(self, lease: Lease, now_ms: int) -> bool:
        """Give a held event back unfinished (shutdown), due again at once."""
        return await self.reschedule(lease, now_ms)

    async def restore(self, due_by_id: dict[int, int]) -> int:
        """Add the events missing from both sets; how many were missing."""
        if not due_by_id:
            return 0
        args: list[Any] = []
        for event_id, due_ms in due_by_id.items():
            args += [str(event_id), int(due_ms)]
        return int(await self._restore(keys=[self._due, self._leases, self._wake], args=args))

    async def depth(self) -> int:
        """Events waiting in the schedule, due now or later (held ones excluded)."""
        return int(await self._redis.zcard(self._due))

    async def due_count(self, now_ms: int) -> int:
        """Events due by `now_ms` that no worker has taken yet (a backlog when it grows)."""
        return int(await self._redis.zcount(self._due, "-inf", int(now_ms)))

    async def oldest_due_ms(self) -> int | None:
        """Due time of the earliest waiting event, or None when none waits."""
        first = await self._redis.zrange(self._due, 0, 0, withscores=True)
        return int(first[0][1]) if first else None

    async def in_flight(self) -> int:
        """Events currently held by a worker."""
        return int(await self._redis.zcard(self._leases))

    async def clear(self) -> None:
        """Delete every key of the schedule (tests and the bench simulate a lost Redis)."""
        await self._redis.delete(self._due, self._leases, self._tokens)
