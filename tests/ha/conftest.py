"""Fixtures of the high-availability tests: loopback Redis Sentinel sets and Clusters they start
and stop themselves, and the in-process processes (API, SMS intake, webhook receiver) reused
from the SMS and worker tests."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
import trustme

from claimsvc.settings import Settings
from tests.conftest import make_settings
from tests.ha.servers import (
    Cluster,
    SentinelSet,
    Tls,
    redis_server_binary,
    start_cluster,
    start_sentinel_set,
)
from tests.sms.conftest import drain, make_device, post_sms, sms, sms_server  # noqa: F401
from tests.worker.conftest import ca, ca_file, receiver, server_ssl  # noqa: F401


@pytest.fixture(autouse=True)
def collect_garbage_after() -> Iterator[None]:
    """Collect what an HA test left (its Redis clients and transports, once its event loop is
    closed) before the worker's next test. Left to the collector, their finalizers ran in the
    middle of a later test's `ast.parse` and CPython 3.11.7 then failed every parse of that
    process with "SystemError: AST constructor recursion depth mismatch" (the Sentinel password
    test then tests/sms/test_cli_parse.py, reproduced in one process; collected here, both pass)."""
    yield
    gc.collect()


@pytest.fixture
def sentinel_set(tmp_path: Path) -> Iterator[SentinelSet]:
    """A primary, a replica and three Sentinels of this test alone (it may kill the primary)."""
    group = start_sentinel_set(redis_server_binary(), tmp_path / "sentinel")
    yield group
    group.stop()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """Three Cluster primaries on loopback, shared by the module's tests."""
    nodes = start_cluster(redis_server_binary(), tmp_path_factory.mktemp("cluster"))
    yield nodes
    nodes.stop()


@pytest.fixture
def redis_tls(ca: trustme.CA, ca_file: str, tmp_path: Path) -> Tls:  # noqa: F811
    """Certificate and key of TLS Redis servers on loopback, issued by the test CA (`ca_file`)."""
    cert = ca.issue_cert("127.0.0.1", "localhost")
    chain, key = tmp_path / "redis-chain.pem", tmp_path / "redis-key.pem"
    chain.write_bytes(b"".join(blob.bytes() for blob in cert.cert_chain_pems))
    cert.private_key_pem.write_to_path(str(key))
    return Tls(ca_file, str(chain), str(key))


def ha_settings(redis_url: str, ca_file: str) -> Settings:  # noqa: F811
    """In-process app settings on the embedded MongoDB and the given real Redis."""
    return make_settings(redis_url=redis_url, webhook_allow_private=True, webhook_ca_file=ca_file)
