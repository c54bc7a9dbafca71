"""Support settles a payment of another amount for a merchant through the admin API: the portal's
settle action's service, outcomes and refusals, audited with the operator as the actor."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from claimsvc.bootstrap import Deps
from claimsvc.services.transactions import NewTransaction
from tests.api.test_settlement import SHORT, short_paid
from tests.claims_support import (
    claim_body,
    events_of,
    new_trx_id,
    open_session,
    pay,
    session_doc,
)
from tests.conftest import Merchant, initialize_body
from tests.portal.phone_support import audit_entries

REFUSED = "This settlement cannot be made now."


def settle_path(account_id: str, session_id: str) -> str:
    return f"/admin/v1/accounts/{account_id}/sessions/{session_id}/settle"


async def settle(fetch: Any, merchant: Merchant, session_id: str, tx_id: str, action: str) -> Any:
    body = {"action": action, "transaction_id": tx_id}
    return await fetch(settle_path(merchant.id, session_id), json=body, admin=True)


async def test_support_accepts_a_short_payment_once_with_one_webhook_and_an_audit_entry(
    fetch, make_account, deps
):
    merchant = await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    reply = await settle(fetch, merchant, session_id, tx.id, "accept")
    assert reply.code == 200, reply.body
    body = reply.json()
    assert (body["session_id"], body["status"], body["settlement"]) == (
        session_id,
        "COMPLETED",
        "accepted",
    )
    assert (body["order_amount"], body["paid_amount"], body["trx_id"]) == (500, 499, tx.trx_id)
    assert (body["settled_by"], body["repeated"], body["test"]) == ("operator", False, False)
    again = await settle(fetch, merchant, session_id, tx.id, "accept")  # a retried call
    assert again.code == 200 and again.json()["repeated"] is True
    assert again.json()["status"] == "COMPLETED"
    [event] = await events_of(deps, session_id)
    assert event["payment_status"] == "COMPLETED"
    [entry] = await audit_entries(deps, "payment.settle")
    assert (entry["account_id"], entry["actor_email"], entry["target"]) == (
        merchant.id,
        "operator",
        session_id,
    )
    assert entry["details"] == {
        "decision": "accepted",
        "trx_id": tx.trx_id,
        "order_amount": "500.00",
        "paid_amount": "499.00",
    }
    # The payment's history says the operator did it (not the merchant's server, no person).
    last = (await session_doc(deps, session_id))["claim_history"][-1]
    assert (last["by"], last.get("person"), last["reason"]) == ("operator", None, "amount accepted")


async def test_support_marks_money_for_refund_and_a_repeat_changes_nothing(
    fetch, make_account, deps
):
    merchant = await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    await deps.services.sessions.cancel(session_id)
    reply = await settle(fetch, merchant, session_id, tx.id, "refund")
    assert reply.code == 200
    assert (reply.json()["status"], reply.json()["settlement"]) == ("CANCELLED", "refund")
    again = await settle(fetch, merchant, session_id, tx.id, "refund")
    assert (again.code, again.json()["repeated"]) == (200, True)
    assert (await deps.stores.transactions.get(tx.id)).settlement == "refund"
    assert len(await audit_entries(deps, "payment.settle")) == 1
    last = (await session_doc(deps, session_id))["claim_history"][-1]
    assert (last["outcome"], last["by"], last["reason"]) == (
        "decided",
        "operator",
        "marked to be refunded",
    )


async def _decided(deps: Deps, merchant: Merchant, fetch: Any) -> tuple[str, str, str]:
    session_id, tx = await short_paid(deps, merchant, fetch)
    await deps.services.settlement.settle(merchant.id, session_id, tx.id, "refund", "o@x")
    return session_id, tx.id, "accept"


async def _ended(deps: Deps, merchant: Merchant, fetch: Any) -> tuple[str, str, str]:
    session_id, tx = await short_paid(deps, merchant, fetch)
    await deps.services.sessions.cancel(session_id)
    return session_id, tx.id, "accept"


async def _no_mismatch(deps: Deps, merchant: Merchant, fetch: Any) -> tuple[str, str, str]:
    session_id, _ = await short_paid(deps, merchant, fetch)
    other = await pay(deps, merchant, amount_poisha=SHORT, status="confirmed")
    return session_id, other.id, "accept"


async def _used(deps: Deps, merchant: Merchant, fetch: Any) -> tuple[str, str, str]:
    session_id, tx = await short_paid(deps, merchant, fetch)
    exact = await open_session(deps, merchant, amount_poisha=SHORT)  # the money pays this one
    paid = await fetch("/api/v1/checkout/submit", json=claim_body(exact, tx.trx_id))
    assert paid.code == 200
    return session_id, tx.id, "refund"


async def _not_genuine(deps: Deps, merchant: Merchant, fetch: Any) -> tuple[str, str, str]:
    session_id, tx = await short_paid(deps, merchant, fetch)
    await deps.db["transactions"].update_one({"_id": tx.id}, {"$set": {"status": "suspect"}})
    return session_id, tx.id, "accept"


async def _not_confirmed(deps: Deps, merchant: Merchant, fetch: Any) -> tuple[str, str, str]:
    """With balance verification on, money the chain holds is accepted only once confirmed."""
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, amount_poisha=SHORT, status="held")
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    return session_id, tx.id, "accept"


async def _waiting_claim(deps: Deps, merchant: Merchant, fetch: Any) -> tuple[str, str, str]:
    """A claim of the exact amount waits for the balance check: nothing else may complete it."""
    session_id, tx = await short_paid(deps, merchant, fetch)
    held = await pay(deps, merchant, status="held")
    waits = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, held.trx_id))
    assert waits.code == 202
    return session_id, tx.id, "accept"


Setup = Callable[[Deps, Merchant, Any], Awaitable[tuple[str, str, str]]]


@pytest.mark.parametrize(
    ("problem", "setup"),
    [
        ("decided", _decided),
        ("ended", _ended),
        ("no_mismatch", _no_mismatch),
        ("used", _used),
        ("not_genuine", _not_genuine),
        ("not_confirmed", _not_confirmed),
        ("waiting_claim", _waiting_claim),
    ],
)
async def test_a_decision_that_cannot_be_made_is_refused_naming_the_problem(
    fetch, make_account, deps, problem: str, setup: Setup
):
    merchant = await make_account(
        balance_verification=problem in ("not_confirmed", "waiting_claim")
    )
    session_id, tx_id, action = await setup(deps, merchant, fetch)
    before = await session_doc(deps, session_id)
    reply = await settle(fetch, merchant, session_id, tx_id, action)
    assert (reply.code, reply.json()) == (
        409,
        {"error": REFUSED, "code": "SETTLE_REFUSED", "problem": problem},
    )
    assert await session_doc(deps, session_id) == before
    assert await audit_entries(deps, "payment.settle") == []


async def test_another_accounts_or_an_unknown_session_is_not_found(fetch, make_account, deps):
    merchant, stranger = await make_account(), await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    for account_id, sid in (
        (stranger.id, session_id),
        ("acct_unknown", session_id),
        (merchant.id, "00000000-0000-4000-8000-000000000000"),
    ):
        body = {"action": "accept", "transaction_id": tx.id}
        reply = await fetch(settle_path(account_id, sid), json=body, admin=True)
        assert (reply.code, reply.json()) == (404, {"error": "Not found"})
    assert (await session_doc(deps, session_id))["mismatch"]["settlement"] is None


async def test_without_the_admin_token_nothing_is_settled(fetch, make_account, deps):
    merchant = await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    body = {"action": "accept", "transaction_id": tx.id}
    for headers in ({}, {"Authorization": "Bearer not-the-token"}):
        reply = await fetch(settle_path(merchant.id, session_id), json=body, headers=headers)
        assert (reply.code, reply.json()) == (401, {"error": "Unauthorized"})
    assert (await session_doc(deps, session_id))["status"] == "OPEN"


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        (
            {"action": "pay", "transaction_id": "tx"},
            "action: Must be one of: accept, refund, leave.",
        ),
        ({"action": "accept"}, "transaction_id: Missing data for required field."),
        ({"action": "accept", "transaction_id": "t", "x": 1}, "x: Unknown field."),
    ],
)
async def test_a_body_the_call_cannot_read_is_a_400(fetch, make_account, body, detail):
    merchant = await make_account()
    reply = await fetch(settle_path(merchant.id, "s"), json=body, admin=True)
    assert (reply.code, reply.json()) == (
        400,
        {"error": "Invalid request body", "details": [detail]},
    )


async def test_a_test_sessions_short_payment_is_settled_under_its_live_account(
    fetch, make_account, deps
):
    merchant = await make_account()
    test_key = (await deps.services.admin.mint_key(merchant.id, "t", "test")).secret
    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=test_key)
    session_id = opened.json()["session_id"]
    ledger = (await session_doc(deps, session_id))["account_id"]
    new = NewTransaction("bkash", new_trx_id(), SHORT, deps.clock(), status="confirmed")
    tx = (await deps.services.transactions.record(ledger, new)).transaction
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    reply = await settle(fetch, merchant, session_id, tx.id, "accept")
    assert reply.code == 200, reply.body
    assert (reply.json()["status"], reply.json()["test"]) == ("COMPLETED", True)
    [entry] = await audit_entries(deps, "payment.settle")
    assert entry["account_id"] == merchant.id
