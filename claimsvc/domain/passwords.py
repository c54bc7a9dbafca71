"""The password policy (pure): what a portal user may choose as a password."""

from __future__ import annotations

MIN_LENGTH = 10
MAX_LENGTH = 128
"""Long enough for a passphrase; short enough that hashing it is no denial of service."""

# A handful of the passwords most often seen in breach lists that are 10 characters or more
# (shorter ones already fail the length rule). Lower-cased; compared case-insensitively.
COMMON = frozenset(
    {
        "1234567890",
        "0123456789",
        "12345678910",
        "1q2w3e4r5t",
        "qwertyuiop",
        "1qaz2wsx3edc",
        "password123",
        "password1234",
        "iloveyou123",
        "qwerty12345",
        "qwerty123456",
        "abcd123456",
        "a123456789",
        "123456789a",
        "1111111111",
        "0000000000",
        "aaaaaaaaaa",
        "bangladesh",
        "bangladesh123",
        "letmein123",
        "welcome123",
        "admin12345",
        "password12",
    }
)

TOO_SHORT, TOO_LONG, IS_EMAIL, TOO_COMMON = "too_short", "too_long", "is_email", "too_common"
"""Why a password is refused (the portal words each: `api/portal/security.PASSWORD_RULES`)."""


def problem(password: str, email: str) -> str | None:
    """The reason `password` is refused for the user with `email`, or None when it is fine."""
    if len(password) < MIN_LENGTH:
        return TOO_SHORT
    if len(password) > MAX_LENGTH:
        return TOO_LONG
    folded = password.strip().casefold()
    if folded == email.strip().casefold() or folded == email.partition("@")[0].casefold():
        return IS_EMAIL
    if folded in COMMON:
        return TOO_COMMON
    return None
