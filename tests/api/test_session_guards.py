"""The store's conditional updates follow the pure state machine: for any session and any guard,
MongoDB's filter selects the session exactly when `sessions.allows` says the guard holds."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from claimsvc.domain import sessions as sm
from claimsvc.store.memory_mongo import MemoryMongoClient
from claimsvc.store.sessions import FAILED_SOURCES, SessionStore, guard_query
from tests.session_records import BASE

T0 = datetime(2026, 11, 21, 6, 0, tzinfo=UTC)
# Minutes around the boundaries that matter: expires_at itself and 24 h after it.
MINUTES = [-1441, -1440, -1439, -30, -1, 0, 1, 30, 1439, 1440, 1441, 1470]
CLAIM_RECORDS = [sm.Claim(t, "bkash", t.upper(), T0) for t in ("trx_a", "trx_b")]
CLAIMS = [None, *(SessionStore.to_doc(replace(BASE, claim=c))["claim"] for c in CLAIM_RECORDS)]

times = st.sampled_from(MINUTES).map(lambda m: T0 + timedelta(minutes=m))
optional_time = st.none() | times
counts = st.integers(min_value=0, max_value=6)

# Client sources of failed submits: none recorded yet (no field), or some with their counts.
SOURCES = ["src_a", "src_b"]
failed_sources = st.none() | st.dictionaries(
    st.sampled_from(SOURCES), st.integers(min_value=1, max_value=6), max_size=2
)


def _session(
    status: str, pending: Any, expires_at: datetime, attempts: int, sources: dict[str, int] | None
) -> dict[str, Any]:
    """A stored session document; the domain sees it as the store reads it (`from_doc`)."""
    doc = SessionStore.to_doc(BASE)
    doc.update(
        _id="s1",
        status=status,
        pending_claim=pending,
        expires_at=expires_at,
        failed_attempts=attempts,
    )
    if sources is not None:
        doc[FAILED_SOURCES] = sources
    return doc


sessions = st.builds(
    _session,
    st.sampled_from([sm.OPEN, sm.OPEN, *sorted(sm.TERMINAL)]),
    st.sampled_from(CLAIMS),
    times,
    counts,
    failed_sources,
)
guards = st.builds(
    sm.Guard,
    pending=st.sampled_from([None, True, False]),
    pending_transaction=st.sampled_from([None, "trx_a", "trx_b"]),
    live_at=optional_time,
    overdue_at=optional_time,
    attempts_below=st.none() | counts,
    attempts_at_least=st.none() | counts,
    source=st.sampled_from(SOURCES),
    source_seen=st.sampled_from([None, True, False]),
)


@settings(max_examples=300, deadline=None)
@given(doc=sessions, guard=guards)
async def test_the_mongodb_guard_selects_exactly_what_the_domain_allows(doc, guard):
    coll = MemoryMongoClient(tz_aware=True)["db"]["sessions"]
    await coll.insert_one(doc)
    selected = await coll.find_one({"_id": "s1", **guard_query(guard)}) is not None
    assert selected == sm.allows(guard, SessionStore.from_doc(doc))


@settings(max_examples=100, deadline=None)
@given(doc=sessions, now=times)
async def test_the_sweeper_finds_exactly_the_overdue_sessions(doc, now):
    db = MemoryMongoClient(tz_aware=True)["db"]
    await db["sessions"].insert_one(doc)
    found = await SessionStore(db).find_overdue(now, 10)
    assert (len(found) == 1) == sm.is_overdue(SessionStore.from_doc(doc), now)


sources = st.none() | st.sampled_from(SOURCES)
records = sessions.map(SessionStore.from_doc)
transitions = st.one_of(
    st.builds(sm.complete, st.sampled_from(CLAIM_RECORDS), times),
    st.builds(sm.hold, st.sampled_from(CLAIM_RECORDS), times),
    st.builds(sm.complete_pending, st.sampled_from(CLAIM_RECORDS), times),
    st.builds(sm.release, st.sampled_from(CLAIM_RECORDS), times),
    st.builds(sm.count_failure, st.integers(min_value=1, max_value=5), times, sources),
    st.builds(sm.lock, st.integers(min_value=1, max_value=5), times, sources),
    st.builds(sm.repeat_failure, st.sampled_from(SOURCES), times),
    st.builds(sm.failure, records, st.integers(min_value=1, max_value=5), times, sources),
    st.builds(sm.cancel, times),
    st.builds(sm.expire, times),
)


@settings(max_examples=300, deadline=None)
@given(doc=sessions, step=transitions)
async def test_every_transition_is_applied_by_the_store_exactly_as_by_the_domain(doc, step):
    db = MemoryMongoClient(tz_aware=True)["db"]
    await db["sessions"].insert_one(doc)
    stored = await SessionStore(db).transition("s1", step)
    expected = sm.apply(SessionStore.from_doc(doc), step)
    assert (stored is None) == (expected is None)
    if expected is not None:
        assert stored == expected
