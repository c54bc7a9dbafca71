"""POST /api/v1/checkout/cancel: by the buyer (no key) or the merchant (its key)."""

from __future__ import annotations

import pytest

from tests.claims_support import (
    claim_body,
    events_of,
    invalid,
    open_session,
    outcome,
    pay,
    session_doc,
)

CANCELLED = {
    "success": True,
    "status": "CANCELLED",
    "redirect_url": "https://shop.example.com/cancel",
}


async def cancel(fetch, session_id, key=None):
    return await fetch("/api/v1/checkout/cancel", json={"sessionId": session_id}, key=key)


async def test_the_buyer_cancels_an_open_session_once(fetch, make_account, deps):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    first = await cancel(fetch, session_id)
    again = await cancel(fetch, session_id)
    assert (first.code, first.json()) == (200, CANCELLED)
    assert (again.code, again.json()) == (200, CANCELLED)
    assert (await session_doc(deps, session_id))["status"] == "CANCELLED"
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["CANCELLED"]


async def test_the_merchant_cancels_with_its_key(fetch, make_account, deps):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    reply = await cancel(fetch, session_id, key=merchant.key)
    assert (reply.code, reply.json()) == (200, CANCELLED)


async def test_another_merchants_key_cannot_cancel(fetch, make_account, deps):
    owner, stranger = await make_account(), await make_account()
    session_id = await open_session(deps, owner)
    reply = await cancel(fetch, session_id, key=stranger.key)
    assert (reply.code, reply.json()) == (404, outcome("NOT_FOUND"))
    assert (await session_doc(deps, session_id))["status"] == "OPEN"


async def test_a_revoked_key_cannot_cancel(fetch, make_account, deps):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    await deps.services.admin.revoke_key(merchant.key_id)
    reply = await cancel(fetch, session_id, key=merchant.key)
    assert (reply.code, reply.json()) == (401, {"error": "Unauthorized API Key"})


async def test_cancel_of_a_completed_session_is_409(fetch, make_account, deps):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    reply = await cancel(fetch, session_id)
    assert (reply.code, reply.json()) == (409, outcome("ALREADY_COMPLETED"))


async def test_cancel_of_an_overdue_session_expires_it(fetch, make_account, deps, clock):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    clock.advance(minutes=30)
    reply = await cancel(fetch, session_id)
    assert (reply.code, reply.json()) == (410, outcome("SESSION_EXPIRED"))
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["EXPIRED"]


async def test_cancel_of_a_locked_session_is_429(fetch, make_account, deps):
    merchant = await make_account(max_failed_attempts=1)
    session_id = await open_session(deps, merchant)
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, "WRONG1234"))
    reply = await cancel(fetch, session_id)
    assert (reply.code, reply.json()) == (429, outcome("TOO_MANY_ATTEMPTS"))


async def test_a_session_with_a_pending_claim_can_be_cancelled(fetch, make_account, deps):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert (await cancel(fetch, session_id)).code == 200
    await deps.services.transactions.confirm(tx.id)
    assert (await session_doc(deps, session_id))["status"] == "CANCELLED"
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["CANCELLED"]


@pytest.mark.parametrize(
    ("body", "status", "expected"),
    [
        ({}, 400, invalid("Missing required matching fields")),
        ({"sessionId": 7}, 400, invalid("Missing required matching fields")),
        ({"sessionId": "nope"}, 404, invalid("Invalid checkout session")),
        (
            {"sessionId": "8a3c1f4e-0000-4000-8000-000000000000"},
            404,
            outcome("NOT_FOUND"),
        ),
    ],
)
async def test_cancel_validates_its_body(fetch, body, status, expected):
    reply = await fetch("/api/v1/checkout/cancel", json=body)
    assert (reply.code, reply.json()) == (status, expected)


async def test_buyer_cancel_is_limited_per_address(fetch, make_account, deps):
    merchant = await make_account()
    deps.settings = deps.settings.replace(submit_rate_per_ip=1)
    first, second = await open_session(deps, merchant), await open_session(deps, merchant)
    assert (await cancel(fetch, first)).code == 200
    reply = await cancel(fetch, second)
    assert reply.code == 429 and reply.json()["error"] == "RATE_LIMITED"
    assert (await session_doc(deps, second))["status"] == "OPEN"
