"""Benchmark: SMS intake-to-final latency at a fixed offered load, against a bare baseline.

Run from the repository root: ``.venv/bin/python bench/sms.py [--rate R] [--seconds S]``.

A load process posts bKash "received" SMS to the intake over HTTP, open loop, at R messages a
second (default 200) for S seconds, spread over 10 devices whose balances chain (so every message
takes the whole path: store, queue, parse, record the transaction, chain the balance, confirm).
The intake and one SMS worker run in this process, as `sms-ingest` does. Latency is from the
intake storing a message to its effects being stored (`stored_at` to `processed_at`), p50/p99.

Runs, in one invocation:
- baseline: the same load into a bare Tornado handler that answers 202 and hands the arrival to
  an asyncio queue a consumer drains (the HTTP and event-loop floor of this machine);
- service: the real intake and worker on --mongo-url (default a SecantusDB child, removed after)
  and --redis-url (default the real Redis at 127.0.0.1:6379 under a fresh prefix, deleted after);
  `--mongo-url memory:// --redis-url memory://` is what `claimsvc dev` used to run.
Beside each: this process's CPU ms per message from /proc (the load runs in a child process and
the database in its own, so neither is counted) and MongoDB commands and Redis calls per message.
Goal: p99 intake-to-final under 250 ms at 200 messages a second.

Then the same load again, split: the intake alone (the worker not started), then the worker
draining what it stored; each one's CPU and round trips per message, and its own CPU over its
round trips at the driver's floor (where the path's CPU goes).

Then, in the same run, the drivers' floor: this process's CPU per `find_one` and per `insert_one`
(FLOOR_OPS each, FLOOR_TASKS at a time, on the same MongoDB) with PyMongo's AsyncMongoClient and
with motor (when the bench extra installed it), and per Redis call; the path's floor per message
is the bare intake's CPU plus each MongoDB command and Redis call it made at those costs, and the
service's CPU is printed over that floor for each driver.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# ruff: noqa: E402 - imports need the path set above
from _common import (  # bench/ is on sys.path when a bench script runs
    PYMONGO,
    Cost,
    add_store_args,
    bench_settings,
    close_mongo,
    counted_deps,
    cpu_seconds,
    drivers_here,
    mongo_client,
    ms_at,
    store_label,
    stores,
)
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port
from tornado.web import Application, RequestHandler

from claimsvc.bootstrap import Deps, open_deps
from claimsvc.clock import system_clock
from claimsvc.services.sms.metrics import INTAKE_GROUP_REQUESTS
from claimsvc.settings import Settings
from sms_ingest.app import build, make_app
from sms_ingest.consumer import Tuning

DEVICES = 10
FLOOR_OPS, FLOOR_TASKS = 2000, 16
GOAL_P99_MS = 250.0
GOAL_OVER_BARE = 2.0
"""Issue 35: the path's own CPU per message within this many times the bare intake's."""
TEXT = (
    "You have received Tk 1.00 from 01712345678. Fee Tk 0.00. Balance Tk {balance}. "
    "TrxID {trx} at 21/11/2026 10:30"
)


# The load process ------------------------------------------------------------------------------


def _load(url: str, tokens: list[str], rate: float, seconds: float, out: Any) -> None:
    """Post one SMS every 1/rate seconds (open loop); report the 202 latencies and failures."""
    import aiohttp

    async def main() -> None:
        n = int(rate * seconds)
        acks: list[float] = []
        failures = 0
        async with aiohttp.ClientSession() as http:

            async def post(i: int) -> None:
                nonlocal failures
                device = i % DEVICES
                balance = f"{i // DEVICES + 1}.00"
                body = {"sender": "bKash", "message": TEXT.format(balance=balance, trx=f"B{i:09d}")}
                headers = {"Authorization": f"Bearer {tokens[device]}"}
                started = time.perf_counter()
                async with http.post(url, json=body, headers=headers) as resp:
                    await resp.read()
                    if resp.status != 202:
                        failures += 1
                acks.append(time.perf_counter() - started)

            t0 = time.perf_counter()
            tasks = []
            for i in range(n):
                delay = t0 + i / rate - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                tasks.append(asyncio.create_task(post(i)))
            await asyncio.gather(*tasks)
        out.put({"acks": acks, "failures": failures, "sent": n})

    asyncio.run(main())


async def offer_load(url: str, tokens: list[str], rate: float, seconds: float) -> dict[str, Any]:
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_load, args=(url, tokens, rate, seconds, out), daemon=True)
    proc.start()
    result = await asyncio.get_running_loop().run_in_executor(None, out.get)
    proc.join()
    return result


# The runs --------------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    return ms_at(sorted(values), q)


class Bare(RequestHandler):
    """The baseline: answer 202 at once, hand the arrival time to a queue."""

    def initialize(self, queue: asyncio.Queue) -> None:
        self.queue = queue

    def post(self) -> None:
        self.queue.put_nowait(time.perf_counter())
        self.set_status(202)
        self.finish(b'{"accepted":1,"duplicates":0}')


async def run_baseline(rate: float, seconds: float) -> dict[str, Any]:
    queue: asyncio.Queue = asyncio.Queue()
    latencies: list[float] = []

    async def consume() -> None:
        while True:
            arrived = await queue.get()
            latencies.append(time.perf_counter() - arrived)

    sock, port = bind_unused_port()
    http = HTTPServer(Application([(r"/sms/v1/messages", Bare, {"queue": queue})]))
    http.add_sockets([sock])
    task = asyncio.create_task(consume())
    cpu0 = cpu_seconds(os.getpid())
    load = await offer_load(
        f"http://127.0.0.1:{port}/sms/v1/messages", ["x"] * DEVICES, rate, seconds
    )
    await asyncio.sleep(0.2)
    cost = Cost((cpu_seconds(os.getpid()) - cpu0) * 1000 / max(1, load["sent"]), 0.0, 0.0)
    task.cancel()
    http.stop()
    return {**load, "latencies": latencies, "cost": cost}


async def setup(deps: Deps) -> list[str]:
    """An account with DEVICES devices, each wallet anchored at 0 so every credit confirms."""
    account = await deps.services.admin.create_account({"name": "Bench", "wallets": []})
    tokens = []
    for i in range(DEVICES):
        device = await deps.services.devices.register(account.id, f"phone {i}", None)
        tokens.append(device.token)
        body = {"provider": "bkash", "device_id": device.device.id, "balance_poisha": 0}
        await deps.services.wallet_admin.anchor(account.id, body)
    return tokens


async def run_service(args: argparse.Namespace, split: bool = False) -> dict[str, Any]:
    """The real intake and worker under the load, together as `sms-ingest` runs them; `split`:
    the intake alone under the load, then the worker draining what it stored (each one's CPU
    and round trips per message under "intake" and "worker")."""
    rate, seconds = args.rate, args.seconds
    base = bench_settings(args)
    run = "split" if split else "together"  # each run on its own database and key prefix
    settings = base.replace(
        mongo_db=f"{base.mongo_db}_{run}", redis_prefix=f"{base.redis_prefix}{run}:"
    )
    deps, tally = await counted_deps(settings)
    with tally.ignored():
        tokens = await setup(deps)
    parts = build(deps, Tuning(block_ms=50, idle_backoff_s=0.002, sweep_every_s=1.0))
    with tally.ignored():
        await parts.consumer.sweep()  # re-check the anchored wallets before the load starts
    tally.reset()
    groups0 = group_figures()
    cpu0 = cpu_seconds(os.getpid())
    polls = 0
    sock, port = bind_unused_port()
    http = HTTPServer(make_app(deps, parts.intake))
    http.add_sockets([sock])
    stop = asyncio.Event()
    worker = None if split else asyncio.create_task(parts.consumer.run(stop))
    load = await offer_load(f"http://127.0.0.1:{port}/sms/v1/messages", tokens, rate, seconds)
    sent = max(1, load["sent"])
    parts_cost: dict[str, Cost] = {}
    if worker is None:  # the intake's share, before the worker starts
        cpu_ms = (cpu_seconds(os.getpid()) - cpu0) * 1000 / sent
        parts_cost["intake"] = Cost(cpu_ms, tally.mongo_total / sent, tally.redis_total / sent)
        worker = asyncio.create_task(parts.consumer.run(stop))
    msgs = deps.db["sms_messages"]
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        polls += 1  # the bench's own command, taken off the count below
        if await msgs.count_documents({"processed_at": None}) == 0:
            break
        await asyncio.sleep(0.2)
    stop.set()
    await worker
    http.stop()
    cost = Cost(
        (cpu_seconds(os.getpid()) - cpu0) * 1000 / sent,
        (tally.mongo_total - polls) / sent,
        tally.redis_total / sent,
    )
    if "intake" in parts_cost:
        intake = parts_cost["intake"]
        parts_cost["worker"] = Cost(
            cost.cpu_ms - intake.cpu_ms, cost.mongo - intake.mongo, cost.redis - intake.redis
        )
    tally.paused = True
    groups, requests = (now - before for now, before in zip(group_figures(), groups0, strict=True))
    docs = await msgs.find({}).to_list(None)
    txs = await deps.db["transactions"].find({}, {"status": 1}).to_list(None)
    statuses = {s: sum(1 for t in txs if t["status"] == s) for s in {t["status"] for t in txs}}
    latencies = [
        (d["processed_at"] - d["stored_at"]).total_seconds() for d in docs if d.get("processed_at")
    ]
    await deps.close()
    mongo = dict(tally.mongo)
    # The bench's own polls: count_documents is an aggregate on the wire, a count on the fake.
    poll = "aggregate:sms_messages" if "aggregate:sms_messages" in mongo else "count:sms_messages"
    mongo[poll] = mongo.get(poll, 0) - polls
    return {
        **load,
        "latencies": latencies,
        "stored": len(docs),
        "statuses": statuses,
        "cost": cost,
        "per_command": per_message(mongo, dict(tally.redis), sent),
        "requests_per_group": requests / max(1, groups),
        "parts": parts_cost,
    }


def group_figures() -> tuple[float, float]:
    """The intake's group commits so far, and the requests they stored (its histogram)."""
    samples = {s.name: s.value for m in INTAKE_GROUP_REQUESTS.collect() for s in m.samples}
    return samples["sms_ingest_intake_group_requests_count"], samples[
        "sms_ingest_intake_group_requests_sum"
    ]


