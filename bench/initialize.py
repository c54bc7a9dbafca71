"""Throughput and latency of POST /api/v1/checkout/initialize against a bare Tornado handler.

Each server runs in its own process (one Python process, like one API pod); one load client
(wrk when installed, else aiohttp client processes) drives all three scenarios at the same
concurrency: the bare handler returning a fixed JSON body, initialize creating new sessions,
and initialize replaying one order. The app runs on the embedded stores (memory://), or with
`--redis-url redis://127.0.0.1:6379/0` on a real Redis (keys under a fresh prefix, deleted after).

    .venv/bin/python bench/initialize.py [--duration 10] [--connections 32] [--client auto]
        [--redis-url memory://]

Goal (issue 2): initialize at no less than a third of the bare handler's requests per second.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import tempfile
import time
import uuid

from _common import (  # bench/ is on sys.path when a bench script runs
    Result,
    add_counts,
    listen_forever,
    print_table,
    quiet_logging,
    server,
)

PATH = "/api/v1/checkout/initialize"
HOST = "shop.example.com"
BARE_BODY = json.dumps(
    {
        "session_id": "00000000-0000-4000-8000-000000000000",
        "payment_id": "pay_0",
        "order_id": "o",
        "amount": 500,
        "status": "OPEN",
        "checkout_url": "https://pay.example/checkout/0",
        "expires_at": "2026-11-21T06:30:00Z",
    }
).encode()


def order_body(order_id: str) -> str:
    return json.dumps(
        {
            "order_id": order_id,
            "amount": 1250.5,
            "success_url": f"https://{HOST}/success",
            "cancel_url": f"https://{HOST}/cancel",
            "webhook_url": f"https://{HOST}/webhook",
        }
    )


# Servers (child processes) ------------------------------------------------------------------------


async def serve_app(port: int, redis_url: str, prefix: str) -> None:
    """The real API on the embedded stores, with one account whose key is printed."""
    from claimsvc.api.app import make_app
    from claimsvc.bootstrap import open_deps
    from claimsvc.settings import Settings

    quiet_logging()
    settings = Settings(
        mongo_url="memory://", redis_url=redis_url, redis_prefix=prefix, api_port=port
    )
    deps = await open_deps(settings)
    account = await deps.services.admin.create_account(
        {"name": "Bench Shop", "allowed_hosts": [HOST], "rate_limit_per_minute": 10**9}
    )
    key = await deps.services.admin.mint_key(account["id"], "bench")
    await listen_forever(make_app(deps), port, {"key": key["key"]})


async def serve_bare(port: int) -> None:
    """A handler that returns a fixed JSON body: the ceiling of this Python and Tornado."""
    from tornado.web import Application, RequestHandler

    class Bare(RequestHandler):
        def post(self) -> None:
            self.set_status(201)
            self.set_header("Content-Type", "application/json; charset=utf-8")
            self.finish(BARE_BODY)

    await listen_forever(Application([(PATH, Bare)]), port, {"key": ""})


# Load clients ----------------------------------------------------------------------------------


WRK_SCRIPT = """
local key, body, mode = os.getenv("BENCH_KEY"), os.getenv("BENCH_BODY"), os.getenv("BENCH_MODE")
local tag = os.getenv("BENCH_TAG")
local n = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
if key ~= "" then wrk.headers["x-api-key"] = key end
request = function()
  n = n + 1
  local b = body
  if mode == "new" then b = string.gsub(body, "ORDER", "w" .. tag .. "-" .. n) end
  return wrk.format(nil, nil, nil, b)
