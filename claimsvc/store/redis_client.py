"""Opens the Redis client a CLAIMSVC_REDIS_URL names: one server, Sentinel, Cluster or the fake.

Every real client retries a connection error or timeout (as during a failover) with jittered
exponential backoff for at most RETRY_BUDGET_S, then raises, so a request fails with the
documented 500 body within seconds instead of hanging.
Scripts are called through redis-py's Script objects (EVALSHA, and on NOSCRIPT one SCRIPT LOAD
and EVALSHA again), so a new primary, which starts with an empty script cache, loads each script
on its first call.
"""

from __future__ import annotations

import asyncio
import random
import ssl
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any, TypeVar

from redis.asyncio.connection import SSLConnection
from redis.asyncio.retry import Retry
from redis.asyncio.sentinel import Sentinel, SentinelManagedConnection
from redis.backoff import ExponentialWithJitterBackoff, NoBackoff
from redis.exceptions import ConnectionError, TimeoutError

from claimsvc.store.redis_url import parse_redis_url

T = TypeVar("T")

RETRY_BUDGET_S = 5.0
"""How long a command keeps retrying connection errors and timeouts before it raises: longer
than a Sentinel failover (down-after-milliseconds 2000 and the promotion after it, about 3 s),
short enough that a request fails with the documented 500 body instead of hanging."""
RETRY_BASE_S = 0.05
RETRY_CAP_S = 0.5
# A dead host that drops packets is found out by the connect timeout, not the retry budget.
CONNECT_TIMEOUT_S = 2
# redis-py's pool raises once it holds max_connections (100 by default) instead of waiting;
# a worker runs up to CLAIMSVC_WEBHOOK_CONCURRENCY attempts, each using one connection.
MAX_CONNECTIONS = 1024

# The deadline of the outermost retrying call in this task: redis-py retries the connect inside
# the retried command with the same Retry, and a count-based retry would multiply the two.
_deadline: ContextVar[float | None] = ContextVar("claimsvc_redis_retry_deadline", default=None)


def certificate_refused(error: BaseException) -> bool:
    """Whether `error` comes from a server certificate that failed verification. redis-py wraps
    the ssl error in its ConnectionError (as __context__ or __cause__); no retry mends it."""
    seen: BaseException | None = error
    for _ in range(5):
        if seen is None:
            return False
        if isinstance(seen, ssl.SSLCertVerificationError):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


class DeadlineRetry(Retry):
    """redis-py's Retry bounded by time: connection errors and timeouts are retried with full
    jitter backoff (base doubling to cap) until `budget_s` after the command began, then raised.
    A server certificate that fails verification is raised at once: it is a configuration
    error (wrong CA, wrong host name), and retrying it only delays the message."""

    def __init__(self, budget_s: float = RETRY_BUDGET_S) -> None:
        super().__init__(NoBackoff(), -1, (ConnectionError, TimeoutError))
        self.budget_s = budget_s

    async def call_with_retry(
        self,
        do: Callable[[], Awaitable[T]],
        fail: Callable[..., Any],
        is_retryable: Callable[[Exception], bool] | None = None,
        with_failure_count: bool = False,
    ) -> T:
        outer = _deadline.get()
        deadline = outer if outer is not None else time.monotonic() + self.budget_s
        token = _deadline.set(deadline) if outer is None else None
        try:
            return await self._loop(do, fail, is_retryable, with_failure_count, deadline)
        finally:
            if token is not None:
                _deadline.reset(token)

    async def _loop(
        self,
        do: Callable[[], Awaitable[T]],
        fail: Callable[..., Any],
        is_retryable: Callable[[Exception], bool] | None,
        with_failure_count: bool,
        deadline: float,
    ) -> T:
        failures = 0
        while True:
            try:
                return await do()
            except self._supported_errors as error:
                if (is_retryable and not is_retryable(error)) or certificate_refused(error):
                    raise
                failures += 1
                await (fail(error, failures) if with_failure_count else fail(error))
                left = deadline - time.monotonic()
                if left <= 0:
                    raise
                pause = random.uniform(0, min(RETRY_CAP_S, RETRY_BASE_S * 2**failures))
                await asyncio.sleep(min(pause, left))


