"""Limit arithmetic: the sliding minute window, Retry-After, and the Asia/Dhaka business day."""

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimsvc.domain.limits import (
    WINDOW_MS,
    decide,
    dhaka_day,
    seconds_to_dhaka_midnight,
    weighted_count,
    window_position,
)


def refused(limit: int, previous: int, current: int, elapsed_ms: int) -> bool:
    """The rate script's test: refuse when the weighted count has reached the limit."""
    return weighted_count(previous, current, elapsed_ms) >= limit


def after_waiting(previous: int, current: int, elapsed_ms: int, wait_ms: int):
    """(previous, current, elapsed) once `wait_ms` passed with no request counted."""
    at = elapsed_ms + wait_ms
    if at < WINDOW_MS:
        return previous, current, at
    if at < 2 * WINDOW_MS:
        return current, 0, at - WINDOW_MS
    return 0, 0, at % WINDOW_MS


def test_window_position_splits_time_into_minutes():
    moment = datetime(2026, 11, 21, 6, 0, 12, 345_000, tzinfo=UTC)
    window, elapsed = window_position(moment)
    assert elapsed == 12_345
    assert window == int(datetime(2026, 11, 21, 6, 0, tzinfo=UTC).timestamp()) // 60


def test_the_previous_minute_weighs_less_as_the_current_one_goes_on():
    assert weighted_count(60, 0, 0) == 60
    assert weighted_count(60, 0, 30_000) == 30
    assert weighted_count(60, 5, 45_000) == 20
    assert weighted_count(60, 0, 59_999) == 0


def test_allowed_requests_report_what_is_left_without_retry_after():
    decision = decide(limit=10, allowed=True, previous=0, current=4, elapsed_ms=15_500)
    assert decision.remaining == 6
    assert decision.reset_s == 45
    assert decision.headers() == {
        "RateLimit-Limit": "10",
        "RateLimit-Remaining": "6",
        "RateLimit-Reset": "45",
    }


def test_refused_requests_carry_retry_after_and_nothing_remaining():
    decision = decide(limit=10, allowed=False, previous=0, current=10, elapsed_ms=20_000)
    assert decision.remaining == 0
    # At the next minute's first instant last minute's 10 still weigh in full: one more second.
    assert decision.headers()["Retry-After"] == "41"


def test_retry_after_is_at_least_one_second():
    decision = decide(limit=1, allowed=False, previous=0, current=1, elapsed_ms=59_999)
    assert decision.retry_after_s == 1


@pytest.mark.parametrize(
    ("limit", "previous", "current", "elapsed_ms"),
    [
        (120, 0, 120, 30_000),  # full this minute: wait for the next one
        (120, 120, 0, 0),  # full last minute: the first instant of this one is still full
        (2, 2, 0, 0),
        (10, 20, 0, 0),
        (10, 10, 5, 30_000),
        (1, 1, 0, 0),
    ],
)
def test_a_client_honouring_retry_after_is_let_in(limit, previous, current, elapsed_ms):
    assert refused(limit, previous, current, elapsed_ms)
    wait_s = decide(limit, False, previous, current, elapsed_ms).retry_after_s
    assert not refused(limit, *after_waiting(previous, current, elapsed_ms, wait_s * 1000))


@given(
    limit=st.integers(1, 500),
    previous=st.integers(0, 1000),
    current=st.integers(0, 1000),
    elapsed_ms=st.integers(0, WINDOW_MS - 1),
)
def test_retry_after_is_enough_and_not_a_second_more_than_needed(
    limit, previous, current, elapsed_ms
):
    if not refused(limit, previous, current, elapsed_ms):
        return
    wait_s = decide(limit, False, previous, current, elapsed_ms).retry_after_s
    assert not refused(limit, *after_waiting(previous, current, elapsed_ms, wait_s * 1000))
    if wait_s > 1:
        assert refused(limit, *after_waiting(previous, current, elapsed_ms, wait_s * 1000 - 1000))


@given(
    limit=st.integers(1, 500),
    previous=st.integers(0, 1000),
    current=st.integers(0, 1000),
    elapsed_ms=st.integers(0, WINDOW_MS - 1),
)
def test_remaining_and_reset_stay_in_range(limit, previous, current, elapsed_ms):
    decision = decide(limit, True, previous, current, elapsed_ms)
    assert 0 <= decision.remaining <= limit
    assert 1 <= decision.reset_s <= 60


@pytest.mark.parametrize(
    ("utc", "day"),
    [
        (datetime(2026, 11, 21, 17, 59, 59, 999_000, tzinfo=UTC), "2026-11-21"),
        (datetime(2026, 11, 21, 18, 0, tzinfo=UTC), "2026-11-22"),
        (datetime(2026, 11, 21, 0, 0, tzinfo=UTC), "2026-11-21"),
        (datetime(2026, 12, 31, 18, 0, tzinfo=UTC), "2027-01-01"),
        (datetime(2028, 2, 28, 18, 30, tzinfo=UTC), "2028-02-29"),
    ],
)
def test_the_merchants_day_rolls_over_at_1800_utc(utc, day):
    assert dhaka_day(utc) == day


@pytest.mark.parametrize(
    ("utc", "left"),
    [
        # tzdata Asia/Dhaka: "Rule Dhaka 2009 only - Jun 19 23:00 1:00" (clocks 23:00 -> 24:00,
        # a 23-hour day; midnight is 17:00 UTC) and "Dec 31 24:00 0" (24:00 +07 -> 23:00 +06,
        # a 25-hour day; midnight is 18:00 UTC). Wall-clock subtraction was an hour out on both.
        (datetime(2009, 6, 19, 10, 0, tzinfo=UTC), 7 * 3600),
        (datetime(2009, 12, 31, 10, 0, tzinfo=UTC), 8 * 3600),
    ],
)
def test_the_countdown_follows_a_day_shortened_or_lengthened_by_summer_time(utc, left):
    assert seconds_to_dhaka_midnight(utc) == left
    assert dhaka_day(utc + timedelta(seconds=left)) != dhaka_day(utc)
    assert dhaka_day(utc + timedelta(seconds=left - 1)) == dhaka_day(utc)


def test_seconds_to_dhaka_midnight_count_down_to_1800_utc():
    assert seconds_to_dhaka_midnight(datetime(2026, 11, 21, 17, 59, 59, tzinfo=UTC)) == 1
    assert seconds_to_dhaka_midnight(datetime(2026, 11, 21, 18, 0, tzinfo=UTC)) == 86_400
    assert seconds_to_dhaka_midnight(datetime(2026, 11, 21, 6, 0, tzinfo=UTC)) == 12 * 3600


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1)))
def test_the_day_changes_exactly_when_the_countdown_ends(naive):
    moment = naive.replace(tzinfo=UTC)
    left = seconds_to_dhaka_midnight(moment)
    assert 1 <= left <= 25 * 3600  # Dhaka's 2009 summer time ended with a 25-hour day
    assert dhaka_day(moment + timedelta(seconds=left)) != dhaka_day(moment)
    assert dhaka_day(moment + timedelta(seconds=left - 1)) == dhaka_day(moment)
