"""API key labels and the coarse last-use stamp (pure)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from claimsvc.domain.accounts import LABEL_MAX_LEN, clean_label, last_used_stamp


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        (None, None),
        ("", None),
        ("   ", None),
        ("  shop   server ", "shop server"),
        ("দোকান সার্ভার", "দোকান সার্ভার"),
        ("x" * LABEL_MAX_LEN, "x" * LABEL_MAX_LEN),
    ],
)
def test_a_label_is_trimmed_and_an_empty_one_is_none(raw, stored):
    assert clean_label(raw) == stored


@pytest.mark.parametrize("raw", ["x" * (LABEL_MAX_LEN + 1), "bad\x00label", "bell\x07", "del\x7f"])
def test_a_long_label_or_one_with_control_characters_is_refused(raw):
    with pytest.raises(ValueError):
        clean_label(raw)


@pytest.mark.parametrize(
    ("now", "stamp"),
    [
        (datetime(2026, 11, 21, 6, 0, 0, tzinfo=UTC), 1795240800),
        (datetime(2026, 11, 21, 6, 0, 59, 999999, tzinfo=UTC), 1795240800),
        (datetime(2026, 11, 21, 6, 1, 0, tzinfo=UTC), 1795240860),
    ],
)
def test_the_last_use_is_kept_to_the_minute(now, stamp):
    assert last_used_stamp(now) == stamp
