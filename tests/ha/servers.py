"""redis-server processes the HA tests start on loopback: a Sentinel set and a three-node Cluster.

Every process listens on 127.0.0.1 on a free port, keeps no data on disk beyond its own temporary
directory, and is killed by the fixture that started it. Every wait is bounded.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis

from claimsvc.devstack.embedded_mongo import free_port

SERVICE = "mymaster"
DOWN_AFTER_MS = 500
"""Sentinel's down-after-milliseconds here: small, so a failover fits in a test's seconds."""
START_WAIT_S = 10.0


def redis_server_binary() -> str:
    """The redis-server path, or a skip (a failure when CI=true) saying it is missing."""
    found = shutil.which("redis-server")
    if found and shutil.which("redis-cli"):
        return found
    reason = "redis-server and redis-cli are not installed (Debian: apt-get install redis-server)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason}; CI=true requires them")
    pytest.skip(f"{reason}; set CI=true to make this a failure")


def wait_until(check: Callable[[], bool], timeout_s: float, what: str) -> float:
    """Poll `check` every 50 ms until it holds; seconds it took, or a failure naming `what`."""
    start = time.monotonic()
    while time.monotonic() - start < timeout_s:
        try:
            if check():
                return time.monotonic() - start
        except (redis.RedisError, OSError):
            pass
        time.sleep(0.05)
    pytest.fail(f"{what} did not happen within {timeout_s} s")


@dataclass(frozen=True)
class Tls:
    """The files of a TLS-only server: its CA (which clients must trust), certificate and key."""

    ca_file: str
    cert_file: str
    key_file: str

    def config(self) -> str:
        """TLS on every link the server has: clients, replication, Sentinel links, Cluster bus.
        Clients show no certificate (the service has none); the server's is always verified."""
        return (
            f"tls-cert-file {self.cert_file}\ntls-key-file {self.key_file}\n"
            f"tls-ca-cert-file {self.ca_file}\ntls-auth-clients no\n"
            "tls-replication yes\ntls-cluster yes\n"
        )


@dataclass
class Node:
    """One redis-server process (a data node or a Sentinel)."""

    port: int
    proc: subprocess.Popen[bytes]
    workdir: Path
    password: str | None = None
    tls: Tls | None = None

    def client(self) -> redis.Redis:
        tls: dict[str, object] = {"ssl": True, "ssl_ca_certs": self.tls.ca_file} if self.tls else {}
        return redis.Redis(
            host="127.0.0.1", port=self.port, password=self.password, socket_timeout=2, **tls
        )

    def kill(self) -> None:
        """SIGKILL, as a crashed host: no shutdown save, no goodbye to replicas."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)


def start_node(
    binary: str,
    workdir: Path,
    *args: str,
    config: str = "",
    password: str | None = None,
    tls: Tls | None = None,
) -> Node:
    """A redis-server on a free loopback port, answering PING before this returns; `password`
    is its requirepass (and, for a data node, the password it replicates with); with `tls` it
    listens for TLS only (no plain-text port)."""
    port = free_port()
    workdir.mkdir(parents=True, exist_ok=True)
    conf = workdir / "redis.conf"
    if password:
        sentinel = "--sentinel" in args
        config += f"requirepass {password}\n" + ("" if sentinel else f"masterauth {password}\n")
    listen = f"port 0\ntls-port {port}\n{tls.config()}" if tls else f"port {port}\n"
    conf.write_text(
        f'{listen}bind 127.0.0.1\ndir {workdir}\nsave ""\nappendonly no\n'
        f"protected-mode no\nrepl-diskless-sync-delay 0\nlogfile {workdir / 'log.txt'}\n{config}"
    )
    proc = subprocess.Popen(
        [binary, str(conf), *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    node = Node(port, proc, workdir, password, tls)
    try:
        wait_until(lambda: bool(node.client().ping()), START_WAIT_S, f"redis-server on {port}")
    except BaseException:
        node.kill()
        raise
    return node


@dataclass
class SentinelSet:
    """A primary, one replica and three Sentinels (quorum 2) watching SERVICE."""

    primary: Node
    replica: Node
    sentinels: list[Node] = field(default_factory=list)

    @property
    def url(self) -> str:
        hosts = ",".join(f"127.0.0.1:{s.port}" for s in self.sentinels)
        auth = f":{self.primary.password}@" if self.primary.password else ""
        scheme = "rediss" if self.primary.tls else "redis"
        return f"{scheme}+sentinel://{auth}{hosts}/{SERVICE}"

    def primary_port(self) -> int:
        """The primary's port as the first Sentinel that answers reports it."""
        for sentinel in self.sentinels:
            try:
                _, port = sentinel.client().sentinel_get_master_addr_by_name(SERVICE)
                return int(port)
            except (redis.RedisError, OSError, TypeError):
                continue
        return 0

    def stop(self) -> None:
        for node in [*self.sentinels, self.replica, self.primary]:
            node.kill()


