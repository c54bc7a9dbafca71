"""A real HTTPS webhook receiver on loopback, sessions that trust its test CA, and a merchant."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import socket
import ssl
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import trustme
from aiohttp import web

from claimsvc.clients.sender import make_http_session
from claimsvc.worker.webhooks import make_dispatcher
from tests.conftest import make_settings

RECEIVER_SECRET = "whk_test_secret_ঢাকা"
RECEIVER_HOSTS = ["127.0.0.1", "localhost"]
IDN_NAMES = ("classic-shop.test", "xn--claic-shop-73a.test", "xn--bcher-kva.example")
"""A-labels (and one look-alike) the receiver's certificate also names: tests resolve them to
127.0.0.1 with a stub `getaddrinfo`, so IDN hosts are delivered to, or refused, for real."""
LARGE_REPLY = b"x" * (1024 * 1024)


@dataclass
class Receiver:
    """What the receiver saw; `url()` builds addresses that reach it."""

    port: int
    has_ipv6: bool
    requests: list[dict] = field(default_factory=list)
    release: asyncio.Event = field(default_factory=asyncio.Event)
    down: bool = False
    """While set, `/toggle` answers 500 (a receiver that is down); otherwise it is `/ok`."""

    def url(self, path: str = "/ok", host: str = "127.0.0.1") -> str:
        return f"https://{host}:{self.port}{path}"

    @property
    def paths(self) -> list[str]:
        return [r["path"] for r in self.requests]


@pytest.fixture
def settings(ca_file: str):
    """Tests here deliver to the loopback receiver: private addresses allowed, its CA trusted."""
    return make_settings(webhook_allow_private=True, webhook_ca_file=ca_file)


@pytest.fixture
async def merchant(make_account):
    """An account whose webhooks the receiver accepts (its hosts allowed, its secret set)."""
    return await make_account(allowed_hosts=RECEIVER_HOSTS, callback_secret=RECEIVER_SECRET)


@pytest.fixture(scope="session")
def ca() -> trustme.CA:
    return trustme.CA()


@pytest.fixture
def ca_file(ca: trustme.CA, tmp_path: Path) -> str:
    path = tmp_path / "receiver-ca.pem"
    ca.cert_pem.write_to_path(str(path))
    return str(path)


@pytest.fixture
def server_ssl(ca: trustme.CA, tmp_path: Path) -> ssl.SSLContext:
    # The names of IDN_NAMES too, which tests resolve to loopback through a stub.
    cert = ca.issue_cert("127.0.0.1", "localhost", "::1", "::ffff:127.0.0.1", *IDN_NAMES)
    chain = tmp_path / "receiver-chain.pem"
    key = tmp_path / "receiver-key.pem"
    chain.write_bytes(b"".join(blob.bytes() for blob in cert.cert_chain_pems))
    cert.private_key_pem.write_to_path(str(key))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(str(chain), str(key))
    return context


async def _chatty(request: web.Request) -> web.Response:
    """A receiver's error page that says too much: a cookie, the secret echoed, a long body
    (issue 25: what the portal shows of a reply)."""
    await request.read()
    body = f"signature check failed; secret={RECEIVER_SECRET}; " + "x" * 5000
    headers = {"Set-Cookie": "sid=abc123", "X-Debug": f"key={RECEIVER_SECRET}"}
    return web.Response(status=500, text=body, headers=headers)


def _receiver_app(receiver: Receiver) -> web.Application:
    async def record(request: web.Request) -> bytes:
        raw = await request.read()
        mine = hmac.new(RECEIVER_SECRET.encode(), raw, hashlib.sha256).hexdigest()
        theirs = request.headers.get("x-svc-signature", "")
        receiver.requests.append(
            {
                "path": request.path,
                "headers": {k.lower(): v for k, v in request.headers.items()},
                "body": raw,
                "signature_ok": hmac.compare_digest(mine, theirs),
            }
        )
        return raw

    async def ok(request: web.Request) -> web.Response:
        await record(request)
        if not receiver.requests[-1]["signature_ok"]:
            return web.Response(status=401)
        return web.Response(text="ok")

    async def status(request: web.Request) -> web.Response:
        await record(request)
        return web.Response(status=int(request.match_info["code"]))

    async def redirect(request: web.Request) -> web.Response:
        await record(request)
        raise web.HTTPFound(receiver.url("/target"))

    async def slow(request: web.Request) -> web.Response:
        await record(request)
        # Waits for teardown instead of sleeping, so no test spends real time here.
        await asyncio.wait_for(receiver.release.wait(), timeout=30)
        return web.Response(text="too late")

    async def large(request: web.Request) -> web.Response:
        await record(request)
        return web.Response(body=LARGE_REPLY)

    async def toggle(request: web.Request) -> web.Response:
        if receiver.down:
            await record(request)
            return web.Response(status=500)
        return await ok(request)

    app = web.Application()
    app.router.add_post("/ok", ok)
    app.router.add_post("/toggle", toggle)
    app.router.add_post("/status/{code}", status)
    app.router.add_post("/redirect", redirect)
    app.router.add_route("*", "/target", ok)
    app.router.add_post("/slow", slow)
    app.router.add_post("/large", large)
    app.router.add_post("/chatty", _chatty)
    return app


def _loopback_sockets() -> tuple[socket.socket, socket.socket | None]:
    """127.0.0.1 on a free port, and ::1 on the same port when the host has IPv6 loopback."""
    v4 = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    v4.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    v4.bind(("127.0.0.1", 0))
    try:
        v6 = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    except OSError:
        return v4, None
    try:
        v6.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        v6.bind(("::1", v4.getsockname()[1]))
    except OSError:
        v6.close()
        return v4, None
    return v4, v6


@pytest.fixture
async def receiver(server_ssl: ssl.SSLContext) -> AsyncIterator[Receiver]:
    v4, v6 = _loopback_sockets()
    state = Receiver(port=v4.getsockname()[1], has_ipv6=v6 is not None)
    runner = web.AppRunner(_receiver_app(state), access_log=None, shutdown_timeout=1)
    await runner.setup()
    for sock in (v4, v6):
        if sock is not None:
            await web.SockSite(runner, sock, ssl_context=server_ssl).start()
    yield state
    state.release.set()
    await runner.cleanup()


@pytest.fixture
def stub_names() -> dict[str, str]:
    """Names `stub_dns` resolves, and to what address; a test module may override it."""
    return dict.fromkeys(IDN_NAMES, "127.0.0.1")


@pytest.fixture
def stub_dns(monkeypatch, stub_names: dict[str, str]) -> list[str]:
    """Resolve `stub_names` without a network; the names asked for, in order."""
    asked: list[str] = []
    real = socket.getaddrinfo

    def getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        name = host.decode() if isinstance(host, bytes) else host
        asked.append(name)
        return real(stub_names.get(name, host), port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return asked


@pytest.fixture
async def worker(deps, make_session):
    """A dispatcher delivering through a session that trusts the receiver's CA."""
    deps.http = make_session()
    yield make_dispatcher(deps)
    deps.http = None


@pytest.fixture
async def make_session(ca_file: str) -> AsyncIterator[Callable[..., aiohttp.ClientSession]]:
    """Build sessions the way a worker does (trusting the test CA); all closed afterwards."""
    sessions: list[aiohttp.ClientSession] = []

    def make(*, allow_private: bool = True, timeout_s: float = 10.0, **overrides):
        overrides.setdefault("ca_file", ca_file)
        session = make_http_session(allow_private=allow_private, timeout_s=timeout_s, **overrides)
        sessions.append(session)
        return session

    yield make
    for session in sessions:
        await session.close()
