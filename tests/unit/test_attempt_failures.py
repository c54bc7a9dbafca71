"""A failed webhook attempt in words, never a library's class name (domain/attempt_failures.py):
each name the sender records and each status class maps to its words, and every words key
exists in English and Bangla."""

from __future__ import annotations

import pytest

from claimsvc.api.words import WORDS
from claimsvc.domain import attempt_failures as af
from claimsvc.domain import delivery


@pytest.mark.parametrize(
    ("error", "key"),
    [
        ("TimeoutError", af.TIMEOUT),
        ("ServerTimeoutError", af.TIMEOUT),
        ("ConnectionTimeoutError", af.TIMEOUT),
        ("ClientConnectorDNSError", af.DNS),
        ("ClientConnectorError", af.CONNECT),
        ("ClientConnectorCertificateError", af.TLS),
        ("ClientConnectorSSLError", af.TLS),
        ("ClientSSLError", af.TLS),
        ("ServerFingerprintMismatch", af.TLS),
        ("ServerDisconnectedError", af.CLOSED),
        ("ClientOSError", af.CLOSED),
        ("ClientPayloadError", af.CLOSED),
        ("AddressRefused", af.ADDRESS),
        ("HostRefused", af.HOST),
    ],
)
def test_each_connection_failure_has_its_words(error, key):
    assert af.failure_of(None, error) == af.Failure(key)


@pytest.mark.parametrize(
    ("code", "key"),
    [
        (301, af.REDIRECT),
        (302, af.REDIRECT),
        (307, af.REDIRECT),
        (304, af.REDIRECT),
        (401, af.SIGNATURE),
        (403, af.SIGNATURE),
        (400, af.CLIENT),
        (404, af.CLIENT),
        (429, af.CLIENT),
        (500, af.SERVER),
        (502, af.SERVER),
        (503, af.SERVER),
        (100, af.OTHER_STATUS),
        (600, af.OTHER_STATUS),
    ],
)
def test_each_status_class_has_its_words_with_the_code(code, key):
    assert af.failure_of(code, f"HTTP {code}") == af.Failure(key, {"code": str(code)})
    assert af.failure_of(None, f"HTTP {code}") == af.Failure(key, {"code": str(code)})


@pytest.mark.parametrize(("code", "error"), [(200, None), (204, None), (299, None), (None, None)])
def test_a_delivered_attempt_is_no_failure(code, error):
    assert af.failure_of(code, error) is None


@pytest.mark.parametrize("error", ["SomethingNew", "HTTP x", "ValueError"])
def test_an_unknown_name_is_said_to_be_unsendable_and_named(error):
    assert af.failure_of(None, error) == af.Failure(af.UNKNOWN, {"name": error})


@pytest.mark.parametrize("lang", ["en", "bn"])
@pytest.mark.parametrize("key", af.FAILURE_KEYS)
def test_every_failure_has_words_in_both_languages_that_fill(lang, key):
    text = WORDS[lang][key].format(code="503", name="X")
    assert text and "Client" not in text and "{" not in text


def test_no_recorded_name_reaches_the_page_as_a_class_name():
    """The issue's two: ClientConnectorError and ClientConnectorDNSError become words."""
    for name in ("ClientConnectorError", "ClientConnectorDNSError"):
        failure = af.failure_of(None, name)
        assert failure is not None and failure.key != af.UNKNOWN


@pytest.mark.parametrize(
    ("reason", "key"),
    [
        (delivery.NO_SECRET, af.STOP_NO_SECRET),
        (delivery.ADDRESS_REFUSED, af.STOP_ADDRESS),
        (delivery.HOST_REFUSED, af.STOP_HOST),
        (delivery.NO_ACCOUNT, af.STOP_NO_ACCOUNT),
        (delivery.NO_WEBHOOK_URL, af.STOP_NO_WEBHOOK),
        ("webhook_url must use https", af.STOP_URL),
    ],
)
def test_each_stop_reason_has_its_words_key(reason, key):
    assert af.stop_of(reason) == key
    assert af.stop_of(None) is None and af.stop_of("") is None


@pytest.mark.parametrize("lang", ["en", "bn"])
@pytest.mark.parametrize("key", af.STOP_KEYS)
def test_every_stop_reason_has_words_in_both_languages(lang, key):
    assert WORDS[lang][key] and "webhook_url" not in WORDS[lang][key]
