"""Shared fixtures: the real app in-process on the embedded stores, and factories."""

from __future__ import annotations

import functools
import json as jsonlib
import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
from argon2 import PasswordHasher
from hypothesis import settings as hypothesis_settings
from tornado.httpclient import AsyncHTTPClient, HTTPResponse
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from claimsvc.api.app import make_app
from claimsvc.bootstrap import Deps, open_deps
from claimsvc.clock import FrozenClock
from claimsvc.devstack import embedded_mongo
from claimsvc.domain.accounts import Account
from claimsvc.services import passwords as password_service
from claimsvc.settings import Settings
from claimsvc.store.mongo import open_mongo
from claimsvc.store.redis_client import open_redis
from claimsvc.testing.roundtrips import CountingMongoClient, CountingRedis, RoundTrips

# Wall-clock deadlines are timed assertions: on a loaded CI machine they fail correct code.
hypothesis_settings.register_profile("claimsvc", deadline=None, print_blob=True)
hypothesis_settings.load_profile("claimsvc")

ADMIN_TOKEN = "test-admin-token-0123456789"
ALLOWED_HOST = "shop.example.com"


def make_settings(**overrides: Any) -> Settings:
    """Settings for an in-process test app on the embedded stores."""
    base = Settings(
        mongo_url="memory://",
        redis_url="memory://",
        admin_token=ADMIN_TOKEN,
        public_base_url="https://pay.example.test",
        redis_prefix=f"test:{uuid.uuid4().hex[:8]}:",
    )
    return base.replace(**overrides)


# Known-slow tests first (issue 35): xdist's worksteal hands each worker a run of the list from
# its start, and an idle worker steals from the end of another's; a slow test collected last
# starts last and leaves the other core idle until it ends (the serial tail). Stable: a module's
# tests stay together and in order. Most expensive first (processes, stacks, browsers).
SLOW_FIRST = (
    # The shop first: its set-up (the WordPress template, then mariadbd, php and a service stack)
    # is per xdist worker and the longest chain of the run, so it starts at once, and its tests
    # stay at the head of the first worker's list, where no idle worker steals (it steals from a
    # list's end). After the ops and wire tiers, its last tests were stolen and a second worker
    # set up a second shop (22.6 s of set-up) in a run beside another helper's benchmarks.
    "tests/shop/",
    "tests/ops/",
    "tests/wire/",
    "tests/e2e/",
    "tests/sdk/",
    "tests/api/test_openapi_schemathesis.py",
    "tests/api/test_fuzz_fields.py",
    # After schemathesis, as in the alphabetical order before: once the Sentinel password test
    # has run in a process, CPython 3.11.7 fails the imports pytest's assertion rewriter makes
    # later in it ("AST constructor recursion depth mismatch"), and schemathesis imports its
    # OpenAPI modules lazily, when its first test starts (29 errors in a run ordered otherwise).
    "tests/ha/",
    "tests/worker/test_worker_drain.py",
)


def slow_rank(nodeid: str) -> int:
    """The place of a test's group in SLOW_FIRST (every other test after them all)."""
    for rank, prefix in enumerate(SLOW_FIRST):
        if nodeid.startswith(prefix):
            return rank
    return len(SLOW_FIRST)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: slow_rank(item.nodeid))


@pytest.fixture(autouse=True)
def cheap_password_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2id at its smallest cost in the in-process tests: the sign-in limit tests hash
    hundreds of wrong passwords, each 64 MiB and three passes at the production cost. The
    production cost is held by tests/unit/test_password_cost.py; processes the tests start
    (tests/ops, tests/wire, tests/sdk) hash at the production cost."""
    cheap = functools.partial(PasswordHasher, time_cost=1, memory_cost=8, parallelism=1)
    monkeypatch.setattr(password_service, "PasswordHasher", cheap)


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock()


@pytest.fixture
def settings() -> Settings:
    return make_settings()


# The real-wire tier: modules marked `wire` run every test that uses `deps` twice, on the
# in-process fake (memory://) and on one SecantusDB server for the session, a database per test.


def require_server(reason: str) -> None:
    """A missing real server: a failure under CI=true, a skip with the reason locally."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason}; CI=true requires it")
    pytest.skip(f"{reason}; set CI=true to make this a failure")


