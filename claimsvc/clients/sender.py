"""One webhook attempt over HTTPS, with the host and address checks at connect time
(contract.md §6)."""

from __future__ import annotations

import contextlib
import socket
import ssl
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import aiohttp
from aiohttp.client_middlewares import ClientHandlerType, ClientMiddlewareType

from claimsvc.domain.addresses import is_public_address
from claimsvc.domain.exchange import READ_CAP
from claimsvc.domain.hosts import host_allowed

REQUEST_TIMEOUT_S = 10.0
"""interface.md §6 delivery rule 2."""

MAX_DISCARDED_BODY = 64 * 1024
"""Read at most this much of a receiver's reply; a longer one just closes the connection."""

AddrInfo = tuple[int, int, int, str, tuple[Any, ...]]


class AddressRefused(OSError):
    """The resolved address of a webhook URL is not public; no connection was made."""

    def __init__(self, address: str) -> None:
        super().__init__(None, "refused to connect to a non-public address")
        self.address = address

    def __str__(self) -> str:
        # The same text for every address: aiohappyeyeballs re-raises the original exception
        # only when all failed addresses of a host give the same str(), and otherwise folds them
        # into a plain OSError, which would hide that the connect was refused. The address is
        # kept in `.address`; only a resolved IP, never the URL, so no credentials can leak.
        return self.strerror or ""

    def __repr__(self) -> str:
        return f"AddressRefused({self.address!r})"


class HostRefused(aiohttp.ClientError):
    """The host the request would connect to is not in the account's allowed hosts; no
    connection was made. Carries no host: the text is the same for every request."""

    def __init__(self) -> None:
        super().__init__("refused to connect to a host outside the allowed hosts")


@dataclass(frozen=True)
class AttemptResult:
    """What one POST to a receiver came to."""

    delivered: bool
    status_code: int | None
    error: str | None
    """A short class-like name for metrics and the event record, e.g. "TimeoutError", "HTTP 500"."""
    duration_s: float
    response_headers: tuple[tuple[str, str], ...] | None = None
    """The reply's header lines as received; None when no reply came."""
    response_head: bytes | None = None
    """The first READ_CAP bytes (at most) of the reply's body; the rest is read and dropped."""


def _guarded_socket(addr_info: AddrInfo) -> socket.socket:
    """Socket factory that refuses non-public addresses; aiohttp calls it right before connect."""
    family, type_, proto, _, sockaddr = addr_info
    if not is_public_address(sockaddr[0]):
        raise AddressRefused(sockaddr[0])
    return socket.socket(family=family, type=type_, proto=proto)


def _ssl_context(ca_file: str | None) -> ssl.SSLContext:
    context = ssl.create_default_context()
    if ca_file:
        context.load_verify_locations(cafile=ca_file)
    return context


def make_http_session(
    *,
    allow_private: bool,
    ca_file: str | None,
    limit: int = 100,
    timeout_s: float = REQUEST_TIMEOUT_S,
) -> aiohttp.ClientSession:
    """The one outbound session of a worker process; call it inside the running loop."""
    connector = aiohttp.TCPConnector(
        # Checked on every connect, after DNS, for names and IP literals alike: a resolver
        # filter would miss literals and a check before the request would miss DNS rebinding.
        socket_factory=None if allow_private else _guarded_socket,
        ssl=_ssl_context(ca_file),
        limit=limit,
    )
    return aiohttp.ClientSession(
        connector=connector,
        timeout=aiohttp.ClientTimeout(total=timeout_s),
        # A proxy from the environment would connect on our behalf and bypass the address check.
        trust_env=False,
    )


def _host_guard(allowed_hosts: tuple[str, ...]) -> ClientMiddlewareType:
    """A request middleware holding the connection's host against `allowed_hosts`.

    It sees the request exactly as the connector gets it: `req.url.raw_host` is the host the
    connection is keyed by, resolved and verified by TLS, in the ASCII form yarl made of the
    stored URL. Whatever the URL rules read in the stored string, this is the host that counts.
    """

    async def guard(
        req: aiohttp.ClientRequest, handler: ClientHandlerType
    ) -> aiohttp.ClientResponse:
        if not host_allowed(req.url.raw_host or "", allowed_hosts):
            raise HostRefused()
        return await handler(req)

    return guard


def _error_name(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError):
        # aiohttp has several timeout classes; one label keeps metrics and records simple.
        return "TimeoutError"
    if isinstance(exc, aiohttp.ClientConnectorError) and isinstance(exc.os_error, AddressRefused):
        return "AddressRefused"
    return type(exc).__name__


async def _read_head(response: aiohttp.ClientResponse, head: bytearray) -> None:
    """Keep the first READ_CAP bytes of the body in `head` and read on up to MAX_DISCARDED_BODY
    so a short reply lets the connection be reused."""
    seen = 0
    while seen < MAX_DISCARDED_BODY:
        chunk = await response.content.readany()
        if not chunk:
            return
        if len(head) < READ_CAP:
            head += chunk[: READ_CAP - len(head)]
        seen += len(chunk)


async def send_attempt(
    http: aiohttp.ClientSession,
    url: str,
    body: bytes,
    headers: dict[str, str],
    *,
    allowed_hosts: Iterable[str] | None,
) -> AttemptResult:
    """POST `body` as is; delivered only on 2xx. Network failures come back, never raise.

    With `allowed_hosts`, a connection to any other host is refused ("HostRefused"); None is
    for callers with no account (benchmarks, tests of the other checks)."""
    started = time.monotonic()
    guards = None if allowed_hosts is None else (_host_guard(tuple(allowed_hosts)),)
    try:
        async with http.post(
            url, data=body, headers=headers, allow_redirects=False, middlewares=guards
        ) as response:
            status = response.status
            reply = tuple((str(k), str(v)) for k, v in response.headers.items())
            head = bytearray()
            # The status line is the receiver's answer; a reply body cut short does not change it.
            with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                await _read_head(response, head)
    except (aiohttp.ClientError, TimeoutError, OSError) as exc:
        return AttemptResult(False, None, _error_name(exc), time.monotonic() - started)
    duration = time.monotonic() - started
    error = None if 200 <= status < 300 else f"HTTP {status}"
    return AttemptResult(error is None, status, error, duration, reply, bytes(head))
