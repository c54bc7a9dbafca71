"""Signatures and headers sent with every webhook attempt (interface.md §6, contract.md §6)."""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Sequence

from claimsvc.domain.rotation import SigningKeys


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


TEST_HEADER = "x-svc-test"
"""Sent (value `true`) only with a test event from the portal: never a payment."""


def delivery_headers(
    keys: SigningKeys | str,
    event_id: int,
    attempt: int,
    body: bytes,
    now_unix: int,
    *,
    test: bool = False,
) -> dict[str, str]:
    """All headers of one attempt: ours (`x-svc-*`) and the Standard Webhooks ones.

    During a rotation's grace period `webhook-signature` lists the new secret's signature and
    the previous one's, space-separated as the Standard Webhooks spec provides for rotation;
    `x-svc-signature` (one HMAC by interface.md) stays on the previous secret until the grace
    ends, so a receiver that has not switched yet keeps verifying (docs/decisions.md).
    """
    keys = SigningKeys(keys) if isinstance(keys, str) else keys
    signers = [keys.current] if keys.previous is None else [keys.current, keys.previous]
    standard = " ".join(
        standard_webhook_signature(s, str(event_id), now_unix, body) for s in signers
    )
    headers = {
        "content-type": "application/json",
        "x-svc-signature": svc_signature(keys.previous or keys.current, body),
        "x-svc-event-id": str(event_id),
        "x-svc-attempt": str(attempt),
        "webhook-id": str(event_id),
        "webhook-timestamp": str(now_unix),
        "webhook-signature": standard,
    }
    if test:
        headers[TEST_HEADER] = "true"
    return headers


VERIFIED_CURRENT = "current"
VERIFIED_PREVIOUS = "previous"
MISMATCH = "mismatch"
UNSIGNED = "unsigned"


def check_svc_signature(body: bytes, signature: str | None, secrets: Sequence[str | None]) -> str:
    """What a receiver holding `secrets` (current first, then the previous one of a rotation)
    finds in `x-svc-signature`: which secret it verifies with, MISMATCH, or UNSIGNED (no header).
    Compared in constant time over the raw body, as receivers are told to (interface.md §6)."""
    if not signature:
        return UNSIGNED
    given = signature.strip().lower()
    if not given.isascii():  # compare_digest refuses non-ASCII text; no hex digest is
        return MISMATCH
    for name, secret in zip((VERIFIED_CURRENT, VERIFIED_PREVIOUS), secrets, strict=False):
        if secret and hmac.compare_digest(given, svc_signature(secret, body)):
            return name
    return MISMATCH
