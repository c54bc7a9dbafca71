"""Callback secret rotation: grace arithmetic and signing with two secrets (pure)."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from claimsvc.domain.outbox import TEST_STATUS, body_of_test_event
from claimsvc.domain.rotation import (
    DEFAULT_GRACE_HOURS,
    GRACE_HOURS,
    Rotated,
    SigningKeys,
    in_grace,
    new_callback_secret,
    rotate,
    signing_keys,
)
from claimsvc.domain.signing import TEST_HEADER, delivery_headers, svc_signature, whsec_form

T0 = datetime(2026, 11, 21, 6, 0, tzinfo=UTC)
DAY = timedelta(hours=24)
OLD, NEW, NEWER = "old-secret-0123456789", "new-secret-0123456789", "newer-secret-0123456789"
BODY = b'{"order_id":"A-1","payment_status":"COMPLETED","trid":"pay_1","amount":500}'


def verify(secret: str, headers: dict[str, str], body: bytes = BODY) -> bool:
    """A real Standard Webhooks receiver (the `standardwebhooks` package) holding `secret`."""
    try:
        Webhook(whsec_form(secret)).verify(body, headers)
    except WebhookVerificationError:
        return False
    return True


def headers_at(keys: SigningKeys, body: bytes = BODY) -> dict[str, str]:
    return delivery_headers(keys, 7, 1, body, int(time.time()))


def test_the_default_grace_is_a_day_and_one_of_the_choices():
    assert DEFAULT_GRACE_HOURS == 24 and DEFAULT_GRACE_HOURS in GRACE_HOURS and 0 in GRACE_HOURS


def test_a_first_secret_has_nothing_to_keep():
    assert rotate(None, None, None, NEW, DAY, T0) == Rotated(NEW, None, None)


def test_rotating_keeps_the_old_secret_for_the_grace():
    assert rotate(OLD, None, None, NEW, DAY, T0) == Rotated(NEW, OLD, T0 + DAY)


def test_a_zero_grace_drops_the_old_secret_at_once():
    assert rotate(OLD, None, None, NEW, timedelta(0), T0) == Rotated(NEW, None, None)
    assert rotate(NEW, OLD, T0 + DAY, NEWER, timedelta(0), T0) == Rotated(NEWER, None, None)


def test_rotating_again_during_the_grace_keeps_the_older_secret_and_restarts_the_grace():
    later = T0 + timedelta(hours=3)
    assert rotate(NEW, OLD, T0 + DAY, NEWER, DAY, later) == Rotated(NEWER, OLD, later + DAY)


def test_rotating_after_the_grace_keeps_the_current_secret():
    later = T0 + DAY
    assert rotate(NEW, OLD, T0 + DAY, NEWER, DAY, later) == Rotated(NEWER, NEW, later + DAY)


@pytest.mark.parametrize(
    ("now", "expected"),
    [
        (T0, True),
        (T0 + DAY - timedelta(microseconds=1), True),
        (T0 + DAY, False),
        (T0 + 2 * DAY, False),
    ],
)
def test_the_grace_ends_exactly_at_its_end(now, expected):
    assert in_grace(OLD, T0 + DAY, now) is expected
    assert signing_keys(NEW, OLD, T0 + DAY, now) == SigningKeys(NEW, OLD if expected else None)


def test_no_previous_secret_is_no_grace():
    assert not in_grace(None, T0 + DAY, T0)
    assert not in_grace(OLD, None, T0)


def test_generated_secrets_are_long_random_and_distinct():
    secrets = {new_callback_secret() for _ in range(50)}
    assert len(secrets) == 50
    assert all(s.startswith("cbs_") and len(s) >= 40 for s in secrets)


def test_during_the_grace_both_secrets_verify_as_standard_webhooks():
    headers = headers_at(SigningKeys(NEW, OLD))
    new_sig, old_sig = headers["webhook-signature"].split(" ")
    assert new_sig.startswith("v1,") and old_sig.startswith("v1,")
    assert verify(NEW, headers) and verify(OLD, headers)
    assert not verify("someone-else-0123456789", headers)


def test_after_the_grace_only_the_new_secret_verifies():
    keys = signing_keys(NEW, OLD, T0 + DAY, T0 + DAY)
    headers = headers_at(keys)
    assert " " not in headers["webhook-signature"]
    assert verify(NEW, headers) and not verify(OLD, headers)


def test_x_svc_signature_stays_on_the_old_secret_until_the_grace_ends():
    assert headers_at(SigningKeys(NEW, OLD))["x-svc-signature"] == svc_signature(OLD, BODY)
    assert headers_at(SigningKeys(NEW))["x-svc-signature"] == svc_signature(NEW, BODY)


def test_a_changed_body_verifies_with_neither_secret():
    headers = headers_at(SigningKeys(NEW, OLD))
    assert not verify(NEW, headers, BODY + b" ") and not verify(OLD, headers, BODY + b" ")


def test_a_test_event_says_so_and_never_looks_like_a_payment():
    body = body_of_test_event(12)
    headers = delivery_headers(SigningKeys(NEW), 12, 1, body, int(time.time()), test=True)
    assert headers[TEST_HEADER] == "true"
    assert Webhook(whsec_form(NEW)).verify(body, headers) == {
        "order_id": "test-12",
        "payment_status": TEST_STATUS,
        "trid": "test-12",
        "amount": 0,
        "test": True,
    }
    assert TEST_STATUS not in ("COMPLETED", "FAILED", "CANCELLED", "EXPIRED")
    assert TEST_HEADER not in headers_at(SigningKeys(NEW))
