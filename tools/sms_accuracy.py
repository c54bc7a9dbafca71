"""Corpus accuracy of the SMS parsers, by provider and by kind, whole corpus and held-out fifth.

Run from the repository root: ``.venv/bin/python tools/sms_accuracy.py``. An entry is *exact*
when the outcome (result, provider, reason) is right and, for a parsed message, kind, direction,
TrxID, amount, fee, commission and balance all are. Only sourced entries count
(tests/data/sms/corpus and tests/data/sms/holdout); the older recalled/reconstructed/synthetic
files (tests/data/sms/*.yaml) are unverified and reported apart. For the held-out fifth only ids
and the names of wrong fields are printed, never texts: rules are not written from them.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from claimsvc.domain.sms.routing import parse_sms  # noqa: E402 - needs the path set above

DATA = ROOT / "tests" / "data" / "sms"
SETS = {"corpus": DATA / "corpus", "holdout": DATA / "holdout", "unverified": DATA}
EXACT_FIELDS = ("kind", "direction", "trx_id", "amount", "fee", "commission", "balance")


def read_yaml(text: str) -> Any:
    """yaml.safe_load's answer, parsed by libyaml when PyYAML has it (ten times quicker: the test
    modules read the corpus when they are collected, once in each xdist worker)."""
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def load(directory: Path) -> list[dict[str, Any]]:
    """Every entry of the provider files directly in ``directory``, tagged with its provider."""
    entries = []
    for path in sorted(directory.glob("*.yaml")):
        for entry in read_yaml(path.read_text("utf-8")) or []:
            # "bkash.yaml" and later rounds' "bkash-r2.yaml" are both bKash's.
            entries.append({**entry, "file": path.stem.split("-")[0], "round": path.stem})
    return entries


def _poisha(taka: Any) -> int | None:
    return None if taka is None else int(Decimal(str(taka)) * 100)


def wrong_fields(entry: dict[str, Any]) -> list[str]:
    """The names of what the parser got wrong for one entry (empty: exact)."""
    expect = entry["expect"]
    outcome = parse_sms(entry["sender"], entry["text"])
    got = (outcome.result.value, outcome.provider, outcome.reason)
    if got != (expect["result"], expect.get("provider"), expect.get("reason")):
        return ["result"]
    if outcome.parsed is None:
        return []
    p = outcome.parsed
    have = {
        "kind": p.kind.value,
        "direction": p.direction.value,
        "trx_id": p.trx_id,
        "amount": p.amount_poisha,
        "fee": p.fee_poisha,
        "commission": p.commission_poisha,
        "balance": p.balance_poisha,
    }
    want = {
        "kind": expect["kind"],
        "direction": expect["direction"],
        "trx_id": str(expect["trx_id"]),
        "amount": _poisha(expect["amount"]),
        "fee": _poisha(expect["fee"]),
        "commission": _poisha(expect.get("commission", "0.00")),
        "balance": _poisha(expect["balance"]),
    }
    return [name for name in EXACT_FIELDS if have[name] != want[name]]


def label(entry: dict[str, Any]) -> str:
    """The kind an entry is counted under: its parsed kind, or its non-parsed reason."""
    expect = entry["expect"]
    return expect.get("kind") or f"{expect['result']}:{expect.get('reason')}"


def accuracy(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Exact counts overall, by provider and by kind, and the entries that missed."""
    by: dict[str, dict[str, list[int]]] = {"provider": defaultdict(lambda: [0, 0])}
    by["kind"] = defaultdict(lambda: [0, 0])
    misses = []
    for entry in entries:
        wrong = wrong_fields(entry)
        for group, key in (("provider", entry["file"]), ("kind", label(entry))):
            by[group][key][1] += 1
            by[group][key][0] += not wrong
        if wrong:
            misses.append((entry["id"], wrong))
    exact = len(entries) - len(misses)
    return {"exact": exact, "total": len(entries), "by": by, "misses": misses}


def report(name: str, figures: dict[str, Any]) -> str:
    """A printable table for one set."""
    total = figures["total"]
    lines = [f"== {name}: {figures['exact']}/{total} exact ({100 * figures['exact'] / total:.1f}%)"]
    for group in ("provider", "kind"):
        for key, (ok, n) in sorted(figures["by"][group].items()):
            lines.append(f"  {group:<8} {key:<28} {ok:>4}/{n:<4} {100 * ok / n:6.1f}%")
    for entry_id, wrong in figures["misses"]:
        lines.append(f"  MISS {entry_id}: {', '.join(wrong)}")
    return "\n".join(lines)


def research_round(entry: dict[str, Any]) -> str:
    """The research round an entry came in: "r1" for the first files, else the file's suffix."""
    _, _, suffix = entry["round"].partition("-")
    return suffix or "r1"


def main() -> None:
    """Print the accuracy of each set, and of the held-out fifth per research round."""
    for name, directory in SETS.items():
        entries = load(directory)
        print(report(name, accuracy(entries)))
        if name != "holdout":
            continue
        for rnd in sorted({research_round(e) for e in entries}):
            part = accuracy([e for e in entries if research_round(e) == rnd])
            print(f"  round {rnd}: {part['exact']}/{part['total']} exact")


if __name__ == "__main__":
    main()
