"""The portal's payment rules as pure values: claim history, search text, status filter, day."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from claimsvc.domain import claims, payments
from claimsvc.domain import sessions as sm
from claimsvc.domain.claims import ClaimRequest, Step
from claimsvc.domain.limits import dhaka_day_start
from claimsvc.store.sessions import SessionStore, update_spec
from tests.session_records import SID, T0, claim, session
from tests.unit.test_claim_rules import ACTIVE, VERIFYING, tx

NOW = T0 + timedelta(minutes=1)
VERIFY = ClaimRequest(SID, "ABC12345", "bkash")
SUBMIT = replace(VERIFY, source="src_a")


def attempt(outcome: str, by: str = claims.MERCHANT, reason: str | None = None):
    return sm.ClaimAttempt(NOW, "bkash", "ABC12345", outcome, by, reason)


@pytest.mark.parametrize(
    ("account", "req", "found", "step", "recorded"),
    [
        (ACTIVE, VERIFY, tx(), Step.COMPLETE, attempt(claims.COMPLETED)),
        (VERIFYING, VERIFY, tx(), Step.HOLD, attempt(claims.PENDING)),
        (ACTIVE, SUBMIT, tx(), Step.COMPLETE, attempt(claims.COMPLETED, claims.BUYER)),
        (ACTIVE, VERIFY, None, Step.FAIL, attempt(claims.FAILED, reason=claims.NO_TRANSACTION)),
        (
            ACTIVE,
            SUBMIT,
            tx(amount_poisha=1),
            Step.FAIL,
            attempt(claims.FAILED, claims.BUYER, claims.AMOUNT_DIFFERS),
        ),
        (
            ACTIVE,
            VERIFY,
            tx(session_id="another"),
            Step.FAIL,
            attempt(claims.FAILED, reason=claims.OTHER_SESSION),
        ),
    ],
)
def test_a_claim_that_changes_the_session_carries_its_history_entry(
    account, req, found, step, recorded
):
    decision = claims.decide(session(), account, req, found, NOW)
    assert (decision.step, decision.attempt) == (step, recorded)


def test_a_pending_claim_confirmed_since_is_recorded_as_completed():
    held = session(pending_claim=claim("trx_1", "ABC12345"))
    decision = claims.decide(held, VERIFYING, VERIFY, tx(status="confirmed"), NOW)
    assert (decision.step, decision.attempt) == (Step.COMPLETE_PENDING, attempt("completed"))


LATE = T0 + timedelta(hours=2)


@pytest.mark.parametrize(
    ("doc", "now"),
    [
        (session(pending_claim=claim("trx_1", "ABC12345")), NOW),  # still waiting: no write
        (session(pending_claim=claim("trx_2", "OTHER0001")), NOW),  # rejected, not counted
        (session(status=sm.COMPLETED, claim=claim("trx_2", "OTHER0001")), NOW),  # refused
        (session(), LATE),  # overdue: expired, not a claim the session took
    ],
)
def test_a_claim_that_changes_nothing_records_nothing(doc, now):
    assert claims.decide(doc, VERIFYING, VERIFY, tx(), now).attempt is None


def test_the_history_keeps_the_latest_attempts_in_order():
    doc = session()
    failed = sm.count_failure(1000, NOW)
    for n in range(sm.CLAIM_HISTORY_LIMIT + 3):
        entry = replace(attempt(claims.FAILED, reason=claims.NO_TRANSACTION), trx_id=f"TRX{n:05d}")
        after = sm.apply(doc, replace(failed, attempt=entry))
        assert after is not None
        doc = after
    kept = [a.trx_id for a in doc.claim_history]
    assert kept == [f"TRX{n:05d}" for n in range(3, sm.CLAIM_HISTORY_LIMIT + 3)]
    assert doc.failed_attempts == sm.CLAIM_HISTORY_LIMIT + 3


def test_the_store_pushes_the_attempt_in_the_transitions_own_update_bounded():
    step = replace(sm.complete(claim("trx_1", "ABC12345"), NOW), attempt=attempt("completed"))
    spec = update_spec(step)
    entry = {
        "at": NOW,
        "provider": "bkash",
        "trx_id": "ABC12345",
        "outcome": "completed",
        "by": "merchant",
        "reason": None,
    }
    push = {"claim_history": {"$each": [entry], "$slice": -sm.CLAIM_HISTORY_LIMIT}}
    assert spec["$push"] == push
    assert "$push" not in update_spec(sm.complete(claim("trx_1", "ABC12345"), NOW))


def test_a_session_with_a_history_comes_back_from_its_document_unchanged():
    doc = session(
        claim_history=(attempt("failed", "buyer", claims.AMOUNT_DIFFERS), attempt("completed"))
    )
    assert SessionStore.from_doc(SessionStore.to_doc(doc)) == doc
    assert "claim_history" not in SessionStore.to_doc(session())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (None, None),
        ("   ", None),
        ("order-17", payments.Search("order-17", None)),
        (" abc12345 ", payments.Search("abc12345", "ABC12345")),
        ("অর্ডার-১", payments.Search("অর্ডার-১", None)),
        ("x" * payments.MAX_SEARCH, payments.Search("x" * payments.MAX_SEARCH, None)),
    ],
)
def test_the_search_box_is_an_order_id_prefix_and_maybe_a_trxid(text, expected):
    assert payments.parse_search(text) == expected


@pytest.mark.parametrize(
    "text", ["x" * (payments.MAX_SEARCH + 1), "a\x00b", "line\nbreak", "\ufffd\ufffd"]
)
def test_unusable_search_text_is_refused(text):
    with pytest.raises(payments.SearchProblem):
        payments.parse_search(text)


@pytest.mark.parametrize(
    ("value", "expected"), [(None, None), ("", None), ("completed", "COMPLETED"), ("OPEN", "OPEN")]
)
def test_the_status_filter_names_a_session_status(value, expected):
    assert payments.parse_status(value) == expected


@pytest.mark.parametrize("value", ["DONE", "open' OR 1", "x" * 500])
def test_an_unknown_status_is_refused(value):
    with pytest.raises(payments.SearchProblem):
        payments.parse_status(value)


@pytest.mark.parametrize(
    ("now", "start"),
    [
        # Dhaka is UTC+6: its day begins at 18:00 UTC the evening before.
        (datetime(2026, 11, 21, 17, 59, tzinfo=UTC), datetime(2026, 11, 20, 18, 0, tzinfo=UTC)),
        (datetime(2026, 11, 21, 18, 0, tzinfo=UTC), datetime(2026, 11, 21, 18, 0, tzinfo=UTC)),
        (datetime(2026, 11, 21, 6, 0, tzinfo=UTC), datetime(2026, 11, 20, 18, 0, tzinfo=UTC)),
    ],
)
def test_the_day_starts_at_dhaka_midnight(now, start):
    assert dhaka_day_start(now) == start


def test_search_results_are_newest_first_without_repeats():
    old, new = session(id="a"), session(id="b", created_at=T0 + timedelta(hours=1))
    assert [s.id for s in payments.newest_first([old, new, old])] == ["b", "a"]


@pytest.mark.parametrize(
    ("form", "problems"),
    [
        ({"q": "order-1", "status": "open"}, {}),
        ({"q": "x" * (payments.MAX_SEARCH + 1), "status": "DONE"}, {"q", "status"}),
        ({"q": None, "status": "\ufffd"}, {"status"}),
    ],
)
def test_the_lists_filters_name_each_field_they_refuse(form, problems):
    filters, found = payments.parse_filters(form)
    assert set(found) == set(problems)
    assert (filters is None) == bool(problems)
