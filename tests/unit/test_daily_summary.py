"""The daily summary's clock (Dhaka time, +06:00 all year) and its words: which day's summary
is due, once, the latest only; the hour a form may pick; a summary and a completed payment as
the merchant reads them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from claimsvc.domain import alert_text
from claimsvc.domain import alerts as al
from claimsvc.domain.daily_summary import (
    checked_hour,
    due,
    first_day,
    latest_slot,
    parse_hour,
)


def utc(day: int, hour: int, minute: int = 0, month: int = 11) -> datetime:
    return datetime(2026, month, day, hour, minute, tzinfo=UTC)


@pytest.mark.parametrize(
    ("hour", "now", "day", "at"),
    [
        # 21:00 Dhaka is 15:00 UTC.
        (21, utc(26, 15, 0), "2026-11-26", utc(26, 15)),
        (21, utc(26, 14, 59), "2026-11-25", utc(25, 15)),
        # Midnight in Dhaka is 18:00 UTC the day before: the Dhaka date, not the UTC one.
        (0, utc(25, 18, 0), "2026-11-26", utc(25, 18)),
        (0, utc(25, 17, 59), "2026-11-25", utc(24, 18)),
        # 05:00 Dhaka is 23:00 UTC the day before; at 23:30 UTC it is 05:30 Dhaka.
        (5, utc(25, 23, 30), "2026-11-26", utc(25, 23)),
        # Across a month and a year (no summer time: Bangladesh has been +06:00 since 2009).
        (0, utc(31, 18, 0, month=12), "2027-01-01", utc(31, 18, month=12)),
        (
            9,
            datetime(2026, 6, 30, 3, 0, tzinfo=UTC),
            "2026-06-30",
            datetime(2026, 6, 30, 3, tzinfo=UTC),
        ),
    ],
)
def test_the_latest_slot_is_the_last_time_dhaka_reached_the_hour(hour, now, day, at):
    slot = latest_slot(hour, now)
    assert (slot.day, slot.at) == (day, at)
    assert slot.since == at - timedelta(hours=24)


def test_a_summary_is_due_once_a_dhaka_day():
    now = utc(26, 15, 5)  # 21:05 Dhaka
    slot = due(21, None, now, set())
    assert slot is not None and slot.day == "2026-11-26"
    assert due(21, None, now, {"2026-11-26"}) is None
    assert due(None, None, now, set()) is None


def test_a_worker_down_for_days_sends_only_the_latest_days_summary():
    # Down from the 20th; back on the 26th at 10:00 Dhaka, the hour being 21:00.
    back = utc(26, 4, 0)
    slot = due(21, "2026-11-01", back, {"2026-11-19"})
    assert slot is not None and slot.day == "2026-11-25"
    # Sent: nothing more until the 26th's hour.
    assert due(21, "2026-11-01", back + timedelta(hours=10), {"2026-11-25"}) is None
    assert due(21, "2026-11-01", utc(26, 15), {"2026-11-25"}).day == "2026-11-26"


def test_an_hour_picked_after_it_passed_starts_tomorrow():
    picked = utc(26, 9, 0)  # 15:00 Dhaka
    assert first_day(9, picked) == "2026-11-27"  # 09:00 has passed today
    assert first_day(21, picked) == "2026-11-26"
    assert due(9, first_day(9, picked), picked, set()) is None
    assert due(9, first_day(9, picked), utc(27, 3), set()).day == "2026-11-27"
    assert due(21, first_day(21, picked), utc(26, 15), set()).day == "2026-11-26"


def test_summaries_are_looked_for_once_an_hour():
    assert (
        checked_hour(utc(26, 15, 59)) == checked_hour(utc(26, 15, 0)) != checked_hour(utc(26, 16))
    )


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("", (True, None)),
        ("0", (True, 0)),
        ("9", (True, 9)),
        ("23", (True, 23)),
        ("24", (False, None)),
        ("-1", (False, None)),
        ("০৯", (False, None)),
        ("9" * 5000, (False, None)),
        ("nine", (False, None)),
    ],
)
def test_a_forms_hour_is_read_strictly(text, read):
    assert parse_hour(text) == read


def summary(**counts: str) -> al.Alert:
    facts = {"at": utc(26, 15).isoformat(), "since": utc(25, 15).isoformat()}
    facts |= {"count": "1", "amount_poisha": "50000"} | counts
    return al.Alert("alr_s", "acc_1", al.DAILY_SUMMARY, "summary:2026-11-26", utc(26, 15), facts)


def test_a_summary_counts_in_the_users_language_and_leaves_out_what_is_none():
    en = alert_text.message("en", al.DAILY_SUMMARY, [summary()], "https://pay.example/")
    assert en.splitlines() == [
        "Your day to 9:00 PM, 26 Nov (Dhaka time):",
        "1 payment completed, ৳ 500.",
        "Nothing waits for you.",
        "Open the portal: https://pay.example/portal/",
    ]
    busy = summary(count="12", amount_poisha="1234500", held="2", quiet="1", dead="0")
    text = alert_text.message("en", al.DAILY_SUMMARY, [busy], "https://pay.example")
    assert "12 payments completed, ৳ 12,345." in text
    assert "• Waiting for you to confirm: 2" in text and "• Phones not heard from: 1" in text
    assert "given up" not in text and "Nothing waits" not in text
    bn = alert_text.message("bn", al.DAILY_SUMMARY, [busy], "https://pay.example")
    assert "১২টি পেমেন্ট সম্পন্ন, ৳ ১২,৩৪৫।" in bn and "আপনার নিশ্চিত করার অপেক্ষায়: ২" in bn


def test_a_completed_payment_names_its_order_and_links_its_page():
    facts = {
        "amount_poisha": "150050",
        "provider": "nagad",
        "trx_id": "TRX9",
        "order_id": "o-7",
        "session_id": "cs_abc",
    }
    paid = al.Alert("alr_p", "acc_1", al.PAYMENT_COMPLETED, "paid:cs_abc", utc(26, 15), facts)
    en = alert_text.message("en", al.PAYMENT_COMPLETED, [paid], "https://pay.example/")
    assert en.splitlines() == [
        "Payments completed (1):",
        "• ৳ 1,500.50, Nagad TrxID TRX9, order o-7: https://pay.example/portal/payments/cs_abc",
        "All payments: https://pay.example/portal/payments",
    ]


def test_optional_kinds_are_off_for_a_new_channel():
    assert al.PAYMENT_COMPLETED not in al.DEFAULT_KINDS
    assert al.DAILY_SUMMARY not in al.DEFAULT_KINDS
    assert set(al.DEFAULT_KINDS) | set(al.OPTIONAL_KINDS) == set(al.KINDS)
