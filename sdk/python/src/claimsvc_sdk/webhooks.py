"""Verifying a webhook from its raw body and headers: both signatures, the timestamp, the id."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from claimsvc_sdk.errors import WebhookVerificationError
from claimsvc_sdk.money import from_json_number, taka_text

DEFAULT_TOLERANCE_SECONDS = 300
"""How far `webhook-timestamp` may be from this machine's clock, either way (as the Standard
Webhooks libraries do); keep the clock in sync with NTP."""

_REQUIRED = (
    "x-svc-signature",
    "x-svc-event-id",
    "webhook-id",
    "webhook-timestamp",
    "webhook-signature",
)


@dataclass(frozen=True)
class WebhookEvent:
    """One verified webhook. Deduplicate on `id`: the same event may arrive more than once."""

    id: str
    attempt: int
    timestamp: int
    order_id: str
    payment_status: str
    trid: str
    amount: Decimal
    amount_poisha: int
    test: bool
    data: dict[str, Any]

    @property
    def amount_text(self) -> str:
        return taka_text(self.amount_poisha)


def verify(
    body: bytes,
    headers: Mapping[str, str],
    secret: str | Sequence[str],
    *,
    tolerance: int = DEFAULT_TOLERANCE_SECONDS,
    now: float | None = None,
) -> WebhookEvent:
    """The event, or WebhookVerificationError.

    `body` is the raw request body, exactly as received (never re-serialised JSON); `headers`
    any mapping of header names (any case) to values; `secret` your callback secret, or during a
    rotation's grace both secrets (new and old: `x-svc-signature` stays on the old one until the
    grace ends). Checks `x-svc-signature` and the Standard Webhooks `webhook-signature` (any of
    its signatures) in constant time, and `webhook-timestamp` within `tolerance` seconds.
    """
    if isinstance(body, str):
        raise TypeError("body must be the raw bytes received, not text")
    secrets = [secret] if isinstance(secret, str) else list(secret)
    if not secrets or not all(isinstance(s, str) and s for s in secrets):
        raise ValueError("secret must be a non-empty string or a list of them")
    lowered = {str(k).lower(): str(v) for k, v in headers.items()}
    for name in _REQUIRED:
        if not lowered.get(name):
            raise WebhookVerificationError("missing_header", f"{name} header is missing")
    event_id, stamp = lowered["webhook-id"], lowered["webhook-timestamp"]
    if lowered["x-svc-event-id"] != event_id:
        raise WebhookVerificationError("malformed_header", "x-svc-event-id differs from webhook-id")
    if not stamp.isdigit():
        raise WebhookVerificationError("malformed_header", "webhook-timestamp is not a number")
    keys = [s.encode("utf-8") for s in secrets]
    if not _svc_signature_ok(keys, body, lowered["x-svc-signature"]):
        raise WebhookVerificationError("signature_mismatch", "x-svc-signature does not match")
    signed = f"{event_id}.{stamp}.".encode() + body
    if not _standard_signature_ok(keys, signed, lowered["webhook-signature"]):
        raise WebhookVerificationError("signature_mismatch", "webhook-signature does not match")
    clock = time.time() if now is None else now
    if abs(clock - int(stamp)) > tolerance:
        raise WebhookVerificationError(
            "timestamp_out_of_tolerance", "webhook-timestamp is too far from now"
        )
    return _event(body, event_id, lowered, int(stamp))


def _svc_signature_ok(keys: list[bytes], body: bytes, given: str) -> bool:
    ok = False
    for key in keys:  # every key is tried, so the time taken does not say which matched
        expected = hmac.new(key, body, hashlib.sha256).hexdigest()
        ok |= hmac.compare_digest(expected.encode(), given.encode())
    return ok


def _standard_signature_ok(keys: list[bytes], signed: bytes, header: str) -> bool:
    offered = [
        sig.encode()
        for version, _, sig in (p.partition(",") for p in header.split())
        if version == "v1"
    ]
    ok = False
    for key in keys:
        expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest())
        for sig in offered:
            ok |= hmac.compare_digest(expected, sig)
    return ok


def _event(body: bytes, event_id: str, headers: dict[str, str], stamp: int) -> WebhookEvent:
    try:
        data = json.loads(body.decode("utf-8"), parse_float=Decimal)
        if not isinstance(data, dict):
            raise ValueError("not an object")
        poisha = from_json_number(data["amount"])
        attempt = int(headers.get("x-svc-attempt") or "1")
        return WebhookEvent(
            id=event_id,
            attempt=attempt,
            timestamp=stamp,
            order_id=str(data["order_id"]),
            payment_status=str(data["payment_status"]),
            trid=str(data["trid"]),
            amount=Decimal(poisha) / 100,
            amount_poisha=poisha,
            test=headers.get("x-svc-test") == "true" or data.get("test") is True,
            data=data,
        )
    except (UnicodeDecodeError, ValueError, KeyError) as exc:
        raise WebhookVerificationError(
            "invalid_payload", f"the body is not an event: {exc}"
        ) from exc
