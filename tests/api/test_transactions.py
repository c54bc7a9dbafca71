"""Recording and confirming wallet transactions (what the SMS pipeline and operators call)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import datetime

import pytest

from claimsvc import errors
from claimsvc.services.transactions import NewTransaction
from tests.claims_support import claim_body, open_session, pay, session_doc

NEW = NewTransaction("bkash", "REC0RD123", 50_000, datetime.fromisoformat("2026-11-21T06:00Z"))


async def test_the_same_trx_id_is_recorded_once_even_concurrently(make_account, deps):
    merchant = await make_account()
    results = await asyncio.gather(
        *(deps.services.transactions.record(merchant.id, NEW) for _ in range(10))
    )
    assert sum(r.created for r in results) == 1
    assert len({r.transaction["_id"] for r in results}) == 1
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
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx["trx_id"]))
    confirmed = await deps.services.transactions.confirm(tx["_id"])
    assert confirmed["status"] == "suspect"
    assert (await session_doc(deps, session_id))["status"] == "OPEN"


async def test_confirming_twice_completes_the_claim_once(fetch, make_account, deps):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx["trx_id"]))
    await asyncio.gather(*(deps.services.transactions.confirm(tx["_id"]) for _ in range(3)))
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    assert await deps.db["events"].count_documents({"session_id": session_id}) == 1