def per_message(mongo: dict[str, int], redis: dict[str, int], sent: int) -> str:
    """Each MongoDB command and Redis call the path made, per message, largest first."""
    both = {
        **{f"mongo {k}": v for k, v in mongo.items()},
        **{f"redis {k}": v for k, v in redis.items()},
    }
    rows = sorted(((v / sent, k) for k, v in both.items() if v > 0), reverse=True)
    return ", ".join(f"{k} {v:.2f}" for v, k in rows)


async def service_time(n: int) -> tuple[float, float]:
    """CPU milliseconds per message of the intake and of the worker, one at a time, on the
    embedded stores holding `n` messages (mongomock scans every document on each query and
    update). CPU time of this process, so other load on a shared machine does not count."""
    deps = await open_deps(Settings(mongo_url="memory://", redis_url="memory://"), system_clock)
    tokens = await setup(deps)
    parts = build(deps, Tuning(block_ms=1, idle_backoff_s=0.001))
    await parts.consumer.sweep()
    started = time.process_time()
    for i in range(n):
        text = TEXT.format(balance=f"{i // DEVICES + 1}.00", trx=f"S{i:09d}")
        body = json.dumps({"sender": "bKash", "message": text}).encode()
        await parts.intake.receive(tokens[i % DEVICES], body, None, None)
    stored = time.process_time()
    while await parts.consumer.tick():
        pass
    done = time.process_time()
    await deps.close()
    return (stored - started) / n * 1000, (done - stored) / n * 1000


