"""The real-wire tier: the app on a MongoDB-wire server (SecantusDB), so
that driver-level round trips are counted with a CommandListener and the bulk-write paths the
embedded fake lacks (bulk UpdateOne) run. Redis stays fakeredis here: its calls are counted
the same way, and tests/redis runs every script on the real server.

The server is the session's SecantusDB child of tests/conftest.py (`wire_mongo`); each test
has a database of its own, dropped afterwards.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from claimsvc.bootstrap import Deps, open_deps
from claimsvc.store.mongo import open_mongo
from claimsvc.store.redis_client import open_redis
from claimsvc.testing.roundtrips import CountingRedis, MongoCommandCounter
from sms_ingest.app import SmsIngest, build
from sms_ingest.consumer import Tuning
from tests.conftest import make_settings
from tests.sms.conftest import make_device, post_sms, sms_server  # noqa: F401
from tests.worker.conftest import ca, ca_file, make_session, receiver, server_ssl  # noqa: F401


@pytest.fixture(scope="session")
def mongo_wire_url(wire_mongo: Any) -> str:
    """The mongodb:// URL of the session's SecantusDB server (tests/conftest.py starts it)."""
    return str(wire_mongo.url)


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
    mongo = open_mongo(settings.mongo_url, event_listeners=[listener])
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
