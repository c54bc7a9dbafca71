"""Reading a wallet SMS by its arithmetic, when no rule knows its wording (contract.md §5).

Given the wallet's running balance before the message, a reading is a choice of numbers written
in the text for which ``previous + amount + commission = balance`` (a credit, less a fee only
when a fee word labels one) or ``previous - amount - fee + commission = balance`` (a debit)
holds. Exactly one reading, and exactly one token of the provider's TrxID shape, make the
transaction; none or several leave the message not understood: it is never guessed.

What counts as a number and what may play each part (docs/sms-wordings.md, "New wordings"):
- Latin or Bangla digits (folded by ``normalise``), with or without ``Tk``, ``৳``, ``BDT`` or
  ``Taka``, thousands separators (``1,500`` and ``1,00,000``), at most two decimals (six for a
  commission), a trailing full stop. Numbers inside dates, times, phone and account numbers,
  masked numbers (``***771``, ``01XXXX``), percentages and TrxIDs are left out.
- The balance is only a number a balance word labels (``Balance``, ``Bal``, ``NetBal``,
  ``A/C Balance: Tk``, ``balance is``, ``ব্যালেন্স``): otherwise a debit's amount and balance
  would swap freely.
- A commission is only a number a commission word labels (``Comm``, ``Commission``,
  ``কমিশন``), and a stated commission is always part of the equation.
- A number a fee word labels (``Fee``, ``Charge``, ``চার্জ``, ``ফি``) is only a fee. When two
  readings are the same but for an amount and a fee that swap, the fee word decides, or else
  the smaller one is the fee.

Everything here is pure: values in, values out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from claimsvc.domain.sms.engine import (
    MAX_TEXT,
    WHEN,
    Direction,
    Kind,
    ParsedSms,
    commission_to_poisha,
    normalise,
    to_poisha,
)
from claimsvc.domain.trx_ids import TRX_PATTERNS

ARITHMETIC = "arithmetic"
"""The ``parsed_by`` of a transaction read this way."""


MAX_NUMBERS = 40
"""Numbers considered in one text; a text with more is not a wallet SMS we can read."""

_TOKEN = re.compile(r"[A-Za-z0-9]+")
# Dates ("26/05/2026", "08-FEB-23", "2026-08-11") and times ("12:56:11 am"), left out whole.
# The lookaheads (a digit; a digit or a currency's first letter) reject most positions early.
_DATES = re.compile(
    rf"(?=\d)(?:{WHEN.pattern}|(?<!\d)\d{{4}}[/-]\d{{1,2}}[/-]\d{{1,2}}(?!\d)"
    r"|(?<!\d)\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AP]M\b)?)",
    re.IGNORECASE,
)
_CURRENCY = r"(?:Tk|TK|tk|BDT|Taka|৳)\.?\s?"
# A number, with the currency printed before it (which may follow a masked digit, "***771Tk902"),
# or alone (then not glued to a word, a mask, a sign or another number).
_NUMBER = re.compile(
    rf"(?=[\dTtB৳])(?:(?<![A-Za-z]){_CURRENCY}|(?<![A-Za-z0-9*#.,/:+\-]))"
    r"(?P<int>\d{1,3}(?:,\d{2,3})+|\d{1,9})(?:\.(?P<dec>\d{1,6}))?(?![\d%]|[.,]\d)"
)
_FILLER = r"(?:\s*(?:is|was|now|of|:|ঃ|=|-|হলো|হল))*\s*"
_BALANCE_WORD = re.compile(
    rf"(?:\b(?:balance|bal|netbal)|ব্যালেন্স|ব্যালান্স|ব্যাল্যান্স){_FILLER}$", re.IGNORECASE
)
_FEE_WORD = re.compile(rf"(?:\b(?:fee|charge)|চার্জ|ফি){_FILLER}$", re.IGNORECASE)
_COMMISSION_WORD = re.compile(rf"(?:\b(?:comm|commission)|কমিশন){_FILLER}$", re.IGNORECASE)
_LABEL_REACH = 40
"""How far before a number its label may start."""

BALANCE, FEE, COMMISSION, PLAIN = "balance", "fee", "commission", "plain"


@dataclass(frozen=True, slots=True)
class Number:
    """One number written in the text: its value in poisha and the label that stands before it."""

    at: int
    poisha: int
    label: str


@dataclass(frozen=True, slots=True)
class Reading:
    """The one reading of a text whose arithmetic holds; money in poisha."""

    direction: Direction
    trx_id: str
    amount_poisha: int
    fee_poisha: int
    commission_poisha: int
    balance_poisha: int
    occurred_at: str | None


@dataclass(frozen=True, slots=True)
class Verdict:
    """A reading, or why there is none: "too_long", "no_trx_id", "several_trx_ids",
    "no_balance", "too_many_numbers", "no_reading" or "several_readings"."""

    reading: Reading | None
    reason: str | None


def _blank(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """The text with each span replaced by spaces (positions kept)."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def trx_tokens(provider: str, clean: str) -> list[re.Match[str]]:
    """The tokens of `clean` that have the provider's TrxID shape."""
    shape = TRX_PATTERNS.get(provider)
    if shape is None:
        return []
    return [t for t in _TOKEN.finditer(clean) if shape.fullmatch(t[0])]


