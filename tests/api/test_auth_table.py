"""interface.md §5: every endpoint that takes `x-api-key` answers its failures with the same bodies.

The claim endpoints render their own failures in the claim shape; an API-key failure is not a
claim outcome, so it keeps the plain `{"error": ...}` body there too (issue 14).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.claims_support import claim_body, open_session, session_doc
from tests.conftest import initialize_body

MISSING = (401, {"error": "Missing API Key"})
UNAUTHORIZED = (401, {"error": "Unauthorized API Key"})


async def request_of(endpoint: str, deps: Any, merchant: Any) -> tuple[str, dict[str, Any]]:
    """A valid body for `endpoint`, on a session of `merchant` where one is needed."""
    if endpoint == "initialize":
        return "/api/v1/checkout/initialize", initialize_body()
    session_id = await open_session(deps, merchant)
    if endpoint == "verify":
        return "/api/v1/checkout/verify", claim_body(session_id, "ABC12345")
    return "/api/v1/checkout/cancel", {"sessionId": session_id}


# Cancel without a header is the buyer's call, not a missing key: it is not in the first table.
@pytest.mark.parametrize("endpoint", ["initialize", "verify"])
@pytest.mark.parametrize("headers", [{}, {"x-api-key": ""}], ids=["no header", "empty header"])
async def test_a_missing_key_is_the_plain_401(fetch, make_account, deps, endpoint, headers):
    path, body = await request_of(endpoint, deps, await make_account())
    reply = await fetch(path, json=body, headers=headers)
    assert (reply.code, reply.json()) == MISSING


@pytest.mark.parametrize("endpoint", ["initialize", "verify", "cancel"])
async def test_an_unknown_key_is_the_plain_401(fetch, make_account, deps, endpoint):
    path, body = await request_of(endpoint, deps, await make_account())
    reply = await fetch(path, json=body, key="sk_not_a_key_of_anyone")
    assert (reply.code, reply.json()) == UNAUTHORIZED


@pytest.mark.parametrize("endpoint", ["initialize", "verify", "cancel"])
async def test_a_revoked_key_is_the_plain_401_and_changes_nothing(
    fetch, make_account, deps, endpoint
):
    merchant = await make_account()
    path, body = await request_of(endpoint, deps, merchant)
    await deps.services.admin.revoke_key(merchant.key_id)
    reply = await fetch(path, json=body, key=merchant.key)
    assert (reply.code, reply.json()) == UNAUTHORIZED
    if endpoint != "initialize":
        assert (await session_doc(deps, body["sessionId"]))["status"] == "OPEN"


@pytest.mark.parametrize("endpoint", ["verify", "cancel"])
async def test_the_key_is_checked_before_the_body(fetch, endpoint):
    """A bad key with a bad body is still the key's 401: nothing about the body leaks first."""
    path = f"/api/v1/checkout/{endpoint}"
    reply = await fetch(path, body=b"{not json", key="sk_not_a_key_of_anyone")
    assert (reply.code, reply.json()) == UNAUTHORIZED


async def test_claim_validation_failures_keep_the_claim_shape_on_verify(fetch, make_account):
    merchant = await make_account()
    reply = await fetch("/api/v1/checkout/verify", json={}, key=merchant.key)
    text = "Missing required matching fields"
    assert (reply.code, reply.json()) == (400, {"success": False, "error": text, "message": text})
