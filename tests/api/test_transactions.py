"""Recording and confirming wallet transactions (what the SMS pipeline and operators call)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import datetime
from typing import Any

import pytest

from claimsvc import errors
from claimsvc.bootstrap import Deps
from claimsvc.domain.transactions import Transaction
from claimsvc.services.transactions import NewTransaction
from tests.claims_support import claim_body, events_of, open_session, pay, session_doc
from tests.conftest import Merchant

NEW = NewTransaction("bkash", "REC0RD123", 50_000, datetime.fromisoformat("2026-11-21T06:00Z"))


async def test_the_same_trx_id_is_recorded_once_even_concurrently(make_account, deps):
    merchant = await make_account()
    results = await asyncio.gather(
        *(deps.services.transactions.record(merchant.id, NEW) for _ in range(10))
    )
    assert sum(r.created for r in results) == 1
    assert len({r.transaction.id for r in results}) == 1
    assert await deps.db["transactions"].count_documents({"trx_id": "REC0RD123"}) == 1


async def test_another_account_may_record_the_same_trx_id(make_account, deps):
    one, two = await make_account(), await make_account()
    first = await deps.services.transactions.record(one.id, NEW)
    second = await deps.services.transactions.record(two.id, NEW)
    assert first.created and second.created


@pytest.mark.parametrize(
    "change",
    [
        {"provider": "paypal"},
        {"trx_id": "abc12345"},
        {"amount_poisha": 0},
        {"status": "maybe"},
        {"direction": "sideways"},
        {"received_at": datetime(2026, 11, 21, 6, 0)},
    ],
)
async def test_a_malformed_transaction_is_refused(make_account, deps, change):
    merchant = await make_account()
    with pytest.raises(ValueError):
        await deps.services.transactions.record(merchant.id, replace(NEW, **change))


async def test_confirming_an_unknown_transaction_is_not_found(deps):
    with pytest.raises(errors.NotFound):
        await deps.services.transactions.confirm("trx_missing")


async def test_a_suspect_transaction_is_not_confirmed_and_completes_nothing(
    fetch, make_account, deps
):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="suspect")
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    confirmed = (await deps.services.transactions.confirm(tx.id)).transaction
    assert confirmed.status == "suspect"
    assert (await session_doc(deps, session_id))["status"] == "OPEN"


async def test_confirming_twice_completes_the_claim_once(fetch, make_account, deps):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    await asyncio.gather(*(deps.services.transactions.confirm(tx.id) for _ in range(3)))
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    assert len(await events_of(deps, session_id)) == 1


async def _pending_claim(fetch: Any, deps: Deps, merchant: Merchant) -> tuple[str, Transaction]:
    """A session whose claim waits on an unconfirmed transaction: (session id, transaction)."""
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert reply.code == 202
    return session_id, tx


async def _flag_suspect(deps: Deps, transaction_id: str) -> None:
    """What a chain verdict writes, without the chain (so the claim stays pending)."""
    await deps.db["transactions"].update_one(
        {"_id": transaction_id}, {"$set": {"status": "suspect", "chain_reason": "never_chains"}}
    )


async def test_confirming_a_suspect_transaction_by_hand_needs_an_explicit_override(
    fetch, make_account, deps
):
    merchant = await make_account(balance_verification=True)
    session_id, tx = await _pending_claim(fetch, deps, merchant)
    await _flag_suspect(deps, tx.id)
    path = f"/admin/v1/transactions/{tx.id}/confirm"
    refused = await fetch(path, method="POST", admin=True)
    assert refused.code == 409
    assert "override_suspect" in refused.json()["error"]
    assert (await deps.stores.transactions.get(tx.id)).status == "suspect"
    assert (await session_doc(deps, session_id))["status"] == "OPEN"
    confirmed = await fetch(path, json={"override_suspect": True}, admin=True)
    assert confirmed.code == 200
    assert (confirmed.json()["status"], confirmed.json()["confirmed_by"]) == (
        "confirmed",
        "merchant",
    )
    assert confirmed.json()["session_status"] == "COMPLETED"


async def test_the_override_must_be_a_json_boolean(fetch, make_account, deps):
    merchant = await make_account(balance_verification=True)
    _, tx = await _pending_claim(fetch, deps, merchant)
    path = f"/admin/v1/transactions/{tx.id}/confirm"
    reply = await fetch(path, json={"override_suspect": "yes"}, admin=True)
    assert reply.code == 400


async def test_confirming_by_hand_keeps_an_earlier_confirmation_as_it_was(
    fetch, make_account, deps
):
    merchant = await make_account(balance_verification=True)
    tx = await pay(deps, merchant, status="confirmed")
    before = await deps.stores.transactions.get(tx.id)
    reply = await fetch(f"/admin/v1/transactions/{tx.id}/confirm", method="POST", admin=True)
    assert reply.code == 200
    assert reply.json()["confirmed_by"] is None
    assert await deps.stores.transactions.get(tx.id) == before


async def test_a_confirmation_by_hand_is_in_the_payments_history_with_the_person(
    fetch, make_account, deps
):
    merchant = await make_account(balance_verification=True)
    session_id, tx = await _pending_claim(fetch, deps, merchant)
    await deps.services.wallet_admin.confirm(tx.id, False, merchant.id, "owner@shop.example")
    doc = await session_doc(deps, session_id)
    last = doc["claim_history"][-1]
    assert doc["status"] == "COMPLETED"
    assert (last["outcome"], last["by"], last["person"], last["reason"]) == (
        "completed",
        "person",
        "owner@shop.example",
        "confirmed by hand",
    )
    stored = await deps.stores.transactions.get(tx.id)
    assert (stored.status, stored.confirmed_by) == ("confirmed", "owner@shop.example")


async def test_the_operators_and_the_balance_checks_confirmations_are_in_the_history(
    fetch, make_account, deps
):
    merchant = await make_account(balance_verification=True)
    by_operator, tx = await _pending_claim(fetch, deps, merchant)
    await fetch(f"/admin/v1/transactions/{tx.id}/confirm", method="POST", admin=True)
    last = (await session_doc(deps, by_operator))["claim_history"][-1]
    assert (last["by"], last["reason"]) == ("operator", "confirmed by hand")
    by_chain, tx = await _pending_claim(fetch, deps, merchant)
    await deps.db["transactions"].update_one({"_id": tx.id}, {"$set": {"status": "confirmed"}})
    await deps.services.claims.finalise(tx.id)  # what the SMS pipeline calls on a verdict
    last = (await session_doc(deps, by_chain))["claim_history"][-1]
    assert (last["by"], last["reason"], last.get("person")) == (
        "balance check",
        "confirmed by the balance check",
        None,
    )
