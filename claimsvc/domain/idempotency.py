"""Idempotency keys on creating requests (issue 31 §3, payment links): the `Idempotency-Key`
header's rule, the digest that tells "the same request" from another, and the replay window.

A key belongs to one account's ledger (so one mode); the store keeps it on the record it
created, under a unique index, so two concurrent first requests make one record.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from claimsvc import errors

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
MAX_KEY_LENGTH = 255
REPLAY_WINDOW = timedelta(hours=24)
"""How long a key answers with its first record; after it, the key makes a new one."""


@dataclass(frozen=True)
class Idempotency:
    """A request's key, scoped to its ledger, and the digest of its body."""

    scope: str
    digest: str


def parse_key(values: list[str]) -> str | None:
    """The header's one value (None: not given); InvalidIdempotencyKey unless it is 1 to 255
    printable ASCII characters, given once."""
    if not values:
        return None
    if len(values) > 1:
        raise errors.InvalidIdempotencyKey()
    [key] = values
    if not 1 <= len(key) <= MAX_KEY_LENGTH or not all(" " <= c <= "~" for c in key):
        raise errors.InvalidIdempotencyKey()
    return key


def _number(value: Any) -> Any:
    """A JSON number as the body parser reads it (a Decimal), by its value: 750.50 is 750.5."""
    if isinstance(value, Decimal):
        return {"number": format(value.normalize(), "f")}
    raise TypeError(f"not JSON: {type(value).__name__}")


def request_digest(body: Any) -> str:
    """The SHA-256 of the body as parsed JSON, keys sorted: the same request however its
    whitespace, key order or a number's trailing zeros differ."""
    canonical = json.dumps(
        body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_number
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def idempotency(ledger: str, key: str, body: Any) -> Idempotency:
    """The key as stored: unique per ledger (an account's live or test records)."""
    return Idempotency(scope=f"{ledger}\n{key}", digest=request_digest(body))


def replays(created_at: datetime, now: datetime) -> bool:
    """Whether a record created at `created_at` still answers its key at `now`."""
    return now - created_at < REPLAY_WINDOW