def start_sentinel_set(
    binary: str,
    root: Path,
    down_after_ms: int = DOWN_AFTER_MS,
    password: str | None = None,
    tls: Tls | None = None,
) -> SentinelSet:
    """The set, its replica in sync and its Sentinels aware of each other; `password` protects
    the servers and the Sentinels alike; `tls` puts every one of their links on TLS."""
    primary = start_node(binary, root / "primary", password=password, tls=tls)
    replica = start_node(
        binary,
        root / "replica",
        config=f"replicaof 127.0.0.1 {primary.port}\n",
        password=password,
        tls=tls,
    )
    group = SentinelSet(primary, replica)
    try:
        wait_until(
            lambda: replica.client().info("replication")["master_link_status"] == "up",
            START_WAIT_S,
            "the replica's first sync",
        )
        for i in range(3):
            watch = (
                f"sentinel monitor {SERVICE} 127.0.0.1 {primary.port} 2\n"
                f"sentinel down-after-milliseconds {SERVICE} {down_after_ms}\n"
                f"sentinel failover-timeout {SERVICE} 10000\n"
            ) + (f"sentinel auth-pass {SERVICE} {password}\n" if password else "")
            group.sentinels.append(
                start_node(
                    binary,
                    root / f"sentinel{i}",
                    "--sentinel",
                    config=watch,
                    password=password,
                    tls=tls,
                )
            )
        # Sentinels find each other through hello messages every 2 s; until they do, no quorum.
        wait_until(
            lambda: all(
                len(s.client().sentinel_sentinels(SERVICE)) == 2
                and len(s.client().sentinel_slaves(SERVICE)) == 1
                for s in group.sentinels
            ),
            START_WAIT_S * 2,
            "the three Sentinels seeing each other and the replica",
        )
    except BaseException:
        group.stop()
        raise
    return group


@dataclass
class Cluster:
    """Three primaries on loopback, the 16384 slots split between them, no replicas."""

    nodes: list[Node]

    @property
    def url(self) -> str:
        scheme = "rediss" if self.nodes and self.nodes[0].tls else "redis"
        return f"{scheme}+cluster://" + ",".join(f"127.0.0.1:{n.port}" for n in self.nodes)

    def stop(self) -> None:
        for node in self.nodes:
            node.kill()


def start_cluster(binary: str, root: Path, tls: Tls | None = None) -> Cluster:
    cluster = Cluster([])
    try:
        for i in range(3):
            # The bus port is set, not derived (port + 10000 may be taken or past 65535).
            config = (
                f"cluster-enabled yes\ncluster-config-file nodes.conf\ncluster-port {free_port()}\n"
            )
            cluster.nodes.append(start_node(binary, root / f"node{i}", config=config, tls=tls))
        hosts = [f"127.0.0.1:{n.port}" for n in cluster.nodes]
        over_tls = ["--tls", "--cacert", tls.ca_file] if tls else []
        subprocess.run(
            [
                shutil.which("redis-cli") or "redis-cli",
                *over_tls,
                "--cluster",
                "create",
                *hosts,
                "--cluster-replicas",
                "0",
                "--cluster-yes",
            ],
            check=True,
            capture_output=True,
            timeout=30,
        )
        wait_until(
            lambda: all(
                n.client().cluster("info").get("cluster_state") == "ok" for n in cluster.nodes
            ),
            START_WAIT_S * 2,
            "cluster_state:ok on every node",
        )
    except BaseException:
        cluster.stop()
        raise
    return cluster
