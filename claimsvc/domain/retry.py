"""The webhook retry schedule (interface.md §6, delivery rule 4)."""

from __future__ import annotations

from datetime import timedelta

MAX_ATTEMPTS = 15
"""After this many failed attempts the event is dead."""

BASE_DELAY = timedelta(minutes=1)
MAX_DELAY = timedelta(hours=6)


def next_delay(attempts_made: int) -> timedelta | None:
    """Wait before the next attempt after `attempts_made` failures; None once the event is dead."""
    if attempts_made < 1:
        raise ValueError(f"attempts_made starts at 1, got {attempts_made}")
    if attempts_made >= MAX_ATTEMPTS:
        return None
    # 2**9 minutes already exceeds the ceiling; the min() keeps the arithmetic small.
    wait: timedelta = min(BASE_DELAY * 2 ** min(attempts_made, 10), MAX_DELAY)
    return wait
