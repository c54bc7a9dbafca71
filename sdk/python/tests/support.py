"""Test helpers: the live service's settings, a webhook receiver, a stub API, a payment."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import secrets
import ssl
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Union

import pytest

from claimsvc_sdk import Client
from claimsvc_sdk.aio import AsyncClient

SHOP = "https://shop.example.com"


def shared(name: str) -> Any:
    """One of the files the three libraries share: tests/data/ in an unpacked sdist (which
    carries its copy), else the repository's sdk/ folder."""
    here = Path(__file__).resolve().parent
    for place in (here / "data" / name, here.parents[1] / name):
        if place.is_file():
            return json.loads(place.read_text("utf-8"))
    raise FileNotFoundError(f"{name} is neither in tests/data nor in the repository's sdk/")


VECTORS = shared("webhook-vectors.json")


def live_settings() -> dict[str, Any]:
    """CLAIMSVC_SDK_LIVE (set by the repository's tests/sdk); skips without it, fails instead
    when CLAIMSVC_SDK_LIVE_REQUIRED=1."""
    raw = os.environ.get("CLAIMSVC_SDK_LIVE")
    if not raw:
        if os.environ.get("CLAIMSVC_SDK_LIVE_REQUIRED") == "1":
            pytest.fail("CLAIMSVC_SDK_LIVE is not set")
        pytest.skip("no live service: set CLAIMSVC_SDK_LIVE (see sdk/README.md)")
    return json.loads(raw)  # type: ignore[no-any-return]


def post_json(url: str, body: Any, headers: dict[str, str], method: str = "POST") -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    req.add_header("content-type", "application/json")
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


class Live:
    """The running service as a test drives it."""

    def __init__(self, settings: dict[str, Any]) -> None:
        self.s = settings
        self.api_url = settings["api_url"]

    def account(self, name: str) -> dict[str, str]:
        return self.s["accounts"][name]  # type: ignore[no-any-return]

    def admin(self, method: str, path: str, body: Any = None) -> Any:
        auth = {"Authorization": "Bearer " + self.s["admin_token"]}
        return post_json(self.api_url + path, body, auth, method)

    def pay(self, account: str, amount: str, trx_id: str) -> None:
        """The buyer's wallet payment: the bKash SMS the merchant's phone forwards, with the
        device token; waits until the service has parsed it into a transaction."""
        acc = self.account(account)
        message = (
            f"You have received Tk {amount} from 01712345678. Fee Tk 0.00. "
            f"Balance Tk 9,{amount}. TrxID {trx_id} at 25/11/2026 10:30"
        )
        auth = {"Authorization": "Bearer " + acc["device_token"]}
        assert post_json(self.s["sms_url"], {"sender": "bKash", "message": message}, auth) == {
            "accepted": 1,
            "duplicates": 0,
        }
        path = f"/admin/v1/transactions?account_id={acc['id']}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if any(i["trx_id"] == trx_id for i in self.admin("GET", path)["items"]):
                return
            time.sleep(0.05)
        raise AssertionError(f"the SMS of {trx_id} was not parsed within 30 s")


def new_trx_id() -> str:
    return "T" + secrets.token_hex(5).upper()


class Received:
    def __init__(self, body: bytes, headers: dict[str, str]) -> None:
        self.body, self.headers = body, headers


class Receiver:
    """An HTTPS webhook endpoint on localhost, with the certificate the service trusts."""

    def __init__(self, settings: dict[str, Any]) -> None:
        self.requests: queue.Queue[Received] = queue.Queue()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                outer.requests.put(Received(body, dict(self.headers.items())))
                self.send_response(200)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(settings["tls_cert"], settings["tls_key"])
        self.server.socket = ctx.wrap_socket(self.server.socket, server_side=True)
        self.url = f"https://{settings['receiver_host']}:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def next(self, timeout: float = 30) -> Received:
        return self.requests.get(timeout=timeout)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


