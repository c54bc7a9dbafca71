"""Browsers a user has signed in from (pure rules).

Past the per-user sign-in limit (domain/signin_limits.py) a browser new to the user has only a
few password tries per address. A browser the user has already signed in from carries a random
token in a long-lived cookie; with the right password it passes that guard without spending
them, as a second factor would. The stranger has neither
the cookie nor the password. The per-address and per-(user, address) limits apply to everyone.
See docs/decisions.md, "Sign-in limits a stranger cannot turn against a user".
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from claimsvc.domain import portal_sessions as ps

KEEP = 10
"""Browsers remembered per user; the oldest is forgotten first."""
LIFETIME = timedelta(days=90)
"""How long a browser stays known after the sign-in that made it known."""


@dataclass(frozen=True)
class KnownDevice:
    """One remembered browser: the SHA-256 of its cookie's token (never the token)."""

    token_hash: str
    since: datetime


def new_token() -> str:
    """A fresh token for the cookie, shaped like every portal cookie token."""
    return ps.new_session_id()


def remembered(token: str, now: datetime) -> KnownDevice:
    return KnownDevice(ps.hash_id(token), now)


def recognises(devices: Iterable[KnownDevice], token: str | None, now: datetime) -> bool:
    """Whether the browser's `token` is one of `devices`, made known within LIFETIME."""
    if not ps.is_token(token):
        return False
    sent = ps.hash_id(token or "")
    found = False
    for device in devices:
        # Every entry is compared, in constant time each: no early exit to time.
        fresh = now - device.since < LIFETIME
        found |= hmac.compare_digest(device.token_hash, sent) and fresh
    return found
