"""Benchmark: the time one taught wording takes to match one adversarial text (issue 33).

Run from the repository root: ``.venv/bin/python bench/wording_match.py [--budget S]``.
The issue's case is the ten-slot wording (`... note 1. 2. ... 10.`) and the 142-character SMS
(`... note ` then `1.` forty times and `1 x`); the family around it varies the number of slots
and of repeats, and the separators (`.`, `,`, spaces) between them. Each match runs in a child
process stopped after `--budget` seconds (a backtracking matcher takes minutes), so a line shows
the time of one `read`, or `>budget` when it did not finish.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from claimsvc.domain.wordings import Marks, Span, Wording, read, teach  # noqa: E402

HEAD = "Money in Tk 500.00 TrxID ABCDE12345 Balance Tk 900.00 note "
NAMED = "Money in Tk 500.00 from Shop Name TrxID ABCDE12345 Balance Tk 900.00 note "
"""The same with a counterparty's name marked: the one part a match may try several ways."""


def wording(slots: int, sep: str = ". ", head: str = HEAD) -> Wording:
    """A bKash credit wording with `slots` generalised numbers after its values."""
    text = head + "".join(f"{i}{sep}" for i in range(1, slots + 1)).rstrip()

    def at(value: str) -> Span:
        return Span(text.index(value), text.index(value) + len(value))

    party = at("Shop Name") if head == NAMED else None
    marks = Marks(
        "credit", "received", at("ABCDE12345"), at("500.00"), balance=at("900.00"), party=party
    )
    return teach(text, "bkash", marks)


def attack(repeats: int, unit: str = "1.", head: str = HEAD) -> str:
    """The issue's text shape: the values, then `unit` repeated and a tail no wording reads."""
    return head + unit * repeats + "1 x"


CASES = [
    # (slots, wording separator, repeats, repeated unit)
    (10, ". ", 40, "1."),  # the case: 142 characters
    (4, ". ", 40, "1."),
    (7, ". ", 40, "1."),
    (10, ". ", 80, "1."),
    (10, ", ", 40, "1,"),
    (20, ". ", 60, "1."),
    (10, ". ", 40, "12."),
    (37, ". ", 400, "1."),  # the most slots a wording may have (MAX_PARTS, 3 of them marked)
    (37, ". ", 2000, "1."),  # a text near MAX_TEXT
]
NAMED_CASES = [(10, ". ", 40, "1."), (36, ". ", 2000, "1.")]
"""Cases of the wording with a name (`party`), which cost up to PARTY_MAX passes."""


def _one(
    slots: int, sep: str, repeats: int, unit: str, head: str, out: multiprocessing.Queue
) -> None:
    w = wording(slots, sep, head)
    text = attack(repeats, unit, head)
    started = time.perf_counter()
    read(w, text)
    out.put(time.perf_counter() - started)


def timed(case: tuple[int, str, int, str], head: str, budget: float) -> float | None:
    """Seconds one match took in a child, None past the budget."""
    out: multiprocessing.Queue = multiprocessing.Queue()
    child = multiprocessing.Process(target=_one, args=(*case, head, out))
    child.start()
    child.join(budget)
    if child.is_alive():
        child.kill()
        child.join()
        return None
    return out.get() if not out.empty() else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per match")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, budget {args.budget:g} s per match")
    print(
        f"{'name':>4} {'slots':>5} {'sep':>4} {'repeats':>7} {'unit':>5} {'chars':>6} {'match':>12}"
    )
    for head, cases in ((HEAD, CASES), (NAMED, NAMED_CASES)):
        for case in cases:
            slots, sep, repeats, unit = case
            took = timed(case, head, args.budget)
            shown = f">{args.budget:g} s" if took is None else f"{took * 1000:.3f} ms"
            chars = len(attack(repeats, unit, head))
            named = "yes" if head == NAMED else "no"
            print(
                f"{named:>4} {slots:>5} {sep.strip():>4} {repeats:>7} {unit:>5} {chars:>6} "
                f"{shown:>12}"
            )


if __name__ == "__main__":
    main()
