"""What the HTTP bench scripts share: server child processes, the result row, the table.

Not a bench itself (`make bench` runs bench/[!_]*.py). A script imports it as `_common`: the
script's own folder is first on sys.path when it runs as `.venv/bin/python bench/X.py`.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from claimsvc.devstack.embedded_mongo import free_port

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def server(script: str, kind: str, *args: str) -> Iterator[tuple[str, Any]]:
    """Run `script --serve kind --port P *args`; (base url, the JSON line it printed) while it
    listens; killed on exit."""
    with serving(script, kind, *args) as (url, line, _pid):
        yield url, line


@contextmanager
def serving(script: str, kind: str, *args: str) -> Iterator[tuple[str, Any, int]]:
    """As `server`, with the child's pid (its CPU is read from /proc)."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, script, "--serve", kind, "--port", str(port), *args],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        if not line:
            raise SystemExit(f"the {kind} server did not start")
        yield f"http://127.0.0.1:{port}", json.loads(line), proc.pid
    finally:
        proc.kill()
        proc.wait()


def quiet_logging() -> None:
    """As deployed: one JSON access-log line a request (to /dev/null here)."""
    from claimsvc.logs import setup_logging

    setup_logging("INFO", stream=open(os.devnull, "w"))  # noqa: SIM115 - lives as long as the process


async def listen_forever(app: Any, port: int, announce: Any) -> None:
    """Serve `app` on 127.0.0.1:`port`, print `announce` as the JSON line server() waits for."""
    from tornado.httpserver import HTTPServer

    HTTPServer(app, max_body_size=1 << 20).listen(port, "127.0.0.1")
    print(json.dumps(announce), flush=True)
    await asyncio.Event().wait()


def ms_at(sorted_s: list[float], quantile: float) -> float:
    """The `quantile` of sorted latencies in seconds, as milliseconds (nan when there are none)."""
    if not sorted_s:
        return float("nan")
    return sorted_s[min(len(sorted_s) - 1, int(quantile * len(sorted_s)))] * 1000


def add_counts(total: dict[str, int], more: dict[str, int]) -> dict[str, int]:
    """`total` with the status counts of `more` added (in place)."""
    for code, count in more.items():
        total[code] = total.get(code, 0) + count
    return total


@dataclass
class Result:
    """One scenario's figures."""

    name: str
    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    statuses: dict[str, int]
    sent_order: str = ""  # an order id the run sent (bench/initialize.py, "new" mode)
    cost: Cost | None = None  # the serving process's CPU and round trips per request

    @classmethod
    def of(
        cls, name: str, latencies: list[float], seconds: float, statuses: dict[str, int]
    ) -> Result:
        """From every request's latency in seconds."""
        ordered = sorted(latencies)
        return cls(
            name, len(ordered), seconds, ms_at(ordered, 0.50), ms_at(ordered, 0.99), statuses
        )

    @property
    def rps(self) -> float:
        return self.requests / self.seconds


def print_table(results: list[Result], rate: str, width: int) -> None:
    """Each scenario's rate, p50 and p99, and statuses; `rate` heads the rate column."""
    print(
        f"{'scenario':<{width}}{rate:>10}{'p50 ms':>10}{'p99 ms':>10}{'cpu ms/req':>12}"
        f"{'mongo/req':>11}{'redis/req':>11}  statuses"
    )
    for r in results:
        c = r.cost
        cost = (
            f"{c.cpu_ms:>12.2f}{c.mongo:>11.2f}{c.redis:>11.2f}"
            if c
            else f"{'-':>12}{'-':>11}{'-':>11}"
        )
        print(
            f"{r.name:<{width}}{r.rps:>10.0f}{r.p50_ms:>10.2f}{r.p99_ms:>10.2f}{cost}  {r.statuses}"
        )


# Stores: a SecantusDB child and the real Redis by default, memory:// when asked -----------------

DEFAULT_REDIS = "redis://127.0.0.1:6379/0"
SECANTUS = "secantus"  # --mongo-url default: start a SecantusDB child for this run


