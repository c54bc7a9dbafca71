"""The real-wire tier: the app on a MongoDB-wire server (SecantusDB) this session starts, so
that driver-level round trips are counted with a CommandListener and the bulk-write paths the
embedded fake lacks (bulk UpdateOne) run. Redis stays fakeredis here: its calls are counted
the same way, and tests/redis runs every script on the real server.

The server listens on 127.0.0.1 on a free port, keeps its data in a temporary directory, and
is stopped at the end of the session. Every wait is bounded.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from motor.motor_asyncio import AsyncIOMotorClient
from pymongo import MongoClient
from pymongo.errors import PyMongoError

from claimsvc.bootstrap import Deps, open_deps
from claimsvc.roundtrips import CountingRedis, MongoCommandCounter, RoundTrips
from claimsvc.store.redis_client import open_redis
from sms_ingest.app import SmsIngest, build
from sms_ingest.consumer import Tuning
from tests.conftest import make_settings
from tests.ha.servers import free_port, wait_until
from tests.sms.conftest import make_device, post_sms, sms_server  # noqa: F401
from tests.worker.conftest import ca, ca_file, make_session, receiver, server_ssl  # noqa: F401

START_WAIT_S = 30.0


def _secantusd() -> str:
    """The server's command, or a skip (a failure when CI=true) saying it is missing."""
    found = shutil.which("secantusd-py") or str(Path(sys.executable).with_name("secantusd-py"))
    if os.path.exists(found):
        return found
    reason = "secantusd-py (pip install secantusdb) is not installed"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason}; CI=true requires it")
    pytest.skip(f"{reason}; set CI=true to make this a failure")


def _answers(url: str) -> bool:
    with MongoClient(url, serverSelectionTimeoutMS=500) as client:
        try:
            client.admin.command("ping")
        except PyMongoError:
            return False
    return True


@pytest.fixture(scope="session")
def mongo_wire_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A SecantusDB server of this test session: its mongodb:// URL."""
    port = free_port()
    data = tmp_path_factory.mktemp("secantus")
    cmd = [_secantusd(), "--host", "127.0.0.1", "--port", str(port), "--storage-path", str(data)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"mongodb://127.0.0.1:{port}"
    try:
        wait_until(lambda: proc.poll() is None and _answers(url), START_WAIT_S, "SecantusDB start")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture
def tally() -> RoundTrips:
    return RoundTrips()


@pytest.fixture
def settings(mongo_wire_url: str, ca_file: str):  # noqa: F811
    """The app on the wire server (a database of this test alone); webhooks to the receiver."""
    return make_settings(
        mongo_url=mongo_wire_url,
        mongo_db=f"wire_{uuid.uuid4().hex[:10]}",
        webhook_allow_private=True,
        webhook_ca_file=ca_file,
    )


@pytest.fixture
async def deps(settings, clock, tally) -> AsyncIterator[Deps]:
    listener = MongoCommandCounter(tally)
    mongo = AsyncIOMotorClient(
        settings.mongo_url, tz_aware=True, w="majority", event_listeners=[listener]
    )
    redis = CountingRedis(open_redis("memory://"), tally)
    deps = await open_deps(settings, clock, mongo=mongo, redis=redis)
    # The platform settings are cached for a second; a slow test machine must not see expiry.
    deps.stores.platform.monotonic = lambda: 0.0
    yield deps
    with tally.ignored():
        await mongo.drop_database(settings.mongo_db)
    await deps.close()


@pytest.fixture
def sms(deps: Deps) -> SmsIngest:
    """The SMS parts; no sweep in the counted rounds (it runs every few seconds, not per SMS)."""
    return build(deps, Tuning(idle_backoff_s=0.01, block_ms=1, sweep_every_s=3600))
