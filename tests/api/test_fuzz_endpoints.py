"""Hostile bodies on every endpoint of both ports: never a 500, never a hang, never a big read.

The adversarial sweep of issue 14. Each endpoint gets each payload; the answer must be a
documented client error (4xx with a JSON body) or, for a body too large to read, the connection
closed after a 400 or 413 with at most the limit read. Servers are built as the processes build
them (`claimsvc.runtime.runner.listen`), so the body-size cap is the production one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import select
import socket
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass

import pytest
from tornado.httpclient import AsyncHTTPClient
from tornado.testing import bind_unused_port
from tornado.web import StaticFileHandler

from claimsvc.api.app import make_app
from claimsvc.bootstrap import Deps
from claimsvc.runtime.runner import listen
from sms_ingest.app import make_app as make_sms_app
from tests.conftest import ADMIN_TOKEN
from tests.route_samples import hostile_paths

pytestmark = pytest.mark.timeout(300)

SESSION = "3f1c2a9e-5b7d-4e11-9a0b-2c4d6e8f0a1b"
DEPTH = 100_000


def nested(depth: int) -> bytes:
    return b'{"a":' * depth + b"1" + b"}" * depth


PAYLOADS: dict[str, bytes] = {
    "deep array": b"[" * DEPTH + b"]" * DEPTH,
    "deep object": nested(DEPTH),
    "deep under the size limit": b"[" * 30_000 + b"]" * 30_000,
    "deep object under the size limit": nested(9_000),
    "deep but parseable": b'{"order_id":' + b"[" * 900 + b"]" * 900 + b"}",
    "NUL raw": b'{"order_id":"a\x00b","sessionId":"\x00"}',
    "NUL escaped": b'{"order_id":"a\\u0000b","sessionId":"\\u0000","trxId":"\\u0000",'
    b'"provider":"bkash","sender":"\\u0000","message":"\\u0000","name":"\\u0000"}',
    "lone surrogate escaped": b'{"order_id":"\\ud800","sessionId":"\\udfff","name":"\\ud800"}',
    "lone surrogate raw": b'{"order_id":"\xed\xa0\x80"}',
    "invalid utf-8": b'{"order_id":"\xff\xfe"}',
    "1e400": b'{"amount":1e400,"balance":1e400,"expires_in":1e400,"daily_limit":1e400}',
    "-1e400": b'{"amount":-1e400,"fee_due":-1e400,"fee_limit":1e-400}',
    "4000 digits": b'{"amount":'
    + b"9" * 4000
    + b',"expires_in":'
    + b"9" * 4000
    + b',"rate_limit_per_minute":'
    + b"9" * 4000
    + b',"sim_slot":'
    + b"9" * 4000
    + b"}",
    "5000 digits": b'{"amount":' + b"9" * 5000 + b"}",
    "NaN": b'{"amount":NaN,"balance":Infinity}',
    "array top": b"[1,2,3]",
    "string top": b'"x"',
    "null top": b"null",
    "empty": b"",
    "wrong types": b'{"order_id":{},"amount":"1","sessionId":[],"trxId":1,"provider":null,'
    b'"name":[],"allowed_hosts":"x","wallets":{},"maintenance":"yes","sender":1,"message":[]}',
    "many keys": json.dumps({f"k{i}": i for i in range(5000)}).encode(),
}
CONTENT_TYPES = [
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=zz",
]


@dataclass(frozen=True)
class Target:
    name: str
    port: str  # "api" or "sms"
    method: str
    path: str
    headers: dict[str, str]


@pytest.fixture
async def servers(deps: Deps) -> AsyncIterator[dict[str, str]]:
    """The API and SMS intake apps served as `claimsvc api` and `sms-ingest` serve them."""
    from sms_ingest.app import build

    started = {}
    urls = {}
    for name, app in (("api", make_app(deps)), ("sms", make_sms_app(deps, build(deps).intake))):
        sock, port = bind_unused_port()
        server, _ = listen(app, [sock], max_body_bytes=deps.settings.max_body_bytes)
        started[name] = server
        urls[name] = f"http://127.0.0.1:{port}"
    yield urls
    for server in started.values():
        server.stop()
        await server.close_all_connections()


@pytest.fixture
async def targets(deps: Deps, make_account) -> list[Target]:
    merchant = await make_account()
    device = await deps.services.devices.register(merchant.id, "phone", None)
    key = {"x-api-key": merchant.key}
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    acc = f"/admin/v1/accounts/{merchant.id}"
    return [
        Target("initialize", "api", "POST", "/api/v1/checkout/initialize", key),
        Target("verify", "api", "POST", "/api/v1/checkout/verify", key),
        Target("submit", "api", "POST", "/api/v1/checkout/submit", {}),
        Target("cancel", "api", "POST", "/api/v1/checkout/cancel", {}),
        Target("keyed cancel", "api", "POST", "/api/v1/checkout/cancel", key),
        Target("session read", "api", "GET", f"/api/v1/checkout/session/{SESSION}", {}),
        Target("hosted page", "api", "GET", f"/checkout/{SESSION}", {}),
        Target("admin create", "api", "POST", "/admin/v1/accounts", admin),
        Target("admin patch", "api", "PATCH", acc, admin),
        Target("admin key", "api", "POST", f"{acc}/keys", admin),
        Target("admin device", "api", "POST", f"{acc}/devices", admin),
        Target("admin anchor", "api", "PUT", f"{acc}/wallet-balances", admin),
        Target("admin platform", "api", "PUT", "/admin/v1/platform", admin),
        Target("admin confirm", "api", "POST", "/admin/v1/transactions/trx_x/confirm", admin),
        Target("admin redeliver", "api", "POST", "/admin/v1/events/1/redeliver", admin),
        Target(
            "sms intake",
            "sms",
            "POST",
            "/sms/v1/messages",
            {"Authorization": f"Bearer {device.token}"},
        ),
    ]


async def send(
    url: str, target: Target, body: bytes | None, content_type: str
) -> tuple[int, bytes]:
    client = AsyncHTTPClient()
    headers = {**target.headers, "content-type": content_type}
    resp = await client.fetch(
        url + target.path,
        method=target.method,
        body=body if target.method != "GET" else None,
        headers=headers,
        raise_error=False,
        allow_nonstandard_methods=True,
        request_timeout=60,
    )
    return resp.code, resp.body or b""


def acceptable(code: int, body: bytes) -> bool:
    """A client error with a JSON object body (or an HTML page for the hosted page's GET)."""
    if not 400 <= code < 500:
        return False
    try:
        return isinstance(json.loads(body), dict)
    except ValueError:
        return body.lstrip().startswith(b"<!")


async def test_no_payload_on_any_endpoint_gets_a_500_or_an_unshaped_answer(servers, targets):
    bad: list[str] = []
    for target in targets:
        if target.method == "GET":
            continue
        for name, payload in PAYLOADS.items():
            code, body = await send(servers[target.port], target, payload, "application/json")
            if not (acceptable(code, body) or (name == "empty" and code in (200, 201))):
                bad.append(f"{target.name} / {name}: {code} {body[:120]!r}")
    assert bad == []


# The one body a Content-Type chooses: the SMS intake reads a URL-encoded form as the SMS
# Forwarder app's default request (docs/sms-forwarders.md, section 3.3).
FORM_READERS = {("sms intake", "application/x-www-form-urlencoded")}


async def test_the_content_type_never_changes_the_answer(servers, targets):
    """Bodies are read as JSON whatever the header says: a form or multipart type is not parsed
    as a form first (which answered a bare 400 before the key and the size were checked). Where
    a form is read on purpose, its answer to every payload is still a shaped client error."""
    bad: list[str] = []
    for target in targets:
        if target.method == "GET":
            continue
        for name, payload in PAYLOADS.items():
            url = servers[target.port]
            want = await send(url, target, payload, "application/json")
            for ctype in CONTENT_TYPES[1:]:
                got = await send(url, target, payload, ctype)
                if (target.name, ctype) in FORM_READERS:
                    same = acceptable(*got) or (name == "empty" and got[0] == want[0])
                else:
                    same = got[0] == want[0] and (want[0] < 400 or got[1] == want[1])
                if not same:
                    bad.append(f"{target.name} / {name} / {ctype}: {got[0]} {got[1][:80]!r}")
    assert bad == []


async def test_form_typed_bodies_still_meet_the_key_check_first(servers):
    fields = b"&".join(b"f%d=1" % i for i in range(1500))  # over Tornado's 1,000 form fields
    target = Target("initialize", "api", "POST", "/api/v1/checkout/initialize", {})
    for ctype in CONTENT_TYPES[2:]:
        code, body = await send(servers["api"], target, fields, ctype)
        assert (code, json.loads(body)) == (401, {"error": "Missing API Key"})


@pytest.mark.parametrize(
    "segment",
    ["%00", "%ED%A0%80", "%FF", "x" * 10_000, "..%2F..%2Fetc%2Fpasswd", "%20", SESSION.upper()],
)
@pytest.mark.parametrize("prefix", ["/api/v1/checkout/session/", "/checkout/"])
async def test_hostile_session_ids_in_the_path_are_client_errors(servers, prefix, segment):
    target = Target("read", "api", "GET", prefix + segment, {})
    code, body = await send(servers["api"], target, None, "application/json")
    assert acceptable(code, body), (code, body[:200])


def raw_exchange(port: int, head: bytes, chunks: Iterator[bytes]) -> tuple[bytes, int]:
    """Send `head`, then whole chunks until the server answers or stops reading;
    (its answer, body bytes sent)."""
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(head)
        for chunk in chunks:
            if select.select([sock], [], [], 0)[0]:
                break  # the server answered (or closed) before the body was all sent
            try:
                sock.sendall(chunk)  # a server that stopped reading fills the buffers: timeout
            except (TimeoutError, BrokenPipeError, ConnectionResetError):
                break
            sent += len(chunk)
        sock.settimeout(30)
        answer = b""
        with contextlib.suppress(ConnectionResetError):
            while part := sock.recv(65536):
                answer += part
    return answer, sent


@pytest.mark.parametrize("port_name", ["api", "sms"])
@pytest.mark.parametrize("framing", ["content-length", "chunked"])
async def test_a_10_mb_body_is_refused_without_being_read(servers, port_name, framing):
    """The server stops at the processes' read cap (16x CLAIMSVC_MAX_BODY_BYTES, at least 1 MiB):
    it answers and closes long before 10 MB have arrived, so memory stays bounded."""
    ten_mb, piece = 10 * 1024 * 1024, b"a" * 65536
    port = int(servers[port_name].rsplit(":", 1)[1])
    path = "/api/v1/checkout/submit" if port_name == "api" else "/sms/v1/messages"
    if framing == "chunked":
        head = f"POST {path} HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        chunks = (b"10000\r\n" + piece + b"\r\n" for _ in range(ten_mb // len(piece)))
    else:
        head = f"POST {path} HTTP/1.1\r\nHost: t\r\nContent-Length: {ten_mb}\r\n\r\n"
        chunks = (piece for _ in range(ten_mb // len(piece)))
    answer, sent = await asyncio.to_thread(raw_exchange, port, head.encode(), chunks)
    assert answer.startswith((b"HTTP/1.1 400", b"HTTP/1.1 413")), answer[:200]
    assert b"500" not in answer.split(b"\r\n", 1)[0]
    assert sent < ten_mb  # answered before the body was all sent: the rest is never read


async def test_hostile_characters_in_any_path_segment_or_query_of_any_route_are_client_errors(
    deps, servers, make_account
):
    """Every route of both ports (API, admin, hosted and pay pages, portal, SMS intake), each
    path segment and query argument in turn an encoded control character or bytes that are
    not UTF-8, with a key and the admin token: never a 5xx, and a client error in its family's
    shape (a JSON object, an HTML page, the static files' plain text)."""
    merchant = await make_account()
    headers = {"x-api-key": merchant.key, "Authorization": f"Bearer {ADMIN_TOKEN}"}
    from sms_ingest.app import build

    apps = (("api", make_app(deps)), ("sms", make_sms_app(deps, build(deps).intake)))
    bad: list[str] = []
    for port, app in apps:
        for rule in app.wildcard_router.rules:
            plain = issubclass(rule.target, StaticFileHandler)  # type: ignore[attr-defined]
            for path in hostile_paths(rule):
                target = Target(rule.name or path, port, "GET", path, headers)
                code, body = await send(servers[port], target, None, "text/plain")
                shaped = acceptable(code, body) or (plain and body in (b"Not found", b"Error"))
                if code >= 500 or (code >= 400 and not shaped):
                    bad.append(f"{port} {path}: {code} {body[:100]!r}")
    assert bad == []
