"""Reading by arithmetic against the corpus, with the built-in rules switched off and on, and
its properties (hypothesis): rewordings that keep the values read the same; random texts are
read only when exactly one equation holds."""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import product
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimsvc.domain.sms.arithmetic import read
from claimsvc.domain.sms.rereading import reread
from claimsvc.domain.sms.routing import ParseOutcome, Result, parse_sms
from tools import sms_accuracy as accuracy

from .test_parsers import HOLDOUT, SOURCED


def poisha(taka: Any) -> int:
    return int(Decimal(str(taka)) * 100)


def moved(entry: dict[str, Any]) -> bool:
    """An entry that moved money and states the balance after it."""
    x = entry["expect"]
    return x["result"] == "parsed" and x["balance"] is not None and not x["failed"]


def figures(entry: dict[str, Any]) -> tuple[str, str, int, int, int, int]:
    x = entry["expect"]
    return (
        x["direction"],
        str(x["trx_id"]),
        poisha(x["amount"]),
        poisha(x["fee"]),
        poisha(x.get("commission", "0.00")),
        poisha(x["balance"]),
    )


def previous(entry: dict[str, Any]) -> int:
    """The balance before the entry, as its own figures imply."""
    direction, _, amount, fee, commission, balance = figures(entry)
    return balance - (amount if direction == "credit" else -amount) - commission + fee


def got(found: ParseOutcome) -> tuple[str, str, int, int, int, int | None] | None:
    p = found.parsed
    if found.result is not Result.PARSED or p is None:
        return None
    return (
        p.direction.value,
        p.trx_id,
        p.amount_poisha,
        p.fee_poisha,
        p.commission_poisha,
        p.balance_poisha,
    )


def rules_off(entry: dict[str, Any]) -> ParseOutcome:
    """What the pipeline makes of the entry if no built-in rule read it (switched off)."""
    unread = ParseOutcome(Result.UNPARSED, entry["expect"]["provider"], None, "no_pattern")
    return reread(entry["sender"], entry["text"], unread, previous(entry))


def rules_on(entry: dict[str, Any]) -> ParseOutcome:
    found = parse_sms(entry["sender"], entry["text"])
    return reread(entry["sender"], entry["text"], found, previous(entry) if moved(entry) else None)


def tally(entries: list[dict[str, Any]]) -> tuple[int, int, int, list[str]]:
    """(right, wrong, total, ids not read) with the built-in rules switched off."""
    right = wrong = 0
    missed = []
    for entry in filter(moved, entries):
        reading = got(rules_off(entry))
        right += reading == figures(entry)
        wrong += reading is not None and reading != figures(entry)
        if reading is None:
            missed.append(entry["id"])
    return right, wrong, sum(map(moved, entries)), missed


