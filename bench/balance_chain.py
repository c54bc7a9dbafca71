"""Benchmark: balance-chain steps per CPU-second, in order, out of order and in a stalled wallet,
against a baseline of the same number of bare wallet copies.

Run from the repository root: ``.venv/bin/python bench/balance_chain.py [--entries N] [--runs R]``.
The chain is pure (no MongoDB, no Redis: 0 round trips per step; the SMS worker adds one read and
one compare-and-set per message around it). Scenarios, each N messages applied one by one:
- in order: a wallet's messages arriving as the phone received them;
- shuffled: each message delayed up to 9 minutes (inside the reorder window);
- stalled: a lost message first, so every later message is held until the recovery (a run after
  the gap) re-anchors; with held messages capped at 100, the recovery search is the worst case;
- junk: a stalled wallet whose held messages never form a run (the search fails every time).
Baseline: `dataclasses.replace` of the wallet per message, the floor of any pure step.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# ruff: noqa: E402 - imports need the path set above
from claimsvc.domain.sms.balance_chain import CREDIT, DEBIT, Entry, Wallet, add

T0 = datetime(2026, 11, 22, 2, 0, tzinfo=UTC)


def history(n: int, seed: int) -> list[Entry]:
    """A wallet's genuine messages, one a minute, balances chaining from 1,000,000.00."""
    rng = random.Random(seed)
    balance, out = 100_000_000, []
    for i in range(n):
        credit = rng.random() < 0.6
        amount = rng.randrange(100, 500_000)
        fee, comm = (0, amount // 250) if credit else (amount // 100, 0)
        e = Entry(f"m{i}", None, CREDIT if credit else DEBIT, amount, fee, 0, T0, comm)
        balance += e.delta
        out.append(replace(e, balance=balance, received_at=T0 + timedelta(minutes=i)))
    return out


def scenarios(n: int) -> dict[str, list[Entry]]:
    real = history(n, 1)
    rng = random.Random(2)
    shuffled = sorted(real, key=lambda e: e.received_at + timedelta(minutes=rng.uniform(0, 9)))
    junk = [replace(e, balance=(e.balance or 0) + 7 * i + 1) for i, e in enumerate(real)]
    return {"in order": real, "shuffled": shuffled, "stalled": real[1:], "junk": junk[1:]}


def timed(step: Callable[[Wallet, Entry], Wallet], entries: list[Entry]) -> float:
    # A new wallet anchored a minute before the first message (nothing held to re-check).
    wallet = Wallet(running=100_000_000, anchored_at=T0 - timedelta(minutes=1))
    start = time.process_time()
    for e in entries:
        wallet = step(wallet, e)
    return time.process_time() - start


def chain_step(wallet: Wallet, entry: Entry) -> Wallet:
    return add(wallet, entry).wallet


def floor_step(wallet: Wallet, entry: Entry) -> Wallet:
    return replace(wallet, running=wallet.running)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=2_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'scenario':<10} {'steps/CPU-s':>12} {'baseline/CPU-s':>15} {'ratio':>7}  round trips")
    for name, entries in scenarios(args.entries).items():
        chain = statistics.median(timed(chain_step, entries) for _ in range(args.runs))
        floor = statistics.median(timed(floor_step, entries) for _ in range(args.runs))
        rate, base = len(entries) / chain, len(entries) / floor
        print(f"{name:<10} {rate:>12,.0f} {base:>15,.0f} {rate / base:>7.3f}  0 (pure)")


if __name__ == "__main__":
    main()
