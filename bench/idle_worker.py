"""Benchmark: what an idle `claimsvc worker` costs a minute, with the old polling and now.

Run from the repository root: ``.venv/bin/python bench/idle_worker.py [--seconds 60]``.

A worker process with nothing to do (no account, no session, nothing scheduled) runs its loops
on --mongo-url (default a SecantusDB child, removed after) and --redis-url (default the real
Redis at 127.0.0.1:6379 under a fresh prefix, deleted after); memory:// for the embedded fakes.
After a few seconds' settling, over --seconds it reports the worker's CPU seconds (from /proc),
its MongoDB commands (a pymongo CommandListener on a real server, exact) and its Redis calls.
Two workers are measured one after the other in the same run:

- polling: the intervals before issue 35 (outbox relay every 50 ms, webhook dispatcher every
  50 ms, alert pass every second, schedule reconciler every second with gauges every 15 s, the
  sweeper every 5 s, and no wake listener);
- woken: the worker as shipped (the loops sleep until a write wakes them, or until their next
  due time: store/wake.py).

Then, with each worker still idle, each loop is given due work as another process would give it,
and the time until the worker has done it is printed (not on memory://, whose stores live in the
worker's process):

- relay: a session cancelled (as the API does) until its webhook event is written;
- alerts: an event marked dead as the delivery service marks it (the mark, then the wake) until
  the alert pass has collected its alert;
- reconciler: an event written but never scheduled (its writer died), the session's end having
  woken the workers, until it is back on the schedule;
- sweeper: a session opened SWEEP_AHEAD_S before its deadline, from the deadline until it is
  EXPIRED (real sessions open at least 300 s ahead: contract.md).

Goal (issue 35): under 1 % of a core and a handful of MongoDB commands a minute, each loop's
latency for due work as before. The Telegram poller (only with a bot token) is not run: it
long-polls already, and retries a failed poll after POLL_RETRY_S (1 s).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from dataclasses import replace
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
SWEEP_AHEAD_S = 35
"""The bench session's lifetime: beyond the sweeper's idle pass (30 s), so the woken sweeper
has looked once since it opened, as with any real session."""
LOOPS = ("relay", "alerts", "reconciler", "sweeper")


def polling_loops(deps: Any) -> list[Any]:
    """The worker's loops at the intervals they had before issue 35, without the wake listener."""
    from claimsvc.worker.dispatch import Dispatcher
    from claimsvc.worker.main import worker_loops
    from claimsvc.worker.reconciler import Reconciler
    from claimsvc.worker.sweeper import SessionSweeper
    from claimsvc.worker.wake import WakeListener
    from claimsvc.worker.webhooks import make_dispatcher

    class PollingSweeper(SessionSweeper):
        async def pause_s(self) -> float:
            return 5.0  # its interval before issue 35, without reading the next deadline

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
        elif isinstance(loop, SessionSweeper):
            loop = PollingSweeper(deps.services.sessions)
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
        latency = asyncio.run(due_work_latency(args)) if shared else None
    per_min = 60 / args.seconds
    return {
        "cpu_s": cost.cpu_ms / 1000 * per_min,
        "mongo": cost.mongo * per_min,
        "redis": cost.redis * per_min,
        "by_name": {k: v * per_min for k, v in (cost.by_name or {}).items()},
        "latency_ms": latency,
    }


async def due_work_latency(args: argparse.Namespace) -> dict[str, float]:
    """Each loop's due work given as another process gives it: ms until the worker did it."""
    from claimsvc.bootstrap import open_deps
    from claimsvc.domain.checkout import InitializeRequest
    from claimsvc.domain.delivery import attempt_record
    from claimsvc.domain.platform import Platform
    from claimsvc.store.wake import SESSIONS

    deps = await open_deps(bench_settings(args))

    async def until(done: Any) -> float:
        started = time.perf_counter()
        while not await done():
            await asyncio.sleep(0.001)
        return (time.perf_counter() - started) * 1000

    def order(expires_in_s: int = 1800) -> InitializeRequest:
        return InitializeRequest(
            order_id=f"idle-{time.time_ns()}",
            amount_poisha=50_000,
            success_url="https://shop.example.com/ok",
            cancel_url="https://shop.example.com/cancel",
            webhook_url="https://shop.example.com/hook",
            expires_in_s=expires_in_s,
        )

    async def unscheduled_event(session: Any) -> Any:
        """The event of `session` as if it had just ended, written by a writer that died before
        the schedule's script (the session itself stays open: no worker relays it)."""
        ended = replace(session, status="CANCELLED", terminal_at=deps.clock(), event_due=True)
        return await deps.services.outbox.record(ended)

    try:
        account = await deps.services.admin.create_account(
            {"name": "Bench Shop", "allowed_hosts": ["shop.example.com"]}
        )
        sessions = deps.services.sessions
        due = await deps.services.checkout.initialize(account, order(SWEEP_AHEAD_S), Platform())
        opened = [
            (await deps.services.checkout.initialize(account, order(), Platform())).session
            for _ in range(3)
        ]
        took: dict[str, float] = {}

        # relay: the API cancels a session; the worker writes its event.
        await sessions.cancel(opened[0].id)
        written = {"session_id": opened[0].id}
        took["relay"] = await until(lambda: deps.db["events"].count_documents(written))

        # alerts: a live event ends dead (its mark in the ending update, then the wake).
        deps.services.outbox.on_events_recorded = _not_scheduled
        event = await unscheduled_event(opened[1])
        began = await deps.stores.events.begin_attempt(event, deps.clock())
        record = attempt_record(began.attempts, deps.clock(), 500, "HTTP 500", 0.1)
        await deps.stores.events.mark_dead(began, record)
        await deps.stores.wake.notify(SESSIONS)  # DeliveryService.on_alert_owed

        async def collected() -> bool:
            doc = await deps.db["events"].find_one({"_id": event.id})
            return "alert_due" not in doc

        took["alerts"] = await until(collected)

        # reconciler: a session's end wakes the workers; its writer dies before scheduling.
        await deps.stores.wake.notify(SESSIONS)  # SessionService.on_owed
        lost = await unscheduled_event(opened[2])
        keys = deps.keys

        async def restored() -> bool:
            for key in (keys.webhook_schedule, keys.webhook_leases):
                if await deps.redis.zscore(key, str(lost.id)) is not None:
                    return True
            return False

        took["reconciler"] = await until(restored)

        # sweeper: from the deadline of the session opened SWEEP_AHEAD_S ahead.
        await asyncio.sleep(max(0.0, (due.session.expires_at - deps.clock()).total_seconds()))

        async def expired() -> bool:
            return (await deps.stores.sessions.get(due.session.id)).status == "EXPIRED"

        took["sweeper"] = await until(expired)
        return took
    finally:
        await deps.close()


async def _not_scheduled(events: Any) -> None:
    """The outbox's scheduling hook replaced: the writer died after writing, before the script."""


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
        print("\nDue work given to the idle worker, ms until done (one sample each):")
        print(f"{'worker':<10}" + "".join(f"{loop:>12}" for loop in LOOPS))
        for name, row in rows.items():
            print(f"{name:<10}" + "".join(f"{row['latency_ms'][loop]:>12.1f}" for loop in LOOPS))
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