@pytest.fixture(scope="session")
def wire_mongo(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One SecantusDB child (free 127.0.0.1 port, temporary storage) for the whole run."""
    try:
        server = embedded_mongo.start(tmp_path_factory.mktemp("secantus"))
    except (embedded_mongo.EmbeddedMongoError, OSError) as exc:
        require_server(f"SecantusDB did not start: {exc}")
    yield server
    server.stop()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "mongo_backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker("wire"):
        metafunc.parametrize("mongo_backend", ["memory", "wire"], indirect=True)


@pytest.fixture
def mongo_backend(request: pytest.FixtureRequest) -> str:
    """ "memory" (mongomock), or "wire" (SecantusDB) in modules marked `wire`."""
    return str(getattr(request, "param", "memory"))


@pytest.fixture
def wire_db(mongo_backend: str, request: pytest.FixtureRequest) -> dict[str, str]:
    """Settings overrides that put a test on the real wire in a database of its own."""
    return wire_overrides(request) if mongo_backend == "wire" else {}


def wire_overrides(request: pytest.FixtureRequest) -> dict[str, str]:
    """mongo_url/mongo_db of a fresh database on the session's SecantusDB server."""
    server = request.getfixturevalue("wire_mongo")
    return {"mongo_url": server.url, "mongo_db": f"t_{uuid.uuid4().hex[:12]}"}


@pytest.fixture
async def deps(
    settings: Settings, clock: FrozenClock, wire_db: dict[str, str]
) -> AsyncIterator[Deps]:
    deps = await open_deps(settings.replace(**wire_db), clock)
    yield deps
    await close_deps(deps, wire_db)


@pytest.fixture
def tally() -> RoundTrips:
    """Exact MongoDB command and Redis call counts of one test (see claimsvc.testing.roundtrips)."""
    return RoundTrips()


async def open_counted_deps(settings: Settings, clock: FrozenClock, tally: RoundTrips) -> Deps:
    """Deps on the embedded stores, every MongoDB command and Redis call counted in `tally`."""
    mongo = CountingMongoClient(open_mongo("memory://"), tally)
    redis = CountingRedis(open_redis("memory://"), tally)
    return await open_deps(settings, clock, mongo=mongo, redis=redis)


async def close_deps(deps: Deps, wire_db: dict[str, str]) -> None:
    """Close the clients; on the wire, drop the test's database first."""
    if wire_db:
        await deps.mongo.drop_database(wire_db["mongo_db"])
    await deps.close()


@dataclass
class Reply:
    """An HTTP answer as tests read it."""

    code: int
    headers: Any
    body: bytes

    def json(self) -> Any:
        return jsonlib.loads(self.body)


Fetch = Callable[..., Awaitable[Reply]]


@pytest.fixture
async def server(deps: Deps) -> AsyncIterator[str]:
    """The real API application on a free local port; yields its base URL."""
    sock, port = bind_unused_port()
    # As the processes do: no xheaders; handlers read the client address by the one rule.
    http = HTTPServer(make_app(deps), max_body_size=4 << 20)
    http.add_sockets([sock])
    yield f"http://127.0.0.1:{port}"
    http.stop()
    await http.close_all_connections()


@pytest.fixture
def fetch(server: str) -> Fetch:
    """fetch(path, json=..., key=..., method=..., body=..., headers=...) -> Reply."""
    client = AsyncHTTPClient()

    async def _fetch(
        path: str,
        *,
        json: Any = None,
        body: bytes | str | None = None,
        key: str | None = None,
        admin: bool = False,
        method: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        hdrs = dict(headers or {})
        if key is not None:
            hdrs["x-api-key"] = key
        if admin:
            hdrs["Authorization"] = f"Bearer {ADMIN_TOKEN}"
        if json is not None:
            body = jsonlib.dumps(json)
            hdrs.setdefault("content-type", "application/json")
        method = method or ("POST" if body is not None else "GET")
        if method in ("POST", "PUT", "PATCH") and body is None:
            body = b""
        resp: HTTPResponse = await client.fetch(
            server + path,
            method=method,
            body=body,
            headers=hdrs,
            raise_error=False,
            allow_nonstandard_methods=True,
            request_timeout=60,
            follow_redirects=False,  # a test sees each answer as sent, a 303 included
        )
        return Reply(resp.code, resp.headers, resp.body or b"")

    return _fetch


@dataclass
class Merchant:
    """An account with one API key, as a test uses it."""

    id: str
    key: str
    key_id: str
    account: Account


@pytest.fixture
def make_account(deps: Deps) -> Callable[..., Awaitable[Merchant]]:
    """make_account(**overrides) -> Merchant (account created through the admin service)."""

    async def _make(**overrides: Any) -> Merchant:
        fields = {
            "name": "Test Shop",
            "allowed_hosts": [ALLOWED_HOST],
            "callback_secret": "test-callback-secret-0123456789",
            "wallets": [{"provider": "bkash", "number": "01700000001", "kind": "personal"}],
            **overrides,
        }
        account = await deps.services.admin.create_account(fields)
        minted = await deps.services.admin.mint_key(account.id, "test")
        return Merchant(account.id, minted.secret, minted.key.id, account)

    return _make


def initialize_body(**overrides: Any) -> dict[str, Any]:
    """A valid initialize body with a fresh order id."""
    return {
        "order_id": f"order-{uuid.uuid4().hex[:10]}",
        "amount": 500,
        "success_url": f"https://{ALLOWED_HOST}/success",
        "cancel_url": f"https://{ALLOWED_HOST}/cancel",
        "webhook_url": f"https://{ALLOWED_HOST}/webhook",
        **overrides,
    }


def real_redis_url() -> str | None:
    """The real Redis server for tests marked `redis`; required in CI."""
    return os.environ.get("CLAIMSVC_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
