"""Stores several real processes share, as a cluster's pods share them: one database on the
session's MongoDB-wire server and one key prefix on the real Redis, both removed afterwards."""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator

import pytest
import redis
from pymongo import MongoClient

from tests.conftest import ADMIN_TOKEN, real_redis_url


def real_redis() -> str:
    """The real Redis server's URL; a skip (a failure under CI=true) when it is unreachable."""
    url = real_redis_url() or "redis://127.0.0.1:6379/0"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except (redis.RedisError, OSError) as exc:
        reason = f"the real Redis server at {url} is unreachable ({exc})"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}; CI=true requires it")
        pytest.skip(f"{reason}; set CI=true to make this a failure")
    return url


@contextlib.contextmanager
def shared_stores(mongo_wire_url: str, name: str) -> Iterator[dict[str, str]]:
    """The processes' environment for a fresh database and Redis prefix (and the admin token)."""
    redis_url, db = real_redis(), f"{name}_{uuid.uuid4().hex}"
    prefix = f"test:{uuid.uuid4().hex}:"
    try:
        yield {
            "CLAIMSVC_MONGO_URL": mongo_wire_url,
            "CLAIMSVC_MONGO_DB": db,
            "CLAIMSVC_REDIS_URL": redis_url,
            "CLAIMSVC_REDIS_PREFIX": prefix,
            "CLAIMSVC_ADMIN_TOKEN": ADMIN_TOKEN,
        }
    finally:
        with MongoClient(mongo_wire_url) as client:
            client.drop_database(db)
        client_r = redis.Redis.from_url(redis_url)
        stale = list(client_r.scan_iter(match=prefix + "*"))
        if stale:
            client_r.delete(*stale)
