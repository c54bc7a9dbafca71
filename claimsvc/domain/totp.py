"""Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) and recovery codes (pure)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import struct
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import quote, urlencode

STEP_SECONDS = 30
DIGITS = 6
DRIFT_STEPS = 1
"""Codes of one step before and after now are accepted too (a phone's clock drifts)."""
SECRET_BYTES = 20
RECOVERY_CODES = 10
ISSUER = "claimsvc"
ENROL_TRIES = 5
"""Wrong codes a pending set-up takes before it is dropped (Twilio Verify's TOTP factor takes
5 too). The user holds the secret, so this bounds nothing an attacker wants; it stops an
authenticator entry that never matches (a wrong clock, the wrong app entry) from being tried
for ever, and tells the user to start again with a clean entry."""
ENROL_LIFETIME = timedelta(minutes=30)
"""How long a pending set-up waits for its first code: long enough to install an app."""


def new_secret() -> str:
    """A random secret in unpadded base32, as authenticator apps take it."""
    return base64.b32encode(secrets.token_bytes(SECRET_BYTES)).decode().rstrip("=")


def _key(secret: str) -> bytes:
    return base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))


def hotp(key: bytes, counter: int, digits: int = DIGITS, digest: str = "sha1") -> str:
    """RFC 4226: the code of `counter` under `key` (dynamic truncation of an HMAC)."""
    mac = hmac.new(key, struct.pack(">Q", counter), digest).digest()
    offset = mac[-1] & 0x0F
    value = struct.unpack(">I", mac[offset : offset + 4])[0] & 0x7FFFFFFF
    return str(value % 10**digits).zfill(digits)


def time_step(now: datetime) -> int:
    """The RFC 6238 counter of `now`: 30-second steps since the Unix epoch."""
    return int(now.timestamp()) // STEP_SECONDS


def code_at(secret: str, now: datetime) -> str:
    """The code an authenticator app shows for `secret` at `now`."""
    return hotp(_key(secret), time_step(now))


def typed_code(text: str) -> str | None:
    """The six ASCII digits a typed code stands for, or None when it is no such code.

    Spaces are ignored. A decimal digit of any script counts as its value: a Bangla keyboard
    types U+09E6 to U+09EF, an Arabic one U+0660 to U+0669. Characters that only look like
    digits (superscripts, circled numbers: `str.isdigit` but not decimal) are not digits.
    """
    text = text.strip().replace(" ", "")
    if len(text) != DIGITS:
        return None
    values = [unicodedata.decimal(char, None) for char in text]
    if any(value is None for value in values):
        return None
    return "".join(str(value) for value in values)


def matching_step(secret: str, typed: str, now: datetime, last_step: int | None) -> int | None:
    """The step whose code `typed` is (now, or one step either side), or None. A step at or
    before `last_step` (the last code accepted) is refused, so no code works twice."""
    code = typed_code(typed)
    if code is None:
        return None
    key, current = _key(secret), time_step(now)
    for step in range(current - DRIFT_STEPS, current + DRIFT_STEPS + 1):
        if last_step is not None and step <= last_step:
            continue
        if hmac.compare_digest(hotp(key, step), code):
            return step
    return None


def is_spent(secret: str, typed: str, now: datetime, last_step: int | None) -> bool:
    """Whether `typed` is the code of an accepted step still in the window: a code right,
    but used already (the one that finished the set-up, typed again at sign-in)."""
    code = typed_code(typed)
    if code is None or last_step is None:
        return False
    key, current = _key(secret), time_step(now)
    steps = range(current - DRIFT_STEPS, min(current + DRIFT_STEPS, last_step) + 1)
    return any(hmac.compare_digest(hotp(key, step), code) for step in steps)


def otpauth_uri(secret: str, email: str, issuer: str = ISSUER) -> str:
    """The otpauth:// URI authenticator apps read from a QR code (Google's Key Uri Format)."""
    label = quote(f"{issuer}:{email}")
    query = urlencode(
        {"secret": secret, "issuer": issuer, "digits": DIGITS, "period": STEP_SECONDS}
    )
    return f"otpauth://totp/{label}?{query}"


def new_recovery_codes(count: int = RECOVERY_CODES) -> list[str]:
    """`count` random single-use codes, 10 base32 letters each, shown as xxxxx-xxxxx."""
    codes = []
    for _ in range(count):
        raw = base64.b32encode(secrets.token_bytes(10)).decode().lower()[:10]
        codes.append(f"{raw[:5]}-{raw[5:]}")
    return codes


def recovery_hash(code: str) -> str:
    """The stored form of a recovery code: SHA-256 of its letters, dashes and case ignored.
    The codes carry 50 random bits, so a fast hash is enough (no dictionary to try)."""
    letters = code.strip().lower().replace("-", "").replace(" ", "")
    return hashlib.sha256(letters.encode()).hexdigest()


@dataclass(frozen=True)
class Pending:
    """A set-up waiting for its first code: the same secret is shown until it ends."""

    secret: str
    tries: int
    """Wrong codes typed so far."""
    until: datetime | None
    """When the set-up ends unconfirmed (None: made before set-ups ended, so ended)."""

    def live(self, now: datetime) -> bool:
        return self.until is not None and now < self.until and self.tries < ENROL_TRIES

    @property
    def tries_left(self) -> int:
        return max(0, ENROL_TRIES - self.tries)
