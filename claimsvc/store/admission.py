"""Admitting a merchant request in one Redis script: key state, account, rate limit, and for
initialize the order's place in today's allowance. Also the write-through of the auth entries.

MongoDB stays the record of keys and accounts; Redis holds, per account slot, whether each key
may be used and what requests need of the account. Every change goes through `begin_change`
(a short-lived `pending` marker), then MongoDB, then `commit_*`. A request that finds an entry
missing or pending reads MongoDB and sends what it read with its script (`Fill`); the script
stores it only where nothing is, so a read that raced a change never overwrites the change's
marker or result. See docs/decisions.md, "Authentication without a MongoDB read".
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from claimsvc.domain import limits
from claimsvc.domain.accounts import AccountTerms, fee_blocked, hosts_digest, last_used_stamp
from claimsvc.domain.limits import RateDecision
from claimsvc.store.accounts import terms_from_doc, terms_to_doc
from claimsvc.store.limits import RATE_HIT_FN
from claimsvc.store.redis_keys import RedisKeys

AUTH_TTL_S = 3600
"""Auth entries are dropped after an hour and read again from MongoDB: the contract's paths
write through at once; this only bounds how long a change made behind the service's back (a
hand edit in MongoDB) goes unseen."""

CHANGE_TTL_S = 30
"""How long a `pending` marker of a change outlives a process that died mid-change."""

# The order's place in today's allowance: counted once per order (a replay of today's order,
# or a second concurrent first call, finds it counted), after the fee ceiling, within the
# vendor limit (-1: none). Returns a DAY_* outcome.
_RESERVE_DAY_FN = """
local function reserve_day(counter, orders, order_id, vlimit, fee_blocked, ttl)
  if redis.call('SISMEMBER', orders, order_id) == 1 then
    return 2
  end
  if fee_blocked == '1' then
    return 4
  end
  if vlimit >= 0 and tonumber(redis.call('GET', counter) or '0') >= vlimit then
    return 3
  end
  redis.call('SADD', orders, order_id)
  -- The counter counts the set's members: both get their TTL when the counter starts.
  if redis.call('INCR', counter) == 1 then
    redis.call('EXPIRE', counter, ttl)
    redis.call('EXPIRE', orders, ttl)
  end
  return 1
end
"""

# The account entry: as stored (nil when missing or mid-change: a miss), or as read from
# MongoDB after a miss, passed in args[at..at+6] (status, archived, rate, daily, fee_blocked,
# hosts, doc) and stored only where nothing is (a change in flight holds its 'pending' marker,
# or has already written its result). Either way e[2..8] are those fields.
_ENTRY_FN = """
local function stored_entry(key)
  local e = redis.call('HMGET', key, 'pending', 'status', 'archived', 'rate', 'daily',
    'fee_blocked', 'hosts', 'doc')
  if e[1] or not e[8] then
    return nil
  end
  return e
end
local function filled_entry(key, args, at, ttl)
  local e = {false, args[at], args[at + 1], args[at + 2], args[at + 3], args[at + 4],
    args[at + 5], args[at + 6]}
  if redis.call('EXISTS', key) == 0 then
    redis.call('HSET', key, 'status', e[2], 'archived', e[3], 'rate', e[4], 'daily', e[5],
      'fee_blocked', e[6], 'hosts', e[7], 'doc', e[8])
    redis.call('EXPIRE', key, ttl)
  end
  return e
end
"""

# KEYS[1] key state, KEYS[2] account entry (hash), KEYS[3] previous and KEYS[4] current minute
# window of this key on this endpoint, KEYS[5] vendor day counter, KEYS[6] set of the orders
# that counter counts, KEYS[7] hash of the account's keys' last use (key id -> stamp).
# ARGV[1] ms elapsed in the window, ARGV[2] window ms, ARGV[3] '1' to refuse accounts that may
# not pay (initialize), ARGV[4] order id to count in today's allowance ('' none), ARGV[5] day
# key TTL s, ARGV[6] digest of the allowed hosts the body's URLs were checked against (the
# order is counted only if they are still the account's), ARGV[7] auth entry TTL s, ARGV[8]
# this request's last-use stamp (coarse Unix seconds), ARGV[9] key id, ARGV[10] '' or, after a
# miss, the key state read from MongoDB ('ok'), then ARGV[11..17] the account entry read with
# it: status, archived, rate, daily, fee_blocked, hosts, doc.
# A key that is not revoked has its last use stamped, written only when the stamp moved on
# (once a minute per key at most).
# Returns {outcome} for MISS, REVOKED, NOT_ACTIVE, ARCHIVED, else
# {outcome (RATE_LIMITED or ADMITTED), previous count, current count, limit, doc, day outcome}.
_ADMIT_LUA = (
    RATE_HIT_FN
    + _RESERVE_DAY_FN
    + _ENTRY_FN
    + """
