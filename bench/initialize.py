"""Throughput and latency of POST /api/v1/checkout/initialize against a bare Tornado handler.

Each server runs in its own process (one Python process, like one API pod); one load client
(wrk when installed, else aiohttp client processes) drives all three scenarios at the same
concurrency: the bare handler returning a fixed JSON body; the round-trip floor, a bare handler
that makes exactly the round trips initialize needs and nothing else (one insert_one, or
one find_one, of a session-shaped document and one EVALSHA of a trivial script, on the same
clients as the app), once on PyMongo's AsyncMongoClient (the service's driver) and once on motor
(its predecessor, when the bench extra installed it: `make bench`), so both drivers' floors come
from the same run; initialize creating new sessions, and initialize replaying one order. The
app runs on a SecantusDB child and the real Redis at 127.0.0.1:6379 (keys under a fresh prefix,
deleted after) unless --mongo-url / --redis-url say otherwise (memory:// for the embedded fakes).
Beside each timing: the serving process's CPU ms per request (from /proc, the database's CPU
excluded), MongoDB commands and Redis calls per request. Each figure is the median of --rounds
rounds; a round runs every scenario once, each on a fresh server.

    .venv/bin/python bench/initialize.py [--duration 10] [--connections 32] [--rounds 3]
        [--client auto] [--rate R] [--mongo-url secantus|mongodb://...|memory://]
        [--redis-url redis://...|memory://]

Goals: initialize at no less than a third of the bare handler's requests per second (issue 2);
initialize at most 3x the bare handler's CPU per request (issue 12). Initialize over its floor
is what our own code costs (goal: under 1.5x, issue 35); the floor over the bare handler is
what the drivers cost.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time

from _common import (  # bench/ is on sys.path when a bench script runs
    MOTOR,
    PYMONGO,
    Cost,
    Meter,
    Result,
    add_counts,
    add_store_args,
    bench_settings,
    counted_clients,
    counted_deps,
    drivers_here,
    expose_roundtrips,
    listen_forever,
    print_table,
    quiet_logging,
    serving,
    store_label,
    stores,
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


async def serve_app(args: argparse.Namespace) -> None:
    """The real API on the given stores, with one account whose key is printed."""
    from claimsvc.api.app import make_app

    quiet_logging()
    deps, tally = await counted_deps(bench_settings(args, api_port=args.port))
    with tally.ignored():
        account = await deps.services.admin.create_account(
            {"name": "Bench Shop", "allowed_hosts": [HOST], "rate_limit_per_minute": 10**9}
        )
        minted = await deps.services.admin.mint_key(account.id, "bench")
    app = expose_roundtrips(make_app(deps), tally)
    await listen_forever(app, args.port, {"key": minted.secret})


async def serve_bare(port: int) -> None:
    """A handler that returns a fixed JSON body: the ceiling of this Python and Tornado."""
    from tornado.web import Application, RequestHandler

    class Bare(RequestHandler):
        def post(self) -> None:
            self.set_status(201)
            self.set_header("Content-Type", "application/json; charset=utf-8")
            self.finish(BARE_BODY)

    from claimsvc.testing.roundtrips import RoundTrips

    app = expose_roundtrips(Application([(PATH, Bare)]), RoundTrips())  # zeros: no store
    await listen_forever(app, port, {"key": ""})


FLOOR_SCRIPT = """-- KEYS[1]: a key under the bench prefix (unused); ARGV: none
return 1
"""


async def serve_floor(args: argparse.Namespace, insert: bool) -> None:
    """The round trips initialize needs and nothing else: one insert_one of a new session-shaped
    document (`insert`) or one find_one of a stored one by its order, and one EVALSHA; on the
    clients the app uses (MongoDB's of --driver), round trips counted alike."""
    from datetime import UTC, datetime

    from tornado.web import Application, RequestHandler

    from claimsvc.domain.checkout import InitializeRequest, new_session
    from claimsvc.store.sessions import SessionStore
    from claimsvc.testing.roundtrips import RoundTrips

    settings = bench_settings(args)
    tally = RoundTrips()
    mongo, redis = counted_clients(settings, tally, args.driver)
    sessions = mongo[settings.mongo_db]["sessions"]
    script = redis.register_script(FLOOR_SCRIPT)
    key = f"{settings.redis_prefix}{{floor}}"
    body = json.loads(order_body("floor"))
    urls = {name: body[name] for name in ("success_url", "cancel_url", "webhook_url")}
    # The document initialize inserts (a Session record since issue 15, so written by its store).
    stored = SessionStore.to_doc(
        new_session("acc_floor", InitializeRequest("floor", 125050, **urls), datetime.now(UTC))
    )
    with tally.ignored():
        # Indexed as the app's collection is: the server's work per insert (a dozen indexes
        # on SecantusDB) is then the same, and so the rate, on which CPU per request depends.
        await SessionStore(mongo[settings.mongo_db]).ensure_indexes()
        await sessions.insert_one(dict(stored))
        await script(keys=[key])  # loaded: every later call is one EVALSHA
    numbers = itertools.count()

    class Floor(RequestHandler):
        async def post(self) -> None:
            if insert:
                order = f"floor-{next(numbers)}"
                doc = {**stored, "_id": order, "order_id": order, "payment_id": f"pay_{order}"}
                await sessions.insert_one(doc)
            else:
                await sessions.find_one({"account_id": "acc_floor", "order_id": "floor"})
            await script(keys=[key])
            self.set_status(201)
            self.set_header("Content-Type", "application/json; charset=utf-8")
            self.finish(BARE_BODY)

    app = expose_roundtrips(Application([(PATH, Floor)]), tally)
    await listen_forever(app, args.port, {"key": ""})


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
    url: str, key: str, mode: str, conns: int, seconds: float, tag: str, rate: float = 0.0
) -> tuple[list[float], dict[str, int], float]:
    """`conns` connections each sending its next request when the last is answered (closed
    loop), or, with `rate`, one request every 1/rate s however many are in flight (open loop)."""
    import aiohttp

    latencies: list[float] = []
    statuses: dict[str, int] = {}
    headers = {"Content-Type": "application/json", **({"x-api-key": key} if key else {})}
    started = time.perf_counter()
    deadline = started + seconds

    async def one(session: aiohttp.ClientSession, order: str) -> None:
        sent = time.perf_counter()
        async with session.post(url + PATH, data=order_body(order), headers=headers) as r:
            await r.read()
        latencies.append(time.perf_counter() - sent)
        statuses[str(r.status)] = statuses.get(str(r.status), 0) + 1

    def order_of(lane: int, n: int) -> str:
        return f"{tag}-{lane}-{n}" if mode == "new" else "bench-replay"

    async def one_connection(session: aiohttp.ClientSession, lane: int) -> None:
        n = 0
        while time.perf_counter() < deadline:
            n += 1
            await one(session, order_of(lane, n))

    async def open_loop(session: aiohttp.ClientSession) -> None:
        tasks = []
        for n in range(int(rate * seconds)):
            delay = started + n / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            tasks.append(asyncio.create_task(one(session, order_of(0, n))))
        await asyncio.gather(*tasks)

    connector = aiohttp.TCPConnector(limit=conns)
    async with aiohttp.ClientSession(connector=connector) as session:
        if rate:
            await open_loop(session)
        else:
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
            args.rate / procs,
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


