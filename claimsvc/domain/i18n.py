"""Language choice and number, money and time formatting for the buyer's page (English, Bangla)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

LANGS = ("en", "bn")
DEFAULT_LANG = "en"
DHAKA = ZoneInfo("Asia/Dhaka")
BANGLA_DIGITS = str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯")
MONTHS = {
    "en": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    "bn": [
        "জানুয়ারি",
        "ফেব্রুয়ারি",
        "মার্চ",
        "এপ্রিল",
        "মে",
        "জুন",
        "জুলাই",
        "আগস্ট",
        "সেপ্টেম্বর",
        "অক্টোবর",
        "নভেম্বর",
        "ডিসেম্বর",
    ],
}
# Bangla names the part of the day instead of AM/PM: (first hour, word).
BN_DAY_PARTS = (
    (0, "রাত"),
    (4, "ভোর"),
    (6, "সকাল"),
    (12, "দুপুর"),
    (15, "বিকাল"),
    (18, "সন্ধ্যা"),
    (20, "রাত"),
)


def _parse_accept(header: str) -> list[tuple[float, int, str]]:
    """(quality, -position, primary tag) for each range of an Accept-Language header."""
    ranges = []
    for pos, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        name, _, value = params.strip().partition("=")
        if name.strip().lower() == "q":
            try:
                quality = float(value)
            except ValueError:
                quality = 0.0
        ranges.append((quality, -pos, tag.strip().split("-")[0].lower()))
    return ranges


def choose_lang(query: str | None, accept_language: str | None) -> str:
    """`?lang=` when it names a language we have, else the best of Accept-Language, else en."""
    if query in LANGS:
        return query
    ranked = sorted(_parse_accept(accept_language or ""), reverse=True)
    for quality, _pos, tag in ranked:
        if quality > 0 and tag in LANGS:
            return tag
    return DEFAULT_LANG


def digits(text: str, lang: str) -> str:
    """`text` with its ASCII digits in the script of `lang`."""
    return text.translate(BANGLA_DIGITS) if lang == "bn" else text


def group_lakh(whole: int) -> str:
    """An integer grouped the South Asian way: 1,00,00,000."""
    text = str(whole)
    if len(text) <= 3:
        return text
    head, tail = text[:-3], text[-3:]
    pairs: list[str] = []
    while len(head) > 2:
        head, pairs = head[:-2], [head[-2:], *pairs]
    return ",".join([head, *pairs, tail])


def taka(poisha: int, lang: str) -> str:
    """An amount as a buyer reads it, without the ৳ sign: 1,00,000 or 499.50, in `lang`'s digits."""
    whole, rest = divmod(poisha, 100)
    text = group_lakh(whole) + (f".{rest:02d}" if rest else "")
    return digits(text, lang)


def clock_time(moment: datetime, lang: str) -> str:
    """The wall-clock time in Dhaka with its date: "2:30 PM, 21 Nov" or "২১ নভেম্বর, দুপুর ২:৩০"."""
    local = moment.astimezone(DHAKA)
    hour12 = local.hour % 12 or 12
    month = MONTHS[lang][local.month - 1]
    if lang == "bn":
        part = [word for start, word in BN_DAY_PARTS if local.hour >= start][-1]
        return digits(f"{local.day} {month}, {part} {hour12}:{local.minute:02d}", lang)
    suffix = "AM" if local.hour < 12 else "PM"
    return f"{hour12}:{local.minute:02d} {suffix}, {local.day} {month}"


def hour_of_day(hour: int, lang: str) -> str:
    """A whole hour of the day (0..23) as a clock shows it: "9:00 PM", or in Bangla
    with the part of the day and Bangla digits."""
    hour12 = hour % 12 or 12
    if lang == "bn":
        part = [word for start, word in BN_DAY_PARTS if hour >= start][-1]
        return digits(f"{part} {hour12}:00", lang)
    return f"{hour12}:00 {'AM' if hour < 12 else 'PM'}"


def countdown(seconds: int, lang: str) -> str:
    """Remaining time as m:ss, or h:mm:ss from an hour up; never negative."""
    seconds = max(0, seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
    return digits(text, lang)
