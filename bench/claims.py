"""Claims per second and p50/p99 latency of POST /api/v1/checkout/submit, against a bare handler.

Each server runs in its own process (one Python process, like one API pod) on the embedded
stores (memory://); one aiohttp client process sends a fixed number of requests at a fixed
concurrency to each, in the same run:

- bare handler: a Tornado handler answering a fixed claim body (this machine's ceiling);
- success path: every request completes its own fresh session (match, reserve, transition,
  webhook event written to the outbox);
- VERIFICATION_FAILED path: unknown TrxIDs spread over sessions (one failed attempt counted
  each; the lock count is set high so no session locks).

    .venv/bin/python bench/claims.py [--requests 400] [--connections 16]

mongomock scans a whole collection for every query and for every unique-index check on update,
so the embedded figures fall as collections grow (a claim at 200 sessions spends over 90% of its
time there); the servers hold only what each scenario needs, and the sizes are printed with the
figures. No MongoDB server exists here to measure against.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time

from _common import (  # bench/ is on sys.path when a bench script runs
    Result,
    listen_forever,
    print_table,
    quiet_logging,
    server,
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
    from claimsvc.services.transactions import NewTransaction

    account = await deps.services.admin.create_account(
        {"name": "Bench Shop", "allowed_hosts": [HOST], "max_failed_attempts": 1000}
    )
    acc = await deps.stores.accounts.get(account["id"])
    bodies = []
    sessions = count if scenario == "success" else FAIL_SESSIONS
    for i in range(sessions):
        req = InitializeRequest(
            f"bench-{i}", 50_000, f"https://{HOST}/s", f"https://{HOST}/c", f"https://{HOST}/w"
        )
        opened = await deps.services.checkout.initialize(acc, req, {"daily_limit": None})
        trx_id = f"BENCH{i:07d}"
        if scenario == "success":
            await deps.services.transactions.record(
                account["id"], NewTransaction("bkash", trx_id, 50_000, deps.clock())
            )
        bodies.append(
            {"sessionId": opened.body["session_id"], "trxId": trx_id, "provider": "bkash"}
        )
    return [bodies[i % len(bodies)] for i in range(count)]


async def serve_app(port: int, scenario: str, count: int) -> None:
    """The real API on the embedded stores, seeded for one scenario; prints the bodies."""
    from claimsvc.api.app import make_app
    from claimsvc.bootstrap import open_deps
    from claimsvc.settings import Settings

    quiet_logging()
    settings = Settings(
        mongo_url="memory://",
        redis_url="memory://",
        api_port=port,
        submit_rate_per_ip=10**9,
        submit_rate_per_session=10**9,
    )
    deps = await open_deps(settings)
    await listen_forever(make_app(deps), port, await seed(deps, scenario, count))


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
    await listen_forever(Application([(PATH, Bare)]), port, [body] * count)


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


def measure(args: argparse.Namespace) -> list[Result]:
    results = []
    for scenario, name, expected in SCENARIOS:
        with server(__file__, scenario, "--requests", str(args.requests)) as (url, bodies):
            result = run_load(name, url, bodies, args.connections)
        if set(result.statuses) != {expected}:
            raise SystemExit(f"{name}: expected only {expected}, got {result.statuses}")
        results.append(result)
    return results


def report(results: list[Result], args: argparse.Namespace) -> None:
    print(
        f"requests={args.requests} connections={args.connections} cpus={os.cpu_count()} "
        f"load={os.getloadavg()[0]:.1f} stores=embedded (mongomock, fakeredis)"
    )
    print(f"sessions stored: success path {args.requests}, VERIFICATION_FAILED {FAIL_SESSIONS}")
    print_table(results, "claims/s", 30)
    bare = results[0].rps
    for r in results[1:]:
        print(f"ratio {r.name} / bare handler: {r.rps / bare:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", choices=["bare", "success", "fail"], help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--requests", type=int, default=400, help="requests per scenario")
    parser.add_argument("--connections", type=int, default=16, help="concurrent connections")
    args = parser.parse_args()
    if args.serve == "bare":
        asyncio.run(serve_bare(args.port, args.requests))
    elif args.serve:
        asyncio.run(serve_app(args.port, args.serve, args.requests))
    else:
        report(measure(args), args)


if __name__ == "__main__":
    main()