async def in_tasks(n: int, one: Any) -> float:
    """CPU ms of this process per call: `one(i)` for i < n, FLOOR_TASKS at a time."""
    queue = iter(range(n))

    async def lane() -> None:
        for i in queue:
            await one(i)

    started = time.process_time()
    await asyncio.gather(*(lane() for _ in range(FLOOR_TASKS)))
    return (time.process_time() - started) * 1000 / n


async def mongo_floor(args: argparse.Namespace, driver: str) -> tuple[float, float]:
    """(find_one, insert_one) CPU ms of this process on the run's MongoDB with `driver`."""
    client = mongo_client(driver, args.mongo_url)
    coll = client[args.mongo_db or "claimsvc_bench"][f"floor_{driver}"]
    doc = {"device_id": "dev_0", "sender": "bKash", "text": TEXT, "stored_at": None}
    await coll.insert_one({"_id": "warm", **doc})  # connected before the measurement
    insert = await in_tasks(FLOOR_OPS, lambda i: coll.insert_one({"_id": f"m{i}", **doc}))
    find = await in_tasks(FLOOR_OPS, lambda i: coll.find_one({"_id": f"m{i}"}))
    await coll.drop()
    await close_mongo(client)
    return find, insert


async def redis_floor(args: argparse.Namespace) -> float:
    """CPU ms of this process per Redis call (a GET of one key), the service's client."""
    from claimsvc.store.redis_client import open_redis

    redis = open_redis(args.redis_url)
    key = f"{args.redis_prefix or 'bench:'}floor"
    await redis.get(key)
    per_call = await in_tasks(FLOOR_OPS, lambda i: redis.get(key))
    await redis.aclose()
    return per_call


