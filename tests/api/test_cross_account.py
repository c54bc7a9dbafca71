"""One account's key never reads, claims, cancels or counts against another account's data, and
its answers do not even tell the other session's state (issue 14 sweep)."""

from __future__ import annotations

import pytest

from claimsvc.domain.modes import TEST
from tests.claims_support import (
    claim_body,
    events_of,
    open_session,
    outcome,
    pay,
    session_doc,
)

VERIFY, CANCEL = "/api/v1/checkout/verify", "/api/v1/checkout/cancel"


async def end_as(fetch, deps, merchant, session_id, state, clock):
    """Bring the victim's session to `state` through the public API."""
    if state == "COMPLETED":
        tx = await pay(deps, merchant)
        await fetch(VERIFY, json=claim_body(session_id, tx.trx_id), key=merchant.key)
    elif state == "CANCELLED":
        await fetch(CANCEL, json={"sessionId": session_id}, key=merchant.key)
    elif state == "FAILED":
        for i in range(5):
            await fetch(VERIFY, json=claim_body(session_id, f"WRONG{i}00"), key=merchant.key)
    elif state == "EXPIRED":
        clock.advance(minutes=31)
    return await session_doc(deps, session_id)


@pytest.mark.parametrize("state", ["OPEN", "COMPLETED", "CANCELLED", "FAILED", "EXPIRED"])
async def test_another_accounts_key_gets_not_found_whatever_the_sessions_state(
    fetch, make_account, deps, clock, state
):
    owner, stranger = await make_account(), await make_account()
    session_id = await open_session(deps, owner)
    before = await end_as(fetch, deps, owner, session_id, state, clock)
    tx = await pay(deps, stranger)
    verify = await fetch(VERIFY, json=claim_body(session_id, tx.trx_id), key=stranger.key)
    cancel = await fetch(CANCEL, json={"sessionId": session_id}, key=stranger.key)
    assert (verify.code, verify.json()) == (404, outcome("NOT_FOUND"))
    assert (cancel.code, cancel.json()) == (404, outcome("NOT_FOUND"))
    assert await session_doc(deps, session_id) == before
    # The merchant reads (issue 30): the stranger's live and test keys, and the owner's test
    # key, see it as an unknown session, by id and by order id alike.
    test_of = {
        m.id: (await deps.services.admin.mint_key(m.id, "t", TEST)).secret
        for m in (owner, stranger)
    }
    for key in (stranger.key, test_of[stranger.id], test_of[owner.id]):
        read = await fetch(f"/api/v1/checkout/sessions/{session_id}", key=key)
        assert (read.code, read.json()) == (404, {"error": "Session not found"})
        listed = await fetch(f"/api/v1/checkout/sessions?order_id={before['order_id']}", key=key)
        assert (listed.code, listed.json()["items"]) == (200, [])
    mine = await fetch(f"/api/v1/checkout/sessions/{session_id}", key=owner.key)
    assert mine.code == 200 and mine.json()["status"] == state


async def test_another_accounts_failed_verifies_do_not_count_on_the_session(
    fetch, make_account, deps
):
    owner, stranger = await make_account(max_failed_attempts=2), await make_account()
    session_id = await open_session(deps, owner)
    for i in range(5):
        await fetch(VERIFY, json=claim_body(session_id, f"WRONG{i}00"), key=stranger.key)
    session = await session_doc(deps, session_id)
    assert (session["status"], session["failed_attempts"]) == ("OPEN", 0)
    assert await events_of(deps, session_id) == []


async def test_a_transaction_of_another_account_never_pays_a_session(fetch, make_account, deps):
    mine, theirs = await make_account(), await make_account()
    session_id = await open_session(deps, mine)
    their_tx = await pay(deps, theirs)  # the same amount and provider
    for path, key in ((VERIFY, mine.key), ("/api/v1/checkout/submit", None)):
        reply = await fetch(path, json=claim_body(session_id, their_tx.trx_id), key=key)
        assert (reply.code, reply.json()) == (400, outcome("VERIFICATION_FAILED"))
    stored = await deps.db["transactions"].find_one({"_id": their_tx.id})
    assert stored["session_id"] is None


async def test_an_anchor_cannot_use_another_accounts_device(fetch, make_account, deps):
    mine, theirs = await make_account(), await make_account()
    device = await deps.services.devices.register(theirs.id, "their phone", None)
    reply = await fetch(
        f"/admin/v1/accounts/{mine.id}/wallet-balances",
        json={"provider": "bkash", "device_id": device.device.id, "balance": 100},
        method="PUT",
        admin=True,
    )
    assert reply.code == 400
    assert reply.json()["details"] == ["device_id: not a device of this account"]
