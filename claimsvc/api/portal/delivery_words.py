"""A webhook event's stop reason and an attempt's error in the page's language.

The records keep fixed English strings (domain/delivery.py's reasons; the sender's error
names such as "TimeoutError" or "HTTP 500", also metric labels): the portal shows words, and
the recorded name after them for a developer to search.
"""

from __future__ import annotations

from claimsvc.api.portal.words import Words
from claimsvc.domain import delivery

STOP_REASONS = {
    delivery.NO_SECRET: "stop.no_secret",
    delivery.ADDRESS_REFUSED: "stop.address",
    delivery.HOST_REFUSED: "stop.host",
    delivery.NO_ACCOUNT: "stop.no_account",
    delivery.NO_WEBHOOK_URL: "stop.no_webhook",
}
"""Each fixed reason; the rest are the URL rules' refusals ("webhook_url must use https")."""

ERRORS = {
    "TimeoutError": "attempt.timeout",
    "AddressRefused": "attempt.address",
    "HostRefused": "attempt.host",
    "ClientConnectorDNSError": "attempt.dns",
    "ClientConnectorError": "attempt.connect",
    "ClientOSError": "attempt.connect",
    "ClientConnectorCertificateError": "attempt.certificate",
    "ClientConnectorSSLError": "attempt.tls",
    "ClientSSLError": "attempt.tls",
    "ServerDisconnectedError": "attempt.disconnected",
    "ClientPayloadError": "attempt.disconnected",
}
"""The sender's error names (aiohttp's exception classes, and our two refusals)."""


def stop_reason(words: Words, reason: str | None) -> str:
    """Why an event stopped, in words; an unlisted URL rule's refusal as the URL rule."""
    if not reason:
        return ""
    return words(STOP_REASONS.get(reason, "stop.url"))


def attempt_error(words: Words, error: str | None) -> str:
    """What went wrong with an attempt, in words, with the recorded name after them."""
    if not error:
        return ""
    if error.startswith("HTTP "):
        return words("attempt.http", code=error.removeprefix("HTTP "))
    return f"{words(ERRORS.get(error, 'attempt.other'))} ({error})"