BARE, NEW, REPLAY = "bare handler", "initialize, new session", "initialize, replay"


def floor(op: str, driver: str) -> str:
    """The name of a floor scenario: `op` ("insert" or "find") and the script, on `driver`."""
    return f"floor {driver}: {op} + script"


FLOOR_OF = {NEW: "insert", REPLAY: "find"}
CPU_GOAL = 3.0  # initialize's CPU per request, at most this many times the bare handler's
FLOOR_GOAL = 1.5  # initialize's CPU per request, at most this many times its floor's (issue 35)


def scenarios(drivers: list[str]) -> list[tuple[str, str, str, str]]:
    """(name, server kind, load mode, driver) of each scenario of a round."""
    floors = [
        (floor(op, d), f"floor-{op}", mode, d)
        for d in drivers
        for op, mode in (("insert", "new"), ("find", "replay"))
    ]
    return [
        (BARE, "bare", "new", ""),
        *floors,
        (NEW, "app", "new", ""),
        (REPLAY, "app", "replay", ""),
    ]


def measure(args: argparse.Namespace) -> list[Result]:
    """Each scenario on a fresh server, so one scenario's sessions never slow the next; every
    scenario once a round, and each figure the median of the rounds."""
    run = run_wrk if args.client == "wrk" else run_aiohttp
    warm_up = argparse.Namespace(**{**vars(args), "duration": 2})
    with stores(args) as store_args:
        drivers, args.skipped = drivers_here(args.mongo_url)
        each = scenarios(drivers)
        runs: dict[str, list[Result]] = {name: [] for name, _, _, _ in each}
        for round_no in range(args.rounds):
            for i, (name, kind, mode, driver) in enumerate(each):
                extra = [*store_args, "--mongo-db", f"bench_initialize_{round_no}_{i}"]
                extra += ["--driver", driver] if driver else []
                with serving(__file__, kind, *extra) as (url, announced, pid):
                    key = announced["key"]
                    if kind == "app":
                        assert probe(url, key, "probe-1") == 201
                        assert [probe(url, key, "bench-replay") for _ in "xy"] == [201, 200]
                    run("warm-up", url, key, mode, warm_up)
                    meter = Meter(url, pid)
                    result = run(name, url, key, mode, args)
                    result.cost = meter.cost(result.requests)
                    if kind == "app" and result.sent_order:
                        # The run's orders really were new sessions: one of them now replays.
                        assert probe(url, key, result.sent_order) == 200, result.sent_order
                    runs[name].append(result)
    return [median_of(rounds) for rounds in runs.values()]


