"""Running a process: HTTP servers and background loops, drained on SIGTERM within a grace."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from tornado.httpserver import HTTPServer
from tornado.web import Application

from claimsvc.runtime.inflight import InFlight

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


def listen(app: Application, port: int, *, max_body_bytes: int) -> tuple[HTTPServer, InFlight]:
    """Start one HTTP server, counting its requests in flight for the drain.

    Bodies up to 16x the limit are read so the handler can answer 413. Tornado's `xheaders`
    stay off: it would believe X-Real-Ip from anyone; handlers take the client address by
    the one rule instead (BaseHandler.client_address).
    """
    inflight = InFlight(app)
    server = HTTPServer(inflight, max_body_size=max(max_body_bytes * 16, 1 << 20))
    server.listen(port)
    return server, inflight


async def run_until_signalled(
    component: Component,
    *,
    grace_s: float,
    max_body_bytes: int,
    stop: asyncio.Event | None = None,
) -> None:
    """Serve until SIGTERM/SIGINT (or `stop`), then drain: stop accepting, finish, release."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    servers = [listen(app, port, max_body_bytes=max_body_bytes) for app, port in component.servers]
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
