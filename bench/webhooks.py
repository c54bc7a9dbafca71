"""Benchmark: webhook deliveries per second of one worker process, and scheduling lag under load.

Run from the repository root: ``.venv/bin/python bench/webhooks.py [--events N] [--rate R]``.

A receiver in its own process answers 200 at once over HTTPS (a trustme test CA, passed to the
worker as CLAIMSVC_WEBHOOK_CA_FILE would be). The worker side runs in this process: the real
dispatcher and delivery service, on --mongo-url (default a SecantusDB child, removed after)
and --redis-url (default the real Redis at 127.0.0.1:6379 under a fresh prefix, deleted after);
memory:// for the embedded fakes. Two paths are measured:

- full: outbox event → Redis schedule → MongoDB reads and conditional updates → signed HTTPS;
- redis+http: the same schedule and signed HTTPS, with MongoDB left out (the baseline).

Beside each burst: this process's CPU ms per delivery (the receiver and the database run in
their own processes) and its MongoDB commands and Redis calls per delivery (exact).

For each: a burst of N due events (deliveries per second), then a fixed offered load of R events a
second for a few seconds (lag from an event falling due to the receiver getting it, p50/p99).
Goal: 1,000 deliveries a second per worker process; p99 lag under 1 s at 500 events a second.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import multiprocessing
import os
import pstats
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# ruff: noqa: E402 - imports need the path set above
import aiohttp
import trustme
from _common import add_store_args, bench_settings, counted_deps, store_label, stores
from aiohttp import web

from claimsvc.bootstrap import Deps
from claimsvc.clients.sender import send_attempt
from claimsvc.clock import system_clock
from claimsvc.domain.signing import delivery_headers
from claimsvc.store.schedule import Lease
from claimsvc.worker.dispatch import LEASE_MS, Dispatcher
from claimsvc.worker.webhooks import close_http, make_dispatcher, open_http
from tests.worker.factories import terminal_session

SECRET = "bench-callback-secret-0123456789"
BODY = b'{"order_id":"bench-1","payment_status":"COMPLETED","trid":"pay_1","amount":500}'


# The receiver process ----------------------------------------------------------------------------


def _serve(cert_dir: str, port_out: Any) -> None:
    """Answer every POST with 200 at once; remember when each event id arrived."""
    import ssl

    arrivals: list[tuple[str, float]] = []

    async def hook(request: web.Request) -> web.Response:
        await request.read()
        arrivals.append((request.headers.get("x-svc-event-id", ""), time.time()))
        return web.Response(text="ok")

    async def stats(request: web.Request) -> web.Response:
        taken = list(arrivals)
        arrivals.clear()
        return web.json_response(taken)

    async def main() -> None:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(f"{cert_dir}/chain.pem", f"{cert_dir}/key.pem")
        app = web.Application()
        app.router.add_post("/hook", hook)
        app.router.add_get("/stats", stats)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=context)
        await site.start()
        port_out.send(runner.addresses[0][1])
        await asyncio.Event().wait()

    asyncio.run(main())


def start_receiver(cert_dir: str) -> tuple[multiprocessing.Process, int]:
    ours, theirs = multiprocessing.Pipe()
    proc = multiprocessing.Process(target=_serve, args=(cert_dir, theirs), daemon=True)
    proc.start()
    return proc, ours.recv()


def make_certs(cert_dir: str) -> str:
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1")
    Path(cert_dir, "chain.pem").write_bytes(b"".join(b.bytes() for b in cert.cert_chain_pems))
    cert.private_key_pem.write_to_path(f"{cert_dir}/key.pem")
    ca.cert_pem.write_to_path(f"{cert_dir}/ca.pem")
    return f"{cert_dir}/ca.pem"


# The worker side ---------------------------------------------------------------------------------


def now_ms() -> int:
    return int(time.time() * 1000)


class Bench:
    """One worker's stores, dispatcher and the receiver's address."""

    def __init__(self, deps: Deps, tally: Any, url: str, stats_url: str) -> None:
        self.deps, self.tally, self.url, self.stats_url = deps, tally, url, stats_url
        self.account_id = ""
        self.due: dict[str, int] = {}

    async def add_full(self) -> None:
        """One event through the outbox, as a terminal session records it."""
        event = await self.deps.services.outbox.record(terminal_session(self.account_id, self.url))
        assert event.next_attempt_at is not None
        self.due[str(event.id)] = int(event.next_attempt_at.timestamp() * 1000)

    async def add_bare(self, event_id: int) -> None:
        """One id on the schedule only (the redis+http path)."""
        due = now_ms()
        await self.deps.stores.schedule.schedule(event_id, due)
        self.due[str(event_id)] = due

    def bare_attempt(self, http: aiohttp.ClientSession) -> Any:
        async def attempt(lease: Lease) -> None:
            headers = delivery_headers(SECRET, lease.event_id, 1, BODY, int(time.time()))
            result = await send_attempt(http, self.url, BODY, headers, allowed_hosts=None)
            assert result.delivered, result
            await self.deps.stores.schedule.ack(lease)

        return attempt

    async def arrivals(self, http: aiohttp.ClientSession) -> list[tuple[str, float]]:
        async with http.get(self.stats_url) as reply:
            return [(i, t) for i, t in await reply.json()]

    async def until_received(self, http: aiohttp.ClientSession, n: int) -> list[Any]:
        got: list[Any] = []
        while len(got) < n:
            await asyncio.sleep(0.05)
            got += await self.arrivals(http)
        return got


@dataclass
class Row:
    """One path's figures."""

    path: str
    burst: int
    per_s: float
    cpu_ms: float
    offered: float = 0.0
    p50: float = 0.0
    p99: float = 0.0
    mongo: float = 0.0  # commands per delivery in the burst
    redis: float = 0.0  # calls per delivery in the burst