local state, e
if ARGV[10] == '' then
  state = redis.call('GET', KEYS[1])
  if not state or state == 'pending' then
    return {0}
  end
  e = stored_entry(KEYS[2])
  if not e then
    return {0}
  end
else
  -- Read from MongoDB after a miss: used for this decision, stored only where nothing is.
  state = ARGV[10]
  local held = redis.call('GET', KEYS[1])
  if not held then
    redis.call('SET', KEYS[1], state, 'EX', tonumber(ARGV[7]))
  elseif held == 'revoked' then
    state = held
  end
  e = filled_entry(KEYS[2], ARGV, 11, tonumber(ARGV[7]))
end
if state == 'revoked' then
  return {1}
end
if redis.call('HGET', KEYS[7], ARGV[9]) ~= ARGV[8] then
  redis.call('HSET', KEYS[7], ARGV[9], ARGV[8])
end
if ARGV[3] == '1' then
  if e[2] ~= 'active' then
    return {2}
  end
  if e[3] == '1' then
    return {3}
  end
end
local limit = tonumber(e[4])
local allowed, prev, curr = rate_hit(KEYS[3], KEYS[4], limit, tonumber(ARGV[1]),
  tonumber(ARGV[2]))
if allowed == 0 then
  return {4, prev, curr, limit, e[8], 0}
end
local day = 0
if ARGV[4] ~= '' then
  if ARGV[6] ~= e[7] then
    day = 5
  else
    day = reserve_day(KEYS[5], KEYS[6], ARGV[4], tonumber(e[5]), e[6], tonumber(ARGV[5]))
  end
end
return {5, prev, curr, limit, e[8], day}
"""
)

# A buyer's call on a known session (submit, cancel without a key), in the session's account's
# slot. KEYS[1] account entry (hash), KEYS[2] previous and KEYS[3] current minute window of the
# client address on this account, KEYS[4] previous and KEYS[5] current window of the session.
# ARGV[1] ms elapsed in the window, ARGV[2] window ms, ARGV[3] per-address limit, ARGV[4]
# per-session limit, ARGV[5] auth entry TTL s, ARGV[6] '' or, after a miss, '1' and ARGV[7..13]
# the account entry read from MongoDB (status, archived, rate, daily, fee_blocked, hosts, doc).
# Returns {MISS} (before counting anything), {RATE_LIMITED, previous count, current count,
# limit} for the first limit that refuses, or {ADMITTED, doc}.
_BUYER_LUA = (
    RATE_HIT_FN
    + _ENTRY_FN
    + """
local e
if ARGV[6] == '' then
  e = stored_entry(KEYS[1])
  if not e then
    return {0}
  end
else
  e = filled_entry(KEYS[1], ARGV, 7, tonumber(ARGV[5]))
end
local elapsed, window = tonumber(ARGV[1]), tonumber(ARGV[2])
for i, limit in ipairs({tonumber(ARGV[3]), tonumber(ARGV[4])}) do
  local allowed, prev, curr = rate_hit(KEYS[2 * i], KEYS[2 * i + 1], limit, elapsed, window)
  if allowed == 0 then
    return {4, prev, curr, limit}
  end
end
return {5, e[8]}
"""
)

# KEYS[1] vendor day counter, KEYS[2] its order set; ARGV[1] order id, ARGV[2] vendor limit
# (-1 none), ARGV[3] '1' when fees are above the ceiling, ARGV[4] TTL s. Returns DAY_*.
_DAY_LUA = (
    _RESERVE_DAY_FN
    + """
return reserve_day(KEYS[1], KEYS[2], ARGV[1], tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4]))
"""
)

# KEYS[1] vendor day counter, KEYS[2] its order set; ARGV[1] order id.
# Gives back the order's place in the day, at most once: 1 given back, 0 it held none.
_RELEASE_LUA = """
if redis.call('SREM', KEYS[2], ARGV[1]) == 0 then
  return 0
end
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  redis.call('DECR', KEYS[1])
end
return 1
"""

# KEYS[1] platform day counter; ARGV[1] limit, ARGV[2] TTL s. 0 counted, 1 the day is full.
_PLATFORM_LUA = """
if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[1]) then
  return 1
end
if redis.call('INCR', KEYS[1]) == 1 then
  redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
