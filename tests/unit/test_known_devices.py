"""Browsers a user signed in from: which tokens pass the per-user sign-in guard."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from claimsvc.domain import known_devices as kd

NOW = datetime(2026, 11, 26, 10, 0, tzinfo=UTC)


def test_only_a_remembered_fresh_token_is_recognised():
    token = kd.new_token()
    devices = [kd.remembered(kd.new_token(), NOW), kd.remembered(token, NOW - timedelta(days=89))]
    assert kd.recognises(devices, token, NOW)
    assert not kd.recognises(devices, kd.new_token(), NOW)
    assert not kd.recognises(devices, token, NOW + timedelta(days=1))  # 90 days since
    assert not kd.recognises([], token, NOW)


def test_a_token_of_the_wrong_shape_is_never_recognised():
    stored = kd.remembered("", NOW)  # even a stored hash of the empty string
    for sent in (None, "", "short", "has space " * 3, "x" * 101):
        assert not kd.recognises([stored], sent, NOW)


def test_only_the_hash_is_kept():
    token = kd.new_token()
    device = kd.remembered(token, NOW)
    assert token not in device.token_hash and len(device.token_hash) == 64
