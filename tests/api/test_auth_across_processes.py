"""Revoking a key and changing an account apply to the very next request in every API process.

Two API applications, each with its own Deps (its own services, key index and remembered
hosts, as two processes have), share one MongoDB and one Redis, as production processes do.
Both have served the key before the change, so each holds everything it could wrongly reuse.
(Two app instances in one test process, not two OS processes: the embedded MongoDB cannot be
shared across processes.)
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from tornado.httpclient import AsyncHTTPClient
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from claimsvc.api.app import make_app
from claimsvc.bootstrap import open_deps
from claimsvc.store.mongo import open_mongo
from claimsvc.store.redis_client import open_redis
from tests.conftest import ADMIN_TOKEN, ALLOWED_HOST, Reply, initialize_body

INIT = "/api/v1/checkout/initialize"


class Process:
    """One API application on its own port."""

    def __init__(self, deps: Any, base: str) -> None:
        self.deps = deps
        self.base = base

    async def call(self, method: str, path: str, body: Any, **kw: Any) -> Reply:
        headers = {"content-type": "application/json"}
        if kw.get("key") is not None:
            headers["x-api-key"] = kw["key"]
        if kw.get("admin"):
            headers["Authorization"] = f"Bearer {ADMIN_TOKEN}"
        resp = await AsyncHTTPClient().fetch(
            self.base + path,
            method=method,
            body=json.dumps(body),
            headers=headers,
            raise_error=False,
            request_timeout=60,
        )
        return Reply(resp.code, resp.headers, resp.body or b"")

    async def post(self, path: str, body: Any, key: str | None = None, admin: bool = False):
        return await self.call("POST", path, body, key=key, admin=admin)

    async def patch(self, path: str, fields: dict[str, Any]) -> Reply:
        return await self.call("PATCH", path, fields, admin=True)


@pytest.fixture
async def processes(settings, clock) -> AsyncIterator[tuple[Process, Process]]:
    mongo, redis = open_mongo("memory://"), open_redis("memory://")
    started = []
    for _ in range(2):
        deps = await open_deps(settings, clock, mongo=mongo, redis=redis)
        sock, port = bind_unused_port()
        http = HTTPServer(make_app(deps))
        http.add_sockets([sock])
        started.append((Process(deps, f"http://127.0.0.1:{port}"), http))
    yield started[0][0], started[1][0]
    for _, http in started:
        http.stop()
        await http.close_all_connections()
    await started[0][0].deps.close()


@pytest.fixture
async def merchant(processes) -> dict[str, str]:
    """An account and key, already used on both processes."""
    a, b = processes
    account = await a.post(
        "/admin/v1/accounts", {"name": "Shop", "allowed_hosts": [ALLOWED_HOST]}, admin=True
    )
    key = await a.post(f"/admin/v1/accounts/{account.json()['id']}/keys", {}, admin=True)
    out = {"id": account.json()["id"], "key": key.json()["key"], "key_id": key.json()["id"]}
    for process in (a, b):
        assert (await process.post(INIT, initialize_body(), key=out["key"])).code == 201
    return out


async def test_a_key_revoked_through_one_process_is_refused_by_the_other(processes, merchant):
    a, b = processes
    revoked = await a.post(f"/admin/v1/keys/{merchant['key_id']}/revoke", {}, admin=True)
    assert revoked.code == 200
    for process in (b, a):
        reply = await process.post(INIT, initialize_body(), key=merchant["key"])
        assert reply.code == 401


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"status": "suspended"}, 403),
        ({"status": "pending_kyc"}, 403),
        ({"archived": True}, 403),
        ({"daily_limit": 2}, 429),  # two sessions already today
        ({"rate_limit_per_minute": 2}, 429),  # two requests already this minute
        ({"fee_due": 10, "fee_limit": 5}, 402),
        ({"allowed_hosts": ["other.example.com"]}, 400),
    ],
)
async def test_an_account_change_through_one_process_applies_to_the_others_next_request(
    processes, merchant, fields, code
):
    a, b = processes
    assert (await a.patch(f"/admin/v1/accounts/{merchant['id']}", fields)).code == 200
    reply = await b.post(INIT, initialize_body(), key=merchant["key"])
    assert reply.code == code


async def test_an_account_change_that_allows_more_applies_at_once_too(processes, merchant):
    a, b = processes
    await a.patch(f"/admin/v1/accounts/{merchant['id']}", {"status": "suspended"})
    assert (await b.post(INIT, initialize_body(), key=merchant["key"])).code == 403
    await a.patch(f"/admin/v1/accounts/{merchant['id']}", {"status": "active"})
    assert (await b.post(INIT, initialize_body(), key=merchant["key"])).code == 201
    new_host = {"allowed_hosts": [ALLOWED_HOST, "new.example.com"]}
    await a.patch(f"/admin/v1/accounts/{merchant['id']}", new_host)
    urls = {f: f"https://new.example.com/{f}" for f in ("success_url", "cancel_url")}
    assert (await b.post(INIT, initialize_body(**urls), key=merchant["key"])).code == 201


async def test_a_change_whose_process_died_mid_way_is_read_from_mongodb(processes, merchant):
    a, b = processes
    # The admin process marked the change and wrote MongoDB, then died before the commit.
    await a.deps.stores.admission.begin_change(merchant["id"])
    await a.deps.stores.accounts.update(merchant["id"], {"status": "suspended"})
    assert (await b.post(INIT, initialize_body(), key=merchant["key"])).code == 403
    await a.deps.stores.admission.begin_change(merchant["id"], merchant["key_id"])
    await a.deps.db["api_keys"].update_one(
        {"_id": merchant["key_id"]}, {"$set": {"revoked_at": a.deps.clock()}}
    )
    assert (await b.post(INIT, initialize_body(), key=merchant["key"])).code == 401


async def test_redis_losing_everything_never_readmits_a_revoked_key(processes, merchant):
    a, b = processes
    await a.post(f"/admin/v1/keys/{merchant['key_id']}/revoke", {}, admin=True)
    await a.deps.redis.flushall()
    assert (await b.post(INIT, initialize_body(), key=merchant["key"])).code == 401
    assert (await a.post(INIT, initialize_body(), key=merchant["key"])).code == 401
