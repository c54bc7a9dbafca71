"""Redis clients for the limit tests: the real server (required when CI=true) and fakeredis."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from typing import Any

import fakeredis
import pytest
import redis.asyncio as aioredis

from claimsvc.store.redis_keys import RedisKeys
from tests.conftest import real_redis_url


async def _real_client() -> Any:
    """The real server, or a skip (a failure in CI) naming why it cannot be used."""
    url = real_redis_url() or "redis://127.0.0.1:6379/0"
    client = aioredis.from_url(url, socket_connect_timeout=2, socket_timeout=5)
    try:
        await client.ping()
    except (aioredis.ConnectionError, aioredis.TimeoutError, OSError) as exc:
        await client.aclose()
        reason = f"the real Redis server at {url} is unreachable ({exc})"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}; CI=true requires it")
        pytest.skip(f"{reason}; set CI=true to make this a failure")
    return client


@pytest.fixture(params=["real", "fake"])
async def redis_client(request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    """Each test runs once against the real Redis server and once against fakeredis."""
    if request.param == "real":
        client = await _real_client()
    else:
        client = fakeredis.FakeAsyncRedis(version=(7, 0))
    yield client
    await client.aclose()


@pytest.fixture
async def redis_keys(redis_client: Any) -> AsyncIterator[RedisKeys]:
    """A key prefix of this test alone; every key under it is deleted afterwards."""
    keys = RedisKeys(prefix=f"test:{uuid.uuid4().hex}:")
    yield keys
    stale = [key async for key in redis_client.scan_iter(match=keys.prefix + "*")]
    if stale:
        await redis_client.delete(*stale)
