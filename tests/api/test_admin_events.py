"""GET /admin/v1/events: each terminal transition's event, exactly as recorded."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from claimsvc.domain.paging import encode_cursor
from tests.claims_support import claim_body, open_session, pay, relay_owed, session_doc


async def complete(fetch, deps, merchant, amount_poisha=50_000):
    session_id = await open_session(deps, merchant, amount_poisha=amount_poisha)
    tx = await pay(deps, merchant, amount_poisha=amount_poisha)
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert reply.code == 200
    assert await relay_owed(deps) == 1  # the worker's outbox relay writes the event
    return session_id


async def test_a_completion_records_one_queued_event_with_the_interface_body(
    fetch, make_account, deps
):
    merchant = await make_account()
    session_id = await complete(fetch, deps, merchant, amount_poisha=15_025)
    session = await session_doc(deps, session_id)
    listed = await fetch(f"/admin/v1/events?session_id={session_id}", admin=True)
    assert listed.code == 200
    [item] = listed.json()["items"]
    assert item == {
        "id": item["id"],
        "account_id": merchant.id,
        "session_id": session_id,
        "order_id": session["order_id"],
        "payment_status": "COMPLETED",
        "status": "queued",
        "attempts": 0,
        "next_attempt_at": "2026-11-21T06:00:00Z",
        "last_status_code": None,
        "last_error": None,
        "stopped_reason": None,
        "created_at": "2026-11-21T06:00:00Z",
        "delivered_at": None,
    }
    stored = await deps.stores.events.get(item["id"])
    expected = {
        "order_id": session["order_id"],
        "payment_status": "COMPLETED",
        "trid": session["payment_id"],
        "amount": 150.25,
    }
    assert stored is not None
    assert stored.body == json.dumps(expected, separators=(",", ":")).encode()


async def test_event_ids_are_numeric_and_increase(fetch, make_account, deps):
    merchant = await make_account()
    for _ in range(3):
        await complete(fetch, deps, merchant)
    ids = [i["id"] for i in (await fetch("/admin/v1/events", admin=True)).json()["items"]]
    assert all(isinstance(i, int) for i in ids)
    assert ids == sorted(ids, reverse=True) and len(set(ids)) == 3


async def test_events_filter_by_account_and_status_and_page_by_cursor(fetch, make_account, deps):
    one, two = await make_account(), await make_account()
    mine = [await complete(fetch, deps, one) for _ in range(3)]
    await complete(fetch, deps, two)
    first = (await fetch(f"/admin/v1/events?account_id={one.id}&limit=2", admin=True)).json()
    cursor = first["next_cursor"]
    rest = (
        await fetch(f"/admin/v1/events?account_id={one.id}&limit=2&cursor={cursor}", admin=True)
    ).json()
    seen = [i["session_id"] for i in first["items"] + rest["items"]]
    assert seen == list(reversed(mine))
    assert rest["next_cursor"] is None
    dead = (await fetch("/admin/v1/events?status=dead", admin=True)).json()
    assert dead["items"] == []


async def test_a_page_that_ends_the_list_has_no_next_cursor(fetch, make_account, deps):
    merchant = await make_account()
    for _ in range(2):
        await complete(fetch, deps, merchant)
    full = (await fetch(f"/admin/v1/events?account_id={merchant.id}&limit=2", admin=True)).json()
    assert len(full["items"]) == 2 and full["next_cursor"] is None


async def test_a_cursor_of_a_time_sorted_listing_is_refused(fetch):
    # The form of a devices, transactions or messages cursor: a moment and an id.
    cursor = encode_cursor(datetime(2026, 11, 21, tzinfo=UTC), "dev-1")
    reply = await fetch(f"/admin/v1/events?cursor={cursor}", admin=True)
    assert (reply.code, reply.json()["details"]) == (400, ["cursor: not a valid cursor"])


@pytest.mark.parametrize("query", ["status=lost", "limit=0", "limit=abc", "cursor=-1"])
async def test_bad_filters_are_400(fetch, query):
    reply = await fetch(f"/admin/v1/events?{query}", admin=True)
    assert reply.code == 400 and reply.json()["error"] == "Invalid request body"


async def test_events_need_the_admin_token(fetch):
    reply = await fetch("/admin/v1/events")
    assert (reply.code, reply.json()) == (401, {"error": "Unauthorized"})
