"""Limit arithmetic: the sliding-window rate limit and the Asia/Dhaka business day."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

DHAKA = ZoneInfo("Asia/Dhaka")
WINDOW_MS = 60_000


def dhaka_day(now: datetime) -> str:
    """The merchants' calendar day (YYYY-MM-DD) at `now`; days roll over at Dhaka midnight."""
    return now.astimezone(DHAKA).date().isoformat()


def seconds_to_dhaka_midnight(now: datetime) -> int:
    """Whole seconds until the next Dhaka midnight (at least 1).

    Subtracted in UTC: two datetimes of one tzinfo subtract as wall clocks, which is an hour
    wrong across a change of offset (Bangladesh kept summer time in 2009: a 23-hour 19 June and
    a 25-hour 31 December).
    """
    local = now.astimezone(DHAKA)
    midnight = datetime.combine(local.date() + timedelta(days=1), datetime.min.time(), DHAKA)
    return max(1, math.ceil((midnight.astimezone(UTC) - now.astimezone(UTC)).total_seconds()))


def window_position(now: datetime) -> tuple[int, int]:
    """The minute window index at `now` and the milliseconds elapsed in it."""
    ms = int(now.timestamp() * 1000)
    return ms // WINDOW_MS, ms % WINDOW_MS


def weighted_count(previous: int, current: int, elapsed_ms: int) -> int:
    """Requests seen in the last minute, estimated from two fixed windows (same as the Lua)."""
    return (previous * (WINDOW_MS - elapsed_ms)) // WINDOW_MS + current


@dataclass(frozen=True)
class RateDecision:
    """What one rate-limit check decided, and the headers that tell the client."""

    allowed: bool
    limit: int
    remaining: int
    reset_s: int
    retry_after_s: int

    def headers(self) -> dict[str, str]:
        """RateLimit-* headers, plus Retry-After when refused."""
        out = {
            "RateLimit-Limit": str(self.limit),
            "RateLimit-Remaining": str(self.remaining),
            "RateLimit-Reset": str(self.reset_s),
        }
        if not self.allowed:
            out["Retry-After"] = str(self.retry_after_s)
        return out


def decide(limit: int, allowed: bool, previous: int, current: int, elapsed_ms: int) -> RateDecision:
    """Headers for the counts the atomic script returned (this request included if allowed)."""
    used = weighted_count(previous, current, elapsed_ms)
    reset_s = max(1, -(-(WINDOW_MS - elapsed_ms) // 1000))
    return RateDecision(
        allowed=allowed,
        limit=limit,
        remaining=max(0, limit - used),
        reset_s=reset_s,
        retry_after_s=0 if allowed else _retry_after_s(limit, previous, current, elapsed_ms),
    )


def _retry_after_s(limit: int, previous: int, current: int, elapsed_ms: int) -> int:
    """Seconds until the weighted count drops below `limit` again."""
    if current >= limit:
        # Next window: `current` becomes the previous one and must decay below the limit.
        wait_ms = WINDOW_MS - elapsed_ms + _decay_ms(current, limit)
    else:
        wait_ms = max(0, _decay_ms(previous, limit - current) - elapsed_ms)
    return max(1, -(-wait_ms // 1000))


def _decay_ms(previous: int, room: int) -> int:
    """Elapsed ms at which previous * (W - e) / W first falls below `room`."""
    if previous < room:
        return 0
    # Smallest e with floor(previous * (W - e) / W) <= room - 1, i.e. previous * (W - e) < room * W.
    return max(0, WINDOW_MS - (room * WINDOW_MS - 1) // previous)


def dhaka_day_start(now: datetime) -> datetime:
    """The Dhaka midnight that began the merchants' calendar day at `now` (an aware time)."""
    local = now.astimezone(DHAKA)
    return datetime.combine(local.date(), datetime.min.time(), DHAKA).astimezone(UTC)
