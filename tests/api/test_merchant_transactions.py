"""The merchant reads its wallet transactions with its API key (issue 31): one by id, or a page
filtered by status, provider, direction, TrxID and session, newest first, in the key's ledger.
Another account's transaction, or the other mode's, is 404 exactly as an unknown one; phone
numbers are masked; a bad filter or cursor is 400 `Invalid request`."""

from __future__ import annotations

from datetime import timedelta

import pytest

from claimsvc.domain.modes import TEST
from claimsvc.services.transactions import NewTransaction
from tests.claims_support import claim_body, open_session, pay

TXS = "/api/v1/transactions"
NOT_FOUND = {"error": "Transaction not found"}


@pytest.fixture
async def merchant(make_account):
    return await make_account()


async def test_a_transaction_reads_with_every_field_and_its_number_masked(fetch, deps, merchant):
    new = NewTransaction(
        provider="bkash",
        trx_id="ABC123XYZ9",
        amount_poisha=125050,
        received_at=deps.clock(),
        counterparty="01712345678",
        balance_poisha=1000000,
        fee_poisha=1850,
    )
    tx = (await deps.services.transactions.record(merchant.id, new)).transaction
    reply = await fetch(f"{TXS}/{tx.id}", key=merchant.key)
    assert reply.code == 200, reply.body
    got = reply.json()
    assert got == {
        "id": tx.id,
        "mode": "live",
        "provider": "bkash",
        "direction": "credit",
        "trx_id": "ABC123XYZ9",
        "amount": 1250.5,
        "fee": 18.5,
        "balance": 10000,
        "counterparty": "017****5678",
        "received_at": got["received_at"],
        "status": "unconfirmed",
        "session_id": None,
    }
    assert got["received_at"].endswith("Z")
    assert b"01712345678" not in reply.body


async def test_a_claimed_transaction_names_its_session(fetch, deps, merchant):
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="confirmed")
    submitted = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert submitted.code == 200
    got = (await fetch(f"{TXS}?session_id={session_id.upper()}", key=merchant.key)).json()
    assert [(i["id"], i["session_id"]) for i in got["items"]] == [(tx.id, session_id)]


async def test_the_list_pages_newest_first_and_filters(fetch, deps, merchant):
    now = deps.clock()
    made = [
        await pay(deps, merchant, received_at=now - timedelta(minutes=i), provider=p, direction=d)
        for i, (p, d) in enumerate(
            [("bkash", "credit"), ("nagad", "credit"), ("bkash", "debit"), ("bkash", "credit")]
        )
    ]
    first = (await fetch(f"{TXS}?limit=3", key=merchant.key)).json()
    assert [i["id"] for i in first["items"]] == [t.id for t in made[:3]]
    rest = (await fetch(f"{TXS}?limit=3&cursor={first['next_cursor']}", key=merchant.key)).json()
    assert [i["id"] for i in rest["items"]] == [made[3].id] and rest["next_cursor"] is None
    nagad = (await fetch(f"{TXS}?provider=nagad", key=merchant.key)).json()["items"]
    assert [i["id"] for i in nagad] == [made[1].id]
    debits = (await fetch(f"{TXS}?direction=debit", key=merchant.key)).json()["items"]
    assert [i["id"] for i in debits] == [made[2].id]
    credits = (await fetch(f"{TXS}?direction=credit&provider=bkash", key=merchant.key)).json()
    assert [i["id"] for i in credits["items"]] == [made[0].id, made[3].id]
    by_trx = f"{TXS}?trx_id=%20{made[3].trx_id.lower()}%20"  # normalised as verify does
    assert [i["id"] for i in (await fetch(by_trx, key=merchant.key)).json()["items"]] == [
        made[3].id
    ]
    held = (await fetch(f"{TXS}?status=held", key=merchant.key)).json()
    assert held == {"items": [], "next_cursor": None}


async def test_another_account_or_mode_reads_as_unknown(fetch, deps, merchant, make_account):
    tx = await pay(deps, merchant)
    other = await make_account()
    test_key = (await deps.services.admin.mint_key(merchant.id, "t", TEST)).secret
    for key in (other.key, test_key):
        reply = await fetch(f"{TXS}/{tx.id}", key=key)
        assert (reply.code, reply.json()) == (404, NOT_FOUND)
        assert (await fetch(TXS, key=key)).json()["items"] == []
    reply = await fetch(f"{TXS}/trx_nope", key=merchant.key)
    assert (reply.code, reply.json()) == (404, NOT_FOUND)


@pytest.mark.parametrize(
    ("query", "detail"),
    [
        ("status=paid", "status: "),
        ("provider=paypal", "provider: "),
        ("direction=sideways", "direction: "),
        ("trx_id=ab", "trx_id: must be 6 to 20 letters and digits"),
        ("session_id=nope", "session_id: must be a UUID"),
        ("limit=0", "limit: "),
        ("limit=101", "limit: "),
        ("cursor=nope", "cursor: not a valid cursor"),
        ("colour=red", "colour: Unknown field."),
        ("status=held&status=held", "status: given more than once"),
    ],
)
async def test_a_bad_query_is_refused_with_its_reason(fetch, merchant, query, detail):
    reply = await fetch(f"{TXS}?{query}", key=merchant.key)
    assert reply.code == 400
    body = reply.json()
    assert body["error"] == "Invalid request"
    assert any(d.startswith(detail) for d in body["details"]), body


async def test_without_a_key_nothing_is_read(fetch):
    reply = await fetch(TXS)
    assert (reply.code, reply.json()) == (401, {"error": "Missing API Key"})
