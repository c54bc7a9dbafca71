"""Pure claim rules: validation order, the exact match, the next step, and the event body."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimsvc import errors
from claimsvc.api.claims import COMPLETED_SCHEMA
from claimsvc.domain import claims, statuses
from claimsvc.domain import sessions as sm
from claimsvc.domain.accounts import AccountTerms
from claimsvc.domain.claims import ClaimRequest, Step
from claimsvc.domain.outbox import event_body
from claimsvc.domain.transactions import Transaction
from tests.session_records import SID, T0, claim, session

ACTIVE = AccountTerms(id="acc_1", name="Shop", balance_verification=False)
VERIFYING = AccountTerms(id="acc_1", name="Shop", balance_verification=True)


def tx(**fields: Any) -> Transaction:
    """A credit as a document without a kind reads (kind None: claimable), with `fields` set."""
    base = Transaction(
        id="trx_1",
        account_id="acc_1",
        provider="bkash",
        trx_id="ABC12345",
        amount_poisha=50_000,
        received_at=T0,
        status="unconfirmed",
        direction="credit",
        kind=None,
        session_id=None,
    )
    return replace(base, **fields)


REQ = ClaimRequest(SID, "ABC12345", "bkash")
RECORD = claim("trx_1", "ABC12345")
OTHER = claim("trx_1", "OTHER123")


# Validation ------------------------------------------------------------------------------------


def test_a_valid_body_is_trimmed_and_upper_cased():
    body = {"sessionId": SID.upper(), "trxId": "\t abc12345 \n", "provider": "nagad"}
    assert claims.parse_claim(body) == ClaimRequest(SID, "ABC12345", "nagad")


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"sessionId": "x", "trxId": 5, "provider": "bkash"}, errors.MissingClaimFields),
        ({"sessionId": "x", "trxId": "!", "provider": "?"}, errors.InvalidCheckoutSession),
        ({"sessionId": SID, "trxId": "!", "provider": "?"}, errors.InvalidTrxId),
        ({"sessionId": SID, "trxId": "ABC12345", "provider": "?"}, errors.InvalidProvider),
        (
            {"sessionId": "{" + SID + "}", "trxId": "ABC12345", "provider": "bkash"},
            errors.InvalidCheckoutSession,
        ),
    ],
)
def test_the_first_broken_rule_in_interface_order_is_reported(body, error):
    with pytest.raises(error):
        claims.parse_claim(body)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=10,
)


@settings(deadline=None)  # pure and fast; a loaded CI machine must not fail it
@given(
    st.one_of(
        json_values,
        st.fixed_dictionaries(
            {
                "sessionId": json_values | st.just(SID),
                "trxId": json_values,
                "provider": json_values | st.sampled_from(["bkash", "rocket"]),
            }
        ),
    )
)
def test_no_body_makes_validation_fail_other_than_with_a_client_error(body):
    try:
        req = claims.parse_claim(body)
    except (
        errors.MissingClaimFields,
        errors.InvalidCheckoutSession,
        errors.InvalidTrxId,
        errors.InvalidProvider,
    ):
        return
    assert claims.TRX_ID.fullmatch(req.trx_id) and req.provider in claims.PROVIDERS


# Matching -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({}, None),
        ({"amount_poisha": 50_001}, "amount differs"),
        ({"received_at": T0 - timedelta(minutes=10)}, None),
        (
            {"received_at": T0 - timedelta(minutes=10, microseconds=1)},
            "received before the session",
        ),
        ({"received_at": T0 + timedelta(days=1)}, None),
        ({"session_id": SID}, None),
        ({"session_id": "another"}, "used by another session"),
        ({"status": "suspect"}, "not a genuine incoming payment"),
        ({"direction": "debit"}, "not a genuine incoming payment"),
        ({"kind": "received"}, None),
        ({"kind": "payment_received"}, None),
        ({"kind": "cash_out_received"}, None),
        ({"kind": "cash_in"}, None),
        ({"kind": "b2b_received"}, None),
        ({"kind": "add_money"}, "not a payment from a buyer"),
        ({"kind": "remittance"}, "not a payment from a buyer"),
        ({"kind": "refund"}, "not a payment from a buyer"),
        ({"kind": "cashback"}, "not a payment from a buyer"),
        ({"kind": "reversal"}, "not a payment from a buyer"),
    ],
)
def test_a_transaction_matches_only_exactly(change, problem):
    assert claims.match_problem(session(), tx(**change)) == problem


# The next step --------------------------------------------------------------------------------

LIVE = T0 + timedelta(minutes=1)
LATE = T0 + timedelta(hours=2)


@pytest.mark.parametrize(
    ("doc", "account", "found", "now", "step", "error"),
    [
        (session(), ACTIVE, tx(), LIVE, Step.COMPLETE, None),
        (session(), VERIFYING, tx(), LIVE, Step.HOLD, None),
        (session(), VERIFYING, tx(status="confirmed"), LIVE, Step.COMPLETE, None),
        (session(), ACTIVE, None, LIVE, Step.FAIL, None),
        (session(), ACTIVE, tx(amount_poisha=1), LIVE, Step.FAIL, None),
        (session(), ACTIVE, tx(), LATE, Step.EXPIRE, None),
        (session(pending_claim=RECORD), VERIFYING, tx(), LATE, Step.ANSWER_PENDING, None),
        (
            session(pending_claim=RECORD),
            VERIFYING,
            tx(status="confirmed"),
            LATE,
            Step.COMPLETE_PENDING,
            None,
        ),
        (session(pending_claim=OTHER), VERIFYING, tx(), LIVE, Step.REJECT, None),
        (session(pending_claim=OTHER), VERIFYING, tx(), LATE, Step.REFUSE, errors.SessionExpired),
        (
            session(status=sm.COMPLETED, claim=RECORD),
            ACTIVE,
            tx(),
            LATE,
            Step.ANSWER_COMPLETED,
            None,
        ),
        (
            session(status=sm.COMPLETED, claim=OTHER),
            ACTIVE,
            tx(),
            LIVE,
            Step.REFUSE,
            errors.AlreadyCompleted,
        ),
        (session(status=sm.FAILED), ACTIVE, tx(), LIVE, Step.REFUSE, errors.TooManyAttempts),
        (session(status=sm.CANCELLED), ACTIVE, tx(), LIVE, Step.REFUSE, errors.SessionUnavailable),
        (session(status=sm.EXPIRED), ACTIVE, tx(), LIVE, Step.REFUSE, errors.SessionExpired),
    ],
)
def test_decide_picks_the_step_of_contract_section_3(doc, account, found, now, step, error):
    decision = claims.decide(doc, account, REQ, found, now)
    assert (decision.step, decision.error) == (step, error)


@pytest.mark.parametrize(
    ("doc", "now", "step"),
    [
        (session(), LIVE, Step.CANCEL),
        (session(), LATE, Step.EXPIRE),
        (session(pending_claim=RECORD), LATE, Step.CANCEL),
        (session(status=sm.CANCELLED), LATE, Step.ANSWER_CANCELLED),
        (session(status=sm.COMPLETED), LIVE, Step.REFUSE),
    ],
)
def test_decide_cancel(doc, now, step):
    assert claims.decide_cancel(doc, now).step is step


def test_the_success_body_comes_from_the_session_and_its_claim():
    completed = session(status=sm.COMPLETED, claim=RECORD, amount_poisha=12_345)
    body = COMPLETED_SCHEMA.dump(completed)
    assert body == {
        "success": True,
        "status": "COMPLETED",
        "session_id": SID,
        "order_id": "order-1",
        "payment_id": "pay_1",
        "amount": 123.45,
        "provider": "bkash",
        "trx_id": "ABC12345",
        "redirect_url": "https://shop/success",
    }


def test_the_event_body_is_the_interface_json_in_utf8():
    doc = session(status=sm.EXPIRED, order_id="অর্ডার-১", amount_poisha=10)
    raw = event_body(doc)
    expected = '{"order_id":"অর্ডার-১","payment_status":"EXPIRED","trid":"pay_1","amount":0.1}'
    assert raw == expected.encode("utf-8")
    assert json.loads(raw)["amount"] == 0.1


SOURCE = "a1b2c3"
sessions_for_lookup = st.builds(
    lambda status, pending, failures, expires_in, attempts: session(
        status=status,
        pending_claim={None: None, "same": RECORD, "other": claim("trx_1", "OTHER0001")}[pending],
        failed_attempts=min(failures, attempts),
        failed_sources={SOURCE: failures} if failures else {},
        expires_at=T0 + timedelta(minutes=expires_in),
    ),
    st.sampled_from(sorted(sm.TERMINAL | {sm.OPEN})),
    st.sampled_from([None, "same", "other"]),
    st.integers(0, 4),
    st.integers(-2000, 60),
    st.integers(1, 4),
)
transactions_for_lookup = st.one_of(
    st.none(),
    st.builds(
        lambda amount, status, holder: tx(amount_poisha=amount, status=status, session_id=holder),
        st.sampled_from([50_000, 12_345]),
        st.sampled_from(list(statuses.TRANSACTION_STATUSES)),
        st.sampled_from([None, SID, "another"]),
    ),
)


@settings(max_examples=400, deadline=None)
@given(
    s=sessions_for_lookup,
    t=transactions_for_lookup,
    verifying=st.booleans(),
    attempts=st.integers(1, 4),
    source=st.sampled_from([None, SOURCE]),
)
def test_a_claim_that_needs_no_transaction_decides_the_same_without_one(
    s, t, verifying, attempts, source
):
    account = AccountTerms(
        id="acc_1", name="Shop", balance_verification=verifying, max_failed_attempts=attempts
    )
    req = ClaimRequest(SID, "ABC12345", "bkash", source)
    if not claims.needs_transaction(s, account, req, T0):
        assert claims.decide(s, account, req, t, T0) == claims.decide(s, account, req, None, T0)


# A TrxID paid with another wallet (issue 32) ----------------------------------------------------


def test_a_claim_naming_the_wrong_wallet_fails_naming_the_wallet_it_was_paid_with():
    nagad = tx(provider="nagad")
    d = claims.decide(session(), ACTIVE, REQ, None, T0, elsewhere=nagad)
    assert d.step is Step.FAIL  # counted like any no-match: contract.md §3
    assert d.attempt is not None
    assert (d.attempt.reason, d.attempt.paid_with) == (claims.OTHER_WALLET, "nagad")


def test_a_wrong_wallet_whose_payment_could_not_pay_the_session_keeps_that_reason():
    used = tx(provider="nagad", session_id="another-session")
    d = claims.decide(session(), ACTIVE, REQ, None, T0, elsewhere=used)
    assert d.attempt is not None
    assert (d.attempt.reason, d.attempt.paid_with) == (claims.OTHER_SESSION, "nagad")


def test_without_any_transaction_the_history_says_no_sms_yet():
    d = claims.decide(session(), ACTIVE, REQ, None, T0)
    assert d.attempt is not None
    assert (d.attempt.reason, d.attempt.paid_with) == (claims.NO_TRANSACTION, None)


@pytest.mark.parametrize(
    ("found", "named"),
    [
        ([tx(provider="nagad")], "nagad"),
        ([tx(provider="nagad", amount_poisha=1)], "nagad"),
        ([tx(provider="nagad"), tx(provider="bkash")], None),  # the chosen wallet has it
        ([tx(provider="nagad", direction="debit")], None),
        ([tx(provider="nagad", status="suspect")], None),
        ([tx(provider="nagad", kind="cashback")], None),
        ([], None),
    ],
)
def test_paid_elsewhere_names_only_a_payment_the_session_could_take(found, named):
    got = claims.paid_elsewhere(session(), "bkash", found)
    assert (got.provider if got else None) == named


def test_the_buyer_note_names_the_wallet_only_while_the_latest_claim_is_the_wrong_wallet():
    wrong = claims.attempt_record(REQ, claims.FAILED, T0, claims.OTHER_WALLET, "nagad")
    later = claims.attempt_record(REQ, claims.FAILED, T0, claims.NO_TRANSACTION)
    assert claims.other_wallet_note(session(claim_history=(wrong,))) == "nagad"
    assert claims.other_wallet_note(session(claim_history=(wrong, later))) is None
    assert claims.other_wallet_note(session()) is None


@pytest.mark.parametrize(
    ("by", "person", "reason"),
    [
        (claims.BALANCE_CHECK, None, claims.CONFIRMED_BY_BALANCE),
        (claims.PERSON, "owner@shop.example", claims.CONFIRMED_BY_HAND),
        (claims.OPERATOR, None, claims.CONFIRMED_BY_HAND),
    ],
)
def test_a_confirmation_is_recorded_with_who_confirmed_it(by, person, reason):
    line = claims.confirmation_record(RECORD, T0, by, person)
    assert (line.outcome, line.by, line.person, line.reason) == (
        claims.COMPLETED,
        by,
        person,
        reason,
    )
    assert (line.provider, line.trx_id) == (RECORD.provider, RECORD.trx_id)
