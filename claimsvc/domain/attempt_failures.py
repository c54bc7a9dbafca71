"""What a failed webhook attempt means, in words a merchant reads instead of a library's class
name: the attempt record keeps the sender's short name ("ClientConnectorDNSError", "HTTP 503",
metrics and the admin API use it); the portal shows the words key this picks.

aiohttp's names are its exception classes (aiohttp.client_exceptions); each concrete class the
sender can record is named below, and its parents catch the rest of their families.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TIMEOUT = "fail_timeout"
DNS = "fail_dns"
CONNECT = "fail_connect"
TLS = "fail_tls"
CLOSED = "fail_closed"
ADDRESS = "fail_address"
HOST = "fail_host"
REDIRECT = "fail_redirect"
SIGNATURE = "fail_signature"
CLIENT = "fail_client"
SERVER = "fail_server"
OTHER_STATUS = "fail_status"
UNKNOWN = "fail_unknown"

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
