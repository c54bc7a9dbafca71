"""The one bounded-number and bounded-date rule every parser of input keeps (issue 23); pure.

A number or a time from a request is taken only when the service can store it and compute with
it: an integer within MongoDB's int64 and the field's own maximum, a digit string of at most 19
ASCII digits (checked before int(): Python refuses to convert more than 4,300 digits, and a
5,000-digit string must be a 400, not a 500), and a time between 2000-01-01 and 2100-01-01 UTC
after its offset is applied (year 1 at +14:00 and year 9999 at -12:00 cannot even be converted
to UTC). Outside those bounds a value is not a value: each parser refuses it with its own
endpoint's client error.
"""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from typing import Any

MAX_INT64 = 2**63 - 1
"""The largest integer MongoDB stores; a larger one fails the write after validation."""
MIN_INT64 = -(2**63)
MAX_DIGITS = 19
"""Digits of MAX_INT64: a longer digit string is never converted."""

EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)
"""Times from requests lie in [EARLIEST, LATEST): wide for any real event, narrow enough that
every time arithmetic and every zone conversion the service does on them stays in range."""
WINDOW = "between 2000-01-01 and 2100-01-01 UTC"
"""How a refusal names the window."""
EARLIEST_MS = int(EARLIEST.timestamp() * 1000)
LATEST_MS = int(LATEST.timestamp() * 1000)

MAX_TIME_TEXT = 64
"""The longest ISO 8601 text read at all (the longest valid form is about 40 characters)."""


def is_int(value: Any, minimum: int = MIN_INT64, maximum: int = MAX_INT64) -> bool:
    """Whether `value` is an integer (not a boolean) within [minimum, maximum] and int64."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return max(minimum, MIN_INT64) <= value <= min(maximum, MAX_INT64)


def digits(text: str, maximum: int = MAX_INT64) -> int | None:
    """A string of ASCII digits (surrounding spaces allowed) as an integer of at most `maximum`;
    None for anything else: signs, `_`, non-ASCII digits (`١٢`, `¹²`), or more than 19 digits."""
    stripped = text.strip()
    if not (0 < len(stripped) <= MAX_DIGITS and stripped.isascii() and stripped.isdigit()):
        return None
    value = int(stripped)
    return value if value <= min(maximum, MAX_INT64) else None


def in_window(moment: datetime, zone: tzinfo = UTC) -> datetime | None:
    """`moment` in UTC (a naive one read in `zone`) when it lies in the window; None otherwise,
    including when it cannot be converted to UTC at all."""
    try:
        aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=zone)
        utc = aware.astimezone(UTC)
    except (OverflowError, ValueError):
        return None
    return utc if EARLIEST <= utc < LATEST else None


def iso_time(text: str, zone: tzinfo = UTC) -> datetime | None:
    """An ISO 8601 time (without an offset: in `zone`) in the window, in UTC; None otherwise."""
    if len(text) > MAX_TIME_TEXT:
        return None
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        return None
    return in_window(moment, zone)


def epoch_ms(value: int) -> datetime | None:
    """Unix milliseconds in the window, as a UTC time; None otherwise (seconds given for
    milliseconds fall in 1970, outside it)."""
    if not is_int(value, EARLIEST_MS, LATEST_MS - 1):
        return None
    return datetime.fromtimestamp(value / 1000, UTC)
