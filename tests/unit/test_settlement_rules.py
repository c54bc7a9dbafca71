"""Pure rules of money that does not match its order: what counts as a differing payment, what
the merchant may do with it and when, the accepting transition, and what the buyer is told."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest

from claimsvc.domain import claims, settlement
from claimsvc.domain import sessions as sm
from claimsvc.domain.accounts import AccountTerms
from claimsvc.domain.outbox import event_body
from claimsvc.domain.sessions import ClaimAttempt, Mismatch
from claimsvc.domain.transactions import Transaction
from tests.session_records import T0, claim, session

ACCOUNT = AccountTerms(id="acc_1", name="Shop")
VERIFYING = AccountTerms(id="acc_1", name="Shop", balance_verification=True)
SHORT = Transaction(
    id="trx_1",
    account_id="acc_1",
    provider="bkash",
    trx_id="SHORT12345",
    amount_poisha=49_900,
    received_at=T0,
    status="confirmed",
)
MISMATCH = Mismatch("trx_1", "bkash", "SHORT12345", 49_900, T0)
FAILED = ClaimAttempt(T0, "bkash", "SHORT12345", "failed", "buyer", claims.AMOUNT_DIFFERS)


def differing(**fields: Any) -> sm.Session:
    return session(**{"mismatch": MISMATCH, "claim_history": (FAILED,), **fields})


@pytest.mark.parametrize(
    ("change", "counts"),
    [
        ({}, True),
        ({"amount_poisha": 50_000}, False),  # the same amount: a match, not a mismatch
        ({"amount_poisha": 60_000}, True),  # over paid counts too
        ({"direction": "debit"}, False),
        ({"status": "suspect"}, False),
        ({"kind": "cashback"}, False),
        ({"received_at": T0 - timedelta(hours=1)}, False),
        ({"session_id": "another"}, False),
        ({"settlement": "refund"}, False),
    ],
)
def test_only_a_payment_that_differs_in_amount_alone_is_kept(change, counts):
    assert settlement.differs_only_in_amount(session(), replace(SHORT, **change)) is counts


def test_a_mismatch_is_recorded_once_per_transaction():
    assert settlement.new_mismatch(session(), SHORT, T0) == MISMATCH
    decided = replace(MISMATCH, settlement="left")
    assert settlement.new_mismatch(session(mismatch=decided), SHORT, T0) is None
    assert settlement.new_mismatch(session(), None, T0) is None


@pytest.mark.parametrize(
    ("sess", "tx", "account", "problem"),
    [
        (differing(), SHORT, ACCOUNT, None),
        (differing(mismatch=replace(MISMATCH, settlement="left")), SHORT, ACCOUNT, None),
        (differing(), replace(SHORT, id="trx_2"), ACCOUNT, settlement.NO_MISMATCH),
        (session(), SHORT, ACCOUNT, settlement.NO_MISMATCH),
        (differing(mismatch=replace(MISMATCH, settlement="refund")), SHORT, ACCOUNT, "decided"),
        (differing(status=sm.EXPIRED), SHORT, ACCOUNT, settlement.ENDED),
        (differing(expires_at=T0), SHORT, ACCOUNT, settlement.ENDED),  # overdue, not swept
        (differing(pending_claim=claim("trx_9", "OTHER123")), SHORT, ACCOUNT, "waiting_claim"),
        (differing(), replace(SHORT, session_id="another"), ACCOUNT, settlement.USED),
        (differing(), replace(SHORT, status="suspect"), ACCOUNT, settlement.NOT_GENUINE),
        (differing(), replace(SHORT, status="held"), VERIFYING, settlement.NOT_CONFIRMED),
        (differing(), replace(SHORT, status="held"), ACCOUNT, None),
    ],
)
def test_when_a_different_amount_may_be_accepted(sess, tx, account, problem):
    assert settlement.accept_problem(sess, tx, account, T0 + timedelta(minutes=1)) == problem


def test_refund_and_leave_work_on_an_ended_session_but_not_twice_or_on_used_money():
    ended = differing(status=sm.CANCELLED)
    assert settlement.refund_problem(ended, SHORT) is None
    assert settlement.leave_problem(ended, SHORT) is None
    assert settlement.refund_problem(ended, replace(SHORT, session_id="x")) == settlement.USED
    left = differing(mismatch=replace(MISMATCH, settlement="left"))
    assert settlement.leave_problem(left, SHORT) == settlement.DECIDED
    assert settlement.refund_problem(left, SHORT) is None


def test_accepting_completes_with_both_amounts_and_its_event_has_the_four_fields():
    step = sm.accept_mismatch(MISMATCH, "owner@shop", T0 + timedelta(minutes=1))
    after = sm.apply(differing(), step)
    assert after is not None and after.status == sm.COMPLETED and after.event_due
    assert (after.amount_poisha, after.paid_poisha) == (50_000, 49_900)
    assert after.claim is not None and after.claim.transaction_id == "trx_1"
    assert after.mismatch is not None and after.mismatch.settlement == "accepted"
    body = json.loads(event_body(after))
    assert body == {
        "order_id": "order-1",
        "payment_status": "COMPLETED",
        "trid": "pay_1",
        "amount": 500,
    }
    # Refused when the mismatch is another, already decided, or the session ended or waits.
    assert sm.apply(after, step) is None
    assert sm.apply(differing(status=sm.CANCELLED), step) is None
    assert sm.apply(session(mismatch=replace(MISMATCH, transaction_id="t2")), step) is None


def test_an_ordinary_completion_keeps_the_four_field_body():
    done = session(status=sm.COMPLETED, claim=claim("trx_1", "ABC12345"))
    assert set(json.loads(event_body(done))) == {"order_id", "payment_status", "trid", "amount"}


def test_the_buyer_is_told_only_while_the_latest_claim_is_the_differing_one():
    assert settlement.buyer_note(differing()) == settlement.TOLD
    refund = differing(mismatch=replace(MISMATCH, settlement="refund"))
    assert settlement.buyer_note(refund) == settlement.REFUNDING
    later = ClaimAttempt(T0, "bkash", "TYPO12345", "failed", "buyer", claims.NO_TRANSACTION)
    assert settlement.buyer_note(differing(claim_history=(FAILED, later))) is None
    accepted = differing(mismatch=replace(MISMATCH, settlement="accepted"))
    assert settlement.buyer_note(accepted) is None
    assert settlement.buyer_note(session()) is None


@pytest.mark.parametrize(
    ("form", "ok"),
    [
        ({"action": "accept", "transaction_id": "tx1"}, True),
        ({"action": "leave", "transaction_id": "tx1"}, True),
        ({"action": "steal", "transaction_id": "tx1"}, False),
        ({"action": "accept"}, False),
        ({}, False),
    ],
)
def test_the_settle_form_is_one_of_the_actions_on_a_transaction(form, ok):
    req, problems = settlement.parse_form(form)
    assert (req is not None) == ok
    assert problems == ({} if ok else {"action": "payment.settle_bad_action"})