end
return 0
"""

# KEYS[1] platform day counter. Gives back one count, never below zero.
_PLATFORM_RELEASE_LUA = """
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
"""

# Admission outcomes (the script's first value).
MISS, REVOKED, NOT_ACTIVE, ARCHIVED, RATE_LIMITED, ADMITTED = range(6)
# Day outcomes: not asked; counted now; already counted (a replay of today's order, or a
# concurrent first call holds it); the vendor's day is full; fees are above the ceiling; not
# asked because the account's allowed hosts are not the ones the URLs were checked against.
(
    DAY_NOT_ASKED,
    DAY_COUNTED,
    DAY_ALREADY_COUNTED,
    DAY_VENDOR_FULL,
    DAY_FEE_BLOCKED,
    DAY_HOSTS_CHANGED,
) = range(6)


# The account entry's fields, in the order the admission script takes them after a miss.
ENTRY_FIELDS = ("status", "archived", "rate", "daily", "fee_blocked", "hosts", "doc")


def auth_entry(account: AccountTerms) -> dict[str, str]:
    """The Redis form of what requests need of `account`: the fields the admission script
    decides on, each as a string, and the account's request fields themselves as JSON in
    `doc` (their document keys: the form of every entry ever written)."""
    daily = account.daily_limit
    return {
        "status": account.status,
        "archived": "1" if account.archived else "0",
        "rate": str(account.rate_limit_per_minute),
        "daily": "-1" if daily is None else str(int(daily)),
        "fee_blocked": "1" if fee_blocked(account) else "0",
        "hosts": hosts_digest(account.allowed_hosts),
        "doc": json.dumps(terms_to_doc(account), separators=(",", ":")),
    }


def _entry_args(account: AccountTerms) -> list[str]:
    """The account's entry as the scripts take it after a miss (ENTRY_FIELDS' order)."""
    entry = auth_entry(account)
    return [entry[f] for f in ENTRY_FIELDS]


def _text(value: str | bytes) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _terms(doc: str | bytes) -> AccountTerms:
    return terms_from_doc(json.loads(doc))


@dataclass(frozen=True)
class Fill:
    """A key's state and its account as just read from MongoDB after a miss."""

    key_state: str
    account: AccountTerms


@dataclass(frozen=True)
class Admission:
    """What the admission script decided. `account` and `rate` are None before the rate check."""

    outcome: int
    account: AccountTerms | None = None
    rate: RateDecision | None = None
    day: int = DAY_NOT_ASKED


def _day_ttl(now: datetime) -> int:
    """Day counters live until an hour after the Dhaka midnight that ends their day."""
    return limits.seconds_to_dhaka_midnight(now) + 3600


