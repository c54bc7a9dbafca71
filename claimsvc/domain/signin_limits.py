"""How many portal sign-in attempts are let through, and from where (pure numbers and rules).

Brute force is kept out without letting a stranger lock a user out (docs/decisions.md,
"Sign-in limits that a stranger cannot turn against a user"):

- one client address: PER_ADDRESS attempts of any kind, over every user;
- one user from one address: PER_PAIR attempts (a stranger's failures stay at their address);
- one user from everywhere: past PER_USER password attempts, a password alone opens nothing
  more: only the password and a second factor in the same form pass, so guessing stops, and an
  owner with two-factor on still signs in. Each attempt past it starts its window again: the
  guard holds while a campaign goes on;
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
"""Password attempts on one user from all addresses before a second factor is also needed
(then until an hour passes without an attempt)."""
PER_USER_CODES = Limit(10, 15 * MINUTE_MS)
"""Two-factor and recovery codes tried for one user from all addresses."""


def wait_minutes(wait_ms: int) -> int:
    """Whole minutes to tell a refused user (at least 1)."""
    return max(1, math.ceil(wait_ms / MINUTE_MS))