async def burst(bench: Bench, dispatcher: Dispatcher, http: Any, n: int, add: Any) -> Row:
    """`n` events all due at once: wall-clock deliveries/s and worker CPU ms per delivery."""
    for i in range(n):
        await add(i + 1)
    stop = asyncio.Event()
    bench.tally.reset()
    started, cpu = time.perf_counter(), time.process_time()
    loop = asyncio.create_task(dispatcher.run(stop))
    await bench.until_received(http, n)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    mongo, redis = bench.tally.mongo_total, bench.tally.redis_total
    stop.set()
    await loop
    return Row("", n, n / elapsed, cpu * 1000 / n, mongo=mongo / n, redis=redis / n)


async def steady(
    bench: Bench, dispatcher: Dispatcher, http: Any, rate: int, seconds: float, add: Any
) -> tuple[float, float, float]:
    """Offered `rate` events/s for `seconds`: (achieved offered rate, lag p50, lag p99) in s."""
    bench.due.clear()
    stop = asyncio.Event()
    loop = asyncio.create_task(dispatcher.run(stop))
    total = int(rate * seconds)
    started = time.perf_counter()
    for i in range(total):
        delay = started + i / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        await add(10_000_000 + i)
    offered = total / (time.perf_counter() - started)
    got = await bench.until_received(http, total)
    stop.set()
    await loop
    lags = sorted(max(0.0, t - bench.due[i] / 1000) for i, t in got)
    return offered, statistics.median(lags), lags[max(0, int(len(lags) * 0.99) - 1)]


async def measure(bench: Bench, name: str, dispatcher: Dispatcher, add: Any, n: int, rate: int,
                  seconds: float, profile: bool) -> Row:  # fmt: skip
    """Burst, then steady load, on one path; with `profile`, where the burst's time went."""
    profiler = cProfile.Profile() if profile else None
    if profiler:
        profiler.enable()
    row = await burst(bench, dispatcher, bench.deps.http, n, add)
    if profiler:
        profiler.disable()
        print_profile(name, profiler)
    row.path = name
    row.offered, row.p50, row.p99 = await steady(
        bench, dispatcher, bench.deps.http, rate, seconds, add
    )
    return row


