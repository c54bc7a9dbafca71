"""Writes sdk/webhook-vectors.json: webhook requests signed by the service's own signer
(claimsvc.domain.signing), some then tampered with, and what a receiver must conclude.

The three SDKs (sdk/python, sdk/php, sdk/js) check every vector in their own tests, and
tests/unit/test_webhook_vectors.py checks that the signer still produces each vector's headers.
Run it again only when the vectors should change: `.venv/bin/python tools/make_webhook_vectors.py`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from claimsvc.domain.rotation import SigningKeys  # noqa: E402
from claimsvc.domain.signing import delivery_headers  # noqa: E402

OUT = ROOT / "sdk" / "webhook-vectors.json"
TOLERANCE_S = 300
TS = 1_700_000_000
SECRET = "cbs_vector-secret-1"
NEW, OLD = "cbs_rotated-new-secret", "cbs_rotated-old-secret"
TEST_SECRET = "cbs_vector-test-secret-1"
"""The account's test callback secret: a test session's events are signed with it, never with
the live SECRET (contract.md §6 "Test mode")."""

COMPLETED = (
    '{"order_id":"order-1001","payment_status":"COMPLETED",'
    '"trid":"pay_0d2c0e4772f8a1974a85","amount":1250.5}'
)
BANGLA = '{"order_id":"অর্ডার-৭","payment_status":"CANCELLED","trid":"pay_7","amount":99.99}'  # noqa: RUF001 - a Bangla digit on purpose
TEST_EVENT = '{"order_id":"test-9","payment_status":"TEST","trid":"test-9","amount":0,"test":true}'


def event(body: str, event_id: int, attempt: int, **extra: Any) -> dict[str, Any]:
    """What a receiver returns for an accepted request: the parsed event, amounts exact."""
    doc = json.loads(body)
    poisha = round(float(doc["amount"]) * 100)  # bodies here have at most 2 decimals
    return {
        "id": str(event_id),
        "attempt": attempt,
        "timestamp": TS,
        "order_id": doc["order_id"],
        "payment_status": doc["payment_status"],
        "trid": doc["trid"],
        "amount": f"{poisha // 100}.{poisha % 100:02d}",
        "amount_poisha": poisha,
        "test": extra.get("test", False),
    }


def vector(
    name: str,
    *,
    secrets: list[str],
    body: str = COMPLETED,
    signed_body: str | None = None,
    keys: SigningKeys | None = None,
    event_id: int = 42,
    attempt: int = 1,
    now: int = TS + 30,
    test: bool = False,
    change: dict[str, str | None] | None = None,
    title_case: bool = False,
    error: str | None = None,
) -> dict[str, Any]:
    """One request: signed over `signed_body` (default `body`), headers then changed by `change`
    (None removes a header), received at `now` by a receiver holding `secrets`."""
    keys = keys or SigningKeys(SECRET)
    signed = signed_body if signed_body is not None else body
    headers = delivery_headers(keys, event_id, attempt, signed.encode(), TS, test=test)
    for header, value in (change or {}).items():
        if value is None:
            headers.pop(header, None)
        else:
            headers[header] = value
    if title_case:  # HTTP header names are case-insensitive; a proxy may change their case
        headers = {name.title(): value for name, value in headers.items()}
    expect: dict[str, Any] = {"ok": error is None}
    if error is None:
        expect["event"] = event(body, event_id, attempt, test=test)
    else:
        expect["error"] = error
    return {
        "name": name,
        "secrets": secrets,
        "now": now,
        "body": body,
        "headers": headers,
        "expect": expect,
        "signed": {
            "current": keys.current,
            "previous": keys.previous,
            "event_id": event_id,
            "attempt": attempt,
            "timestamp": TS,
            "body": signed,
            "test": test,
            "changed_headers": sorted(change or {}),
        },
    }


def vectors() -> list[dict[str, Any]]:
    rotating = SigningKeys(NEW, OLD)
    sig = delivery_headers(SigningKeys(SECRET), 42, 1, COMPLETED.encode(), TS)
    return [
        vector("valid", secrets=[SECRET]),
        vector("valid, non-ASCII body", secrets=[SECRET], body=BANGLA, event_id=7, attempt=3),
        vector("valid, header names in another case", secrets=[SECRET], title_case=True),
        vector(
            "tampered body: amount changed",
            secrets=[SECRET],
            body=COMPLETED.replace("1250.5", "12500.5"),
            signed_body=COMPLETED,
            error="signature_mismatch",
        ),
        vector(
            "tampered body: re-serialised with spaces",
            secrets=[SECRET],
            body=json.dumps(json.loads(COMPLETED)),
            signed_body=COMPLETED,
            error="signature_mismatch",
        ),
        vector("wrong secret", secrets=["cbs_someone-else"], error="signature_mismatch"),
        vector(
            "x-svc-signature tampered, Standard Webhooks signature intact",
            secrets=[SECRET],
            change={"x-svc-signature": "0" * 64},
            error="signature_mismatch",
        ),
        vector(
            "Standard Webhooks signature tampered, x-svc-signature intact",
            secrets=[SECRET],
            change={"webhook-signature": "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="},
            error="signature_mismatch",
        ),
        vector(
            "only an unknown signature scheme",
            secrets=[SECRET],
            change={"webhook-signature": "v2," + sig["webhook-signature"][3:]},
            error="signature_mismatch",
        ),
        vector(
            "timestamp replaced (signature covers it)",
            secrets=[SECRET],
            change={"webhook-timestamp": str(TS + 10)},
            error="signature_mismatch",
        ),
        vector(
            "stale timestamp",
            secrets=[SECRET],
            now=TS + TOLERANCE_S + 1,
            error="timestamp_out_of_tolerance",
        ),
        vector(
            "timestamp from the future",
            secrets=[SECRET],
            now=TS - TOLERANCE_S - 1,
            error="timestamp_out_of_tolerance",
        ),
        vector("timestamp at the edge of the tolerance", secrets=[SECRET], now=TS + TOLERANCE_S),
        vector(
            "rotation grace: receiver holds new and old",
            secrets=[NEW, OLD],
            keys=rotating,
        ),
        vector("rotation grace: receiver still holds only the old", secrets=[OLD], keys=rotating),
        vector(
            "rotation grace: receiver holds only the new (x-svc-signature is still the old's)",
            secrets=[NEW],
            keys=rotating,
            error="signature_mismatch",
        ),
        vector("after the grace: only the new signs", secrets=[NEW, OLD], keys=SigningKeys(NEW)),
        vector(
            "after the grace: receiver holds only the old",
            secrets=[OLD],
            keys=SigningKeys(NEW),
            error="signature_mismatch",
        ),
        vector(
            "missing x-svc-signature",
            secrets=[SECRET],
            change={"x-svc-signature": None},
            error="missing_header",
        ),
        vector(
            "missing webhook-signature",
            secrets=[SECRET],
            change={"webhook-signature": None},
            error="missing_header",
        ),
        vector(
            "missing webhook-timestamp",
            secrets=[SECRET],
            change={"webhook-timestamp": None},
            error="missing_header",
        ),
        vector(
            "missing x-svc-event-id",
            secrets=[SECRET],
            change={"x-svc-event-id": None},
            error="missing_header",
        ),
        vector(
            "webhook-timestamp not a number",
            secrets=[SECRET],
            change={"webhook-timestamp": "soon"},
            error="malformed_header",
        ),
        vector(
            "x-svc-event-id differs from the signed webhook-id",
            secrets=[SECRET],
            change={"x-svc-event-id": "43"},
            error="malformed_header",
        ),
        vector("test event from the portal", secrets=[SECRET], body=TEST_EVENT, test=True),
        vector(
            "test session's event: receiver holds the test secret",
            secrets=[TEST_SECRET],
            keys=SigningKeys(TEST_SECRET),
            test=True,
        ),
        vector(
            "test session's event: receiver holds only the live secret",
            secrets=[SECRET],
            keys=SigningKeys(TEST_SECRET),
            test=True,
            error="signature_mismatch",
        ),
        vector(
            "test session's event, x-svc-test removed: receiver holds only the live secret",
            secrets=[SECRET],
            keys=SigningKeys(TEST_SECRET),
            test=True,
            change={"x-svc-test": None},
            error="signature_mismatch",
        ),
        vector(
            "signed, but not a JSON object",
            secrets=[SECRET],
            body="[1,2,3]",
            error="invalid_payload",
        ),
    ]


def main() -> int:
    doc = {
        "description": (
            "Webhook requests signed by claimsvc.domain.signing, some tampered with afterwards, "
            "and what a receiver holding `secrets` concludes at Unix time `now` with a "
            f"{TOLERANCE_S} s timestamp tolerance. Generated by tools/make_webhook_vectors.py."
        ),
        "tolerance_seconds": TOLERANCE_S,
        "errors": [
            "missing_header",
            "malformed_header",
            "signature_mismatch",
            "timestamp_out_of_tolerance",
            "invalid_payload",
        ],
        "vectors": vectors(),
    }
    OUT.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(doc['vectors'])} vectors to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
