"""Amounts are exact: decimals in, integer poisha inside, JSON numbers out."""

import json
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimsvc.domain.money import (
    MAX_AMOUNT_POISHA,
    amount_problem,
    parse_taka,
    to_number,
    to_poisha,
)


def exact(text: str) -> Decimal:
    """A JSON number as the API decodes it (parse_float=Decimal)."""
    return json.loads(text, parse_float=Decimal)


@pytest.mark.parametrize(
    "text",
    ["1", "0.01", "0.1", "0.2", "0.3", "10.5", "10.50", "150.25", "1e2", "1.0E-1", "10000000"],
)
def test_positive_numbers_with_at_most_two_decimals_are_amounts(text):
    assert amount_problem(exact(text)) is None


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("5", "amount must be a JSON number"),
        (True, "amount must be a JSON number"),
        (False, "amount must be a JSON number"),
        (None, "amount must be a JSON number"),
        (5.5, "amount must be a JSON number"),
        ([5], "amount must be a JSON number"),
        (exact("0"), "amount must be a positive number"),
        (exact("-0.0"), "amount must be a positive number"),
        (exact("-1"), "amount must be a positive number"),
        (exact("10.555"), "amount must have at most 2 decimal places"),
        (exact("0.30000000000000004"), "amount must have at most 2 decimal places"),
        (exact("1e-3"), "amount must have at most 2 decimal places"),
        (exact("10000000.01"), "amount must be at most 10000000"),
        (exact("1e30"), "amount must be at most 10000000"),
        (exact("1e999999"), "amount must be at most 10000000"),
        # More digits than the decimal context's 28: counted, not rounded away.
        (exact("1.00000000000000000000000000000001"), "amount must have at most 2 decimal places"),
        (exact("9999999.999999999999999999999999"), "amount must have at most 2 decimal places"),
        (Decimal("NaN"), "amount must be a finite number"),
        (Decimal("Infinity"), "amount must be a finite number"),
    ],
)
def test_amount_problems_name_the_rule_broken(value, problem):
    assert amount_problem(value) == problem


def test_a_trailing_zero_is_not_a_third_decimal():
    assert amount_problem(exact("10.550")) is None
    assert to_poisha(exact("10.550")) == 1055
    many = "10000000." + "0" * 40
    assert amount_problem(exact(many)) is None
    assert to_poisha(exact(many)) == MAX_AMOUNT_POISHA


def test_tenths_add_up_exactly_in_poisha():
    assert to_poisha(exact("0.1")) + to_poisha(exact("0.2")) == to_poisha(exact("0.3")) == 30


def test_the_largest_amount_is_ten_million_taka():
    assert to_poisha(exact("10000000")) == MAX_AMOUNT_POISHA


@given(st.integers(min_value=1, max_value=MAX_AMOUNT_POISHA))
def test_poisha_survive_a_json_round_trip_exactly(poisha):
    text = json.dumps(to_number(poisha))
    assert to_poisha(exact(text)) == poisha
    assert amount_problem(exact(text)) is None


def test_whole_taka_are_written_as_integers():
    assert json.dumps(to_number(50_000)) == "500"
    assert json.dumps(to_number(15_025)) == "150.25"
    assert json.dumps(to_number(30)) == "0.3"


@pytest.mark.parametrize(
    ("text", "poisha"),
    [("0", 0), ("1,500.50", 150_050), ("12.5", 1250), ("0.01", 1), ("1500", 150_000)],
)
def test_decimal_strings_parse_to_poisha(text, poisha):
    assert parse_taka(text) == poisha


@pytest.mark.parametrize(
    "text",
    ["", "abc", "-1", "1.005", "NaN", "Infinity", "1.2.3", "1.00000000000000000000000000000001"],
)
def test_strings_that_are_not_two_decimal_amounts_do_not_parse(text):
    assert parse_taka(text) is None
