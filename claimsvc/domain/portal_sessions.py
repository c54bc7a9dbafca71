"""Portal sign-in sessions: their record and expiry rules (pure)."""

from __future__ import annotations

import hashlib
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
