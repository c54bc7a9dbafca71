"""The portal's sign-in counters on the real Redis server and on fakeredis alike: one script
decides and counts every counter an attempt touches, so concurrent attempts never overshoot."""

from __future__ import annotations

import asyncio

import pytest

from claimsvc.domain.signin_limits import PER_ADDRESS, PER_PAIR, PER_USER, PER_USER_CODES
from claimsvc.store.signin_limits import ALLOWED, BLOCKED, GUARDED, SigninLimitStore

pytestmark = pytest.mark.redis

USER = "e" * 64


@pytest.fixture
def store(redis_client, redis_keys):
    return SigninLimitStore(redis_client, redis_keys)


async def test_concurrent_attempts_from_one_address_get_exactly_the_pair_limit(store):
    decisions = await asyncio.gather(
        *(store.hit_password(USER, "203.0.113.9") for _ in range(PER_PAIR.attempts + 10))
    )
    outcomes = [d.outcome for d in decisions]
    assert outcomes.count(ALLOWED) == PER_PAIR.attempts
    assert outcomes.count(BLOCKED) == 10
    refused = next(d for d in decisions if d.outcome == BLOCKED)
    assert 0 < refused.wait_ms <= PER_PAIR.window_ms


async def test_the_user_limit_guards_without_blocking_and_counts_on(
    store, redis_client, redis_keys
):
    per_address = PER_PAIR.attempts
    for i in range(PER_USER.attempts):
        decision = await store.hit_password(USER, f"192.0.2.{i // per_address}")
        assert decision.outcome == ALLOWED
    key = redis_keys.signin_user(USER)
    await redis_client.pexpire(key, 10_000)  # as if the hour were nearly over
    past = await store.hit_password(USER, "198.51.100.1")
    assert past.outcome == GUARDED and past.wait_ms == PER_USER.window_ms
    # Each attempt past the limit starts the user's window again: the guard holds while they
    # go on.
    assert await redis_client.pttl(key) > 10_000
    # Another user, and the same user's codes, are untouched.
    assert (await store.hit_password("f" * 64, "198.51.100.1")).outcome == ALLOWED
    assert (await store.hit_code(USER, "198.51.100.2")).outcome == ALLOWED


async def test_a_blocked_attempt_counts_nothing(store):
    for _ in range(PER_PAIR.attempts):
        await store.hit_password(USER, "203.0.113.9")
    for _ in range(PER_ADDRESS.attempts):
        assert (await store.hit_password(USER, "203.0.113.9")).outcome == BLOCKED
    # The address's own counter stayed at the pair's attempts: other users still get in.
    others = [await store.hit_password("f" * 64, "203.0.113.9") for _ in range(5)]
    assert {d.outcome for d in others} == {ALLOWED}


async def test_codes_of_one_user_are_limited_from_everywhere_and_a_success_clears_them(store):
    for i in range(PER_USER_CODES.attempts):
        assert (await store.hit_code(USER, f"203.0.113.{i}")).outcome == ALLOWED
    assert (await store.hit_code(USER, "198.51.100.1")).outcome == BLOCKED
    await store.clear_user(USER, "198.51.100.1")
    assert (await store.hit_code(USER, "198.51.100.1")).outcome == ALLOWED