def add_store_args(parser: Any) -> None:
    """--mongo-url and --redis-url, the same in every bench script."""
    parser.add_argument(
        "--mongo-url",
        default=SECANTUS,
        help="mongodb://..., memory://, or 'secantus' (default: a SecantusDB "
        "child on a free port, removed after the run)",
    )
    parser.add_argument(
        "--redis-url",
        default=DEFAULT_REDIS,
        help=f"redis://... or memory:// (default {DEFAULT_REDIS}, under a fresh "
        "key prefix deleted after the run)",
    )
    parser.add_argument("--mongo-db", help=argparse_suppress())
    parser.add_argument("--redis-prefix", help=argparse_suppress())


def argparse_suppress() -> str:
    import argparse

    return argparse.SUPPRESS


@contextmanager
def stores(args: Any) -> Iterator[list[str]]:
    """Resolve the store URLs for a run: the child-server arguments that point at them.

    A SecantusDB child (own process, so its CPU is not the serving process's) in a temporary
    directory, or the given URL; Redis under `bench:<random>:`, whose keys are deleted after.
    """
    import tempfile
    import uuid

    from claimsvc.devstack import embedded_mongo

    prefix = f"bench:{uuid.uuid4().hex[:10]}:"
    with tempfile.TemporaryDirectory(prefix="bench-secantus-") as tmp:
        mongo = embedded_mongo.start(tmp) if args.mongo_url == SECANTUS else None
        args.mongo_url = mongo.url if mongo else args.mongo_url
        args.redis_prefix = prefix
        try:
            yield [
                "--mongo-url",
                args.mongo_url,
                "--redis-url",
                args.redis_url,
                "--redis-prefix",
                prefix,
            ]
        finally:
            if mongo:
                mongo.stop()
            if not args.redis_url.startswith("memory://"):
                _delete_prefix(args.redis_url, prefix)


def _delete_prefix(url: str, prefix: str) -> None:
    """Synchronous, so it also runs inside a bench's event loop (bench/sms.py)."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        keys = list(client.scan_iter(match=prefix + "*", count=1000))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


def store_label(args: Any) -> str:
    """The stores a run used, for the report's first line (no password)."""
    mongo = args.mongo_url.split("@")[-1]
    kind = "SecantusDB child" if "127.0.0.1" in mongo and args.mongo_db is None else ""
    return f"mongodb={mongo} {kind} redis={args.redis_url.split('@')[-1]}".replace("  ", " ")


# In the serving process: clients that count their round trips, and a route that reads them ----


ROUNDTRIPS_PATH = "/__bench/roundtrips"


async def counted_deps(settings: Any, clock: Any = None) -> tuple[Any, Any]:
    """open_deps with counting clients: (deps, tally). MongoDB commands are counted by a pymongo
    CommandListener on a real server (exact, getMore included) and by a wrapper on memory://;
    Redis calls by a wrapper (a pipeline is one)."""
    from claimsvc.bootstrap import open_deps
    from claimsvc.clock import system_clock
    from claimsvc.testing.roundtrips import RoundTrips

    tally = RoundTrips()
    mongo, redis = counted_clients(settings, tally)
    with tally.ignored():
        deps = await open_deps(settings, clock or system_clock, mongo=mongo, redis=redis)
    return deps, tally


def counted_clients(settings: Any, tally: Any, driver: str = "") -> tuple[Any, Any]:
    """(MongoDB client, Redis client) as open_deps opens them, counting into `tally`; `driver`
    MOTOR for motor's client on a real server (its floor beside AsyncMongoClient's)."""
    from claimsvc.store.mongo import open_mongo
    from claimsvc.store.redis_client import open_redis
    from claimsvc.testing.roundtrips import CountingMongoClient, CountingRedis, MongoCommandCounter

    url = settings.mongo_url
    mongo: Any
    if url.startswith("memory://"):
        mongo = CountingMongoClient(open_mongo(url), tally)
    else:
        mongo = mongo_client(driver, url, event_listeners=[MongoCommandCounter(tally)])
    return mongo, CountingRedis(open_redis(settings.redis_url), tally)


# The two drivers, for their floors in one run (issue 35) ------------------------------------------

