"""The TLS URL forms against TLS-only redis-server processes: one server (`rediss://`), a
Sentinel set whose every link is TLS (`rediss+sentinel://`, through a failover) and a Cluster
whose client and bus ports are TLS (`rediss+cluster://`). The servers' certificate comes from a
private CA, trusted only through CLAIMSVC_REDIS_CA_FILE; none of them has a plain-text port."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import redis.exceptions
import trustme
from redis.crc import key_slot

from claimsvc.bootstrap import open_deps
from claimsvc.domain.limits import window_position
from claimsvc.settings import Settings
from claimsvc.store.limits import LimitStore
from claimsvc.store.redis_client import RETRY_BUDGET_S, open_redis
from claimsvc.store.redis_keys import RedisKeys
from tests.ha.servers import (
    Cluster,
    Node,
    SentinelSet,
    Tls,
    redis_server_binary,
    start_cluster,
    start_node,
    start_sentinel_set,
)

pytestmark = [pytest.mark.ha, pytest.mark.timeout(120)]

NOW = datetime(2026, 11, 23, 9, 0, 30, tzinfo=UTC)
BUYER = "203.0.113.9"
WINDOW_KEY = RedisKeys("tls:").rate("buyer:ip", BUYER, window_position(NOW)[0])
"""The counter a buyer rate-limit script call at NOW writes."""


@asynccontextmanager
async def service_client(servers: SentinelSet | Cluster, ca_file: str) -> AsyncIterator[Any]:
    """The client the service opens for the servers' TLS URL; the servers stopped after it."""
    assert servers.url.startswith(("rediss+sentinel://", "rediss+cluster://")), servers.url
    client = open_redis(servers.url, ca_file)
    try:
        yield client
    finally:
        await client.aclose()
        servers.stop()


@pytest.fixture
def tls_node(redis_tls: Tls, tmp_path: Path) -> Iterator[Node]:
    """One TLS-only redis-server."""
    node = start_node(redis_server_binary(), tmp_path / "single", tls=redis_tls)
    yield node
    node.kill()


async def test_a_rediss_url_reaches_a_tls_only_server_trusting_the_configured_ca(
    redis_tls: Tls, tls_node: Node
):
    node = tls_node
    settings = Settings.from_env(
        {
            "CLAIMSVC_MONGO_URL": "memory://",
            "CLAIMSVC_REDIS_URL": f"rediss://localhost:{node.port}/0",
            "CLAIMSVC_REDIS_CA_FILE": redis_tls.ca_file,
            "CLAIMSVC_REDIS_PREFIX": "tls:",
        }
    )
    deps = await open_deps(settings)
    try:
        hits = [await deps.stores.limits.hit("buyer:ip", BUYER, 1, NOW) for _ in range(2)]
        # The script ran on the TLS server: the second request is over the limit of one.
        assert [h.allowed for h in hits] == [True, False]
        assert node.client().get(WINDOW_KEY) == b"1", "the counter is on the TLS server"
    finally:
        await deps.close()


async def test_a_server_certificate_from_an_untrusted_ca_is_refused_at_once(
    tls_node: Node, tmp_path: Path
):
    node = tls_node
    other_ca = tmp_path / "other-ca.pem"
    trustme.CA().cert_pem.write_to_path(str(other_ca))
    # The system bundle, then an unrelated CA: neither vouches for the server, so no command runs.
    url = f"rediss://127.0.0.1:{node.port}"
    clients = [open_redis(url), open_redis(url, str(other_ca))]
    try:
        for client in clients:
            started = time.monotonic()
            with pytest.raises(redis.exceptions.ConnectionError, match="CERTIFICATE_VERIFY_FAILED"):
                await asyncio.wait_for(client.set("tls:untrusted", "1"), 30)
            # Not retried for the whole budget: a wrong CA does not mend itself in seconds.
            assert time.monotonic() - started < RETRY_BUDGET_S
        assert node.client().exists("tls:untrusted") == 0
    finally:
        for client in clients:
            await client.aclose()


async def first_answer(call: Any, within_s: float = 30.0) -> Any:
    """The first answer of `call` retried after a failover (bounded). A call caught mid-failover
    may outlast the client's own 5 s retry bound when the machine is loaded (the promotion then
    takes longer); test_sentinel_failover measures that bound. What is shown here is that the
    client follows the promotion over TLS."""
    deadline = time.monotonic() + within_s
    while True:
        try:
            return await call()
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)


async def test_a_tls_sentinel_set_is_followed_through_a_failover(redis_tls: Tls, tmp_path):
    group = start_sentinel_set(redis_server_binary(), tmp_path / "tls-set", tls=redis_tls)
    async with service_client(group, redis_tls.ca_file) as client:
        limits = LimitStore(client, RedisKeys("tls:"))
        first = await limits.hit("buyer:ip", BUYER, 100, NOW)
        assert (await client.info("server"))["tcp_port"] == group.primary.port
        group.primary.kill()
        after = await first_answer(lambda: limits.hit("buyer:ip", BUYER, 100, NOW))
        assert (first.allowed, after.allowed) == (True, True)
        # The Sentinels (over TLS) promoted the replica, and the client is on it now (over TLS).
        assert group.primary_port() == group.replica.port
        assert (await client.info("server"))["tcp_port"] == group.replica.port


async def test_a_tls_cluster_runs_a_script_on_the_node_owning_its_slot(redis_tls: Tls, tmp_path):
    cluster = start_cluster(redis_server_binary(), tmp_path / "tls-cluster", tls=redis_tls)
    async with service_client(cluster, redis_tls.ca_file) as client:
        decision = await LimitStore(client, RedisKeys("tls:")).hit("buyer:ip", BUYER, 100, NOW)
        assert decision.allowed
        window_key = WINDOW_KEY
        slot = key_slot(window_key.encode())
        # The server hashes the key as the client does, and the script's write is on the node
        # that owns that slot, and on no other.
        assert await client.cluster_keyslot(window_key) == slot
        holders, redirects = [], set()
        for node in cluster.nodes:
            try:
                assert node.client().get(window_key) == b"1"
                holders.append(node.port)
            except redis.exceptions.MovedError as moved:
                # "MOVED <slot> 127.0.0.1:<owner's port>": this node does not own the slot.
                redirects.add(str(moved))
        assert len(holders) == 1
        assert redirects == {f"{slot} 127.0.0.1:{holders[0]}"}
