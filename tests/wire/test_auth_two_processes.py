"""Revocation and account changes across two real API processes (`claimsvc api`), sharing one
MongoDB-wire server and the real Redis, as two pods share a cluster's stores. Both processes
serve the key first, so each holds whatever it could wrongly reuse; the change is made through
one, and the other's very next request obeys it."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import AsyncHTTPClient

from tests.conftest import ADMIN_TOKEN, ALLOWED_HOST, Reply, initialize_body
from tests.ops.processes import started
from tests.wire.shared_stores import shared_stores

pytestmark = pytest.mark.redis

INIT = "/api/v1/checkout/initialize"


@pytest.fixture
def apis(mongo_wire_url: str, tmp_path: Path) -> Iterator[tuple[int, int]]:
    """Two API processes on one MongoDB database and one Redis prefix: their ports."""
    with shared_stores(mongo_wire_url, "two") as env, contextlib.ExitStack() as stack:
        env["CLAIMSVC_PUBLIC_BASE_URL"] = "https://pay.example.test"
        _, one = stack.enter_context(started("claimsvc-api", tmp_path / "one", **env))
        _, two = stack.enter_context(started("claimsvc-api", tmp_path / "two", **env))
        yield one, two


async def call(port: int, method: str, path: str, body: Any, key: str | None = None) -> Reply:
    headers = {"content-type": "application/json", "Authorization": f"Bearer {ADMIN_TOKEN}"}
    if key is not None:
        headers = {"content-type": "application/json", "x-api-key": key}
    resp = await AsyncHTTPClient().fetch(
        f"http://127.0.0.1:{port}{path}",
        method=method,
        body=json.dumps(body),
        headers=headers,
        raise_error=False,
        request_timeout=60,
    )
    return Reply(resp.code, resp.headers, resp.body or b"")


async def test_revocation_and_account_changes_apply_to_the_other_process_at_once(apis):
    one, two = apis
    account = (
        await call(
            one, "POST", "/admin/v1/accounts", {"name": "Shop", "allowed_hosts": [ALLOWED_HOST]}
        )
    ).json()
    keys = [
        (await call(one, "POST", f"/admin/v1/accounts/{account['id']}/keys", {})).json()
        for _ in range(2)
    ]
    for port in (one, two):
        for key in keys:
            assert (await call(port, "POST", INIT, initialize_body(), key["key"])).code == 201

    revoked = await call(one, "POST", f"/admin/v1/keys/{keys[0]['id']}/revoke", {})
    assert revoked.code == 200
    assert (await call(two, "POST", INIT, initialize_body(), keys[0]["key"])).code == 401
    assert (await call(two, "POST", INIT, initialize_body(), keys[1]["key"])).code == 201

    patch = f"/admin/v1/accounts/{account['id']}"
    assert (await call(one, "PATCH", patch, {"status": "suspended"})).code == 200
    assert (await call(two, "POST", INIT, initialize_body(), keys[1]["key"])).code == 403
    assert (await call(one, "PATCH", patch, {"status": "active"})).code == 200
    assert (await call(two, "POST", INIT, initialize_body(), keys[1]["key"])).code == 201
    assert (await call(one, "PATCH", patch, {"allowed_hosts": ["other.example.com"]})).code == 200
    assert (await call(two, "POST", INIT, initialize_body(), keys[1]["key"])).code == 400
    assert (await call(one, "PATCH", patch, {"archived": True})).code == 200
    assert (await call(two, "POST", INIT, initialize_body(), keys[1]["key"])).code == 403
