"""The shared webhook vectors (sdk/webhook-vectors.json), which the three SDKs check too, still
describe what the service's own signer sends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from claimsvc.domain.rotation import SigningKeys
from claimsvc.domain.signing import delivery_headers, standard_webhook_signature, svc_signature

VECTORS = json.loads(
    (Path(__file__).resolve().parents[2] / "sdk" / "webhook-vectors.json").read_text("utf-8")
)
CASES = VECTORS["vectors"]


def lower(headers: dict[str, str]) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()}


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_signer_produces_every_header_the_vector_did_not_change(case: dict[str, Any]) -> None:
    signed = case["signed"]
    made = delivery_headers(
        SigningKeys(signed["current"], signed["previous"]),
        signed["event_id"],
        signed["attempt"],
        signed["body"].encode("utf-8"),
        signed["timestamp"],
        test=signed["test"],
    )
    changed = set(signed["changed_headers"])
    assert {k: v for k, v in made.items() if k not in changed} == {
        k: v for k, v in lower(case["headers"]).items() if k not in changed
    }


@pytest.mark.parametrize(
    "case", [c for c in CASES if c["expect"]["ok"]], ids=lambda c: str(c["name"])
)
def test_an_accepted_vector_verifies_with_one_of_its_secrets_in_both_headers(
    case: dict[str, Any],
) -> None:
    headers, body = lower(case["headers"]), case["body"].encode("utf-8")
    ts = int(headers["webhook-timestamp"])
    assert abs(case["now"] - ts) <= VECTORS["tolerance_seconds"]
    assert any(svc_signature(s, body) == headers["x-svc-signature"] for s in case["secrets"])
    offered = headers["webhook-signature"].split(" ")
    assert any(
        standard_webhook_signature(s, headers["webhook-id"], ts, body) in offered
        for s in case["secrets"]
    )


def test_the_vectors_cover_every_error_and_rotation() -> None:
    errors = {c["expect"].get("error") for c in CASES} - {None}
    assert errors == set(VECTORS["errors"])
    assert any(c["signed"]["previous"] for c in CASES if c["expect"]["ok"])
    assert any(" " in lower(c["headers"]).get("webhook-signature", "") for c in CASES)
