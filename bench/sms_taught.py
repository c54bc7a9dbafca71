"""Benchmark: the cost of taught wordings per message no rule read, against the rules' own parse.

Run from the repository root: ``.venv/bin/python bench/sms_taught.py [--messages N] [--runs R]``.
An account holds k taught bKash wordings (k = 1, 10, 50, 200: the cap), all sharing a long opening
so that each is tried deep into the text. Two message sets are read with them: bKash corpus texts
(no wording reads them: every wording is tried, the worst case) and texts in one of the taught
wordings (read). Each line shows the median messages per CPU-second of the taught step alone,
and of the rules' parse of the same messages measured in the same run (the step that runs
anyway): the ratio is what a message no rule read costs on top of its parse.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.sms_parse import Message, load, parse_all, pin_to_one_core, timed  # noqa: E402
from claimsvc.domain.wordings import Marks, Span, Wording, clean, read_any, teach  # noqa: E402

TEMPLATE = (
    "Money received! Tk {amount} from 01712345678 into your {word} wallet. New bKash balance "
    "Tk {balance}. TrxID {trx} at 21/11/2026 10:45"
)


def word(i: int) -> str:
    """A distinct letters-only word per wording (numbers would be generalised)."""
    letters = ""
    while True:
        i, rest = divmod(i, 26)
        letters += chr(ord("a") + rest)
        if i == 0:
            return "shop" + letters


def taught(k: int) -> list[Wording]:
    found = []
    for i in range(k):
        text = clean(
            TEMPLATE.format(amount="500.00", word=word(i), balance="1,500.00", trx="NEWQ1W2E3R")
        )

        def at(value: str, text: str = text) -> Span:
            return Span(text.index(value), text.index(value) + len(value))

        marks = Marks("credit", "received", at("NEWQ1W2E3R"), at("500.00"), balance=at("1,500.00"))
        found.append(teach(text, "bkash", marks))
    return found


def read_with(wordings: list[Wording]) -> object:
    def work(messages: list[Message]) -> None:
        for _sender, text in messages:
            read_any(wordings, text)

    return work


def median_rates(work: object, messages: list[Message], runs: int) -> tuple[float, float]:
    """Median CPU rates of `work` and of the parse, passes interleaved."""
    mine, parse = [], []
    for _ in range(runs):
        mine.append(timed(work, messages)[0])  # type: ignore[arg-type]
        parse.append(timed(parse_all, messages)[0])
    return statistics.median(mine), statistics.median(parse)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=5_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {pin_to_one_core()}, {args.messages} x {args.runs}")
    unknown = load("bkash", args.messages)
    print(f"{'wordings':>8} {'messages':<10} {'taught/CPU-s':>14} {'parse/CPU-s':>13} {'cost':>7}")
    for k in (1, 10, 50, 200):
        wordings = taught(k)
        known = [
            (
                "bKash",
                TEMPLATE.format(
                    amount=f"{i % 900 + 1}.00",
                    word=word(i % k),
                    balance="2,000.00",
                    trx=f"NEW{i:07d}",
                ),
            )
            for i in range(args.messages)
        ]
        for name, messages in (("none read", unknown), ("one reads", known)):
            work = read_with(wordings)
            work(messages[:100])  # warm the compiled patterns
            mine, parse = median_rates(work, messages, args.runs)
            print(f"{k:>8} {name:<10} {mine:>14,.0f} {parse:>13,.0f} {parse / mine:>6.2f}x")


if __name__ == "__main__":
    main()
