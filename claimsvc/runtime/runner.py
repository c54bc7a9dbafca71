"""Running a process: HTTP servers and background loops, drained on SIGTERM within a grace."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import signal
import socket
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application

from claimsvc.runtime.inflight import InFlight
from claimsvc.settings import SettingsError

log = logging.getLogger("claimsvc.runner")

T = TypeVar("T")


class Loop(Protocol):
    """A background loop: takes work until `stop` is set, then finishes or releases its work."""

    name: str

    async def run(self, stop: asyncio.Event) -> None: ...


async def pause(
    stop: asyncio.Event, seconds: float | None, wake: asyncio.Event | None = None
) -> None:
    """Until `stop` (or `wake`) is set, or `seconds` pass (None: no limit)."""
    waits = [asyncio.ensure_future(stop.wait())]
    if wake is not None:
        waits.append(asyncio.ensure_future(wake.wait()))
    try:
        await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiting in waits:
            waiting.cancel()


async def unless_stopped(stop: asyncio.Event, work: Awaitable[T]) -> asyncio.Future[T] | None:
    """`work` run until it finishes (its future, done) or `stop` is set first (None: the work
    is cancelled, as a long poll or a blocking read is on SIGTERM, losing nothing)."""
    running = asyncio.ensure_future(work)
    stopping = asyncio.ensure_future(stop.wait())
    await asyncio.wait((running, stopping), return_when=asyncio.FIRST_COMPLETED)
    stopping.cancel()
    if running.done():
        return running
    running.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await running
    return None


@dataclass
class Component:
    """What a process serves: (application, port) pairs and background loops."""

    servers: list[tuple[Application, int]] = field(default_factory=list)
    loops: list[Loop] = field(default_factory=list)
    on_close: list[Callable[[], Awaitable[None]]] = field(default_factory=list)
    # `claimsvc dev` only: given (deps, demo account id), seed demo data, return its secrets by
    # banner label (written to the credentials file; the banner shows their prefixes only).
    demo_seeders: list[Callable[..., Awaitable[dict[str, str]]]] = field(default_factory=list)

    def extend(self, other: Component) -> None:
        self.servers += other.servers
        self.loops += other.loops
        self.on_close += other.on_close
        self.demo_seeders += other.demo_seeders


LOOPBACK = ("127.0.0.1", "::1")
"""The local stack's default listen addresses; ::1 only where the machine has IPv6."""
_NO_SUCH_ADDRESS = (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT)


def bind(
    port: int, variable: str, hosts: Sequence[str] | None = None, way_out: str = ""
) -> list[socket.socket]:
    """Listening sockets for `port` on each of `hosts` (None: every interface), bound now so
    a taken port stops the process at once with a message naming it and `variable` (a
    SettingsError, printed without a traceback) before anything else is said or started.
    ::1 of LOOPBACK is skipped on a machine without IPv6."""
    bound: list[socket.socket] = []
    try:
        for host in hosts or (None,):
            try:
                bound += bind_sockets(port, address=host)
            except OSError as exc:
                if host == LOOPBACK[1] and bound and exc.errno in _NO_SUCH_ADDRESS:
                    continue
                raise
            port = port or bound[0].getsockname()[1]  # port 0: the same port on each host
    except OSError as exc:
        for sock in bound:
            sock.close()
        where = f"{host}:{port}" if host else f"port {port}"
        raise SettingsError(
            f"{variable}: cannot listen on {where} ({exc.strerror or exc}); "
            f"{way_out or 'choose a free port'}"
        ) from None
    return bound


def bind_servers(
    component: Component, variables: Mapping[int, str], hosts: Sequence[str] | None = None
) -> list[list[socket.socket]]:
    """Every server's sockets (in `component.servers` order), each port named by its variable
    in messages; all released again if one cannot be bound."""
    bound: list[list[socket.socket]] = []
    try:
        for _, port in component.servers:
            bound.append(bind(port, variables.get(port, "the port"), hosts))
    except SettingsError:
        for sock in (s for group in bound for s in group):
            sock.close()
        raise
    return bound


def listen(
    app: Application, sockets: list[socket.socket], *, max_body_bytes: int
) -> tuple[HTTPServer, InFlight]:
    """Start one HTTP server on its bound sockets, counting its requests in flight for the
    drain.

    Bodies up to 16x the limit are read so the handler can answer 413. Tornado's `xheaders`
    stay off: it would believe X-Real-Ip from anyone; handlers take the client address by
    the one rule instead (BaseHandler.client_address).
    """
    inflight = InFlight(app)
    server = HTTPServer(inflight, max_body_size=max(max_body_bytes * 16, 1 << 20))
    server.add_sockets(sockets)
    return server, inflight


async def run_until_signalled(
    component: Component,
    *,
    grace_s: float,
    max_body_bytes: int,
    sockets: list[list[socket.socket]] | None = None,
    stop: asyncio.Event | None = None,
) -> None:
    """Serve on `sockets` (bind_servers; None: each server's port on every interface) until
    SIGTERM/SIGINT (or `stop`), then drain: stop accepting, finish, release."""
    if sockets is None:
        sockets = bind_servers(component, {})
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    servers = [
        listen(app, bound, max_body_bytes=max_body_bytes)
        for (app, _), bound in zip(component.servers, sockets, strict=True)
    ]
    tasks = [asyncio.create_task(lp.run(stop), name=lp.name) for lp in component.loops]
    await stop.wait()
    log.info("draining", extra={"fields": {"grace_s": grace_s}})
    for server, _ in servers:
        server.stop()
    # Requests already begun are answered while the loops finish or release their work.
    drain = [*(inflight.idle() for _, inflight in servers), *tasks]
    _, pending = await asyncio.wait([asyncio.ensure_future(d) for d in drain], timeout=grace_s)
    for task in pending:
        task.cancel()
    # Idle keep-alive connections close now; a request still unanswered at the grace's end is cut.
    for server, _ in servers:
        await server.close_all_connections()
    for hook in reversed(component.on_close):
        await hook()
    log.info("stopped", extra={"fields": {"unfinished": len(pending)}})
