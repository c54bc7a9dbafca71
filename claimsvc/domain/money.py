"""Amounts: exact decimals in, integer poisha inside, JSON numbers out. No binary floats."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

MAX_AMOUNT_POISHA = 10_000_000 * 100
MAX_AMOUNT_TAKA = Decimal(10_000_000)
# Fees and wallet balances: to_number answers up to this exactly, and MongoDB stores it.
MAX_FIGURE_TAKA = Decimal(100_000_000_000)


def decimal_places(dec: Decimal) -> int:
    """The decimal places a finite `dec` needs, trailing zeros dropped, counted exactly.

    Read from its digits, not computed: normalize() and arithmetic round to the context's 28
    digits, which passed 1.000...0001 as 1 and 9999999.999...9 as 10000000.
    """
    _, digits, exponent = dec.as_tuple()
    significant = "".join(map(str, digits)).rstrip("0")
    if not significant or not isinstance(exponent, int):
        return 0
    return max(0, -exponent - (len(digits) - len(significant)))


def amount_problem(value: object) -> str | None:
    """Why `value` (as decoded with parse_float=Decimal) is not a valid amount, or None."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        return "amount must be a JSON number"
    dec = Decimal(value)
    if not dec.is_finite():
        return "amount must be a finite number"
    if dec <= 0:
        return "amount must be a positive number"
    if decimal_places(dec) > 2:
        return "amount must have at most 2 decimal places"
    if dec > MAX_AMOUNT_TAKA:  # compared exactly: a product could round or overflow
        return "amount must be at most 10000000"
    return None


def to_poisha(value: int | Decimal) -> int:
    """Exact conversion of a validated amount to integer poisha."""
    return int(Decimal(value) * 100)


def parse_taka(text: str) -> int | None:
    """A decimal string such as "1,500.50" as poisha; None when it is not one."""
    try:
        dec = Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None
    if not dec.is_finite() or dec < 0 or decimal_places(dec) > 2:
        return None
    return to_poisha(dec)


def to_number(poisha: int) -> int | float:
    """Poisha as a JSON number of taka.

    Division of two exact integers is correctly rounded, so the float is the nearest double to
    the two-decimal value and its repr prints exactly that value (for amounts up to 10^13).
    """
    return poisha // 100 if poisha % 100 == 0 else poisha / 100


def to_text(poisha: int) -> str:
    """Poisha as a taka decimal string with two places ("785.00"), as the SMS corpus writes it."""
    sign = "-" if poisha < 0 else ""
    whole, frac = divmod(abs(poisha), 100)
    return f"{sign}{whole}.{frac:02d}"
