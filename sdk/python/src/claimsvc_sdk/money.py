"""Exact taka amounts: decimal strings, Decimal or integer poisha in, JSON number text out."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Union

Amount = Union[str, Decimal, int, float]
"""Taka: "1250.50", Decimal("1250.5"), 1250 or 1250.5 (a float is read by its shortest
repr, never rounded: 0.1 + 0.2 is refused, not sent as 0.3)."""

MAX_POISHA = 10_000_000 * 100
_TAKA = re.compile(r"^[0-9]+(\.[0-9]{1,2})?$")


def to_poisha(amount: Amount) -> int:
    """Taka to integer poisha, exactly; ValueError unless positive, at most 2 decimals and at
    most 10,000,000 taka (the service's own rules, checked before a request is sent)."""
    if isinstance(amount, bool) or not isinstance(amount, (str, Decimal, int, float)):
        raise TypeError(f"amount must be a decimal string, Decimal, int or float, not {amount!r}")
    if isinstance(amount, int):
        poisha = amount * 100
    else:
        if isinstance(amount, float):
            text = repr(amount)
        elif isinstance(amount, Decimal):
            text = format(amount, "f") if amount.is_finite() else str(amount)  # Decimal("1E+3")
        else:
            text = amount.strip()
        if not _TAKA.match(text):
            raise ValueError(f"amount must be taka with at most 2 decimal places, got {text!r}")
        try:
            value = Decimal(text) * 100
        except InvalidOperation as exc:  # pragma: no cover - the pattern admits only numbers
            raise ValueError(f"amount is not a number: {text!r}") from exc
        poisha = int(value)
    if poisha <= 0 or poisha > MAX_POISHA:
        raise ValueError("amount must be greater than 0 and at most 10,000,000 taka")
    return poisha


def check_poisha(poisha: int) -> int:
    if isinstance(poisha, bool) or not isinstance(poisha, int):
        raise TypeError(f"amount_poisha must be an int, not {poisha!r}")
    if poisha <= 0 or poisha > MAX_POISHA:
        raise ValueError("amount must be greater than 0 and at most 10,000,000 taka")
    return poisha


def taka_text(poisha: int) -> str:
    """12505 -> "125.05": the JSON number the API takes, written from integers only."""
    sign = "-" if poisha < 0 else ""
    whole, part = divmod(abs(poisha), 100)
    return f"{sign}{whole}.{part:02d}"


def from_json_number(value: object) -> int:
    """A JSON amount (parsed as Decimal or int) to poisha, refusing anything inexact."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise ValueError(f"amount is not a number: {value!r}")
    scaled = Decimal(value) * 100
    if scaled != scaled.to_integral_value():
        raise ValueError(f"amount has more than 2 decimal places: {value}")
    return int(scaled)