def test_corpus_with_the_built_in_rules_switched_off_is_read_by_arithmetic(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every sourced entry with a balance, posted on a wallet whose running balance is its
    previous balance: train 133 of 135 and held-out 38 of 39 read right, none wrong. The three
    not read are not understood, as they must be: two print a second TrxID-shaped token (a
    Nagad reference, a Rocket account number), one held-out entry no balance word we know."""
    train, held = tally(SOURCED), tally(HOLDOUT)
    with capsys.disabled():
        print(f"\narithmetic, rules off: train {train[0]} of {train[2]} ({train[1]} wrong)")
        print(f"arithmetic, rules off: held-out {held[0]} of {held[2]} ({held[1]} wrong)")
    assert (train[1], held[1]) == (0, 0)
    assert train[0] >= 133 and train[2] >= 135, train[3]
    assert held[0] >= 38 and held[2] >= 39, held[3]


def exact_with_chain(entry: dict[str, Any]) -> bool:
    """tools/sms_accuracy's "exact", with the chain's running balance known before the entry."""
    found = rules_on(entry)
    x = entry["expect"]
    if (found.result.value, found.provider, found.reason) != (
        x["result"],
        x.get("provider"),
        x.get("reason"),
    ):
        return False
    if found.parsed is None:
        return True
    if found.parsed.parsed_by == "rule":
        return accuracy.wrong_fields(entry) == []
    return got(found) == figures(entry)


def test_held_out_figure_as_plain_text_and_with_the_chain(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Plain text (the rules alone, as today) 44 of 56; with the chain 50 of 56: with the
    balance known, the messages no rule reads are read by arithmetic (their kind then stays
    unknown and is not compared). The six left state no balance or are failures."""
    plain = accuracy.accuracy(HOLDOUT)["exact"]
    chained = sum(map(exact_with_chain, HOLDOUT))
    with capsys.disabled():
        print(f"\nheld-out exact: plain text {plain} of {len(HOLDOUT)}, with the chain {chained}")
    assert chained >= 50 and chained > plain


@pytest.mark.parametrize("entry", list(filter(moved, SOURCED)), ids=lambda e: e["id"])
def test_a_corpus_entry_read_by_its_rule_is_read_the_same_with_the_chain(
    entry: dict[str, Any],
) -> None:
    ruled = parse_sms(entry["sender"], entry["text"])
    assert rules_on(entry) == ruled


READ_RIGHT = [e for e in filter(moved, SOURCED + HOLDOUT) if got(rules_off(e)) == figures(e)]
BANGLA = str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯")
BALANCE_WORDS = ["Balance", "Current balance", "A/C Balance", "Bal", "balance is", "ব্যালেন্স"]
FEE_WORDS = ["Fee", "Charge", "চার্জ", "Service Charge"]
MONEY = ["Tk ", "Tk", "TK. ", "BDT ", "Taka ", "৳"]
_CURRENCY = re.compile(r"(?<![A-Za-z])(?:T[Kk]\.?|BDT|Taka|৳)\s?(?=\d)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])|\s*\n\s*")


@st.composite
def reworded(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    """A corpus entry read right, reworded keeping its values."""
    entry = draw(st.sampled_from(READ_RIGHT))
    text = entry["text"]
    if draw(st.booleans()):
        parts = [p for p in _SENTENCE.split(text) if p]
        text = "\n".join(draw(st.permutations(parts)))
    if draw(st.booleans()):
        word = draw(st.sampled_from(BALANCE_WORDS))
        text = re.sub(r"\b(?:A/C )?(?:Balance|NetBal)\b", word, text)
    if draw(st.booleans()):
        text = re.sub(r"\bFee\b", draw(st.sampled_from(FEE_WORDS)), text)
    if draw(st.booleans()):
        text = _CURRENCY.sub(draw(st.sampled_from(MONEY)), text)
    if draw(st.booleans()):
        text = text.translate(BANGLA)
    if draw(st.booleans()):
        text = text.replace("\r", "").replace("\n", " ")
    return entry, text


@given(reworded())
def test_a_rewording_that_keeps_the_values_is_read_with_the_same_values(
    case: tuple[dict[str, Any], str],
) -> None:
    entry, text = case
    verdict = read(entry["expect"]["provider"], text, previous(entry))
    r = verdict.reading
    assert r is not None, verdict.reason
    reading = (
        r.direction.value,
        r.trx_id,
        r.amount_poisha,
        r.fee_poisha,
        r.commission_poisha,
        r.balance_poisha,
    )
    assert reading == figures(entry)


LABELS = {"plain": ["Tk", "amount Tk", "of BDT"], "fee": ["Fee Tk", "Charge ৳"]}
LABELS["balance"] = ["Balance Tk", "Bal: BDT", "ব্যালেন্স ৳"]


def oracle(prev: int, pieces: list[tuple[str, int]]) -> set[tuple[str, int, int, int]]:
    """Every reading of the pieces (label, poisha) by the contract's equations, amount-fee swaps
    settled by the fee label or the smaller value; written apart from the reader's code."""
    balances = {v for label, v in pieces if label == "balance"}
    plain = [(i, v) for i, (label, v) in enumerate(pieces) if label == "plain" and v > 0]
    fees = [(i, v, label == "fee") for i, (label, v) in enumerate(pieces) if label != "balance"]
    found: dict[tuple[str, int, int, int], bool] = {}
    for b, (i, a) in product(balances, plain):
        if prev + a == b:
            found[("credit", a, 0, b)] = False
        for j, f, labelled in [(-1, 0, False), *fees]:
            if j != i and prev - a - f == b:
                found[("debit", a, f, b)] = found.get(("debit", a, f, b), False) or labelled
            if j != i and labelled and f and prev + a - f == b:
                found[("credit", a, f, b)] = True
    out = set()
    for (d, a, f, b), labelled in found.items():
        twin = found.get((d, f, a, b))
        if f and twin is not None and (twin > labelled or (twin == labelled and f > a)):
            continue
        out.add((d, a, f, b))
    return out


def taka(p: int) -> str:
    return f"{p // 100:,}.{p % 100:02d}"


@st.composite
def random_texts(draw: st.DrawFn) -> tuple[int, list[tuple[str, int]], str]:
    prev = draw(st.integers(0, 10_000_000))
    amount = draw(st.integers(1, 5_000_000))
    fee = draw(st.sampled_from([0, 0, 500, draw(st.integers(1, 100_000))]))
    debit = draw(st.booleans()) and prev >= amount + fee
    balance = prev - amount - fee if debit else prev + amount
    balance += draw(st.sampled_from([0, 0, 0, 1, -100, 10_000]))
    pieces = [("plain", amount), ("balance", max(balance, 0))]
    if fee:
        pieces.append((draw(st.sampled_from(["fee", "plain"])), fee))
    extra = st.tuples(st.sampled_from(["plain", "fee", "balance"]), st.integers(0, 5_000_000))
    pieces += draw(st.lists(extra, max_size=3))
    pieces = draw(st.permutations(pieces))
    words = [f"{draw(st.sampled_from(LABELS[label]))} {taka(v)}." for label, v in pieces]
    words.insert(draw(st.integers(0, len(words))), "TrxID BKN4W7Q2ZX")
    return prev, pieces, " Then ".join(words)


@given(random_texts())
def test_a_random_text_is_read_only_when_exactly_one_equation_holds(
    case: tuple[int, list[tuple[str, int]], str],
) -> None:
    prev, pieces, text = case
    readings = oracle(prev, pieces)
    verdict = read("bkash", text, prev)
    r = verdict.reading
    if len(readings) != 1:
        assert r is None
        assert verdict.reason == ("several_readings" if readings else "no_reading")
        return
    assert r is not None, verdict.reason
    [(direction, amount, fee, balance)] = readings
    assert (r.direction.value, r.amount_poisha, r.fee_poisha, r.balance_poisha) == (
        direction,
        amount,
        fee,
        balance,
    )
    assert r.trx_id == "BKN4W7Q2ZX"


@given(random_texts(), st.sampled_from(["BKR9Q8W7E6", "BKX1Y2Z3W4"]))
def test_a_random_text_with_two_trxids_is_never_read(
    case: tuple[int, list[tuple[str, int]], str], second: str
) -> None:
    prev, _, text = case
    verdict = read("bkash", f"{text} Ref {second}", prev)
    assert (verdict.reading, verdict.reason) == (None, "several_trx_ids")
