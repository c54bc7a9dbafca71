"""What a failed webhook attempt means, and why an event stopped, in words a merchant reads
instead of a library's class name or a fixed English reason: the attempt record keeps the
sender's short name ("ClientConnectorDNSError", "HTTP 503", metrics and the admin API use it)
and a stopped event its reason (domain/delivery.py); the portal shows the words key this picks.
The one mapping from a delivery problem to words (the portal's words/delivery.py has each key in
English and Bangla).

aiohttp's names are its exception classes (aiohttp.client_exceptions); each concrete class the
sender can record is named below, and its parents catch the rest of their families.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from claimsvc.domain import delivery

TIMEOUT = "delivery.fail_timeout"
DNS = "delivery.fail_dns"
CONNECT = "delivery.fail_connect"
TLS = "delivery.fail_tls"
CLOSED = "delivery.fail_closed"
ADDRESS = "delivery.fail_address"
HOST = "delivery.fail_host"
REDIRECT = "delivery.fail_redirect"
SIGNATURE = "delivery.fail_signature"
CLIENT = "delivery.fail_client"
SERVER = "delivery.fail_server"
OTHER_STATUS = "delivery.fail_status"
UNKNOWN = "delivery.fail_unknown"

FAILURE_KEYS = (
    TIMEOUT,
    DNS,
    CONNECT,
    TLS,
    CLOSED,
    ADDRESS,
    HOST,
    REDIRECT,
    SIGNATURE,
    CLIENT,
    SERVER,
    OTHER_STATUS,
    UNKNOWN,
)
"""Every words key a failure can map to; each exists in English and Bangla (portal words)."""

STOP_NO_SECRET = "delivery.stop_no_secret"
STOP_ADDRESS = "delivery.stop_address"
STOP_HOST = "delivery.stop_host"
STOP_NO_ACCOUNT = "delivery.stop_no_account"
STOP_NO_WEBHOOK = "delivery.stop_no_webhook"
STOP_URL = "delivery.stop_url"

STOP_KEYS = (STOP_NO_SECRET, STOP_ADDRESS, STOP_HOST, STOP_NO_ACCOUNT, STOP_NO_WEBHOOK, STOP_URL)
"""Every words key a stop reason can map to; each exists in English and Bangla."""

_BY_REASON = {
    delivery.NO_SECRET: STOP_NO_SECRET,
    delivery.ADDRESS_REFUSED: STOP_ADDRESS,
    delivery.HOST_REFUSED: STOP_HOST,
    delivery.NO_ACCOUNT: STOP_NO_ACCOUNT,
    delivery.NO_WEBHOOK_URL: STOP_NO_WEBHOOK,
}
"""Each fixed reason; the rest are the URL rules' refusals ("webhook_url must use https")."""

_BY_NAME = {
    "TimeoutError": TIMEOUT,
    "ServerTimeoutError": TIMEOUT,
    "ConnectionTimeoutError": TIMEOUT,
    "SocketTimeoutError": TIMEOUT,
    "ClientConnectorDNSError": DNS,
    "ClientConnectorError": CONNECT,
    "ClientProxyConnectionError": CONNECT,
    "ConnectionRefusedError": CONNECT,
    "ClientConnectorCertificateError": TLS,
    "ClientConnectorSSLError": TLS,
    "ClientSSLError": TLS,
    "ServerFingerprintMismatch": TLS,
    "SSLError": TLS,
    "ServerDisconnectedError": CLOSED,
    "ClientOSError": CLOSED,
    "ClientPayloadError": CLOSED,
    "ConnectionResetError": CLOSED,
    "ClientResponseError": CLOSED,
    "AddressRefused": ADDRESS,
    "HostRefused": HOST,
}


@dataclass(frozen=True)
class Failure:
    """A words key and the values its text is filled with."""

    key: str
    values: dict[str, str] = field(default_factory=dict)


def failure_of(status_code: int | None, error: str | None) -> Failure | None:
    """The words for an attempt's outcome; None when it was delivered (2xx, no error)."""
    if status_code is not None:
        return _status_failure(status_code)
    if not error:
        return None
    if error.startswith("HTTP "):
        digits = error[5:]
        if digits.isdigit():
            return _status_failure(int(digits))
    key = _BY_NAME.get(error)
    return Failure(key) if key else Failure(UNKNOWN, {"name": error})


def _status_failure(code: int) -> Failure | None:
    values = {"code": str(code)}
    if 200 <= code < 300:
        return None
    if 300 <= code < 400:
        return Failure(REDIRECT, values)
    if code in (401, 403):
        # What a receiver conventionally answers to a signature it does not accept.
        return Failure(SIGNATURE, values)
    if 400 <= code < 500:
        return Failure(CLIENT, values)
    if 500 <= code < 600:
        return Failure(SERVER, values)
    return Failure(OTHER_STATUS, values)


def stop_of(reason: str | None) -> str | None:
    """The words key of why an event stopped; None when it did not (no reason recorded). An
    unlisted reason is one of the URL rules' refusals."""
    if not reason:
        return None
    return _BY_REASON.get(reason, STOP_URL)
