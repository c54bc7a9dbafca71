"""Benchmark: SMS parse throughput per provider on one core, against a bare str.split baseline.

Run from the repository root: ``.venv/bin/python bench/sms_parse.py [--messages N] [--runs R]``.
Each provider's messages (the sourced corpus in tests/data/sms/corpus and the older unverified
file in tests/data/sms; not the held-out fifth) are repeated to N messages and parsed R times, each
parse pass followed by a baseline pass; the table shows the median messages per CPU-second of
this process (process_time, so other load on a shared machine does not count against us), with
wall-clock medians alongside. The goal is 20,000 parses per second per core.

Then the cost of a wording no rule reads (issue 22): every corpus entry that states a balance,
read by its arithmetic (`rereading.reread` with the balance before it, the rules' verdict given
as "no_pattern"), and the whole cost of such a message (`parse_sms`, which reads nothing, then
the arithmetic), per CPU-second and in microseconds a message; and the MongoDB commands and
Redis calls a message costs in the SMS worker, for a batch of ten known wordings and for ten
new ones (embedded stores, counted exactly; the intake's are the same for both).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# ruff: noqa: E402 - imports need the path set above
from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.sms.rereading import reread
from claimsvc.domain.sms.routing import ParseOutcome, Result, parse_sms

CORPUS_DIR = ROOT / "tests" / "data" / "sms"
GOAL = 20_000

Message = tuple[str, str]


def load(provider: str, count: int) -> list[Message]:
    """The provider's corpus messages, repeated to ``count``."""
    entries = []
    paths = [
        *sorted((CORPUS_DIR / "corpus").glob(f"{provider}*.yaml")),
        CORPUS_DIR / f"{provider}.yaml",
    ]
    for path in paths:
        entries += yaml.safe_load(path.read_text("utf-8")) or []
    base = [(e["sender"], e["text"]) for e in entries]
    return (base * (count // len(base) + 1))[:count]


def parse_all(messages: list[Message]) -> None:
    """The measured work: parse every message."""
    for sender, text in messages:
        parse_sms(sender, text)


def split_all(messages: list[Message]) -> None:
    """The baseline: the cheapest look at every message."""
    for _sender, text in messages:
        text.split()


def timed(work: Callable[[list[Message]], None], messages: list[Message]) -> tuple[float, float]:
    """Messages per CPU-second and per wall-second for one pass."""
    gc.collect()
    cpu, wall = time.process_time(), time.perf_counter()
    work(messages)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return len(messages) / max(cpu, 1e-9), len(messages) / wall


def rates(messages: list[Message], runs: int) -> dict[str, float]:
    """Median CPU and wall rates of parsing and of the baseline, passes interleaved."""
    passes: dict[str, list[float]] = {"cpu": [], "wall": [], "base_cpu": [], "base_wall": []}
    for _ in range(runs):
        for prefix, work in (("", parse_all), ("base_", split_all)):
            cpu, wall = timed(work, messages)
            passes[prefix + "cpu"].append(cpu)
            passes[prefix + "wall"].append(wall)
    return {name: statistics.median(values) for name, values in passes.items()}


def pin_to_one_core() -> str:
    """Run on a single CPU where the OS allows it, so the figure is per core."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity)"
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to CPU {core}"


def row(name: str, messages: list[Message], runs: int) -> None:
    """Time one message set and print its line of the table."""
    parse_all(messages)  # warm-up pass, untimed
    r = rates(messages, runs)
    verdict = "ok" if r["cpu"] >= GOAL else "MISSED"
    print(
        f"{name:<9} {r['cpu']:>12,.0f} {r['base_cpu']:>12,.0f} {r['base_cpu'] / r['cpu']:>10.1f}x"
        f" {r['wall']:>12,.0f} {r['base_wall']:>12,.0f}  {verdict}"
    )


Unread = tuple[str, str, ParseOutcome, int]
"""sender, text, the rules' verdict as if they read nothing, the balance before it."""


def load_unread(count: int) -> list[Unread]:
    """Every corpus entry that moved money and states its balance, as a wording no rule reads,
    with the balance before it; repeated to ``count``."""
    base: list[Unread] = []
    for path in sorted((CORPUS_DIR / "corpus").glob("*.yaml")):
        for e in yaml.safe_load(path.read_text("utf-8")) or []:
            x = e["expect"]
            if x["result"] != "parsed" or x.get("balance") is None or x.get("failed"):
                continue
            money = [round(float(x.get(k) or 0) * 100) for k in ("amount", "fee", "commission")]
            amount, fee, commission = money
            moved = (amount if x["direction"] == "credit" else -amount) + commission - fee
            before = round(float(x["balance"]) * 100) - moved
            unread = ParseOutcome(Result.UNPARSED, x["provider"], None, "no_pattern")
            base.append((e["sender"], e["text"], unread, before))
    return (base * (count // len(base) + 1))[:count]


def arithmetic_row(name: str, work: Callable[[list[Unread]], None], items: list[Unread]) -> None:
    """Median CPU rate of `work` over the items, in messages a second and microseconds each."""
    work(items)  # warm-up pass, untimed
    cpu = []
    for _ in range(5):
        gc.collect()
        started = time.process_time()
        work(items)
        cpu.append(len(items) / max(time.process_time() - started, 1e-9))
    rate = statistics.median(cpu)
    print(f"{name:<34} {rate:>12,.0f} {1e6 / rate:>10.1f}")


def arithmetic_only(items: list[Unread]) -> None:
    for sender, text, unread, before in items:
        reread(sender, text, unread, before)


def parse_then_arithmetic(items: list[Unread]) -> None:
    for sender, text, unread, before in items:
        parse_sms(sender, text)
        reread(sender, text, unread, before)


NEW_WORDING = "Money in: Tk 5.00 from 01712345678. Balance Tk {balance}. TrxID {trx}"
KNOWN = (
    "You have received Tk 5.00 from 01712345678. Fee Tk 0.00. Balance Tk {balance}. "
    "TrxID {trx} at 21/11/2026 10:30"
)


async def worker_round_trips(wording: str, n: int = 10) -> dict[str, int]:
    """The worker's MongoDB commands and Redis calls for one batch of `n` messages of one
    wallet, anchored, in `wording` (embedded stores)."""
    from _common import counted_deps  # bench/ is on sys.path when a bench script runs

    from claimsvc.settings import Settings
    from sms_ingest.app import build
    from sms_ingest.consumer import Tuning

    deps, tally = await counted_deps(Settings(mongo_url="memory://", redis_url="memory://"))
    with tally.ignored():
        account = await deps.services.admin.create_account({"name": "Bench", "wallets": []})
        device = await deps.services.devices.register(account.id, "phone", None)
        body = {"provider": "bkash", "device_id": device.device.id, "balance_poisha": 100_000}
        await deps.services.wallet_admin.anchor(account.id, body)
        parts = build(deps, Tuning(block_ms=1, idle_backoff_s=0.001, sweep_every_s=3600))
        await parts.consumer.sweep()
        warm = KNOWN.format(balance="1,005.00", trx="WARM000001")
        await parts.intake.receive(device.token, _body(warm), None, None)
        await parts.consumer.tick()
        texts = [
            wording.format(balance=f"{1005 + 5 * (i + 1):,}.00", trx=f"B{i:09d}") for i in range(n)
        ]
        await parts.intake.receive(device.token, _body(*texts), None, None)
    tally.reset()
    await parts.consumer.tick()
    counts = {"mongo": tally.mongo_total, "redis": tally.redis_total}
    with tally.ignored():
        await deps.close()
    return counts


def _body(*texts: str) -> bytes:
    return json.dumps([{"sender": "bKash", "message": t} for t in texts]).encode()


def main() -> None:
    """Print the throughput table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=20_000, help="messages per provider")
    parser.add_argument("--runs", type=int, default=5, help="timed passes; the median is shown")
    args = parser.parse_args()
    pinned = pin_to_one_core()
    print(f"python {sys.version.split()[0]}, {pinned}, {args.messages} messages x {args.runs} runs")
    print(f"{'':<9} {'msg per CPU-second':>25} {'':>11} {'msg per wall-second':>25}")
    print(
        f"{'provider':<9} {'parse':>12} {'str.split':>12} {'split/parse':>11}"
        f" {'parse':>12} {'str.split':>12}  goal (CPU)"
    )
    everything: list[Message] = []
    for provider in PROVIDERS:
        messages = load(provider, args.messages)
        everything += messages
        row(provider, messages, args.runs)
    row("all", everything, args.runs)

    print()
    print(f"{'a wording no rule reads':<34} {'msg per CPU-s':>12} {'us per msg':>10}")
    unread = load_unread(args.messages)
    arithmetic_row("reading by arithmetic", arithmetic_only, unread)
    arithmetic_row("parse_sms, then the arithmetic", parse_then_arithmetic, unread)

    print()
    print("SMS worker round trips per message (a batch of 10 of one wallet, embedded stores)")
    for name, wording in (("known wording", KNOWN), ("new wording, by arithmetic", NEW_WORDING)):
        counts = asyncio.run(worker_round_trips(wording))
        print(f"{name:<34} mongo {counts['mongo'] / 10:.2f}  redis {counts['redis'] / 10:.2f}")


if __name__ == "__main__":
    main()