class AdmissionStore:
    """The admission script and the auth entries it reads."""

    def __init__(self, redis: Any, keys: RedisKeys) -> None:
        self._redis = redis
        self._keys = keys
        self._admit = redis.register_script(_ADMIT_LUA)
        self._buyer = redis.register_script(_BUYER_LUA)
        self._day = redis.register_script(_DAY_LUA)
        self._release = redis.register_script(_RELEASE_LUA)
        self._platform = redis.register_script(_PLATFORM_LUA)
        self._platform_release = redis.register_script(_PLATFORM_RELEASE_LUA)

    def _day_keys(self, account_id: str, now: datetime) -> list[str]:
        day = limits.dhaka_day(now)
        return [self._keys.daily_vendor(account_id, day), self._keys.daily_orders(account_id, day)]

    async def admit(
        self,
        account_id: str,
        key_id: str,
        endpoint: str,
        now: datetime,
        *,
        must_pay: bool,
        order_id: str | None = None,
        hosts_digest: str = "",
        fill: Fill | None = None,
    ) -> Admission:
        """Run the checks of contract §3 up to the rate limit; with an `order_id` (its URLs
        checked against the hosts of `hosts_digest`) go on to count it in today's allowance."""
        window, elapsed = limits.window_position(now)
        keys = [
            self._keys.auth_key(account_id, key_id),
            self._keys.auth_account(account_id),
            self._keys.rate(f"key:{endpoint}", key_id, window - 1, account_id),
            self._keys.rate(f"key:{endpoint}", key_id, window, account_id),
            *self._day_keys(account_id, now),
            self._keys.key_last_used(account_id),
        ]
        args: list[Any] = [
            elapsed,
            limits.WINDOW_MS,
            "1" if must_pay else "0",
            order_id or "",
            _day_ttl(now),
            hosts_digest,
            AUTH_TTL_S,
            str(last_used_stamp(now)),
            key_id,
        ]
        if fill is None:
            args.append("")
        else:
            args += [fill.key_state, *_entry_args(fill.account)]
        reply = await self._admit(keys=keys, args=args)
        outcome = int(reply[0])
        if outcome < RATE_LIMITED:
            return Admission(outcome)
        prev, curr, limit, doc, day = reply[1:]
        allowed = outcome == ADMITTED
        rate = limits.decide(int(limit), allowed, int(prev), int(curr), elapsed)
        return Admission(outcome, _terms(doc), rate, int(day))

    async def admit_buyer(
        self,
        account_id: str,
        address: str,
        session_id: str,
        limits_per_minute: tuple[int, int],
        now: datetime,
        fill: AccountTerms | None = None,
    ) -> Admission:
        """A buyer's call on a session of `account_id`: the per-address and per-session limits
        (`limits_per_minute`, in that order) and the account's entry, in one script on the
        account's slot. MISS when the entry is missing or mid-change and no `fill` was given."""
        window, elapsed = limits.window_position(now)
        keys = [self._keys.auth_account(account_id)]
        for scope, subject in (("buyer:ip", address), ("buyer:session", session_id)):
            keys += [
                self._keys.rate(scope, subject, window - 1, account_id),
                self._keys.rate(scope, subject, window, account_id),
            ]
        args: list[Any] = [elapsed, limits.WINDOW_MS, *limits_per_minute, AUTH_TTL_S]
        args += [""] if fill is None else ["1", *_entry_args(fill)]
        reply = await self._buyer(keys=keys, args=args)
        outcome = int(reply[0])
        if outcome == MISS:
            return Admission(MISS)
        if outcome == RATE_LIMITED:
            prev, curr, limit = (int(v) for v in reply[1:])
            return Admission(outcome, rate=limits.decide(limit, False, prev, curr, elapsed))
        return Admission(outcome, account=_terms(reply[1]))

    async def reserve_day(
        self, account_id: str, order_id: str, account: AccountTerms, now: datetime
    ) -> int:
        """Count the order in today's allowance on its own (when `admit` could not): DAY_*."""
        entry = auth_entry(account)
        args = [order_id, entry["daily"], entry["fee_blocked"], _day_ttl(now)]
        return int(await self._day(keys=self._day_keys(account_id, now), args=args))

    async def release_day(self, account_id: str, order_id: str, now: datetime) -> bool:
        """Give back the order's place in today's vendor allowance (True if it held one)."""
        keys = self._day_keys(account_id, now)
        return bool(await self._release(keys=keys, args=[order_id]))

    async def reserve_platform_day(self, limit: int, now: datetime) -> bool:
        """Count one session in the platform's day; False when the day is full.

        A separate call: the platform counter is global, so under Redis Cluster it cannot
        share a script with an account's keys. Asked only while a platform limit is set.
        """
        key = self._keys.daily_platform(limits.dhaka_day(now))
        return int(await self._platform(keys=[key], args=[limit, _day_ttl(now)])) == 0

    async def release_platform_day(self, now: datetime) -> None:
        await self._platform_release(keys=[self._keys.daily_platform(limits.dhaka_day(now))])

    async def last_used(self, account_id: str) -> dict[str, datetime]:
        """When each key of the account last authenticated, as the admission script stamped
        it (to the minute); keys not used since Redis last lost its data are absent."""
        raw = await self._redis.hgetall(self._keys.key_last_used(account_id))
        return {_text(k): datetime.fromtimestamp(int(v), UTC) for k, v in raw.items()}

    # Write-through of auth entries: begin_change, the MongoDB write, then commit_*.

    async def begin_change(self, account_id: str, key_id: str | None = None) -> None:
        """Mark the key's state (given a key) or the account's entry as changing: until the
        commit, or CHANGE_TTL_S if the process dies first, requests read MongoDB."""
        pipe = self._redis.pipeline(transaction=True)
        if key_id is not None:
            pipe.set(self._keys.auth_key(account_id, key_id), "pending", ex=CHANGE_TTL_S)
        else:
            entry = self._keys.auth_account(account_id)
            pipe.delete(entry)
            pipe.hset(entry, "pending", "1")
            pipe.expire(entry, CHANGE_TTL_S)
        await pipe.execute()

    async def commit_key(self, account_id: str, key_id: str, state: str) -> None:
        """The key's state as MongoDB now holds it (`ok` or `revoked`)."""
        await self._redis.set(self._keys.auth_key(account_id, key_id), state, ex=AUTH_TTL_S)

    async def commit_account(self, account: AccountTerms) -> None:
        """The account's entry as MongoDB now holds it."""
        key = self._keys.auth_account(account.id)
        pipe = self._redis.pipeline(transaction=True)
        pipe.delete(key)
        pipe.hset(key, mapping=auth_entry(account))
        pipe.expire(key, AUTH_TTL_S)
        await pipe.execute()
