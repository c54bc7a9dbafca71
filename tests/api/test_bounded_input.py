"""Issue 23, finding 5: times and numbers out of bounds on the merchant and admin APIs are 400s
in each endpoint's shape, never a 500, and nothing is stored."""

from __future__ import annotations

import base64
import json
from urllib.parse import quote

import pytest

WINDOW = "between 2000-01-01 and 2100-01-01 UTC"
LINK = {"amount": 500, "description": "Blue kurta"}


def invalid(*details: str) -> dict:
    return {"error": "Invalid request body", "details": list(details)}


@pytest.mark.parametrize(
    "expires_at",
    [
        "9999-12-31T23:59:59-12:00",  # cannot even be converted to UTC: the insert failed
        "9999-12-31T23:59:59Z",  # was stored, and the link's portal page answered 500
        "0001-01-01T00:00:00+14:00",
        "2100-01-01T00:00:00Z",
    ],
)
async def test_a_link_expiry_out_of_bounds_is_refused_and_no_link_is_made(
    fetch, make_account, expires_at
):
    merchant = await make_account()
    reply = await fetch(
        "/api/v1/payment-links", json={**LINK, "expires_at": expires_at}, key=merchant.key
    )
    assert (reply.code, reply.json()) == (400, invalid(f"expires_at: must be {WINDOW}"))
    listed = await fetch("/api/v1/payment-links", key=merchant.key)
    assert listed.json()["items"] == []


async def test_a_link_expiry_in_bounds_with_an_offset_is_kept_in_utc(fetch, make_account):
    merchant = await make_account()
    reply = await fetch(
        "/api/v1/payment-links",
        json={**LINK, "expires_at": "2099-12-31T18:00:00-05:00"},
        key=merchant.key,
    )
    assert reply.code == 201, reply.body
    assert reply.json()["expires_at"] == "2099-12-31T23:00:00Z"
    page = await fetch(reply.json()["url"].removeprefix("https://pay.example.test"))
    assert page.code == 200


LIMIT_PROBLEM = "limit: must be an integer from 1 to 200"


@pytest.mark.parametrize("path", ["/admin/v1/transactions", "/admin/v1/messages"])
@pytest.mark.parametrize("limit", ["9" * 5000, "9" * 20, "\u0661\u0660", "¹", " 10_0", "+5", "0"])
async def test_an_admin_listing_refuses_a_limit_out_of_bounds(fetch, path, limit):
    reply = await fetch(f"{path}?limit={quote(limit)}", admin=True)
    assert (reply.code, reply.json()) == (400, invalid(LIMIT_PROBLEM))


@pytest.mark.parametrize(
    ("path", "admin"),
    [("/admin/v1/events", True), ("/api/v1/payment-links", False)],
)
@pytest.mark.parametrize("limit", ["9" * 5000, "9" * 20, "\u0661\u0660", "1_0", "-1"])
async def test_every_other_listing_refuses_the_same_limits(fetch, make_account, path, admin, limit):
    merchant = await make_account()
    key = None if admin else merchant.key
    reply = await fetch(f"{path}?limit={quote(limit)}", admin=admin, key=key)
    assert (reply.code, reply.json()) == (400, invalid(LIMIT_PROBLEM))


@pytest.mark.parametrize(
    "since",
    ["9999-12-31T23:59:59Z", "9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00"],
)
async def test_a_reparse_since_out_of_bounds_is_refused(fetch, since):
    reply = await fetch("/admin/v1/messages/reparse", json={"since": since}, admin=True)
    assert (reply.code, reply.json()) == (400, invalid(f"since: must be {WINDOW}"))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("daily_limit", 2**63),
        ("rate_limit_per_minute", 10**4000),
        ("max_failed_attempts", -(2**70)),
    ],
)
async def test_an_admin_integer_beyond_int64_is_refused_before_the_write(fetch, field, value):
    reply = await fetch("/admin/v1/accounts", json={"name": "Shop", field: value}, admin=True)
    assert reply.code == 400, reply.body
    assert reply.json()["details"][0].startswith(f"{field}: must be at")


def cursor(*position: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(list(position)).encode()).decode().rstrip("=")


@pytest.mark.wire  # the fake store never encodes a query: only the real wire overflowed
@pytest.mark.parametrize("event_id", [2**63, 10**30, -(10**30)])
async def test_an_event_cursor_beyond_int64_is_refused(fetch, event_id):
    reply = await fetch(f"/admin/v1/events?cursor={cursor(event_id)}", admin=True)
    assert (reply.code, reply.json()) == (400, invalid("cursor: not a valid cursor"))
