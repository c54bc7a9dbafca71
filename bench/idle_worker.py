"""Benchmark: what an idle `claimsvc worker` costs a minute, with the old polling and now.

Run from the repository root: ``.venv/bin/python bench/idle_worker.py [--seconds 60]``.

A worker process with nothing to do (no account, no session, nothing scheduled) runs its loops
on --mongo-url (default a SecantusDB child, removed after) and --redis-url (default the real
Redis at 127.0.0.1:6379 under a fresh prefix, deleted after); memory:// for the embedded fakes.
After a few seconds' settling, over --seconds it reports the worker's CPU seconds (from /proc),
its MongoDB commands (a pymongo CommandListener on a real server, exact) and its Redis calls.
Two workers are measured one after the other in the same run:

- polling: the intervals before issue 35 (outbox relay every 50 ms, webhook dispatcher every
  50 ms, alert pass every second, schedule reconciler every second with gauges every 15 s, and
  no wake listener);
- woken: the worker as shipped (the loops sleep until a write wakes them: store/wake.py).

Then, with each worker still idle, one session is cancelled through the services (as the API
does) and the time from the cancel until its webhook event is written is printed: the relay's
latency for real work (not on memory://, whose stores live in the worker's process).
Goal (issue 35): under 1 % of a core and a handful of MongoDB commands a minute. The Telegram
poller (only with a bot token) is not run: it long-polls already.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _common import (  # noqa: E402
    Meter,
    add_store_args,
    bench_settings,
    counted_deps,
    expose_roundtrips,
    listen_forever,
    quiet_logging,
    serving,
    store_label,
    stores,
)

POLLING, WOKEN = "polling", "woken"
SETTLE_S = 5.0
"""After start: the loops' first passes (index checks, a first sweep) are not idle cost."""


def polling_loops(deps: Any) -> list[Any]:
    """The worker's loops at the intervals they had before issue 35, without the wake listener."""
    from claimsvc.worker.dispatch import Dispatcher
    from claimsvc.worker.main import worker_loops
    from claimsvc.worker.reconciler import Reconciler
    from claimsvc.worker.wake import WakeListener
    from claimsvc.worker.webhooks import make_dispatcher

    loops = []
    for loop in worker_loops(deps):
        if isinstance(loop, WakeListener):
            continue
        if isinstance(loop, Dispatcher):
            real = make_dispatcher(deps)
            loop = Dispatcher(
                deps.stores.schedule,
                real._attempt,
                deps.clock,
                concurrency=deps.settings.webhook_concurrency,
                poll_s=0.05,
                prepare=deps.services.delivery.prefetch,
            )
        elif isinstance(loop, Reconciler):
            loop = Reconciler(
                deps.stores.events, deps.stores.schedule, deps.clock, tick_s=1.0, gauges_s=15.0
            )
        loops.append(loop)
    return loops


async def serve_worker(args: argparse.Namespace) -> None:
    """A worker on the given stores, its round trips on the bench route of its ops port."""
    from tornado.web import Application

    from claimsvc.worker.main import worker_loops

    quiet_logging()
    polling = args.serve == POLLING
    overrides = {"outbox_relay_ms": 50, "alert_pass_ms": 1000} if polling else {}
    deps, tally = await counted_deps(bench_settings(args, worker_port=args.port, **overrides))
    loops = polling_loops(deps) if polling else worker_loops(deps)
    stop = asyncio.Event()
    tasks = [asyncio.create_task(loop.run(stop), name=loop.name) for loop in loops]
    app = expose_roundtrips(Application([]), tally)
    try:
        await listen_forever(app, args.port, {"loops": [loop.name for loop in loops]})
    finally:
        stop.set()
        await asyncio.gather(*tasks)


def measure(args: argparse.Namespace, kind: str, extra: list[str]) -> dict[str, Any]:
    """The idle worker's CPU and round trips over args.seconds (after SETTLE_S)."""
    with serving(__file__, kind, *extra) as (url, _announced, pid):
        time.sleep(SETTLE_S)
        meter = Meter(url, pid)
        time.sleep(args.seconds)
        cost = meter.cost(1)
        # memory:// stores live in the worker's process: no other process can end a session.
        shared = not args.mongo_url.startswith("memory://")
        latency = asyncio.run(relay_latency(args)) if shared else None
    per_min = 60 / args.seconds
    return {
        "cpu_s": cost.cpu_ms / 1000 * per_min,
        "mongo": cost.mongo * per_min,
        "redis": cost.redis * per_min,
        "by_name": {k: v * per_min for k, v in (cost.by_name or {}).items()},
        "latency_ms": latency,
    }


async def relay_latency(args: argparse.Namespace) -> float:
    """One session cancelled as the API cancels it: ms until its webhook event is written."""
    from claimsvc.bootstrap import open_deps
    from claimsvc.domain.checkout import InitializeRequest
    from claimsvc.domain.platform import Platform

    deps = await open_deps(bench_settings(args))
    try:
        account = await deps.services.admin.create_account(
            {"name": "Bench Shop", "allowed_hosts": ["shop.example.com"]}
        )
        req = InitializeRequest(
            order_id=f"idle-{time.time_ns()}",
            amount_poisha=50_000,
            success_url="https://shop.example.com/ok",
            cancel_url="https://shop.example.com/cancel",
            webhook_url="https://shop.example.com/hook",
        )
        opened = await deps.services.checkout.initialize(account, req, Platform())
        started = time.perf_counter()
        await deps.services.sessions.cancel(opened.session.id)
        written = {"session_id": opened.session.id}
        while not await deps.db["events"].count_documents(written):
            await asyncio.sleep(0.001)
        return (time.perf_counter() - started) * 1000
    finally:
        await deps.close()


def report(rows: dict[str, dict[str, Any]], args: argparse.Namespace) -> None:
    print(f"Idle worker, per minute (measured over {args.seconds} s; {store_label(args)})")
    print(f"{'worker':<10}{'CPU s/min':>11}{'% core':>9}{'MongoDB':>10}{'Redis':>9}")
    for name, row in rows.items():
        pct = row["cpu_s"] / 60 * 100
        line = (
            f"{name:<10}{row['cpu_s']:>11.2f}{pct:>8.2f}%{row['mongo']:>10.0f}{row['redis']:>9.0f}"
        )
        print(line)
    for name, row in rows.items():
        top = sorted(row["by_name"].items(), key=lambda kv: -kv[1])[:8]
        print(f"  {name}: " + ", ".join(f"{k} {v:.0f}" for k, v in top))
    if rows[WOKEN]["latency_ms"] is not None:
        print("\nA session cancelled while the worker idles, to its webhook event written:")
        for name, row in rows.items():
            print(f"  {name}: {row['latency_ms']:.1f} ms")
    woken = rows[WOKEN]
    verdict = "meets" if woken["cpu_s"] / 60 < 0.01 else "MISSES"
    print(f"Goal under 1 % of a core: {verdict} ({woken['cpu_s'] / 60 * 100:.2f} %)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", choices=[POLLING, WOKEN], help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=int, default=60, help="the idle window measured")
    add_store_args(parser)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve_worker(args))
        return
    with stores(args) as extra:
        rows = {kind: measure(args, kind, extra) for kind in (POLLING, WOKEN)}
    report(rows, args)


if __name__ == "__main__":
    main()
