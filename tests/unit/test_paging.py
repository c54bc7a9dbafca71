"""The one cursor format of admin listings: a cursor names where its page ended, and only
cursors this service wrote (for that kind of listing) are taken."""

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimsvc.domain.paging import (
    DEFAULT_LIMIT,
    MAX_LIMIT,
    clamp_limit,
    encode_cursor,
    id_position,
    is_cursor,
    time_position,
)

MOMENTS = st.datetimes(
    min_value=datetime(2001, 1, 1), max_value=datetime(2099, 1, 1), timezones=st.just(UTC)
)


@given(MOMENTS, st.text(min_size=1, max_size=40))
def test_a_time_cursor_names_the_moment_to_the_millisecond_and_the_id(moment, doc_id):
    at, named = time_position(encode_cursor(moment, doc_id))
    assert named == doc_id
    assert abs((at - moment).total_seconds()) < 0.001


@given(st.one_of(st.integers(1, 2**53), st.text(min_size=1, max_size=40)))
def test_an_id_cursor_names_the_id(doc_id):
    assert id_position(encode_cursor(doc_id)) == doc_id


@pytest.mark.parametrize("cursor", ["", "zzz", "-1", "123", "W10", "WzEsMl0"])
def test_cursors_this_service_did_not_write_are_refused(cursor):
    assert not is_cursor(cursor)
    assert not is_cursor(cursor, by_id=True)


def test_a_cursor_of_one_kind_of_listing_is_refused_by_the_other():
    by_time = encode_cursor(datetime(2026, 1, 1, tzinfo=UTC), "dev-1")
    by_id = encode_cursor(42)
    assert is_cursor(by_time) and not is_cursor(by_time, by_id=True)
    assert is_cursor(by_id, by_id=True) and not is_cursor(by_id)
    assert not is_cursor(encode_cursor(True), by_id=True)


@given(st.text(max_size=30))
def test_any_text_is_either_a_cursor_or_refused_never_an_exception(text):
    assert is_cursor(text) in (True, False)
    assert is_cursor(text, by_id=True) in (True, False)


def test_page_sizes_default_and_stay_within_the_maximum():
    assert clamp_limit(None) == DEFAULT_LIMIT
    assert clamp_limit(MAX_LIMIT + 1) == MAX_LIMIT
    assert clamp_limit(0) == 1
