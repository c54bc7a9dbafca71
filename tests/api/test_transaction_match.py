"""The reservation filter (`store.transactions.match_query`) is the exact match of contract §3:
a transaction is reserved for a session exactly when `claims.match_problem` finds no problem,
and a transaction that does not match is left as it was."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from claimsvc.domain import claims
from claimsvc.store.transactions import TransactionStore
from tests.claims_support import open_session

pytestmark = pytest.mark.wire

OTHER = "8a3c1f4e-0000-4000-8000-00000000beef"
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("exact", {}),
    ("amount differs", {"amount_poisha": 49_999}),
    ("received 10 minutes before the session", {"received_at": -timedelta(minutes=10)}),
    ("received just before that", {"received_at": -timedelta(minutes=10, seconds=1)}),
    ("suspect", {"status": "suspect"}),
    ("confirmed", {"status": "confirmed"}),
    ("a debit", {"direction": "debit"}),
    ("no direction stored", {"direction": None}),
    ("a claimable kind", {"kind": "cash_out_received"}),
    ("not a buyer's kind", {"kind": "cashback"}),
    ("no kind stored", {"kind": None}),
    ("held by another session", {"session_id": OTHER}),
    ("already this session's", {"session_id": "self"}),
    ("another provider", {"provider": "nagad"}),
]


@pytest.mark.parametrize(("label", "change"), VARIANTS, ids=[v[0] for v in VARIANTS])
async def test_a_transaction_is_reserved_exactly_when_it_matches(deps, make_account, label, change):
    merchant = await make_account()
    session = await deps.stores.sessions.get(await open_session(deps, merchant))
    doc = {
        "_id": "trx_match",
        "account_id": merchant.id,
        "provider": "bkash",
        "trx_id": "MATCH0001",
        "amount_poisha": session.amount_poisha,
        "received_at": session.created_at,
        "status": "unconfirmed",
        "direction": "credit",
        "kind": "received",
        "session_id": None,
    }
    for field, value in change.items():
        if value is None:
            doc.pop(field)
        elif field == "received_at":
            doc[field] = session.created_at + value
        else:
            doc[field] = session.id if value == "self" else value
    # Inserted as a document: older ones lack a direction or a kind, which no record writes.
    await deps.db["transactions"].insert_one(doc)
    reserved = await deps.stores.transactions.reserve_match(session, "bkash", "MATCH0001")
    stored = await deps.stores.transactions.get("trx_match")
    as_read = TransactionStore.from_doc(doc)
    if doc["provider"] == "bkash" and claims.match_problem(session, as_read) is None:
        assert reserved is not None and reserved.session_id == session.id, label
    else:
        assert reserved is None, label
        assert stored is not None and stored.session_id == doc["session_id"], label