def _label(clean: str, start: int) -> str:
    before = clean[max(0, start - _LABEL_REACH) : start]
    for label, word in ((BALANCE, _BALANCE_WORD), (FEE, _FEE_WORD), (COMMISSION, _COMMISSION_WORD)):
        if word.search(before):
            return label
    return PLAIN


def numbers(clean: str, skip: Sequence[tuple[int, int]] = ()) -> list[Number]:
    """The numbers written in normalised text, each with its label; dates, times and the
    `skip` spans (TrxIDs) left out."""
    masked = _blank(clean, [m.span() for m in _DATES.finditer(clean)] + list(skip))
    found: list[Number] = []
    for m in _NUMBER.finditer(masked):
        dec = m["dec"] or ""
        end = m.end()
        glued = end < len(masked) and masked[end].isalpha()
        if glued and len(dec) != 2:
            continue  # part of a word or a code ("8app", "71QK4ZP8"), not money
        whole = m["int"].replace(",", "")
        if len(whole) > 1 and whole.startswith("0"):
            continue  # a phone or account number
        label = _label(masked, m.start())
        if len(dec) > 2:
            if label != COMMISSION:
                continue
            poisha = commission_to_poisha(f"{whole}.{dec}")
        else:
            poisha = to_poisha(f"{whole}.{dec}" if dec else whole)
        found.append(Number(m.start(), poisha, label))
    return found


def stated_balance(provider: str, text: str) -> int | None:
    """The last balance a balance word labels in `text` (None: it states none)."""
    if len(text) > MAX_TEXT:
        return None
    clean = normalise(text)
    skip = [t.span() for t in trx_tokens(provider, clean)]
    balances = [n.poisha for n in numbers(clean, skip) if n.label == BALANCE]
    return balances[-1] if balances else None


_Key = tuple[Direction, int, int, int, int]

MAX_PREVIOUS = 500
"""Balances before a message tried by `previous_balances`; more: a text too loose to wait on."""


def _terms(found: list[Number]) -> Iterator[tuple[_Key, bool, int]]:
    """Every reading the numbers allow, whether a fee word labels its fee, and the balance
    before the message that makes its equation hold."""
    balances = {n.poisha for n in found if n.label == BALANCE}
    commissions = {n.poisha for n in found if n.label == COMMISSION} or {0}
    amounts = [(i, n.poisha) for i, n in enumerate(found) if n.label == PLAIN and n.poisha > 0]
    fees = [(i, n.poisha, n.label == FEE) for i, n in enumerate(found) if n.label in (FEE, PLAIN)]
    for balance, commission in product(balances, commissions):
        for i, amount in amounts:
            yield (
                (Direction.CREDIT, amount, 0, commission, balance),
                False,
                balance - amount - commission,
            )
            for j, fee, labelled in ((-1, 0, False), *fees):
                if j == i:
                    continue
                debit = (Direction.DEBIT, amount, fee, commission, balance)
                yield debit, labelled, balance + amount + fee - commission
                if labelled and fee:
                    credit = (Direction.CREDIT, amount, fee, commission, balance)
                    yield credit, True, balance - amount + fee - commission