def median_of(rounds: list[Result]) -> Result:
    """One row of the rounds' medians (rate, p50, p99, CPU and round trips), statuses summed."""

    def mid(values: list[float]) -> float:
        return statistics.median(values)

    rps = mid([r.rps for r in rounds])
    requests = sum(r.requests for r in rounds)
    statuses: dict[str, int] = {}
    for r in rounds:
        add_counts(statuses, r.statuses)
    costs = [r.cost for r in rounds if r.cost]
    cost = None
    if costs:
        names = {n for c in costs for n in (c.by_name or {})}
        cost = Cost(
            mid([c.cpu_ms for c in costs]),
            mid([c.mongo for c in costs]),
            mid([c.redis for c in costs]),
            {n: mid([(c.by_name or {}).get(n, 0.0) for c in costs]) for n in names},
        )
    # seconds chosen so that rps is the median rate
    return Result(
        rounds[0].name,
        requests,
        requests / rps,
        mid([r.p50_ms for r in rounds]),
        mid([r.p99_ms for r in rounds]),
        statuses,
        cost=cost,
    )


def report(results: list[Result], args: argparse.Namespace) -> None:
    print(
        f"client={args.client} connections={args.connections} duration={args.duration}s "
        f"{f'rate={args.rate:g}/s (open loop) ' if args.rate else ''}"
        f"rounds={args.rounds} (medians) cpus={os.cpu_count()} {store_label(args)}"
    )
    print_table(results, "req/s", 40)
    row = {r.name: r for r in results}

    def cpu(name: str) -> float:
        cost = row[name].cost if name in row else None
        return cost.cpu_ms if cost else float("nan")

    print("\nCPU per request, serving process:")
    for name in row:
        if name.startswith("floor"):
            print(f"  {name} / bare handler: {cpu(name) / cpu(BARE):.2f}x  (the drivers' share)")
    if args.skipped:
        print(f"  {args.skipped}")
    for op in ("insert", "find"):
        ratio = cpu(floor(op, MOTOR)) / cpu(floor(op, PYMONGO))
        print(f"  floor {op}: {MOTOR} / {PYMONGO}: {ratio:.2f}x")
    for name, op in FLOOR_OF.items():
        bare, own = cpu(name) / cpu(BARE), cpu(name) / cpu(floor(op, PYMONGO))
        verdict = "meets" if bare <= CPU_GOAL else "MISSES"
        own_verdict = "meets" if own <= FLOOR_GOAL else "MISSES"
        print(
            f"  {name} / bare handler: {bare:.2f}x ({verdict} the {CPU_GOAL:g}x goal); "
            f"/ its floor ({floor(op, PYMONGO)}): {own:.2f}x ({own_verdict} the "
            f"{FLOOR_GOAL:g}x goal); / {MOTOR}'s floor: {cpu(name) / cpu(floor(op, MOTOR)):.2f}x"
        )
    print("\nRound trips per request:")
    for r in results[1:]:
        by = (r.cost.by_name if r.cost else None) or {}
        print(f"  {r.name}: " + ", ".join(f"{n} {v:.2f}" for n, v in sorted(by.items())))
    print("\nThroughput:")
    for name in (NEW, REPLAY):
        ratio = row[name].rps / row[BARE].rps
        verdict = "meets" if ratio * 3 >= 1 else "MISSES"
        print(f"  {name} / bare handler: {ratio:.2f} ({verdict} the 1/3 goal)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--serve", choices=["app", "bare", "floor-insert", "floor-find"], help=argparse.SUPPRESS
    )
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--duration", type=int, default=10, help="seconds per scenario")
    parser.add_argument("--connections", type=int, default=32, help="concurrent connections")
    parser.add_argument("--client", choices=["auto", "wrk", "aiohttp"], default="auto")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; figures are medians")
    parser.add_argument("--client-processes", type=int, default=2, help="aiohttp client only")
    parser.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="requests a second offered to every scenario alike (open loop, aiohttp client; "
        "below the slowest scenario's capacity): CPU per request at one rate for all, since it "
        "falls as the rate rises. Default 0: closed loop, --connections at a time",
    )
    parser.add_argument("--driver", default=PYMONGO, help=argparse.SUPPRESS)
    add_store_args(parser)
    args = parser.parse_args()
    if args.serve:
        if args.serve == "app":
            asyncio.run(serve_app(args))
        elif args.serve == "bare":
            asyncio.run(serve_bare(args.port))
        else:
            asyncio.run(serve_floor(args, insert=args.serve == "floor-insert"))
        return
    if args.client == "auto":
        args.client = "wrk" if shutil.which("wrk") and not args.rate else "aiohttp"
    if args.rate and args.client == "wrk":
        parser.error("--rate needs the aiohttp client (wrk has no fixed rate)")
    report(measure(args), args)


if __name__ == "__main__":
    main()