class FollowingConnection(SentinelManagedConnection):
    """A Sentinel-managed connection that asks the Sentinels for the primary on every reconnect.

    redis-py reconnects a failed command's connection through `connect_check_health`, which
    reuses the old address, so retries keep dialling the dead primary until they run out
    (redis/redis-py#3874, open); only `connect()` asks the Sentinels. Here every reconnect does.
    """

    async def connect_to(self, address: Any) -> None:
        self.host, self.port = address
        await super().connect_check_health(
            check_health=self.connection_pool.check_connection, retry_socket_connect=False
        )

    async def connect_check_health(
        self, check_health: bool = True, retry_socket_connect: bool = True
    ) -> None:
        if not self.is_connected and self.connection_pool.is_master:
            self.host, self.port = await self.connection_pool.get_master_address()
        # One dial: the retry around the command redials, asking the Sentinels again each time.
        await super().connect_check_health(check_health, retry_socket_connect=False)


class FollowingSSLConnection(FollowingConnection, SSLConnection):
    """FollowingConnection over TLS."""


def _common() -> dict[str, Any]:
    return {
        "socket_timeout": 5,
        "socket_connect_timeout": CONNECT_TIMEOUT_S,
        "health_check_interval": 30,
        "retry": DeadlineRetry(),
    }


def _cluster_retry() -> Retry:
    """RedisCluster counts its attempts itself (get_retries(), re-reading the slot map between
    them), so it gets a count: 3 retries of 50-500 ms jittered backoff. The connect inside is
    retried by the same count, so at most 16 dials of a node, a few seconds on a refused one."""
    return Retry(ExponentialWithJitterBackoff(base=RETRY_BASE_S, cap=RETRY_CAP_S), 3)


def _sentinel_links() -> dict[str, Any]:
    """Links to the Sentinels themselves: no retry, since a dead Sentinel is skipped for the
    next one in the list, and the bounded retry wraps the whole command anyway."""
    return {"socket_timeout": 2, "socket_connect_timeout": 1, "retry": Retry(NoBackoff(), 0)}


def _verified(ca_file: str | None) -> dict[str, Any]:
    """TLS options: the server's certificate and host name are always checked, against the
    system CA bundle, or against `ca_file` alone when given (a private CA)."""
    return {"ssl_cert_reqs": "required", "ssl_check_hostname": True, "ssl_ca_certs": ca_file}


def open_redis(url: str, ca_file: str | None = None) -> Any:
    """redis.asyncio for redis(s)://, Sentinel and Cluster URLs; fakeredis for memory://.
    `ca_file` (CLAIMSVC_REDIS_CA_FILE) is the CA bundle a TLS server's certificate is checked
    against instead of the system one."""
    target = parse_redis_url(url)
    if target.kind == "memory":
        import fakeredis

        return fakeredis.FakeAsyncRedis(version=(7, 0))
    auth: dict[str, Any] = {"username": target.username, "password": target.password}
    tls = _verified(ca_file) if target.tls else {}
    if target.kind == "sentinel":
        # The Sentinels and the servers are reached alike: both over TLS, or neither.
        sentinel = Sentinel(  # type: ignore[no-untyped-call]  # redis-py leaves it unannotated
            list(target.hosts),
            sentinel_kwargs={**auth, **_sentinel_links(), "ssl": target.tls, **tls},
            **auth,
            **tls,
            **_common(),
        )
        return sentinel.master_for(
            target.service or "",
            db=target.db,
            connection_class=FollowingSSLConnection if target.tls else FollowingConnection,
            max_connections=MAX_CONNECTIONS,
        )
    if target.kind == "cluster":
        from redis.asyncio.cluster import ClusterNode, RedisCluster

        return RedisCluster(
            startup_nodes=[ClusterNode(host, port) for host, port in target.hosts],
            ssl=target.tls,
            max_connections=MAX_CONNECTIONS,
            **tls,
            **auth,
            **{**_common(), "retry": _cluster_retry()},
        )
    import redis.asyncio as aioredis

    return aioredis.from_url(url, max_connections=MAX_CONNECTIONS, **tls, **_common())
