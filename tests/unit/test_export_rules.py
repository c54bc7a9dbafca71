"""Pure rules of the CSV export: Dhaka-day ranges, exact money, totals, formula-safe cells."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimsvc.domain import export
from tests.session_records import session


def test_a_range_is_whole_dhaka_days():
    days = export.parse_range("2026-11-21", "2026-11-22")
    assert days.start == datetime(2026, 11, 20, 18, 0, tzinfo=UTC)
    assert days.end == datetime(2026, 11, 22, 18, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("first", "last"),
    [
        ("2026-11-22", "2026-11-21"),
        ("2025-11-20", "2026-11-21"),
        ("", "2026-11-21"),
        ("21/11/2026", "2026-11-21"),
        (None, None),
        ("2026-02-30", "2026-03-01"),
    ],
)
def test_an_unusable_range_is_refused(first, last):
    with pytest.raises(export.RangeProblem):
        export.parse_range(first, last)


def test_a_year_with_a_leap_day_fits():
    assert export.parse_range("2028-01-01", "2028-12-31").last.isoformat() == "2028-12-31"


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_cell_that_could_be_a_formula_is_written_as_text(start):
    assert export.safe_cell(start + "SUM(A1)") == "'" + start + "SUM(A1)"


@given(st.text())
def test_safe_cells_never_start_like_a_formula(text):
    assert not export.safe_cell(text).startswith(export.FORMULA_STARTS)


def test_totals_are_summed_in_poisha_and_written_exactly():
    totals = export.PaymentTotals()
    for poisha in (10, 20):
        totals.add(session(status="COMPLETED", amount_poisha=poisha))
    totals.add(session(amount_poisha=999))  # open: listed, not summed
    assert ["total", "completed_order_amount", "0.30"] in totals.rows()
    assert ["total", "payments", "3"] in totals.rows()


def test_a_payment_row_writes_dhaka_time_and_two_decimals():
    row = export.payment_row(session(amount_poisha=123_456_789))
    assert row[0] == "2026-11-21 12:00:00" and row[5] == "1234567.89" and row[6] == ""


@pytest.mark.parametrize(
    ("form", "problems"),
    [
        ({"what": None, "from": "2026-11-01", "to": "2026-11-21"}, {}),
        ({"what": "everything", "from": "2026-11-01", "to": "2026-11-21"}, {"what": "bad_kind"}),
        ({"what": "payments", "from": "", "to": "x"}, {"from": "bad_date", "to": "bad_date"}),
        ({"from": "2026-11-22", "to": "2026-11-21"}, {"to": "last_before_first"}),
        ({"from": "2025-11-20", "to": "2026-11-21"}, {"to": "too_long"}),
    ],
)
def test_the_export_form_names_each_field_it_refuses(form, problems):
    req, found = export.parse_form(form)
    assert found == {field: f"export.{key}" for field, key in problems.items()}
    assert (req is None) == bool(problems)
    if req is not None:
        assert req.kind == export.PAYMENTS and req.days.first.isoformat() == "2026-11-01"
