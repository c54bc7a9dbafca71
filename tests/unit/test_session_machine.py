"""The session state machine as pure values: each transition's guard, and random sequences."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimsvc.domain import sessions as sm
from tests.session_records import T0, session
from tests.session_records import claim as claim_of

EXPIRES = T0 + timedelta(minutes=30)
CLAIM_A = claim_of("trx_a", "AAAAAA11")
CLAIM_B = claim_of("trx_b", "BBBBBB22")


LIVE = T0 + timedelta(minutes=5)
LATE = EXPIRES + timedelta(hours=1)  # past expires_at, inside a pending claim's grace
GONE = EXPIRES + timedelta(hours=24)  # the end of a pending claim's grace

CASES = [
    # transition, session, allowed
    (sm.complete(CLAIM_A, LIVE), session(), True),
    (sm.complete(CLAIM_A, EXPIRES), session(), False),
    (sm.complete(CLAIM_A, LIVE), session(pending_claim=CLAIM_B), False),
    (sm.complete(CLAIM_A, LIVE), session(status=sm.CANCELLED), False),
    (sm.hold(CLAIM_A, LIVE), session(), True),
    (sm.hold(CLAIM_A, LIVE), session(pending_claim=CLAIM_A), False),
    (sm.complete_pending(CLAIM_A, LATE), session(pending_claim=CLAIM_A), True),
    (sm.complete_pending(CLAIM_A, GONE), session(pending_claim=CLAIM_A), False),
    (sm.complete_pending(CLAIM_A, LIVE), session(pending_claim=CLAIM_B), False),
    (sm.complete_pending(CLAIM_A, LIVE), session(), False),
    (sm.release(CLAIM_A, LATE), session(pending_claim=CLAIM_A), True),
    (sm.release(CLAIM_A, GONE), session(pending_claim=CLAIM_A), False),
    (sm.release(CLAIM_A, LIVE), session(pending_claim=CLAIM_B), False),
    (sm.release(CLAIM_A, LIVE), session(), False),
    (sm.release(CLAIM_A, LIVE), session(status=sm.COMPLETED, claim=CLAIM_A), False),
    (sm.count_failure(3, LIVE), session(failed_attempts=1), True),
    (sm.count_failure(3, LIVE), session(failed_attempts=2), False),
    (sm.count_failure(3, LIVE), session(pending_claim=CLAIM_A), False),
    (sm.lock(3, LIVE), session(failed_attempts=2), True),
    (sm.lock(3, LIVE), session(failed_attempts=1), False),
    (sm.lock(3, LIVE), session(failed_attempts=7), True),
    (sm.lock(3, EXPIRES), session(failed_attempts=2), False),
    (sm.cancel(LIVE), session(), True),
    (sm.cancel(LATE), session(pending_claim=CLAIM_A), True),
    (sm.cancel(EXPIRES), session(), False),
    (sm.cancel(LIVE), session(status=sm.COMPLETED), False),
    (sm.expire(EXPIRES), session(), True),
    (sm.expire(LIVE), session(), False),
    (sm.expire(LATE), session(pending_claim=CLAIM_A), False),
    (sm.expire(GONE), session(pending_claim=CLAIM_A), True),
    (sm.expire(GONE), session(status=sm.FAILED), False),
]


@pytest.mark.parametrize(("step", "doc", "allowed"), CASES)
def test_each_transition_applies_only_from_the_state_it_expects(step, doc, allowed):
    after = sm.apply(doc, step)
    assert (after is not None) == allowed
    if after is not None and step.terminal:
        assert after.status in sm.TERMINAL and after.event_due is True


def test_the_lock_counts_the_attempt_that_reaches_the_limit():
    after = sm.apply(session(failed_attempts=2), sm.lock(3, LIVE))
    assert after is not None and (after.status, after.failed_attempts) == (sm.FAILED, 3)


def test_the_deadline_moves_24_hours_while_a_claim_is_pending():
    assert sm.deadline(session()) == EXPIRES
    assert sm.deadline(session(pending_claim=CLAIM_A)) == EXPIRES + timedelta(hours=24)
    assert sm.is_overdue(session(), EXPIRES)
    assert not sm.is_overdue(session(status=sm.EXPIRED), GONE)


@pytest.mark.parametrize(
    ("doc", "never"),
    [
        (session(), False),
        (session(pending_claim=CLAIM_A), False),
        (session(pending_claim=CLAIM_B), True),
        (session(status=sm.COMPLETED, claim=CLAIM_A), False),
        (session(status=sm.COMPLETED, claim=CLAIM_B), True),
        (session(status=sm.EXPIRED), True),
    ],
)
def test_a_reservation_may_go_only_from_a_session_that_can_never_use_it(doc, never):
    assert sm.can_never_use(doc, "trx_a") is never


# Random sequences ------------------------------------------------------------------------------

MAX = 3
claims = st.sampled_from([CLAIM_A, CLAIM_B])
moves = st.sampled_from([0, 60, 600, 1800, 3600, 86_400])
steps = st.one_of(
    st.tuples(st.just("complete"), claims, moves),
    st.tuples(st.just("hold"), claims, moves),
    st.tuples(st.just("complete_pending"), claims, moves),
    st.tuples(st.sampled_from(["count_failure", "lock", "cancel", "expire"]), st.none(), moves),
)


def build(name: str, claim: sm.Claim | None, now: datetime) -> sm.Transition:
    if name in ("complete", "hold", "complete_pending"):
        return getattr(sm, name)(claim, now)
    if name in ("count_failure", "lock"):
        return getattr(sm, name)(MAX, now)
    return getattr(sm, name)(now)


@settings(deadline=None)  # pure and fast; a loaded CI machine must not fail it
@given(st.lists(steps, max_size=30))
def test_no_sequence_of_transitions_breaks_an_invariant(sequence):
    doc, now, ended = session(), T0, 0
    for name, claim, move in sequence:
        now += timedelta(seconds=move)
        step = build(name, claim, now)
        after = sm.apply(doc, step)
        if doc.status in sm.TERMINAL:
            assert after is None, "a terminal state changed"
        if after is None:
            continue
        ended += step.terminal
        if after.status == sm.COMPLETED:
            assert after.claim is not None
            pending = doc.pending_claim
            assert pending is None or pending.transaction_id == after.claim.transaction_id
        if after.status == sm.FAILED:
            assert after.failed_attempts == MAX
        assert after.failed_attempts <= MAX
        assert sm.allows(step.guard, doc)
        doc = after
    assert ended <= 1, "more than one terminal transition"