PYMONGO, MOTOR = "AsyncMongoClient", "motor"
DRIVERS = (PYMONGO, MOTOR)


def mongo_client(driver: str, url: str, **options: Any) -> Any:
    """A client of `driver` (PYMONGO when empty) with the service's options plus `options`."""
    from claimsvc.store.mongo import open_mongo

    if driver != MOTOR:
        return open_mongo(url, **options)
    from motor.motor_asyncio import AsyncIOMotorClient  # the bench extra only (pyproject)

    # claimsvc.store.mongo.open_mongo's options
    return AsyncIOMotorClient(url, tz_aware=True, w="majority", retryWrites=True, **options)


def drivers_here(mongo_url: str) -> tuple[list[str], str]:
    """The drivers whose floor this run can measure, and why any other is left out ("" if not)."""
    if mongo_url.startswith("memory://"):
        return [PYMONGO], "motor's floor: skipped (memory:// is the in-process fake, no driver)"
    try:
        import motor  # noqa: F401
    except ImportError:
        return [PYMONGO], (
            "motor's floor: skipped, motor is not installed "
            "(`make bench`, or .venv/bin/pip install -e '.[bench]')"
        )
    return list(DRIVERS), ""


async def close_mongo(client: Any) -> None:
    """motor's close() is synchronous, AsyncMongoClient's a coroutine."""
    closing = client.close()
    if closing is not None:
        await closing


def expose_roundtrips(app: Any, tally: Any) -> Any:
    """Add GET ROUNDTRIPS_PATH to a Tornado app: the tally's totals (bench servers only)."""
    from tornado.web import RequestHandler

    class Totals(RequestHandler):
        def get(self) -> None:
            self.finish(
                {
                    "mongo": tally.mongo_total,
                    "redis": tally.redis_total,
                    "mongo_by": dict(tally.mongo),
                    "redis_by": dict(tally.redis),
                }
            )

    app.add_handlers(r".*", [(ROUNDTRIPS_PATH, Totals)])
    return app


def bench_settings(args: Any, **overrides: Any) -> Any:
    """Settings of a serving child from the --mongo-url/--redis-url it was given."""
    from claimsvc.settings import Settings

    return Settings(
        mongo_url=args.mongo_url,
        redis_url=args.redis_url,
        mongo_db=args.mongo_db or "claimsvc_bench",
        redis_prefix=args.redis_prefix or "bench:",
        **overrides,
    )


# In the orchestrator: the serving process's CPU and round trips over one load -----------------


def cpu_seconds(pid: int) -> float:
    """utime + stime of `pid` from /proc/<pid>/stat (Linux), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def roundtrips(url: str) -> dict[str, Any]:
    """The serving process's round-trip totals (zeros for a server without the route)."""
    import urllib.request

    try:
        with urllib.request.urlopen(url + ROUNDTRIPS_PATH, timeout=10) as resp:
            return dict(json.loads(resp.read()))
    except OSError:
        return {"mongo": 0, "redis": 0}


@dataclass
class Cost:
    """Per request: the serving process's CPU ms, MongoDB commands, Redis calls."""

    cpu_ms: float
    mongo: float
    redis: float
    by_name: dict[str, float] | None = None  # each command's or call's count per request


class Meter:
    """The serving process's CPU and round trips from its creation to `cost`."""

    def __init__(self, url: str, pid: int) -> None:
        self.url, self.pid = url, pid
        self.before, self.cpu0 = roundtrips(url), cpu_seconds(pid)

    def cost(self, requests: int) -> Cost:
        """Per request of the `requests` served since the meter started."""
        cpu1, after = cpu_seconds(self.pid), roundtrips(self.url)
        n = max(1, requests)
        by_name = {}
        for side in ("mongo_by", "redis_by"):
            was = self.before.get(side, {})
            for name, count in after.get(side, {}).items():
                if count > was.get(name, 0):
                    by_name[name] = (count - was.get(name, 0)) / n
        return Cost(
            (cpu1 - self.cpu0) * 1000 / n,
            (after["mongo"] - self.before["mongo"]) / n,
            (after["redis"] - self.before["redis"]) / n,
            by_name,
        )