async def report_floors(args: argparse.Namespace, results: dict[str, Any]) -> None:
    """Both drivers' floors, and the service's CPU per message over the path's floor on each."""
    drivers, skipped = drivers_here(args.mongo_url)
    bare, service = results["baseline (bare handler)"], results["intake + worker"]
    per_redis = await redis_floor(args)
    print(
        f"driver floor, this process's CPU per call ({FLOOR_OPS} each, {FLOOR_TASKS} tasks): "
        f"redis call {per_redis:.3f} ms"
    )
    floors = {}
    for driver in drivers:
        find, insert = await mongo_floor(args, driver)
        floors[driver] = (find + insert) / 2
        print(f"  {driver:<17} find_one {find:.3f} ms  insert_one {insert:.3f} ms")
    if skipped:
        print(f"  {skipped}")
    for driver, per_mongo in floors.items():
        base = floors[PYMONGO]
        if driver != PYMONGO:
            print(f"  {driver} / {PYMONGO}: {per_mongo / base:.2f}x per command")
    cost = service["cost"]
    bare_ms = bare["cost"].cpu_ms
    print(
        f"  the path's own CPU: service {cost.cpu_ms:.2f} ms/msg is {cost.cpu_ms / bare_ms:.2f}x "
        f"the bare intake's {bare_ms:.2f} ms/msg (goal {GOAL_OVER_BARE:.0f}x)"
    )
    split = results.get("split: intake, then worker")
    per_mongo_here = floors.get(PYMONGO)
    if split and split["parts"] and per_mongo_here is not None:
        for name, part in split["parts"].items():
            floor = part.mongo * per_mongo_here + part.redis * per_redis
            http = bare_ms if name == "intake" else 0.0  # the worker serves no request
            print(
                f"  {name:<6} alone: {part.cpu_ms:.2f} ms/msg ({part.cpu_ms / bare_ms:.2f}x bare): "
                + (f"the bare intake {bare_ms:.2f} + " if http else "")
                + f"its {part.mongo:.2f} commands and {part.redis:.2f} calls at the {PYMONGO} "
                f"floor {floor:.2f} + its own {part.cpu_ms - http - floor:.2f}"
            )
        intake, worker = split["parts"]["intake"], split["parts"]["worker"]
        least = bare_ms + intake.mongo * per_mongo_here + intake.redis * per_redis + worker.cpu_ms
        print(
            f"  were the intake's own code free: {least:.2f} ms/msg, {least / bare_ms:.2f}x bare "
            f"(the bare intake, the intake's round trips at the floor, the worker as measured)"
        )
    for driver, per_mongo in floors.items():
        floor = bare["cost"].cpu_ms + cost.mongo * per_mongo + cost.redis * per_redis
        print(
            f"  the path's floor on {driver}: {floor:.2f} ms/msg (bare intake "
            f"{bare['cost'].cpu_ms:.2f} + {cost.mongo:.2f} commands + {cost.redis:.2f} calls); "
            f"service {cost.cpu_ms:.2f} ms/msg is {cost.cpu_ms / floor:.2f}x it"
        )