def _equations(previous: int, found: list[Number]) -> dict[_Key, bool]:
    """Every reading whose equation holds after `previous`, and whether a fee word labels its
    fee."""
    readings: dict[_Key, bool] = {}
    for key, labelled, before in _terms(found):
        if before == previous:
            readings[key] = readings.get(key, False) or labelled
    return readings


def _settle_swaps(readings: dict[_Key, bool]) -> list[_Key]:
    """Drop a reading whose amount and fee swap with another's that a fee word labels, or whose
    fee is the larger of the two when no fee word labels either."""
    kept = []
    for key, labelled in readings.items():
        direction, amount, fee, commission, balance = key
        twin = (direction, fee, amount, commission, balance)
        if fee and twin in readings:
            if readings[twin] and not labelled:
                continue
            if readings[twin] == labelled and fee > amount:
                continue
        kept.append(key)
    return kept


@dataclass(frozen=True, slots=True)
class _Text:
    """A text ready for reading: normalised, its one TrxID, its numbers."""

    clean: str
    trx_id: str
    found: list[Number]


def _prepare(provider: str, text: str) -> _Text | Verdict:
    """The text's TrxID and numbers, or why it cannot have a reading after any balance."""
    if len(text) > MAX_TEXT:
        return Verdict(None, "too_long")
    clean = normalise(text)
    tokens = trx_tokens(provider, clean)
    if not tokens:
        return Verdict(None, "no_trx_id")
    if len({t[0] for t in tokens}) > 1:
        # One may sit in a payer's reference: never two claimable transactions for one movement.
        return Verdict(None, "several_trx_ids")
    found = numbers(clean, [t.span() for t in tokens])
    if not any(n.label == BALANCE for n in found):
        return Verdict(None, "no_balance")
    if len(found) > MAX_NUMBERS:
        return Verdict(None, "too_many_numbers")
    return _Text(clean, tokens[0][0], found)


def _read(text: _Text, previous: int) -> Verdict:
    readings = _settle_swaps(_equations(previous, text.found))
    if len(readings) != 1:
        return Verdict(None, "several_readings" if readings else "no_reading")
    direction, amount, fee, commission, balance = readings[0]
    when = WHEN.search(text.clean)
    reading = Reading(
        direction, text.trx_id, amount, fee, commission, balance, when["when"] if when else None
    )
    return Verdict(reading, None)


def read(provider: str, text: str, previous: int) -> Verdict:
    """The one reading of `text` (from `provider`'s real sender) after the balance `previous`."""
    prepared = _prepare(provider, text)
    return prepared if isinstance(prepared, Verdict) else _read(prepared, previous)


def previous_balances(provider: str, text: str) -> frozenset[int]:
    """Every balance before the message after which `read` finds its one reading: what a
    message not understood waits for the chain to reach (empty: none can)."""
    prepared = _prepare(provider, text)
    if isinstance(prepared, Verdict):
        return frozenset()
    befores = {before for _, _, before in _terms(prepared.found) if before >= 0}
    if len(befores) > MAX_PREVIOUS:
        return frozenset()
    return frozenset(p for p in befores if _read(prepared, p).reading is not None)


def parsed(provider: str, reading: Reading) -> ParsedSms:
    """The transaction a reading reports. The kind is not written in a way we know: a credit is
    taken as money received (claimable, as a buyer's payment is), a debit as a payment."""
    credit = reading.direction is Direction.CREDIT
    return ParsedSms(
        provider=provider,
        kind=Kind.CREDIT_RECEIVED if credit else Kind.PAYMENT,
        direction=reading.direction,
        trx_id=reading.trx_id,
        amount_poisha=reading.amount_poisha,
        fee_poisha=reading.fee_poisha,
        balance_poisha=reading.balance_poisha,
        counterparty=None,
        occurred_at=reading.occurred_at,
        commission_poisha=reading.commission_poisha,
        parsed_by=ARITHMETIC,
    )
