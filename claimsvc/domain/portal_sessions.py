"""Portal sign-in sessions: their record and expiry rules (pure)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

IDLE = timedelta(minutes=30)
"""A session unused this long has ended."""
ABSOLUTE = timedelta(hours=12)
"""A session ends this long after sign-in however busy it is."""
CODE_STEP = timedelta(minutes=5)
"""The time a user has between their password and their two-factor code."""
TOUCH_EVERY = timedelta(minutes=1)
"""Activity is written at most this often (one write a minute, not one per page)."""

FULL, CODE = "full", "code"
"""Stages: signed in; or password checked, two-factor code still due."""


def new_session_id() -> str:
    """The random id the cookie carries (256 bits)."""
    return secrets.token_urlsafe(32)


TOKEN = re.compile(r"[A-Za-z0-9_-]{20,100}")
"""The shape of every random token a portal cookie carries (new_session_id, invite tokens)."""


def is_token(value: str | None) -> bool:
    """Whether a cookie's value has a token's shape; anything else is treated as absent."""
    return value is not None and TOKEN.fullmatch(value) is not None


def mask_token(token: str) -> str:
    """The copy of a CSRF token a form carries: a fresh random mask, then the token XORed
    with it. The page never holds the token itself (nor a cookie's value), and differs on
    every answer (no fixed secret for a compression side channel to find)."""
    raw = token.encode()
    mask = secrets.token_bytes(len(raw))
    masked = mask + bytes(a ^ b for a, b in zip(raw, mask, strict=True))
    return base64.urlsafe_b64encode(masked).decode().rstrip("=")


def unmask_token(sent: str) -> str | None:
    """The token a form's masked copy stands for, or None when it is no masked token."""
    try:
        raw = base64.urlsafe_b64decode(sent + "=" * (-len(sent) % 4))
    except (binascii.Error, ValueError):
        return None
    half = len(raw) // 2
    if not raw or len(raw) % 2:
        return None
    token = bytes(a ^ b for a, b in zip(raw[:half], raw[half:], strict=True))
    return token.decode("ascii") if token.isascii() else None


def hash_id(session_id: str) -> str:
    """The stored form of a session id (or any random token): its SHA-256."""
    return hashlib.sha256(session_id.encode()).hexdigest()


def ends_at(created_at: datetime, seen_at: datetime, stage: str = FULL) -> datetime:
    """When a session created and last used at these moments ends."""
    if stage == CODE:
        return created_at + CODE_STEP
    return min(created_at + ABSOLUTE, seen_at + IDLE)


def needs_touch(seen_at: datetime, now: datetime) -> bool:
    return now - seen_at >= TOUCH_EVERY


@dataclass(frozen=True, kw_only=True)
class PortalSession:
    """A session as stored: the hash of its id, whose it is, its CSRF token and its times."""

    id_hash: str
    user_id: str
    account_id: str
    stage: str
    csrf: str
    created_at: datetime
    seen_at: datetime
    ends_at: datetime