def report(name: str, result: dict[str, Any]) -> None:
    lat, acks = result["latencies"], result["acks"]
    cost = result["cost"]
    extra = (
        f"  cpu {cost.cpu_ms:5.2f} ms/msg  mongo {cost.mongo:5.2f}/msg  redis {cost.redis:5.2f}/msg"
    )
    if "stored" in result:
        extra += f"  stored {result['stored']}, transactions {result['statuses']}"
        extra += f"  requests per group commit {result['requests_per_group']:.2f}"
    # The split run's messages waited for the load to end: their latency says nothing.
    final = (
        "final: (worker started after the load)"
        if result.get("parts")
        else f"final p50 {pct(lat, 0.5):7.1f} ms  p99 {pct(lat, 0.99):7.1f} ms  "
        f"max {max(lat) * 1000 if lat else float('nan'):7.1f} ms"
    )
    print(
        f"{name:<22} sent {result['sent']:>5}  failed {result['failures']:>3}  {final}  "
        f"202 p50 {pct(acks, 0.5):6.1f} ms  p99 {pct(acks, 0.99):6.1f} ms{extra}"
    )
    if result.get("per_command"):
        print(f"{'':<22} per message: {result['per_command']}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=200.0)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument(
        "--no-service-time",
        action="store_true",
        help="skip the CPU service time on the embedded stores (slow at 1000)",
    )
    add_store_args(parser)
    args = parser.parse_args()
    print(
        f"offered load: {args.rate:.0f} SMS/s for {args.seconds:.0f} s over {DEVICES} devices; "
        f"goal p99 intake-to-final < {GOAL_P99_MS:.0f} ms"
    )
    results = {"baseline (bare handler)": await run_baseline(args.rate, args.seconds)}
    with stores(args):
        print(store_label(args))
        results["intake + worker"] = await run_service(args)
        results["split: intake, then worker"] = await run_service(args, split=True)
        for name, result in results.items():
            report(name, result)
        await report_floors(args, results)
    p99 = {k: round(pct(v["latencies"], 0.99), 1) for k, v in results.items() if not v.get("parts")}
    print(json.dumps(p99))
    if args.no_service_time:
        return
    print("CPU service time on the embedded stores (memory://), one message at a time:")
    for n in (100, 1000):
        intake_ms, worker_ms = await service_time(n)
        print(
            f"  {n:>5} messages stored: intake {intake_ms:5.2f} ms/msg, "
            f"worker {worker_ms:6.2f} ms/msg"
        )


if __name__ == "__main__":
    asyncio.run(main())
