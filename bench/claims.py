"""Claims per second and p50/p99 latency of POST /api/v1/checkout/submit, against a bare handler.

Each server runs in its own process (one Python process, like one API pod) on a SecantusDB
child and the real Redis (127.0.0.1:6379, a fresh key prefix deleted after) unless --mongo-url /
--redis-url say otherwise (memory:// for the embedded fakes); one aiohttp client process sends
a fixed number of requests at a fixed concurrency to each, in the same run:

- bare handler: a Tornado handler answering a fixed claim body (this machine's ceiling);
- success path: every request completes its own fresh session (the transaction matched and
  reserved in one update, the transition, which marks the webhook event owed);
- VERIFICATION_FAILED path: unknown TrxIDs spread over sessions (one failed attempt counted
  each; the lock count is set high so no session locks).

    .venv/bin/python bench/claims.py [--requests 400] [--connections 16]
        [--mongo-url secantus|mongodb://...|memory://] [--redis-url redis://...|memory://]

Beside each timing: the serving process's CPU ms per request (from /proc, the database's own CPU
excluded) and its MongoDB commands and Redis calls per request (exact on any machine). mongomock
scans a whole collection for every query, so memory:// figures fall as collections grow.

The success path's webhook events are written by the worker's outbox relay, not the request; on
a real server the run ends by relaying them in this process, in the worker's batches, and
prints that cost per event too (CPU of this process, MongoDB commands, Redis calls).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time

from _common import (  # bench/ is on sys.path when a bench script runs
    Meter,
    Result,
    add_store_args,
    bench_settings,
    counted_deps,
    expose_roundtrips,
    listen_forever,
    print_table,
    quiet_logging,
    serving,
    store_label,
    stores,
)

PATH = "/api/v1/checkout/submit"
HOST = "shop.example.com"
FAIL_SESSIONS = 200
BARE_BODY = json.dumps(
    {
        "success": True,
        "status": "COMPLETED",
        "session_id": "00000000-0000-4000-8000-000000000000",
        "order_id": "o",
        "payment_id": "pay_0",
        "amount": 500,
        "provider": "bkash",
        "trx_id": "ABC12345",
        "redirect_url": f"https://{HOST}/success",
    }
).encode()


# Servers (child processes) ------------------------------------------------------------------------


async def seed(deps, scenario: str, count: int) -> list[dict[str, str]]:
    """Sessions (and, for the success path, their transactions); the claim bodies to send."""
    from claimsvc.domain.checkout import InitializeRequest
    from claimsvc.domain.platform import Platform
    from claimsvc.services.transactions import NewTransaction

    account = await deps.services.admin.create_account(
        {"name": "Bench Shop", "allowed_hosts": [HOST], "max_failed_attempts": 1000}
    )
    bodies = []
    sessions = count if scenario == "success" else FAIL_SESSIONS
    for i in range(sessions):
        req = InitializeRequest(
            f"bench-{i}", 50_000, f"https://{HOST}/s", f"https://{HOST}/c", f"https://{HOST}/w"
        )
        opened = await deps.services.checkout.initialize(account, req, Platform())
        trx_id = f"BENCH{i:07d}"
        if scenario == "success":
            await deps.services.transactions.record(
                account.id, NewTransaction("bkash", trx_id, 50_000, deps.clock())
            )
        bodies.append({"sessionId": opened.session.id, "trxId": trx_id, "provider": "bkash"})
    return [bodies[i % len(bodies)] for i in range(count)]


async def serve_app(args: argparse.Namespace) -> None:
    """The real API on the given stores, seeded for one scenario; prints the bodies."""
    from claimsvc.api.app import make_app

    quiet_logging()
    settings = bench_settings(
        args, api_port=args.port, submit_rate_per_ip=10**9, submit_rate_per_session=10**9
    )
    deps, tally = await counted_deps(settings)
    with tally.ignored():
        bodies = await seed(deps, args.serve, args.requests)
    await listen_forever(expose_roundtrips(make_app(deps), tally), args.port, bodies)


async def serve_bare(port: int, count: int) -> None:
    """A handler that returns a fixed claim body: the ceiling of this Python and Tornado."""
    from tornado.web import Application, RequestHandler

    class Bare(RequestHandler):
        def post(self) -> None:
            self.set_header("Content-Type", "application/json; charset=utf-8")
            self.finish(BARE_BODY)

    body = {
        "sessionId": "00000000-0000-4000-8000-000000000000",
        "trxId": "ABC12345",
        "provider": "bkash",
    }
    from claimsvc.testing.roundtrips import RoundTrips

    app = expose_roundtrips(Application([(PATH, Bare)]), RoundTrips())  # zeros: no store
    await listen_forever(app, port, [body] * count)


# The load client (its own process, so it does not share the server's core) -------------------


async def _load(url: str, bodies: list[dict], conns: int) -> tuple[float, list[float], dict]:
    import aiohttp

    queue = list(reversed([json.dumps(b) for b in bodies]))
    latencies: list[float] = []
    statuses: dict[str, int] = {}
    headers = {"Content-Type": "application/json"}

    async def lane(session: aiohttp.ClientSession) -> None:
        while queue:
            body = queue.pop()
            started = time.perf_counter()
            async with session.post(url + PATH, data=body, headers=headers) as resp:
                await resp.read()
            latencies.append(time.perf_counter() - started)
            statuses[str(resp.status)] = statuses.get(str(resp.status), 0) + 1

    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=conns)) as session:
        started = time.perf_counter()
        await asyncio.gather(*(lane(session) for _ in range(conns)))
        return time.perf_counter() - started, latencies, statuses


def _client(job: tuple) -> tuple[float, list[float], dict]:
    return asyncio.run(_load(*job))


def run_load(name: str, url: str, bodies: list[dict], conns: int) -> Result:
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(1) as pool:
        seconds, latencies, statuses = pool.apply(_client, ((url, bodies, conns),))
    return Result.of(name, latencies, seconds, statuses)


# Orchestration ---------------------------------------------------------------------------------

SCENARIOS = [
    ("bare", "bare handler", "200"),
    ("success", "claim, success path", "200"),
    ("fail", "claim, VERIFICATION_FAILED", "400"),
]


def measure(args: argparse.Namespace) -> tuple[list[Result], str]:
    results = []
    relayed = "outbox relay: not measured (memory:// is not shared between processes)"
    with stores(args) as store_args:
        for scenario, name, expected in SCENARIOS:
            result = measure_one(args, store_args, scenario, name)
            if set(result.statuses) != {expected}:
                raise SystemExit(f"{name}: expected only {expected}, got {result.statuses}")
            results.append(result)
        if not args.mongo_url.startswith("memory://"):
            relayed = asyncio.run(relay_cost(args))
    return results, relayed


async def relay_cost(args: argparse.Namespace) -> str:
    """Relay the success path's owed events as the worker does; its cost per event."""
    from claimsvc.worker.relay import BATCH

    settings = bench_settings(args).replace(mongo_db="bench_success")
    deps, tally = await counted_deps(settings)
    try:
        tally.reset()
        cpu, events = time.process_time(), 0
        while found := await deps.services.outbox.relay(BATCH):
            events += found
        cpu = time.process_time() - cpu
    finally:
        await deps.close()
    per = max(events, 1)
    return (
        f"outbox relay (worker), {events} events in batches of {BATCH}: "
        f"cpu ms/event {1000 * cpu / per:.2f}, mongo/event {tally.mongo_total / per:.3f}, "
        f"redis/event {tally.redis_total / per:.3f}"
    )


