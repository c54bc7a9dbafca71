"""Pure rules of one webhook attempt (claimsvc.domain.delivery)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from claimsvc.domain import delivery as rules
from claimsvc.domain.accounts import Account
from claimsvc.domain.outbox import QUEUED, Attempt, Event, Queued
from claimsvc.domain.retry import MAX_ATTEMPTS

NOW = datetime(2026, 11, 21, 6, 0, tzinfo=UTC)
ACCOUNT = Account(
    id="acc_1",
    name="Shop",
    callback_secret="s" * 20,
    allowed_hosts=("shop.example.com",),
    created_at=NOW,
    updated_at=NOW,
)
URL = "https://shop.example.com/hook"
NOT_ALLOWED = "webhook_url host is not in the account's allowed hosts"


def ev(**fields):
    base = Event(
        id=9,
        account_id="acc_1",
        session_id="ses_1",
        order_id="order-1",
        payment_id="pay_1",
        payment_status="COMPLETED",
        webhook_url=URL,
        body=b"{}",
        status=QUEUED,
        attempts=0,
        created_at=NOW,
        next_attempt_at=NOW,
    )
    return replace(base, **fields)


def test_an_event_passes_its_checks_with_a_secret_and_an_allowed_https_url():
    assert rules.stop_reason(ev(), ACCOUNT) is None


@pytest.mark.parametrize(
    ("account", "url", "reason"),
    [
        (None, URL, rules.NO_ACCOUNT),
        (replace(ACCOUNT, callback_secret=None), URL, rules.NO_SECRET),
        (replace(ACCOUNT, callback_secret=""), URL, rules.NO_SECRET),
        (ACCOUNT, "https://evil.example.net/hook", NOT_ALLOWED),
        (ACCOUNT, "http://shop.example.com/hook", "webhook_url must use https"),
        (ACCOUNT, "https://u:p@shop.example.com/hook", "webhook_url must not contain credentials"),
        (replace(ACCOUNT, allowed_hosts=()), URL, NOT_ALLOWED),
    ],
)
def test_a_failing_check_names_why_without_the_url(account, url, reason):
    got = rules.stop_reason(ev(webhook_url=url), account)
    assert got == reason
    assert "u:p" not in got


@pytest.mark.parametrize(("attempts", "minutes"), [(1, 2), (2, 4), (8, 256), (9, 360), (14, 360)])
def test_a_failed_attempt_is_retried_after_the_table_delay(attempts, minutes):
    # `attempts` counts the attempt just made: it is claimed before the request goes out.
    verdict = rules.judge(ev(attempts=attempts), delivered=False, now=NOW)
    assert verdict == rules.AttemptVerdict(rules.RETRY, NOW + timedelta(minutes=minutes))


def test_the_fifteenth_failed_attempt_is_dead():
    assert rules.judge(ev(attempts=MAX_ATTEMPTS), False, NOW) == rules.AttemptVerdict(rules.DEAD)


@pytest.mark.parametrize("attempts", [1, 5, 15, 20])
def test_a_delivered_attempt_is_delivered_whatever_the_count(attempts):
    assert rules.judge(ev(attempts=attempts), True, NOW) == rules.AttemptVerdict(rules.DELIVERED)


def test_after_a_redelivery_the_table_counts_from_the_redelivery():
    redelivered = ev(attempts=MAX_ATTEMPTS + 1, cycle_base=MAX_ATTEMPTS)
    assert rules.attempts_in_cycle(redelivered) == 1
    assert rules.judge(redelivered, False, NOW).next_at == NOW + timedelta(minutes=2)
    last = ev(attempts=2 * MAX_ATTEMPTS, cycle_base=MAX_ATTEMPTS)
    assert rules.judge(last, False, NOW) == rules.AttemptVerdict(rules.DEAD)


@pytest.mark.parametrize(
    ("delivered", "status", "error", "label"),
    [
        (True, 200, None, "delivered"),
        (False, 500, "HTTP 500", "http_error"),
        (False, 302, "HTTP 302", "http_error"),
        (False, None, "TimeoutError", "timeout"),
        (False, None, "AddressRefused", "address_refused"),
        (False, None, "HostRefused", "host_refused"),
        (False, None, "ClientConnectorError", "connection_error"),
        (False, None, "ClientConnectorCertificateError", "connection_error"),
    ],
)
def test_attempt_outcomes_map_to_a_few_metric_labels(delivered, status, error, label):
    assert rules.outcome_label(delivered, status, error) == label


def test_an_attempt_record_keeps_status_error_duration_and_time_only():
    record = rules.attempt_record(3, NOW, 503, "HTTP 503", 0.12345)
    assert record == Attempt(
        attempt=3, at=NOW, status_code=503, error="HTTP 503", duration_ms=123.5
    )


def test_a_later_event_waits_until_just_after_the_earlier_one_is_due():
    due_later = Queued(1, "ses_1", NOW + timedelta(minutes=8))
    assert rules.order_wait_until(due_later, NOW) == NOW + timedelta(minutes=8, seconds=1)
    due_now = Queued(1, "ses_1", NOW - timedelta(minutes=1))
    assert rules.order_wait_until(due_now, NOW) == NOW + timedelta(seconds=1)


def test_schedule_times_are_whole_epoch_milliseconds():
    assert rules.to_ms(NOW + timedelta(microseconds=1999)) == rules.to_ms(NOW) + 1


def test_a_failed_test_event_is_not_retried():
    test = replace(ev(attempts=1), test=True)
    assert rules.judge(test, delivered=False, now=NOW) == rules.AttemptVerdict(rules.DEAD)
    assert rules.judge(test, delivered=True, now=NOW) == rules.AttemptVerdict(rules.DELIVERED)


@pytest.mark.parametrize(
    ("status", "attempts", "operator", "merchant"),
    [
        ("dead", 15, rules.REDELIVER, rules.REDELIVER),
        ("delivered", 1, rules.REDELIVER, rules.REDELIVER),
        (QUEUED, 2, None, rules.SEND_NOW),
        (QUEUED, 0, None, None),
        ("stopped", 0, None, rules.RECHECK),
        ("stopped", 3, None, rules.RECHECK),
    ],
)
def test_who_may_send_which_event_again(status, attempts, operator, merchant):
    event = ev(status=status, attempts=attempts)
    assert rules.redelivery(event, waiting_too=False) == operator
    assert rules.redelivery(event, waiting_too=True) == merchant
