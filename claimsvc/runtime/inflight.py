"""Requests in flight on an HTTP server, so that a drain can wait for their answers.

Tornado's `HTTPServer.close_all_connections()` closes every connection at once, cutting requests
half-read or half-answered. Wrapping the application in `InFlight` counts each request from its
first header to the end of its response (or its connection's loss); the drain waits for the count
to reach zero and only then closes the connections, which are idle by then.
"""

from __future__ import annotations

import asyncio
from asyncio import Future
from collections.abc import Awaitable, Callable
from typing import Any

from tornado import httputil


class InFlight(httputil.HTTPServerConnectionDelegate):
    """An application wrapper that counts the requests being served."""

    def __init__(self, app: httputil.HTTPServerConnectionDelegate) -> None:
        self.app = app
        self.count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def start_request(
        self, server_conn: object, request_conn: httputil.HTTPConnection
    ) -> httputil.HTTPMessageDelegate:
        # Called when a connection waits for its next request, before any byte of it arrives:
        # the request counts only from its headers on.
        request = _Request(self, request_conn)
        return _Message(request, self.app.start_request(server_conn, request))

    def on_close(self, server_conn: object) -> None:
        self.app.on_close(server_conn)

    def _started(self) -> None:
        self.count += 1
        self._idle.clear()

    def _ended(self) -> None:
        self.count -= 1
        if self.count == 0:
            self._idle.set()

    async def idle(self) -> None:
        """Return once no request is being served."""
        await self._idle.wait()


class _Request(httputil.HTTPConnection):
    """The connection as the application sees it for one request; notes when the answer is done."""

    def __init__(self, owner: InFlight, conn: httputil.HTTPConnection) -> None:
        self._owner = owner
        self._conn = conn
        self._active = False

    def __getattr__(self, name: str) -> Any:
        # Everything else Tornado reaches for (context, stream, ...) is the real connection's.
        return getattr(self._conn, name)

    def write_headers(
        self,
        start_line: httputil.RequestStartLine | httputil.ResponseStartLine,
        headers: httputil.HTTPHeaders,
        chunk: bytes | None = None,
    ) -> Future[None]:
        return self._conn.write_headers(start_line, headers, chunk)

    def write(self, chunk: bytes) -> Future[None]:
        return self._conn.write(chunk)

    def begin(self) -> None:
        if not self._active:
            self._active = True
            self._owner._started()

    def end(self) -> None:
        if self._active:
            self._active = False
            self._owner._ended()

    def finish(self) -> None:
        try:
            self._conn.finish()
        finally:
            self.end()

    def set_close_callback(self, callback: Callable[[], None] | None) -> None:
        if callback is None:
            self._conn.set_close_callback(None)  # type: ignore[attr-defined]
            return

        # The handler's callback runs when the client goes away before the answer is complete.
        def closed() -> None:
            self.end()
            callback()

        self._conn.set_close_callback(closed)  # type: ignore[attr-defined]


class _Message(httputil.HTTPMessageDelegate):
    """Passes the request on to the application, marking its start and a loss of connection."""

    def __init__(self, request: _Request, inner: httputil.HTTPMessageDelegate) -> None:
        self._request = request
        self._inner = inner

    def headers_received(
        self,
        start_line: httputil.RequestStartLine | httputil.ResponseStartLine,
        headers: httputil.HTTPHeaders,
    ) -> Awaitable[None] | None:
        self._request.begin()
        return self._inner.headers_received(start_line, headers)

    def data_received(self, chunk: bytes) -> Awaitable[None] | None:
        return self._inner.data_received(chunk)

    def finish(self) -> None:
        self._inner.finish()

    def on_connection_close(self) -> None:
        try:
            self._inner.on_connection_close()
        finally:
            self._request.end()
