"""The pairing QR code's content and a device's 'quiet' mark: pure rules."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest

from claimsvc.domain.devices import QUIET_AFTER, Device, intake_url

NOW = datetime(2026, 11, 21, 6, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("base", "url"),
    [
        ("https://sms.example.com", "https://sms.example.com/sms/v1/messages?token=dev_a-b_c"),
        ("https://sms.example.com/", "https://sms.example.com/sms/v1/messages?token=dev_a-b_c"),
        ("http://10.0.0.5:8081/in", "http://10.0.0.5:8081/in/sms/v1/messages?token=dev_a-b_c"),
    ],
)
def test_the_intake_url_carries_the_token_as_its_query(base, url):
    assert intake_url(base, "dev_a-b_c") == url


def test_a_token_with_reserved_characters_survives_the_query():
    url = intake_url("https://sms.example.com", "dev_a+b/c=&d")
    assert parse_qs(urlsplit(url).query) == {"token": ["dev_a+b/c=&d"]}


def device(**changes: object) -> Device:
    fields: dict[str, object] = {
        "id": "dev_1",
        "account_id": "acc_1",
        "name": "Shop phone",
        "token_hash": "h",
        "token_prefix": "dev_abcdefgh",
        "signing_key": None,
        "created_at": NOW,
        **changes,
    }
    return Device(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "after", "quiet"),
    [
        ({}, QUIET_AFTER - timedelta(seconds=1), False),
        ({}, QUIET_AFTER + timedelta(seconds=1), True),
        ({"last_seen_at": NOW + timedelta(hours=1)}, timedelta(hours=1, minutes=59), False),
        ({"last_seen_at": NOW + timedelta(hours=1)}, timedelta(hours=2, minutes=1), True),
        ({"revoked_at": NOW}, timedelta(days=3), False),
    ],
)
def test_an_active_device_is_quiet_once_unheard_for_an_hour(changes, after, quiet):
    assert device(**changes).quiet(NOW + after) is quiet
