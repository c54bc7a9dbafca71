from __future__ import annotations

import json
from decimal import Decimal

import pytest

from claimsvc_sdk._call import dumps as _dumps
from claimsvc_sdk.calls import _amount
from claimsvc_sdk.money import from_json_number, taka_text, to_poisha


@pytest.mark.parametrize(
    ("amount", "poisha"),
    [
        ("1250.50", 125050),
        ("1250.5", 125050),
        (Decimal("0.01"), 1),
        (Decimal("1E+3"), 100000),
        (Decimal("12.50"), 1250),
        (1250, 125000),
        (1250.5, 125050),
        (0.29, 29),  # 0.29 * 100 is 28.999999999999996 in binary floating point
        (0.07, 7),  # 0.07 * 100 is 7.000000000000001
        ("10000000", 1_000_000_000),
        (" 19.99 ", 1999),
    ],
)
def test_amounts_become_exact_poisha(amount: object, poisha: int) -> None:
    assert to_poisha(amount) == poisha  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "amount",
    [
        "0",
        "0.00",
        "-5",
        "1.005",
        "1e3",
        "12,50",
        "abc",
        "",
        0.1 + 0.2,
        10_000_001,
        "NaN",
        Decimal("NaN"),
        Decimal("0.001"),
    ],
)
def test_amounts_the_service_refuses_are_refused_before_sending(amount: object) -> None:
    with pytest.raises(ValueError):
        to_poisha(amount)  # type: ignore[arg-type]


@pytest.mark.parametrize("amount", [True, None, [1], b"1"])
def test_non_amounts_are_type_errors(amount: object) -> None:
    with pytest.raises(TypeError):
        to_poisha(amount)  # type: ignore[arg-type]


def test_the_json_body_carries_the_exact_number_text() -> None:
    body = _dumps({"order_id": '@@number-x@@ "', "amount": _amount("0.29", None)})
    assert body == b'{"order_id":"@@number-x@@ \\"","amount":0.29}'
    assert json.loads(body, parse_float=Decimal)["amount"] == Decimal("0.29")


def test_poisha_in_is_sent_as_taka() -> None:
    assert _dumps({"amount": _amount(None, 125005)}) == b'{"amount":1250.05}'
    with pytest.raises(TypeError):
        _amount("1", 100)
    with pytest.raises(TypeError):
        _amount(None, 12.5)  # type: ignore[arg-type]


def test_taka_text_and_json_numbers_round_trip() -> None:
    assert taka_text(5) == "0.05" and taka_text(125050) == "1250.50"
    assert from_json_number(Decimal("1250.5")) == 125050 and from_json_number(7) == 700
    with pytest.raises(ValueError):
        from_json_number(Decimal("1.001"))
    with pytest.raises(ValueError):
        from_json_number(1.5)  # a float here means the JSON was parsed lossily
