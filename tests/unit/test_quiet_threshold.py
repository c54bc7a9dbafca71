"""Each account's quiet-phone threshold (issue 27): the pure rules."""

from datetime import UTC, datetime, timedelta

import pytest

from claimsvc.domain.devices import Device, past_threshold, quiet_after, quiet_minutes

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


def phone(account: str, silent_min: int, **kw) -> Device:
    heard = NOW - timedelta(minutes=silent_min)
    return Device(
        id=f"dev_{account}_{silent_min}",
        account_id=account,
        name="p",
        token_hash="h",
        token_prefix="dev_",
        signing_key=None,
        created_at=heard - timedelta(days=1),
        last_seen_at=heard,
        **kw,
    )


def test_an_account_without_a_threshold_has_the_hour():
    assert quiet_after(None) == timedelta(minutes=60)
    assert quiet_after(15) == timedelta(minutes=15)


def test_each_phone_is_judged_by_its_own_accounts_threshold():
    silent = [phone("a", 16), phone("b", 16), phone("b", 61), phone("c", 30)]
    found = past_threshold(silent, {"a": 15, "c": 30}, NOW)
    # a: 16 > 15; b (no setting: 60): only the 61-minute one; c: 30 is not past 30.
    assert [d.id for d in found] == ["dev_a_16", "dev_b_61"]


def test_a_revoked_phone_is_never_quiet():
    assert past_threshold([phone("a", 100, revoked_at=NOW)], {"a": 10}, NOW) == []


def test_a_never_seen_phone_counts_from_its_creation():
    fresh = Device("d", "a", "p", "h", "dev_", None, NOW - timedelta(minutes=11))
    assert fresh.quiet(NOW, quiet_after(10)) and not fresh.quiet(NOW)


@pytest.mark.parametrize(("text", "value"), [("10", 10), (" 1440 ", 1440), ("60", 60)])
def test_a_threshold_in_range_is_taken(text, value):
    assert quiet_minutes(text) == value


@pytest.mark.parametrize("text", ["9", "1441", "0", "-15", "15.0", "", "১৫", "1" * 5000, "1e2"])
def test_anything_else_is_refused(text):
    assert quiet_minutes(text) is None
