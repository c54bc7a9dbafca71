from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from claimsvc_sdk import WebhookVerificationError, webhooks
from support import VECTORS

CASES = VECTORS["vectors"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_every_shared_vector_gives_its_expected_result(case: dict[str, Any]) -> None:
    body = case["body"].encode("utf-8")
    tolerance = VECTORS["tolerance_seconds"]
    expect = case["expect"]
    if not expect["ok"]:
        with pytest.raises(WebhookVerificationError) as caught:
            webhooks.verify(
                body, case["headers"], case["secrets"], tolerance=tolerance, now=case["now"]
            )
        assert caught.value.reason == expect["error"]
        return
    event = webhooks.verify(
        body, case["headers"], case["secrets"], tolerance=tolerance, now=case["now"]
    )
    want = expect["event"]
    assert event.id == want["id"] and event.attempt == want["attempt"]
    assert event.timestamp == want["timestamp"]
    assert (event.order_id, event.payment_status, event.trid) == (
        want["order_id"],
        want["payment_status"],
        want["trid"],
    )
    assert event.amount == Decimal(want["amount"]) and event.amount_text == want["amount"]
    assert event.amount_poisha == want["amount_poisha"] and event.test is want["test"]


def test_a_single_secret_string_is_accepted() -> None:
    case = CASES[0]
    event = webhooks.verify(
        case["body"].encode(), case["headers"], case["secrets"][0], now=case["now"]
    )
    assert event.id == "42"


def test_text_instead_of_raw_bytes_is_refused() -> None:
    case = CASES[0]
    with pytest.raises(TypeError):
        text: Any = case["body"]
        webhooks.verify(text, case["headers"], case["secrets"], now=case["now"])


def test_an_empty_secret_is_refused_rather_than_matching_nothing_silently() -> None:
    case = CASES[0]
    with pytest.raises(ValueError):
        webhooks.verify(case["body"].encode(), case["headers"], [], now=case["now"])


def test_the_tolerance_is_configurable() -> None:
    case = next(c for c in CASES if c["name"] == "stale timestamp")
    event = webhooks.verify(
        case["body"].encode(), case["headers"], case["secrets"], tolerance=600, now=case["now"]
    )
    assert event.payment_status == "COMPLETED"


def test_a_test_sessions_event_verifies_with_the_test_secret_and_never_with_the_live_one() -> None:
    named = {c["name"]: c for c in CASES}
    case = named["test session's event: receiver holds the test secret"]
    event = webhooks.verify(
        case["body"].encode(), case["headers"], case["secrets"], now=case["now"]
    )
    assert event.test is True
    live = named["test session's event: receiver holds only the live secret"]["secrets"]
    # A live receiver refuses it by its signature, with or without the x-svc-test header.
    stripped = {k: v for k, v in case["headers"].items() if k != "x-svc-test"}
    for headers in (case["headers"], stripped):
        with pytest.raises(WebhookVerificationError) as caught:
            webhooks.verify(case["body"].encode(), headers, live, now=case["now"])
        assert caught.value.reason == "signature_mismatch"
