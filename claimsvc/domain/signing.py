"""Signatures and headers sent with every webhook attempt (interface.md §6, contract.md §6)."""

from __future__ import annotations

import base64
import hashlib
import hmac


def _hmac_sha256(secret: str, message: bytes) -> bytes:
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).digest()


def svc_signature(secret: str, body: bytes) -> str:
    """Lower-case hex HMAC-SHA256 of the raw body: the `x-svc-signature` value."""
    return _hmac_sha256(secret, body).hex()


def standard_webhook_signature(secret: str, event_id: str, timestamp: int, body: bytes) -> str:
    """The Standard Webhooks `webhook-signature` value: `v1,` + base64 HMAC of `id.ts.body`."""
    signed = f"{event_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(_hmac_sha256(secret, signed)).decode("ascii")


def whsec_form(secret: str) -> str:
    """The secret as a Standard Webhooks library takes it: `whsec_` + base64 of its UTF-8 bytes."""
    return "whsec_" + base64.b64encode(secret.encode("utf-8")).decode("ascii")


def delivery_headers(
    secret: str, event_id: int, attempt: int, body: bytes, now_unix: int
) -> dict[str, str]:
    """All headers of one attempt: ours (`x-svc-*`) and the Standard Webhooks ones."""
    return {
        "content-type": "application/json",
        "x-svc-signature": svc_signature(secret, body),
        "x-svc-event-id": str(event_id),
        "x-svc-attempt": str(attempt),
        "webhook-id": str(event_id),
        "webhook-timestamp": str(now_unix),
        "webhook-signature": standard_webhook_signature(secret, str(event_id), now_unix, body),
    }