end
done = function(summary, latency, requests)
  io.write(string.format("RESULT %d %.6f %.3f %.3f\\n", summary.requests,
    summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
"""


def run_wrk(name: str, url: str, key: str, mode: str, args: argparse.Namespace) -> Result:
    """wrk with one thread (the other core serves); statuses checked by a probe beforehand."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(WRK_SCRIPT)
    tag = str(time.time_ns())
    env = {
        **os.environ,
        "BENCH_KEY": key,
        "BENCH_BODY": order_body("ORDER" if mode == "new" else "bench-replay"),
        "BENCH_MODE": mode,
        "BENCH_TAG": tag,
    }
    cmd = [
        "wrk",
        "-t1",
        f"-c{args.connections}",
        f"-d{args.duration}s",
        "-s",
        script.name,
        url + PATH,
    ]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    os.unlink(script.name)
    line = next(x for x in out.splitlines() if x.startswith("RESULT"))
    requests, seconds, p50, p99 = line.split()[1:]
    bad = next((int(x.split(":")[1]) for x in out.splitlines() if "Non-2xx" in x), 0)
    statuses = {k: v for k, v in (("2xx", int(requests) - bad), ("non-2xx", bad)) if v}
    return Result(
        name,
        int(requests),
        float(seconds),
        float(p50),
        float(p99),
        statuses,
        sent_order=f"w{tag}-{int(requests) // 2}" if mode == "new" else "",
    )


async def _aiohttp_worker(
    url: str, key: str, mode: str, conns: int, seconds: float, tag: str
) -> tuple[list[float], dict[str, int], float]:
    import aiohttp

    latencies: list[float] = []
    statuses: dict[str, int] = {}
    headers = {"Content-Type": "application/json", **({"x-api-key": key} if key else {})}
    started = time.perf_counter()
    deadline = started + seconds

    async def one_connection(session: aiohttp.ClientSession, lane: int) -> None:
        n = 0
        while time.perf_counter() < deadline:
            n += 1
            order = f"{tag}-{lane}-{n}" if mode == "new" else "bench-replay"
            started = time.perf_counter()
            async with session.post(url + PATH, data=order_body(order), headers=headers) as r:
                await r.read()
            latencies.append(time.perf_counter() - started)
            statuses[str(r.status)] = statuses.get(str(r.status), 0) + 1

    connector = aiohttp.TCPConnector(limit=conns)
    async with aiohttp.ClientSession(connector=connector) as session:
        await asyncio.gather(*(one_connection(session, i) for i in range(conns)))
    return latencies, statuses, time.perf_counter() - started


def _client_process(job: tuple) -> tuple[list[float], dict[str, int], float]:
    return asyncio.run(_aiohttp_worker(*job))


def run_aiohttp(name: str, url: str, key: str, mode: str, args: argparse.Namespace) -> Result:
    """aiohttp in client processes (one would be the bottleneck against a bare handler)."""
    import multiprocessing

    procs = max(1, args.client_processes)
    jobs = [
        (
            url,
            key,
            mode,
            max(1, args.connections // procs),
            float(args.duration),
            f"p{i}-{time.time_ns()}",
        )
        for i in range(procs)
    ]
    with multiprocessing.get_context("spawn").Pool(procs) as pool:
        parts = pool.map(_client_process, jobs)
    seconds = max(elapsed for _, _, elapsed in parts)  # load time only, not process start-up
    latencies = [x for lat, _, _ in parts for x in lat]
    statuses: dict[str, int] = {}
    for _, codes, _ in parts:
        add_counts(statuses, codes)
    return Result.of(name, latencies, seconds, statuses)


# Orchestration ---------------------------------------------------------------------------------


def probe(url: str, key: str, order: str) -> int:
    """One request outside the measurement: the scenario answers what it should."""
    import urllib.error
    import urllib.request

    req = urllib.request.Request(
        url + PATH,
        data=order_body(order).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "x-api-key": key},
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code


SCENARIOS = [
    ("bare handler", "bare", "new"),
    ("initialize, new session", "app", "new"),
    ("initialize, replay", "app", "replay"),
]


def measure(args: argparse.Namespace) -> list[Result]:
    """Each scenario on a fresh server, so one scenario's sessions never slow the next."""
    run = run_wrk if args.client == "wrk" else run_aiohttp
    warm_up = argparse.Namespace(**{**vars(args), "duration": 2})
    stores = ("--redis-url", args.redis_url, "--prefix", args.prefix)
    results = []
    for name, kind, mode in SCENARIOS:
        with server(__file__, kind, *stores) as (url, announced):
            key = announced["key"]
            if kind == "app":
                assert probe(url, key, "probe-1") == 201
                assert [probe(url, key, "bench-replay") for _ in "xy"] == [201, 200]
            run("warm-up", url, key, mode, warm_up)
            result = run(name, url, key, mode, args)
            if kind == "app" and result.sent_order:
                # The run's orders really were new sessions: one of them now replays.
                assert probe(url, key, result.sent_order) == 200, result.sent_order
            results.append(result)
    return results


def report(results: list[Result], args: argparse.Namespace) -> None:
    print(
        f"client={args.client} connections={args.connections} duration={args.duration}s "
        f"cpus={os.cpu_count()} redis={args.redis_url.split('@')[-1]} mongodb=memory://"
    )
    print_table(results, "req/s", 26)
    bare = results[0].rps
    for r in results[1:]:
        verdict = "meets" if r.rps * 3 >= bare else "MISSES"
        print(f"ratio {r.name} / bare handler: {r.rps / bare:.2f} ({verdict} the 1/3 goal)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", choices=["app", "bare"], help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--duration", type=int, default=10, help="seconds per scenario")
    parser.add_argument("--connections", type=int, default=32, help="concurrent connections")
    parser.add_argument("--client", choices=["auto", "wrk", "aiohttp"], default="auto")
    parser.add_argument("--client-processes", type=int, default=2, help="aiohttp client only")
    parser.add_argument("--redis-url", default="memory://", help="memory:// or redis://...")
    parser.add_argument(
        "--prefix", default=f"bench:{uuid.uuid4().hex[:8]}:", help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.serve:
        if args.serve == "app":
            asyncio.run(serve_app(args.port, args.redis_url, args.prefix))
        else:
            asyncio.run(serve_bare(args.port))
        return
    if args.client == "auto":
        args.client = "wrk" if shutil.which("wrk") else "aiohttp"
    try:
        report(measure(args), args)
    finally:
        drop_keys(args.redis_url, args.prefix)


def drop_keys(redis_url: str, prefix: str) -> None:
    """Delete this run's keys from a real Redis (the embedded one dies with its process)."""
    if redis_url.startswith("memory://"):
        return
    import redis

    client = redis.Redis.from_url(redis_url)
    for key in client.scan_iter(match=f"{prefix}*", count=1000):
        client.delete(key)


if __name__ == "__main__":
    main()
