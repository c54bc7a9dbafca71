"""How many portal sign-in attempts are let through, and from where (pure numbers and rules).

Brute force is kept out without letting a stranger lock a user out (docs/decisions.md,
"Sign-in limits that a stranger cannot turn against a user"):

- one client address: PER_ADDRESS attempts of any kind, over every user;
- one user from one address: PER_PAIR attempts (a stranger's failures stay at their address);
- one user from everywhere: past PER_USER password attempts the user is guarded (each attempt
  past it starts its window again: the guard holds while a campaign goes on). A guarded user's
  password is tried from a browser the user never signed in from at most GUARDED_PAIR times
  per address, and the right one still signs in (issue 33: before, it opened nothing, so anyone
  who knew the email kept an owner without two-factor out of every new browser); a browser
  the user signed in from, or the password and a code together, pass as before;
- codes of one user from everywhere: PER_USER_CODES (only a holder of the password gets here).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

MINUTE_MS = 60 * 1000


@dataclass(frozen=True)
class Limit:
    """At most `attempts` in a window of `window_ms`, the window starting at the first one."""

    attempts: int
    window_ms: int


PER_ADDRESS = Limit(50, 15 * MINUTE_MS)
"""Attempts (passwords and codes) from one client address, any users (an office shares one)."""
PER_PAIR = Limit(10, 15 * MINUTE_MS)
"""Attempts (passwords and codes) on one user from one client address."""
PER_USER = Limit(100, 60 * MINUTE_MS)
"""Password attempts on one user from all addresses before the user is guarded (then until an
hour passes without an attempt)."""
GUARDED_PAIR = Limit(3, 15 * MINUTE_MS)
"""Password attempts on a guarded user from one address by browsers the user does not know:
the owner on a new phone gets in, a campaign gets 12 guesses an hour per address instead of
PER_PAIR's 40."""
PER_USER_CODES = Limit(10, 15 * MINUTE_MS)
"""Two-factor and recovery codes tried for one user from all addresses."""


def wait_minutes(wait_ms: int) -> int:
    """Whole minutes to tell a refused user (at least 1)."""
    return max(1, math.ceil(wait_ms / MINUTE_MS))
