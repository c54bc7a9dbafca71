"""Wordings a merchant teaches from a message no rule read: the message's literal text with the
marked values (TrxID, amount, fee, balance, the counterparty's name) as typed slots, every other
number generalised, whitespace optional; and the matcher that reads a later text with it.

Pure: values in, values out. Offsets ("spans") are into `clean(text)`, the text the portal shows
as tokens to choose from. A wording reads a text only when the whole text fits it
(`re.fullmatch`), so no literal word of the taught message may be missing or changed.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from dataclasses import dataclass, replace
from datetime import datetime
from functools import cached_property, lru_cache

from claimsvc.domain.accounts import PROVIDERS

MAX_TEXT = 4096
"""The longest text taught or read (ten SMS parts are ~1,600 characters)."""
PARTY_MAX = 80
"""The longest counterparty name a slot takes."""

# What each provider's TrxID looks like, from the SMS corpus (tests/data/sms, 286 sourced
# entries): bKash 10 capitals and digits (one sourced 13), Nagad 8 (placeholders of 10), Rocket 10
# digits, Upay 10 (one 9), CellFin 10 or a 16-digit bank reference (two of 6 and 8). Always one
# digit at least, so a word in capitals is never a TrxID.
TRX_SHAPES = {
    "bkash": r"(?=[A-Z]*[0-9])[A-Z0-9]{10,13}",
    "nagad": r"(?=[A-Z]*[0-9])[A-Z0-9]{8,10}",
    "rocket": r"[0-9]{10}",
    "upay": r"(?=[A-Z]*[0-9])[A-Z0-9]{9,10}",
    "cellfin": r"(?=[A-Z]*[0-9])[A-Z0-9]{6,10}|[0-9]{16}",
}

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

# Part types: a literal, optional whitespace, a generalised number / code / phone number, or a
# marked slot (VALUE_SLOTS).
LIT, SPACE, NUM, CODE, PHONE = "lit", "space", "num", "code", "phone"
_MONEY = r"[0-9](?:,?[0-9])*(?:\.[0-9]{1,2})?"
_PATTERNS = {
    SPACE: r"\s*",
    NUM: r"(?<![0-9])[0-9]+(?:[,.][0-9]+)*(?![0-9])",
    CODE: r"(?<![A-Za-z0-9*+])\+?[A-Za-z0-9*]+(?![A-Za-z0-9*])",
    PHONE: r"(?<![A-Za-z0-9*+])(?P<phone>\+?[0-9][0-9Xx*]{5,15})(?![A-Za-z0-9*])",
    "amount": rf"(?<![0-9.,])(?P<amount>{_MONEY})(?![0-9])",
    "fee": rf"(?<![0-9.,])(?P<fee>{_MONEY})(?![0-9])",
    "balance": rf"(?<![0-9.,])(?P<balance>{_MONEY})(?![0-9])",
    "party": rf"(?P<party>[^\n]{{1,{PARTY_MAX}}}?)",
}
_MONEY_RE = re.compile(_MONEY, re.ASCII)
_PHONE_TOKEN = re.compile(r"(?:\+?88)?01[3-9][0-9]{8}|01[0-9Xx*]{7,9}[0-9]", re.ASCII)
# Generalisable runs, tried in this order: whitespace, a number with its separators, a run of
# letters and digits (with a masking '*') that holds a digit.
_SCAN = re.compile(
    r"(?P<space>\s+)"
    r"|(?P<num>(?<![A-Za-z0-9*])[0-9]+(?:[,.][0-9]+)*(?![A-Za-z0-9*]))"
    r"|(?P<run>[A-Za-z0-9*+]*[0-9][A-Za-z0-9*]*)",
    re.ASCII,
)
_LETTERS_THEN_DIGITS = re.compile(r"([A-Za-z]+)([0-9]+)", re.ASCII)
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


@dataclass(frozen=True)
class Reading:
    """What a wording read from a text; money in poisha."""

    provider: str
    direction: str
    kind: str
    trx_id: str
    amount_poisha: int
    fee_poisha: int
    balance_poisha: int | None
    counterparty: str | None


Part = tuple[str, str]
"""(type, literal text); the text is empty for every type but a literal."""


@dataclass(frozen=True)
class Wording:
    """A taught wording: the provider it reads, what its messages are, and its parts."""

    provider: str
    direction: str
    kind: str
    parts: tuple[Part, ...]

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """The compiled expression, kept on the wording (a worker reads many texts with it)."""
        return compiled(self.provider, self.parts)

    @property
    def key(self) -> str:
        """The hash of the provider and the parts: one wording per key in an account."""
        return wording_key(self.provider, self.parts)

    def shown(self) -> str:
        """The wording as people read it: literal text with {amount}-like slots."""
        return "".join(
            text if kind == LIT else " " if kind == SPACE else "{" + kind + "}"
            for kind, text in self.parts
        )


def wording_key(provider: str, parts: tuple[Part, ...]) -> str:
    canonical = json.dumps([provider, [list(p) for p in parts]], ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _trx_re(provider: str) -> re.Pattern[str]:
    return re.compile(f"(?:{TRX_SHAPES[provider]})", re.ASCII)


def to_poisha(figure: str) -> int:
    """ "1,500.5" -> 150050, exactly."""
    whole, _, frac = figure.replace(",", "").partition(".")
    return int(whole or "0") * 100 + int(frac.ljust(2, "0"))


def tokens(text: str, provider: str) -> list[Token]:
    """The words of `clean(text)` a slot can take: TrxID-shaped ones and figures."""
    shape = _trx_re(provider)
    found = []
    for m in _TOKEN.finditer(clean(text)[:MAX_TEXT]):
        value = m.group()
        trx = shape.fullmatch(value) is not None and not _PHONE_TOKEN.fullmatch(value)
        money = _MONEY_RE.fullmatch(value) is not None and not _PHONE_TOKEN.fullmatch(value)
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
            _trx_re(provider).fullmatch(value)
            and not _PHONE_TOKEN.fullmatch(value)
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


def _checked(text: str, provider: str, marks: Marks) -> list[tuple[str, str]]:
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


def _generalised(segment: str) -> list[Part]:
    """The parts of unmarked text: whitespace optional, numbers and codes generalised."""
    parts: list[Part] = []
    pos = 0
    for m in _SCAN.finditer(segment):
        if m.start() > pos:
            parts.append((LIT, segment[pos : m.start()]))
        pos = m.end()
        if m["space"]:
            parts.append((SPACE, ""))
        elif _PHONE_TOKEN.fullmatch(m.group().lstrip("+")):
            parts.append((PHONE, ""))
        elif m["num"]:
            parts.append((NUM, ""))
        elif split := _LETTERS_THEN_DIGITS.fullmatch(m.group()):
            parts += [(LIT, split[1]), (NUM, "")]  # "Tk500", "INV1042": the label stays
        else:
            parts.append((CODE, ""))
    if pos < len(segment):
        parts.append((LIT, segment[pos:]))
    return parts


def _merged(parts: list[Part]) -> tuple[Part, ...]:
    """Adjacent literals joined; a second phone number is a plain code (one counterparty)."""
    out: list[Part] = []
    phones = 0
    for kind, text in parts:
        if kind == PHONE:
            phones += 1
            kind = PHONE if phones == 1 else CODE
        if kind == LIT and out and out[-1][0] == LIT:
            out[-1] = (LIT, out[-1][1] + text)
        elif not (kind == SPACE and out and out[-1][0] == SPACE):
            out.append((kind, text))
    return tuple(out)


def teach(text: str, provider: str, marks: Marks) -> Wording:
    """The wording of a message and the merchant's marks; WordingProblem when they make none,
    including when the wording would not read its own message back with the marked values."""
    text = clean(text)
    problems = _checked(text, provider, marks)
    if problems:
        raise WordingProblem(problems)
    parts: list[Part] = []
    pos = 0
    for slot, span in sorted(marks.spans().items(), key=lambda item: item[1].start):
        parts += _generalised(text[pos : span.start])
        parts.append((slot, ""))
        pos = span.end
    parts += _generalised(text[pos:])
    if marks.party is not None:  # a named counterparty: no phone number stands for it
        parts = [(CODE, "") if kind == PHONE else (kind, t) for kind, t in parts]
    wording = Wording(provider, marks.direction, marks.kind, _merged(parts))
    if not _reads_back(wording, text, marks):
        raise WordingProblem([("marks", "not_read_back")])
    return wording


def expected(text: str, provider: str, marks: Marks) -> Reading:
    """The reading the marks say a clean text holds (a counterparty only when one is marked)."""

    def money(span: Span | None) -> int | None:
        return None if span is None else to_poisha(span.text(text))

    return Reading(
        provider=provider,
        direction=marks.direction,
        kind=marks.kind,
        trx_id=marks.trx.text(text).upper(),
        amount_poisha=to_poisha(marks.amount.text(text)),
        fee_poisha=money(marks.fee) or 0,
        balance_poisha=money(marks.balance),
        counterparty=marks.party.text(text).strip() if marks.party else None,
    )


def _reads_back(wording: Wording, text: str, marks: Marks) -> bool:
    """The wording reads its own message with exactly the marked values (a phone number it
    found is the wording's own, not a mark)."""
    got = read(wording, text)
    if got is None:
        return False
    if marks.party is None:
        got = replace(got, counterparty=None)
    return got == expected(text, wording.provider, marks)


@lru_cache(maxsize=1024)
def compiled(provider: str, parts: tuple[Part, ...]) -> re.Pattern[str]:
    """The regular expression of a wording's parts (cached: a worker reads with the same few)."""
    out = []
    for kind, text in parts:
        if kind == LIT:
            out.append(re.escape(text))
        elif kind == "trx":
            out.append(f"(?<![A-Za-z0-9])(?P<trx>{TRX_SHAPES[provider]})(?![A-Za-z0-9])")
        else:
            out.append(_PATTERNS[kind])
    return re.compile("".join(out), re.ASCII)


def read(wording: Wording, text: str) -> Reading | None:
    """What `wording` reads from `text`, or None when the whole text does not fit it."""
    return _read_clean(wording, clean(text))


def _read_clean(wording: Wording, text: str) -> Reading | None:
    if len(text) > MAX_TEXT:
        return None
    m = wording.pattern.fullmatch(text)
    if m is None:
        return None
    found = m.groupdict()
    amount = to_poisha(found["amount"])
    if amount <= 0:
        return None
    party = found.get("party")
    return Reading(
        provider=wording.provider,
        direction=wording.direction,
        kind=wording.kind,
        trx_id=found["trx"].upper(),
        amount_poisha=amount,
        fee_poisha=to_poisha(found["fee"]) if found.get("fee") else 0,
        balance_poisha=to_poisha(found["balance"]) if found.get("balance") else None,
        counterparty=party.strip() if party else found.get("phone"),
    )


def read_any(wordings: list[Wording], text: str) -> Reading | None:
    """The one reading the wordings agree on; None when none reads the text, or when two read
    it differently (never guessed)."""
    text = clean(text)
    readings = {r for w in wordings if (r := _read_clean(w, text)) is not None}
    return readings.pop() if len(readings) == 1 else None


@dataclass(frozen=True)
class TaughtWording:
    """A wording as stored: whose it is, whether the operator made it apply to every account,
    who taught it and when."""

    id: str
    account_id: str
    """The account it was taught in (it applies there, and everywhere once global)."""
    wording: Wording
    created_by: str
    """The teacher's e-mail address, or "operator"."""
    created_at: datetime
    source_message_id: str | None = None
    everywhere: bool = False
    """Made global by the operator: it reads every account's messages."""
    made_global_at: datetime | None = None
