"""The daily summary's clock (issue 27): at a whole hour the merchant picks, in Dhaka time, once
per Dhaka day. Pure: given `now`, which day's summary is due, and the window it covers."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from claimsvc.domain.limits import DHAKA

HOURS = tuple(range(24))
"""The hours a merchant may pick (Dhaka time, on the hour); none picked: no summary."""
COVERS = timedelta(hours=24)
"""A summary tells the 24 hours before its hour (at 00:00, exactly the Dhaka day before)."""


@dataclass(frozen=True)
class Slot:
    """One day's summary: its Dhaka date, its hour (UTC) and the window it tells."""

    day: str
    """The Dhaka date (YYYY-MM-DD) it is for: at most one summary an account a day."""
    at: datetime
    since: datetime


def _at(day: date, hour: int) -> datetime:
    return datetime.combine(day, time(hour), DHAKA).astimezone(UTC)


def latest_slot(hour: int, now: datetime) -> Slot:
    """The last time the clock reached `hour` in Dhaka, at or before `now`: today's when the
    hour has come, else yesterday's. Only the latest: a worker down for days sends one
    summary when it is back, not one for each day it missed."""
    today = now.astimezone(DHAKA).date()
    day = today if _at(today, hour) <= now else today - timedelta(days=1)
    at = _at(day, hour)
    return Slot(day.isoformat(), at, at - COVERS)


def first_day(hour: int, now: datetime) -> str:
    """The first Dhaka day a summary is sent for when `hour` is picked at `now`: today if the
    hour is still to come, else tomorrow (picking 09:00 at 15:00 sends nothing at once)."""
    today = now.astimezone(DHAKA).date()
    day = today if _at(today, hour) > now else today + timedelta(days=1)
    return day.isoformat()


def due(hour: int | None, starts: str | None, now: datetime, sent: set[str]) -> Slot | None:
    """The summary to send now, or None: no hour picked, the latest day's already sent (the
    `sent` days), or the latest day is before the hour was picked (`starts`)."""
    if hour is None:
        return None
    slot = latest_slot(hour, now)
    if slot.day in sent or (starts is not None and slot.day < starts):
        return None
    return slot


def checked_hour(now: datetime) -> datetime:
    """The whole hour `now` is in: summaries fall due only when the hour changes."""
    return now.replace(minute=0, second=0, microsecond=0)


def parse_hour(text: str) -> tuple[bool, int | None]:
    """(valid, hour) of a form's value: "" is off (None), "0".."23" an hour; anything else
    is not valid (signs, Bangla digits, long strings are refused before `int()`)."""
    if text == "":
        return True, None
    if not (text.isascii() and text.isdigit()) or len(text) > 2 or int(text) not in HOURS:
        return False, None
    return True, int(text)
