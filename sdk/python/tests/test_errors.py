from __future__ import annotations

import json
from typing import Any

import pytest

import claimsvc_sdk
from claimsvc_sdk.errors import ApiError, error_from_response
from support import shared

CASES = shared("error-cases.json")["cases"]


@pytest.mark.parametrize("case", CASES, ids=[f"{c['status']} {c['code']}" for c in CASES])
def test_every_documented_error_answer_is_its_named_type(case: dict[str, Any]) -> None:
    raw = b"" if case["body"] is None else json.dumps(case["body"]).encode()
    err = error_from_response(case["status"], raw, case.get("headers", {}), "req1")
    # The table names the type, or a family the library refines with the code's own type.
    named = getattr(claimsvc_sdk, case["type"])
    specific = claimsvc_sdk.ERROR_TYPES.get(case["code"])
    assert type(err) is named or (type(err) is specific and issubclass(specific, named))
    assert isinstance(err, ApiError)
    assert (err.code, err.status) == (case["code"], case["status"])
    assert err.retry_after == case.get("retry_after")
    assert err.retryable is case.get("retryable", False)
    assert err.details == case.get("details", [])
    assert err.request_id == "req1"
    body = case["body"]
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        assert err.message == body["error"]["message"]
    elif isinstance(body, dict):
        assert err.message == body.get("message", body["error"])


def test_the_server_request_id_wins_over_ours() -> None:
    err = error_from_response(
        500, b'{"error":"Internal server error"}', {"X-Request-Id": "srv"}, "mine"
    )
    assert err.request_id == "srv"


def test_every_named_code_is_in_the_shared_table_and_every_code_of_it_is_named() -> None:
    codes = {case["code"] for case in CASES if not case["code"].startswith("HTTP_")}
    assert set(claimsvc_sdk.ERROR_TYPES) == codes
