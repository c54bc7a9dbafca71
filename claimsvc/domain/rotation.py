"""Callback secret rotation with a grace period: which secrets sign an attempt, and when.

While a grace period runs, every attempt is signed with the new secret and the previous one
(docs/decisions.md, "Portal: webhooks and keys (issue 16)"); after it, with the new one only.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

GRACE_HOURS = (0, 1, 24, 72, 168)
"""Grace periods a merchant may choose, in hours; 0 ends the old secret at once (a leak)."""

DEFAULT_GRACE_HOURS = 24
"""Long enough to deploy a receiver change on a working day; short enough to forget nothing."""

SECRET_BYTES = 32
"""Random bytes of a generated callback secret (the Standard Webhooks spec asks 24 to 64)."""


@dataclass(frozen=True)
class SigningKeys:
    """The secrets an attempt is signed with: the current one, and the previous one while its
    grace period runs (None otherwise)."""

    current: str
    previous: str | None = None


@dataclass(frozen=True)
class Rotated:
    """An account's callback secrets after a rotation (the new `current` is shown once)."""

    current: str
    previous: str | None
    previous_until: datetime | None


def new_callback_secret() -> str:
    """A fresh callback secret: URL-safe text, so it pastes cleanly into any configuration."""
    return "cbs_" + secrets.token_urlsafe(SECRET_BYTES)


def in_grace(previous: str | None, until: datetime | None, now: datetime) -> bool:
    """Whether the previous secret still signs: set, and its grace period not yet over."""
    return bool(previous) and until is not None and now < until


def signing_keys(
    current: str, previous: str | None, until: datetime | None, now: datetime
) -> SigningKeys:
    """The secrets an attempt made at `now` is signed with."""
    return SigningKeys(current, previous if in_grace(previous, until, now) else None)


def rotate(
    current: str | None,
    previous: str | None,
    until: datetime | None,
    new_secret: str,
    grace: timedelta,
    now: datetime,
) -> Rotated:
    """The secrets after rotating to `new_secret` with `grace` for the old one.

    A rotation during a running grace keeps the older secret, not the one being replaced: that
    one was shown minutes or hours ago and most receivers still hold the older one (a lost or
    leaked new secret is the usual reason to rotate again). A zero grace drops every old secret.
    """
    if grace <= timedelta(0):
        return Rotated(new_secret, None, None)
    kept = previous if in_grace(previous, until, now) else current
    if not kept:
        return Rotated(new_secret, None, None)
    return Rotated(new_secret, kept, now + grace)
