"""The one bounded-number and bounded-date rule (claimsvc.domain.bounds): never an exception,
whatever it is given."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimsvc.domain import bounds
from claimsvc.domain.limits import DHAKA


@pytest.mark.parametrize(
    ("text", "maximum", "want"),
    [
        ("0", bounds.MAX_INT64, 0),
        (" 42 ", bounds.MAX_INT64, 42),
        ("9223372036854775807", bounds.MAX_INT64, bounds.MAX_INT64),
        ("9223372036854775808", bounds.MAX_INT64, None),
        ("9" * 5000, bounds.MAX_INT64, None),
        ("17", 16, None),
        ("16", 16, 16),
        ("", 16, None),
        ("-1", 16, None),
        ("+1", 16, None),
        ("1_0", 100, None),
        ("\u0661\u0662", 100, None),
        ("¹²", 100, None),
        ("\uff11\uff12", 100, None),
    ],
)
def test_digits_are_ascii_bounded_and_never_converted_when_too_long(text, maximum, want):
    assert bounds.digits(text, maximum) == want


@pytest.mark.parametrize(
    ("value", "want"),
    [(1, True), (True, False), (1.0, False), ("1", False), (2**63, False), (-(2**63), True)],
)
def test_is_int_takes_int64_integers_only(value, want):
    assert bounds.is_int(value) is want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("2026-11-21T12:00:00+06:00", datetime(2026, 11, 21, 6, tzinfo=UTC)),
        ("2026-11-21T12:00:00", datetime(2026, 11, 21, 6, tzinfo=UTC)),  # read in Dhaka
        ("2000-01-01T00:00:00Z", bounds.EARLIEST),
        ("2000-01-01T05:59:59", None),  # 1999 in UTC
        ("2100-01-01T00:00:00Z", None),
        ("0001-01-01T00:00:00", None),
        ("0001-01-01T00:00:00+14:00", None),
        ("9999-12-31T23:59:59-12:00", None),
        ("9999-12-31T23:59:59Z", None),
        ("2026-11-21T12:00:00" + " " * 100, None),
        ("yesterday", None),
    ],
)
def test_iso_time_keeps_to_the_window_after_its_offset(text, want):
    assert bounds.iso_time(text, DHAKA) == want


def test_epoch_milliseconds_in_the_window_only():
    assert bounds.epoch_ms(bounds.EARLIEST_MS) == bounds.EARLIEST
    assert bounds.epoch_ms(bounds.LATEST_MS) is None
    assert bounds.epoch_ms(1_795_240_800) is None  # seconds, not milliseconds
    assert bounds.epoch_ms(10**30) is None


offsets = st.integers(min_value=-1439, max_value=1439).map(lambda m: timezone(timedelta(minutes=m)))


@given(moment=st.datetimes(timezones=st.none() | offsets), zone=st.sampled_from([UTC, DHAKA]))
def test_in_window_never_raises_and_answers_utc_in_the_window(moment, zone):
    got = bounds.in_window(moment, zone)
    assert got is None or (bounds.EARLIEST <= got < bounds.LATEST and got.tzinfo is UTC)


@given(text=st.text(max_size=80) | st.from_regex(r"\d{1,4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d"))
def test_iso_time_and_digits_never_raise(text):
    bounds.iso_time(text, DHAKA)
    bounds.digits(text)
