"""Money that does not match: a payment of another amount is kept for the merchant, who accepts
it for the order (one completion, one webhook, both amounts on record), marks it to be refunded
by hand, or leaves it; the claim answers stay exactly interface.md's."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest

from claimsvc.bootstrap import Deps
from claimsvc.domain.claims import ClaimRequest
from claimsvc.errors import NotFound, ServiceError, SettleRefused
from tests.claims_support import (
    claim_body,
    events_of,
    open_session,
    outcome,
    pay,
    session_doc,
    submit_claim,
)

SHORT = 49_900  # Tk 499 sent for the Tk 500 order
BY = "owner@shop.example"


async def short_paid(deps: Deps, merchant: Any, fetch: Any, **pay_kw: Any) -> tuple[str, Any]:
    """An open Tk 500 session whose buyer claimed a Tk 499 payment through submit."""
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, amount_poisha=SHORT, status="confirmed", **pay_kw)
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert (reply.code, reply.json()) == (400, outcome("VERIFICATION_FAILED"))
    return session_id, tx


async def settle(deps: Deps, merchant: Any, session_id: str, tx: Any, action: str) -> Any:
    return await deps.services.settlement.settle(merchant.id, session_id, tx.id, action, BY)


async def test_a_short_payment_is_kept_for_the_merchant_and_the_claim_answers_as_before(
    fetch, make_account, deps
):
    merchant = await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    verify = await fetch(
        "/api/v1/checkout/verify", json=claim_body(session_id, tx.trx_id), key=merchant.key
    )
    assert (verify.code, verify.json()) == (400, outcome("VERIFICATION_FAILED"))
    doc = await session_doc(deps, session_id)
    assert doc["status"] == "OPEN" and doc["mismatch_due"] is True
    assert doc["mismatch"]["transaction_id"] == tx.id
    assert doc["mismatch"]["paid_poisha"] == SHORT and doc["mismatch"]["settlement"] is None
    assert (await deps.stores.transactions.get(tx.id)).session_id is None  # nothing reserved
    assert await events_of(deps, session_id) == []


async def test_accepting_completes_the_order_once_with_the_four_field_webhook(
    fetch, make_account, deps
):
    merchant = await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    settled = await settle(deps, merchant, session_id, tx, "accept")
    assert (settled.session.status, settled.repeated) == ("COMPLETED", False)
    again = await settle(deps, merchant, session_id, tx, "accept")  # a reload or second click
    assert again.repeated and again.session.status == "COMPLETED"
    doc = await session_doc(deps, session_id)
    assert (doc["amount_poisha"], doc["paid_poisha"]) == (50_000, SHORT)
    assert doc["claim"]["transaction_id"] == tx.id and "mismatch_due" not in doc
    assert (doc["mismatch"]["settlement"], doc["mismatch"]["settled_by"]) == ("accepted", BY)
    assert (doc["claim_history"][-1]["by"], doc["claim_history"][-1]["person"]) == ("person", BY)
    [event] = await events_of(deps, session_id)
    # interface.md's body, exactly its four fields: `amount` is the session's; the paid amount
    # is for the portal, the admin transactions view and the export, never the webhook.
    body = json.loads(event["body"])
    assert sorted(body) == ["amount", "order_id", "payment_status", "trid"]
    assert (body["payment_status"], body["amount"]) == ("COMPLETED", 500)
    stored = await deps.stores.transactions.get(tx.id)
    assert (stored.session_id, stored.settlement, stored.order_poisha) == (
        session_id,
        "accepted",
        50_000,
    )
    admin = await fetch(f"/admin/v1/transactions?account_id={merchant.id}", admin=True)
    [item] = admin.json()["items"]
    assert (item["amount"], item["order_amount"], item["settlement"]) == (499, 500, "accepted")
    assert item["session_id"] == session_id
    # The completed session answers a claim of its transaction as any completed one.
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert reply.code == 200 and reply.json()["amount"] == 500


async def test_an_ended_session_cannot_be_accepted_but_its_money_can_be_marked_for_refund(
    fetch, make_account, deps
):
    merchant = await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    await deps.services.sessions.cancel(session_id)
    with pytest.raises(SettleRefused) as refused:
        await settle(deps, merchant, session_id, tx, "accept")
    assert refused.value.problem == "ended"
    settled = await settle(deps, merchant, session_id, tx, "refund")
    assert settled.session.status == "CANCELLED" and settled.transaction.settlement == "refund"
    assert (await settle(deps, merchant, session_id, tx, "refund")).repeated
    with pytest.raises(SettleRefused):
        await settle(deps, merchant, session_id, tx, "accept")
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["CANCELLED"]
    # Money to be refunded pays no other order, even one of exactly its amount.
    other = await open_session(deps, merchant, amount_poisha=SHORT)
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(other, tx.trx_id))
    assert (reply.code, reply.json()) == (400, outcome("VERIFICATION_FAILED"))
    assert (await session_doc(deps, other))["claim_history"][-1]["reason"] == (
        "marked to be refunded"
    )


async def test_leaving_it_clears_the_alert_and_keeps_accepting_possible(fetch, make_account, deps):
    merchant = await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    assert await deps.stores.sessions.count_mismatch_due(merchant.id, 100) == 1
    left = await settle(deps, merchant, session_id, tx, "leave")
    assert left.session.mismatch.settlement == "left" and left.session.status == "OPEN"
    line = left.session.claim_history[-1]  # the person's decision is in the history
    assert (line.outcome, line.by, line.person, line.reason) == (
        "decided",
        "person",
        BY,
        "left as it is",
    )
    assert await deps.stores.sessions.count_mismatch_due(merchant.id, 100) == 0
    # The buyer trying the same TrxID again does not bring the alert back.
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert await deps.stores.sessions.count_mismatch_due(merchant.id, 100) == 0
    accepted = await settle(deps, merchant, session_id, tx, "accept")
    assert accepted.session.status == "COMPLETED"


async def test_an_ended_checkout_tells_the_buyer_to_contact_the_shop(fetch, make_account, deps):
    merchant = await make_account()
    session_id, _ = await short_paid(deps, merchant, fetch)
    await deps.services.sessions.cancel(session_id)
    for lang, words in (("en", "contact the shop to have it returned"), ("bn", "টাকা ফেরত পেতে")):
        html = (await fetch(f"/checkout/{session_id}?lang={lang}")).body.decode()
        assert 'id="amount-note"' in html and words in html
        assert "Order amount" in html or "অর্ডারের টাকা" in html


async def test_a_payment_waiting_for_the_balance_check_is_accepted_only_once_confirmed(
    fetch, make_account, deps
):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, amount_poisha=SHORT, status="held")
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert (reply.code, reply.json()) == (400, outcome("VERIFICATION_FAILED"))
    with pytest.raises(SettleRefused) as refused:
        await settle(deps, merchant, session_id, tx, "accept")
    assert refused.value.problem == "not_confirmed"
    await deps.services.transactions.confirm(tx.id)
    assert (await settle(deps, merchant, session_id, tx, "accept")).session.status == "COMPLETED"


async def test_a_wrong_trx_id_or_a_wrong_kind_of_money_is_no_mismatch(fetch, make_account, deps):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    debit = await pay(deps, merchant, amount_poisha=SHORT, direction="debit")
    for trx_id in ("NOSUCH1234", debit.trx_id):
        await fetch("/api/v1/checkout/submit", json=claim_body(session_id, trx_id))
    assert "mismatch" not in await session_doc(deps, session_id)


async def test_another_accounts_payment_cannot_be_settled(fetch, make_account, deps):
    merchant, stranger = await make_account(), await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    for action in ("accept", "refund", "leave"):
        with pytest.raises(NotFound):
            await settle(deps, stranger, session_id, tx, action)
    assert (await session_doc(deps, session_id))["mismatch"]["settlement"] is None


async def test_the_pages_note_says_the_amount_differed_until_a_later_claim(
    fetch, make_account, deps
):
    merchant = await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    plain = await fetch(f"/api/v1/checkout/session/{session_id}")
    assert "amount_differs" not in plain.json()  # the session read answers as before
    read = await fetch(f"/checkout/{session_id}/amount-note")
    assert (read.code, read.json()) == (200, {"amount_differs": "told", "other_wallet": None})
    assert read.headers["Cache-Control"] == "no-store"
    await settle(deps, merchant, session_id, tx, "refund")
    read = await fetch(f"/checkout/{session_id}/amount-note")
    assert read.json()["amount_differs"] == "refund"
    with contextlib.suppress(ServiceError):
        await submit_claim(deps, ClaimRequest(session_id, "OTHER12345", "bkash"))
    read = await fetch(f"/checkout/{session_id}/amount-note")
    assert read.json()["amount_differs"] is None


async def test_the_hosted_page_says_the_amount_differed_in_both_languages_then_paid(
    fetch, make_account, deps
):
    merchant = await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    english = (await fetch(f"/checkout/{session_id}?lang=en")).body.decode()
    assert 'aria-atomic="true">The amount paid with this TrxID is different' in english
    assert "Amount to pay" in english
    bangla = (await fetch(f"/checkout/{session_id}?lang=bn")).body.decode()
    assert "পরিমাণ থেকে আলাদা" in bangla
    await settle(deps, merchant, session_id, tx, "accept")
    paid = (await fetch(f"/checkout/{session_id}?lang=en")).body.decode()
    assert "Amount to pay" not in paid and "Amount paid" in paid
    assert '<span id="amount">499</span>' in paid and "The order was 500 taka" in paid
    assert 'id="amount-note"' not in paid and "data-amount-note" not in paid
    paid_bn = (await fetch(f"/checkout/{session_id}?lang=bn")).body.decode()
    assert "পরিশোধিত টাকা" in paid_bn and "যত টাকা দিতে হবে" not in paid_bn
