from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimsvc.domain.retry import MAX_ATTEMPTS, next_delay

# interface.md §6, the retry table, row by row.
SCHEDULE = [
    (1, timedelta(minutes=2)),
    (2, timedelta(minutes=4)),
    (3, timedelta(minutes=8)),
    (4, timedelta(minutes=16)),
    (5, timedelta(minutes=32)),
    (6, timedelta(hours=1, minutes=4)),
    (7, timedelta(hours=2, minutes=8)),
    (8, timedelta(hours=4, minutes=16)),
    *[(n, timedelta(hours=6)) for n in range(9, 15)],
    (15, None),
]


@pytest.mark.parametrize(("attempts_made", "expected"), SCHEDULE)
def test_delay_after_each_attempt_matches_the_interface_table(attempts_made, expected):
    assert next_delay(attempts_made) == expected


def test_the_table_covers_every_attempt_up_to_the_dead_one():
    assert [n for n, _ in SCHEDULE] == list(range(1, MAX_ATTEMPTS + 1))
    assert MAX_ATTEMPTS == 15


@pytest.mark.parametrize("attempts_made", [15, 16, 100, 10**6])
def test_event_is_dead_from_attempt_fifteen_on(attempts_made):
    assert next_delay(attempts_made) is None


@pytest.mark.parametrize("attempts_made", [0, -1])
def test_attempts_made_below_one_is_a_caller_bug(attempts_made):
    with pytest.raises(ValueError):
        next_delay(attempts_made)


@given(st.integers(min_value=1, max_value=MAX_ATTEMPTS - 1))
def test_delay_is_positive_and_never_above_six_hours(attempts_made):
    delay = next_delay(attempts_made)
    assert delay is not None
    assert timedelta(0) < delay <= timedelta(hours=6)


@given(st.integers(min_value=1, max_value=MAX_ATTEMPTS - 2))
def test_delay_never_shrinks_from_one_attempt_to_the_next(attempts_made):
    earlier, later = next_delay(attempts_made), next_delay(attempts_made + 1)
    assert earlier is not None and later is not None
    assert earlier <= later
