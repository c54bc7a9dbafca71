"""What a merchant marks in a message to teach a wording, checked: the vocabulary (each
provider's TrxID shape, the kinds a taught wording may be), the text as wordings see it, the
words a form offers per value, and the problems of a set of marks (pure).

Offsets ("spans") are into `clean(text)`: the text the portal shows, and the text read.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.money import parse_taka
from claimsvc.domain.trx_ids import TRX_PATTERNS

MAX_TEXT = 4096
"""The longest text taught or read (ten SMS parts are ~1,600 characters)."""
PARTY_MAX = 80
"""The longest counterparty name a slot takes."""
MAX_PARTS = 40
"""The most slots (marked values and generalised numbers, codes, phone numbers) a wording may
have: a real wallet SMS has about ten, and each slot is work for every message read."""


CREDIT_KINDS = (
    "received",
    "payment_received",
    "cash_in",
    "cash_out_received",
    "b2b_received",
    "add_money",
    "remittance",
    "refund",
    "cashback",
)
"""Kinds a taught credit may be (the parsers' values; the first five are claimable)."""
DEBIT_KINDS = (
    "send_money",
    "payment",
    "cash_out",
    "cash_in_given",
    "mobile_recharge",
    "bank_transfer",
    "b2b_sent",
    "bill_payment",
    "charge",
)
"""Kinds a taught debit may be. A reversal or a failure is never taught: it voids another
transaction, which only a built-in rule may do."""
KINDS = {"credit": CREDIT_KINDS, "debit": DEBIT_KINDS}

VALUE_SLOTS = ("trx", "amount", "fee", "balance", "party")
"""The marks a merchant may give, in the order a form shows them."""

MONEY = r"[0-9](?:,?[0-9])*(?:\.[0-9]{1,2})?"
"""A figure as a money slot takes it: separators, at most two decimals."""
_MONEY_RE = re.compile(MONEY, re.ASCII)
# A Bangladeshi mobile number as the wallets print it (880 or +880 first, or masked with X or *):
# the counterparty, never a TrxID or an amount.
PHONE_TOKEN = re.compile(r"(?:\+?88)?01[3-9][0-9]{8}|01[0-9Xx*]{7,9}[0-9]", re.ASCII)
# A word a form may offer: letters and digits, a figure with its separators.
_TOKEN = re.compile(r"[A-Za-z0-9]+(?:[,.][0-9]+)*", re.ASCII)
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"))
_FOLD = str.maketrans({**_INVISIBLE, **{0x09E6 + i: str(i) for i in range(10)}})


def clean(text: str) -> str:
    """The text as wordings see it: NFKC, invisible characters dropped, Bangla digits as Latin
    ones, outer whitespace trimmed (inner whitespace is kept: spans point into it)."""
    return unicodedata.normalize("NFKC", text).translate(_FOLD).strip()


class WordingProblem(ValueError):
    """Marks that make no wording; `problems` holds (field, code) pairs for the form."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__(", ".join(f"{f}: {c}" for f, c in problems))
        self.problems = problems


@dataclass(frozen=True)
class Span:
    """Characters [start, end) of the clean text."""

    start: int
    end: int

    @classmethod
    def parse(cls, raw: str) -> Span:
        """ "start-end" as a form sends it; ValueError otherwise."""
        start, sep, end = raw.partition("-")
        if not sep or not start.isdigit() or not end.isdigit():
            raise ValueError(raw)
        return cls(int(start), int(end))

    def text(self, of: str) -> str:
        return of[self.start : self.end]

    def __str__(self) -> str:
        return f"{self.start}-{self.end}"


@dataclass(frozen=True)
class Marks:
    """What the merchant marked in a message: each value's span (fee, balance, party optional),
    the direction and the kind."""

    direction: str
    kind: str
    trx: Span
    amount: Span
    fee: Span | None = None
    balance: Span | None = None
    party: Span | None = None

    def spans(self) -> dict[str, Span]:
        found = {slot: getattr(self, slot) for slot in VALUE_SLOTS}
        return {slot: span for slot, span in found.items() if span is not None}


@dataclass(frozen=True)
class Token:
    """A word of the clean text a form may offer for a slot."""

    span: Span
    text: str
    trx: bool
    """Of the provider's TrxID shape."""
    money: bool
    """A figure a money slot takes."""


def trx_re(provider: str) -> re.Pattern[str]:
    return TRX_PATTERNS[provider]


def to_poisha(figure: str) -> int:
    """A figure the MONEY pattern took ("1,500.5") in poisha (150050), exactly."""
    poisha = parse_taka(figure)
    if poisha is None:  # never for a figure MONEY matched; stay safe regardless
        raise ValueError(figure)
    return poisha


def tokens(text: str, provider: str) -> list[Token]:
    """The words of `clean(text)` a slot can take: TrxID-shaped ones and figures."""
    shape = trx_re(provider)
    found = []
    for m in _TOKEN.finditer(clean(text)[:MAX_TEXT]):
        value = m.group()
        trx = shape.fullmatch(value) is not None and not PHONE_TOKEN.fullmatch(value)
        money = _MONEY_RE.fullmatch(value) is not None and not PHONE_TOKEN.fullmatch(value)
        if trx or money:
            found.append(Token(Span(m.start(), m.end()), value, trx, money))
    return found


def _check_span(field: str, span: Span, text: str, taken: list[tuple[Span, str]]) -> str | None:
    """The problem code of one mark's span, or None."""
    if not 0 <= span.start < span.end <= len(text):
        return "outside"
    for other, name in taken:
        if span.start < other.end and other.start < span.end:
            return "overlaps_" + name
    return None


def _bounded(text: str, span: Span, inner: str) -> bool:
    """The span does not cut a word or a number of `inner` characters in two."""
    before = text[span.start - 1] if span.start > 0 else " "
    after = text[span.end] if span.end < len(text) else " "
    return not (re.match(inner, before) or re.match(inner, after))


def _value_problem(field: str, value: str, text: str, span: Span, provider: str) -> str | None:
    if field == "trx":
        ok = (
            trx_re(provider).fullmatch(value)
            and not PHONE_TOKEN.fullmatch(value)
            and _bounded(text, span, "[A-Za-z0-9]")
        )
        return None if ok else "not_trx_id"
    if field == "party":
        return None if value.strip() and len(value) <= PARTY_MAX else "bad_party"
    if not _MONEY_RE.fullmatch(value) or not _bounded(text, span, "[0-9]"):
        return "not_money"
    if field == "amount" and to_poisha(value) <= 0:
        return "not_positive"
    return None


def problems(text: str, provider: str, marks: Marks) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    if provider not in PROVIDERS:
        problems.append(("provider", "unknown"))
    if marks.direction not in KINDS:
        problems.append(("direction", "unknown"))
    elif marks.kind not in KINDS[marks.direction]:
        problems.append(("kind", "not_of_direction"))
    if not text or len(text) > MAX_TEXT:
        problems.append(("text", "length"))
    if problems:
        return problems
    taken: list[tuple[Span, str]] = []
    for field, span in marks.spans().items():
        problem = _check_span(field, span, text, taken) or _value_problem(
            field, span.text(text), text, span, provider
        )
        if problem:
            problems.append((field, problem))
        taken.append((span, field))
    return problems