Reply = Union[tuple[int, Any], tuple[int, Any, dict[str, str]]]


class Stub:
    """A local stand-in answering from a script of (status, body[, headers]) replies (the last
    one again once the script is used up), recording each request: for the offline tests (the
    real service is never made to fail on purpose)."""

    def __init__(self, replies: list[Reply], delay: float = 0) -> None:
        self.replies = list(replies)
        self.seen: list[tuple[str, str, bytes, dict[str, str]]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                outer.seen.append((self.command, self.path, body, dict(self.headers.items())))
                if delay:
                    time.sleep(delay)
                reply = outer.replies.pop(0) if len(outer.replies) > 1 else outer.replies[0]
                status, doc, extra = (*reply, {}) if len(reply) == 2 else reply
                raw = json.dumps(doc).encode()
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self.send_response(status)  # (a client that timed out has gone)
                    for name, value in extra.items():
                        self.send_header(name, value)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(raw)))
                    self.end_headers()
                    self.wfile.write(raw)

            do_GET = do_POST = _answer

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def wait_seen(self, count: int, within_s: float = 10.0) -> int:
        """How many requests the stub has read, once it has read `count` or `within_s` passed.
        A client that gave up on a time-out may have sent a request the busy stub reads later."""
        deadline = time.monotonic() + within_s
        while len(self.seen) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        return len(self.seen)

    def bodies(self) -> list[Any]:
        return [json.loads(body) if body else None for _, _, body, _ in self.seen]

    def header(self, name: str) -> list[str | None]:
        """The value of header `name` in each request seen (any case)."""
        return [next((v for k, v in h.items() if k.lower() == name), None) for *_, h in self.seen]


def order_id(prefix: str = "py") -> str:
    return f"{prefix}-{secrets.token_hex(6)}"


class Api:
    """One of the two clients behind one calling convention, so that a test states once what
    both must do: `api("sessions.verify", sid, trx_id=...)`, `api.each("links.iterate")`."""

    def __init__(self, flavour: str, url: str, sleeps: list[float], **options: Any) -> None:
        self.flavour, self.url, self.sleeps, self.options = flavour, url, sleeps, options

    def __call__(self, name: str, *args: Any, **kwargs: Any) -> Any:
        return self._run(name, args, kwargs, lambda made: made)

    def each(self, name: str, *args: Any, **kwargs: Any) -> list[Any]:
        """Every item an iterate call yields."""
        return self._run(name, args, kwargs, list)  # type: ignore[no-any-return]

    def _run(self, name: str, args: Any, kwargs: Any, collect: Any) -> Any:
        if self.flavour == "sync":
            client = Client("sk_test", self.url, sleep=self.sleeps.append, **self.options)
            return collect(_method(client, name)(*args, **kwargs))

        async def fake_sleep(seconds: float) -> None:
            self.sleeps.append(seconds)

        async def go() -> Any:
            async with AsyncClient("sk_test", self.url, sleep=fake_sleep, **self.options) as client:
                made = _method(client, name)(*args, **kwargs)
                if hasattr(made, "__aiter__"):
                    return [item async for item in made]
                return collect(await made)

        return asyncio.run(go())


def _method(client: Any, name: str) -> Any:
    for part in name.split("."):
        client = getattr(client, part)
    return client


FLAVOURS = ["sync", "async"]


def client(live: Live, account: str = "main", *, test: bool = False, **options: Any) -> Client:
    """A client of one of the live accounts, with its live key (or its test key)."""
    key = live.account(account)["test_key" if test else "key"]
    return Client(key, live.api_url, backoff=0.01, **options)


def open_session(
    c: Client, hook: str = f"{SHOP}/webhook", amount: str = "437.25", **kw: Any
) -> Any:
    return c.sessions.initialize(
        order_id(),
        success_url=f"{SHOP}/success",
        cancel_url=f"{SHOP}/cancel",
        webhook_url=hook,
        amount=amount,
        **kw,
    )
