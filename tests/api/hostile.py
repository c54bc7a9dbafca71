"""Values a careless client or an attacker sends where a date, a number or a short text belongs
(issue 23): the kin of every input that once answered 500. The fuzz tests feed them to every
JSON field, form field and query parameter; Hypothesis draws from the same vocabulary."""

from __future__ import annotations

import base64
import json
from typing import Any

from hypothesis import strategies as st

DATES = [
    "0001-01-01T00:00:00",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-12:00",
    "9999-12-31T23:59:59Z",
    "9999-12-31T23:59:59.999999+23:59",
    "0001-01-01",
    "0001-01-01 00:00:00",
    "9999-12-31 23:59:59",
    "1969-12-31T23:59:59-00:01",
    "2026-02-30T10:00:00Z",
    "2026-11-21T12:00:00+24:00",
    "2026-11-21T25:61:61",
]
DIGIT_STRINGS = [
    "9" * 25,
    "9" * 400,
    "9" * 5000,
    "-1",
    "0",
    "+1",
    "1_000",
    " 7 ",
    "1e9",
    "\u0661\u0662\u0663\u0664\u0665\u0666",  # Arabic-Indic digits
    "\u00b9\u00b2\u00b3\u2074\u2075\u2076",  # superscript digits
    "\uff11\uff12\uff13",  # fullwidth digits
    "\u09e7\u09e8\u09e9",  # Bangla digits
]
TEXTS = [
    "",
    " ",
    "a\r\nb",
    "\r\n",
    "a\x00b",
    "\x00",
    "x" * 10_000,
    "\u202eevil",
    "\U0001f4b8",
    "stra\u00dfe",
    '<b>"quoted"</b>',
    "../../etc/passwd",
    "%00%0d%0a",
    "null",
]


def cursor(*position: Any) -> str:
    """A page cursor in this service's own encoding (claimsvc.domain.paging), of any content."""
    return base64.urlsafe_b64encode(json.dumps(list(position)).encode()).decode().rstrip("=")


CURSORS = [
    cursor(2**63),
    cursor(-(10**30)),
    cursor(10**30, "x"),
    cursor(253_402_300_799_000, "x"),  # 9999-12-31T23:59:59Z in milliseconds
    cursor(-62_135_596_800_000, "x"),  # 0001-01-01T00:00:00Z
    cursor("x" * 5000),
    cursor(True),
]
"""Cursors shaped as ours, holding numbers and times out of every bound."""
STRINGS = DATES + DIGIT_STRINGS + TEXTS + CURSORS
"""Everything a query string or a form can carry."""

NUMBERS: list[Any] = [
    0,
    -1,
    2**63,
    -(2**63) - 1,
    2**64,
    9 * 10**24,
    int("9" * 4000),
    10**308 * 10,
    -0.0,
    1e308,
    0.1,
]
WRONG_TYPES: list[Any] = [None, True, False, [], {}, [1, "a"], {"$gt": ""}, {"$where": "1"}]
JSON_VALUES: list[Any] = STRINGS + NUMBERS + WRONG_TYPES
"""Everything a JSON field can carry."""


CORE_STRINGS = [
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-12:00",
    "9999-12-31T23:59:59Z",
    "0001-01-01 00:00:00",
    "2026-02-30T10:00:00Z",
    "9" * 25,
    "9" * 5000,
    "-1",
    "1_000",
    "\u0661\u0662\u0663\u0664\u0665\u0666",
    "\u00b9\u00b2\u00b3\u2074\u2075\u2076",
    "",
    "a\r\nb",
    "a\x00b",
    "x" * 10_000,
    '<b>"quoted"</b>',
]
"""The deterministic sweeps' strings: one of each kind (Hypothesis draws the rest)."""
CORE_JSON: list[Any] = [
    *CORE_STRINGS,
    2**63,
    -(2**63) - 1,
    9 * 10**24,
    1e308,
    -1,
    None,
    True,
    [],
    {},
]
"""The deterministic sweeps' JSON values: one of each kind."""

_DATE_TEXT = (
    r"[0-9]{1,4}-[0-9]{2}-[0-9]{2}"
    r"([T ][0-9]{2}:[0-9]{2}(:[0-9]{2})?([+-][0-9]{2}:[0-9]{2}|Z)?)?"
)


def strings() -> st.SearchStrategy[str]:
    """The listed strings, and any text of the same kinds Hypothesis composes."""
    return (
        st.sampled_from(STRINGS)
        | st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)
        | st.from_regex(r"-?[0-9]{1,30}", fullmatch=True)
        | st.from_regex(_DATE_TEXT, fullmatch=True)
    )


def json_values() -> st.SearchStrategy[Any]:
    """The listed JSON values, and any string, integer or float Hypothesis composes."""
    return (
        st.sampled_from(JSON_VALUES)
        | strings()
        | st.integers(min_value=-(2**80), max_value=2**80)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.lists(st.integers(), max_size=3)
    )
