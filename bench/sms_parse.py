"""Benchmark: SMS parse throughput per provider on one core, against a bare str.split baseline.

Run from the repository root: ``.venv/bin/python bench/sms_parse.py [--messages N] [--runs R]``.
Each provider's messages (the sourced corpus in tests/data/sms/corpus and the older unverified
file in tests/data/sms; not the held-out fifth) are repeated to N messages and parsed R times, each
parse pass followed by a baseline pass; the table shows the median messages per CPU-second of
this process (process_time, so other load on a shared machine does not count against us), with
wall-clock medians alongside. The goal is 20,000 parses per second per core.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from claimsvc.domain.accounts import PROVIDERS  # noqa: E402 - needs the path set above
from sms_ingest.parsers import parse_sms  # noqa: E402 - needs the path set above

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


if __name__ == "__main__":
    main()