def measure_one(
    args: argparse.Namespace, store_args: list[str], scenario: str, name: str
) -> Result:
    extra = ["--requests", str(args.requests), *store_args, "--mongo-db", f"bench_{scenario}"]
    with serving(__file__, scenario, *extra) as (url, bodies, pid):
        meter = Meter(url, pid)
        result = run_load(name, url, bodies, args.connections)
        result.cost = meter.cost(result.requests)
    return result


def report(measured: tuple[list[Result], str], args: argparse.Namespace) -> None:
    results, relayed = measured
    print(
        f"requests={args.requests} connections={args.connections} cpus={os.cpu_count()} "
        f"load={os.getloadavg()[0]:.1f} {store_label(args)}"
    )
    print(f"sessions stored: success path {args.requests}, VERIFICATION_FAILED {FAIL_SESSIONS}")
    print_table(results, "claims/s", 30)
    bare = results[0].rps
    for r in results[1:]:
        print(f"ratio {r.name} / bare handler: {r.rps / bare:.2f}")
    print(relayed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", choices=["bare", "success", "fail"], help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--requests", type=int, default=400, help="requests per scenario")
    parser.add_argument("--connections", type=int, default=16, help="concurrent connections")
    add_store_args(parser)
    args = parser.parse_args()
    if args.serve == "bare":
        asyncio.run(serve_bare(args.port, args.requests))
    elif args.serve:
        asyncio.run(serve_app(args))
    else:
        report(measure(args), args)


if __name__ == "__main__":
    main()
