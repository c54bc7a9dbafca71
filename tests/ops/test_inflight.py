"""InFlight counts requests from their headers to their answer, and never idle connections."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port
from tornado.web import Application, RequestHandler

from claimsvc.runtime.inflight import InFlight


class SlowHandler(RequestHandler):
    """Answers once the test releases it."""

    def initialize(self, release: asyncio.Event) -> None:
        self.release = release

    async def post(self) -> None:
        await self.release.wait()
        self.finish("done")


class FastHandler(RequestHandler):
    def get(self) -> None:
        self.finish("ok")


@dataclass
class Served:
    inflight: InFlight
    port: int
    release: asyncio.Event

    async def connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection("127.0.0.1", self.port)


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    release = asyncio.Event()
    app = Application([("/slow", SlowHandler, {"release": release}), ("/fast", FastHandler)])
    inflight = InFlight(app)
    sock, port = bind_unused_port()
    server = HTTPServer(inflight)
    server.add_sockets([sock])
    yield Served(inflight, port, release)
    release.set()
    server.stop()
    await server.close_all_connections()


async def until(condition, timeout_s: float = 10) -> None:
    """Poll a condition the event loop makes true; fail if it never does."""
    async with asyncio.timeout(timeout_s):
        while not condition():
            await asyncio.sleep(0.01)


async def test_an_answered_keep_alive_connection_is_not_in_flight(served: Served) -> None:
    reader, writer = await served.connect()
    writer.write(b"GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
    await reader.readuntil(b"ok")
    assert served.inflight.count == 0
    await asyncio.wait_for(served.inflight.idle(), 5)
    writer.close()


async def test_a_request_is_in_flight_from_its_headers_to_its_answer(served: Served) -> None:
    reader, writer = await served.connect()
    await asyncio.sleep(0.05)
    assert served.inflight.count == 0  # connected, nothing sent yet
    writer.write(b"POST /slow HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nab")
    await until(lambda: served.inflight.count == 1)
    writer.write(b"cd")
    await asyncio.sleep(0.05)
    assert served.inflight.count == 1  # body read, answer pending
    served.release.set()
    await reader.readuntil(b"done")
    assert served.inflight.count == 0
    writer.close()


async def test_a_client_gone_before_the_answer_is_no_longer_in_flight(served: Served) -> None:
    _, writer = await served.connect()
    writer.write(b"POST /slow HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
    await until(lambda: served.inflight.count == 1)
    writer.close()
    await until(lambda: served.inflight.count == 0)


async def test_a_client_gone_in_the_middle_of_its_body_is_no_longer_in_flight(
    served: Served,
) -> None:
    _, writer = await served.connect()
    writer.write(b"POST /slow HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\npartial")
    await until(lambda: served.inflight.count == 1)
    writer.close()
    await until(lambda: served.inflight.count == 0)