def print_profile(name: str, profiler: cProfile.Profile) -> None:
    """The share of time inside mongomock, and the top functions by own time."""
    stats = pstats.Stats(profiler)
    entries = stats.stats.items()  # type: ignore[attr-defined]
    total = sum(v[2] for _, v in entries) or 1.0
    mongo = sum(v[2] for k, v in entries if "mongomock" in k[0])
    print(f"profile of the {name} burst: {mongo / total:.0%} of the time inside mongomock")
    stats.sort_stats("tottime").print_stats(8)


def report(rows: list[Row], rate: int) -> None:
    head = f"{'path':<18}{'burst':>7}{'deliv/s':>9}{'CPU ms':>8}{'deliv/CPU-s':>12}"
    print(head + f"{'mongo/dl':>9}{'redis/dl':>9}{'offered/s':>11}{'lag p50':>9}{'lag p99':>9}")
    for r in rows:
        print(
            f"{r.path:<18}{r.burst:>7}{r.per_s:>9,.0f}{r.cpu_ms:>8.2f}{1000 / r.cpu_ms:>12,.0f}"
            f"{r.mongo:>9.2f}{r.redis:>9.2f}{r.offered:>11,.0f}{r.p50:>8.3f}s{r.p99:>8.3f}s"
        )
    print(
        f"\ndeliv/s is wall clock on this machine; deliv/CPU-s is what one worker process does"
        f" per second of its own CPU.\ngoal: >= 1,000 deliveries/s per worker process;"
        f" lag p99 < 1 s at {rate} events/s"
    )


async def run(args: argparse.Namespace, ca_file: str, port: int) -> None:
    settings = bench_settings(
        args,
        webhook_allow_private=True,
        webhook_ca_file=ca_file,
        webhook_concurrency=args.concurrency,
    )
    deps, tally = await counted_deps(settings)
    open_http(deps)  # as the worker does: allow_private, the CA file and the pool from settings
    base = f"https://127.0.0.1:{port}"
    bench = Bench(deps, tally, f"{base}/hook", f"{base}/stats")
    account = await deps.services.admin.create_account(
        {"name": "Bench", "allowed_hosts": ["127.0.0.1"], "callback_secret": SECRET}
    )
    bench.account_id = account.id
    print(f"worker: 1 process, concurrency {args.concurrency}, lease {LEASE_MS} ms")
    print(f"{store_label(args)}; {os.cpu_count()} CPUs\n")

    async def add_full(_: int) -> None:
        await bench.add_full()

    bare = Dispatcher(deps.stores.schedule, bench.bare_attempt(deps.http), system_clock,
                      concurrency=args.concurrency)  # fmt: skip
    rows = [
        await measure(bench, "redis+http", bare, bench.add_bare, args.events, args.rate,
                      args.seconds, False),
        await measure(bench, "full", make_dispatcher(deps), add_full,
                      args.full_events, args.full_rate, args.seconds, args.profile),
    ]  # fmt: skip
    report(rows, args.rate)
    await deps.stores.schedule.clear()
    await close_http(deps)
    await deps.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=3000, help="burst size")
    parser.add_argument("--rate", type=int, default=500, help="offered events per second")
    parser.add_argument("--seconds", type=float, default=6.0, help="duration of the steady load")
    parser.add_argument("--concurrency", type=int, default=100)
    parser.add_argument("--full-events", type=int, default=300, help="burst on the full path")
    parser.add_argument("--full-rate", type=int, default=20, help="load on the full path")
    parser.add_argument("--profile", action="store_true", help="profile the full-path burst")
    add_store_args(parser)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cert_dir, stores(args):
        ca_file = make_certs(cert_dir)
        receiver, port = start_receiver(cert_dir)
        try:
            asyncio.run(run(args, ca_file, port))
        finally:
            receiver.terminate()


if __name__ == "__main__":
    main()
