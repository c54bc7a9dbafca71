"""Wordings a merchant teaches from a message no rule read: the message's literal text with the
marked values (TrxID, amount, fee, balance, the counterparty's name) as typed slots, every other
number generalised, whitespace optional; and the matcher that reads a later text with it.

Pure: values in, values out. Offsets ("spans") are into `clean(text)`, the text the portal shows
as tokens to choose from. A wording reads a text only when the whole text fits it
(`re.fullmatch`), so no literal word of the taught message may be missing or changed.

Matching is linear in the text, whatever a merchant teaches and whatever text arrives (issue 33:
a greedy number next to a literal "." split "1.1.1..." over ten slots in exponentially many
ways). Every part but the counterparty's name is an atomic group (spaces a possessive run), so
at a given position it matches in at most one way, its longest, and the engine never comes back
into it: a literal is fixed, and each generalised part is a maximal run fenced by lookarounds
(the same run `_SCAN` cut from the taught message, which is why a wording still reads texts of
its shape). The one choice point is the name (`party`, at most one, PARTY_MAX characters), so a
match costs at most PARTY_MAX passes over the text, each a single left-to-right walk; texts and
wordings are bounded too (MAX_TEXT characters, MAX_PARTS slots, checked when taught).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from functools import cached_property, lru_cache

from claimsvc.domain.trx_ids import TRX_SHAPES
from claimsvc.domain.wording_marks import (
    CREDIT_KINDS,
    DEBIT_KINDS,
    KINDS,
    MAX_PARTS,
    MAX_TEXT,
    MONEY,
    PARTY_MAX,
    PHONE_TOKEN,
    Marks,
    Span,
    Token,
    WordingProblem,
    clean,
    problems,
    to_poisha,
    tokens,
)

__all__ = [
    "CREDIT_KINDS",
    "DEBIT_KINDS",
    "KINDS",
    "MAX_PARTS",
    "MAX_TEXT",
    "TRX_SHAPES",
    "Marks",
    "Reading",
    "Span",
    "TaughtWording",
    "Token",
    "Wording",
    "WordingProblem",
    "agreed",
    "clean",
    "compiled",
    "each_reading",
    "read",
    "read_any",
    "teach",
    "to_poisha",
    "tokens",
]

# Part types: a literal, optional whitespace, a generalised number / code / phone number, or a
# marked slot (VALUE_SLOTS).
LIT, SPACE, NUM, CODE, PHONE = "lit", "space", "num", "code", "phone"
_PATTERNS = {
    SPACE: r"\s*+",
    NUM: r"(?>(?<![0-9])[0-9]+(?:[,.][0-9]+)*(?![0-9]))",
    CODE: r"(?>(?<![A-Za-z0-9*+])\+?[A-Za-z0-9*]+(?![A-Za-z0-9*]))",
    PHONE: r"(?>(?<![A-Za-z0-9*+])(?P<phone>\+?[0-9][0-9Xx*]{5,15})(?![A-Za-z0-9*]))",
    "amount": rf"(?>(?<![0-9.,])(?P<amount>{MONEY})(?![0-9]))",
    "fee": rf"(?>(?<![0-9.,])(?P<fee>{MONEY})(?![0-9]))",
    "balance": rf"(?>(?<![0-9.,])(?P<balance>{MONEY})(?![0-9]))",
    "party": rf"(?P<party>[^\n]{{1,{PARTY_MAX}}}?)",
}
"""Each part's expression: atomic, so it never backtracks once matched (the name excepted)."""
# Generalisable runs, tried in this order: whitespace, a number with its separators, a run of
# letters and digits (with a masking '*') that holds a digit.
_SCAN = re.compile(
    r"(?P<space>\s+)"
    r"|(?P<num>(?<![A-Za-z0-9*])[0-9]+(?:[,.][0-9]+)*(?![A-Za-z0-9*]))"
    r"|(?P<run>[A-Za-z0-9*+]*[0-9][A-Za-z0-9*]*)",
    re.ASCII,
)
_LETTERS_THEN_DIGITS = re.compile(r"([A-Za-z]+)([0-9]+)", re.ASCII)


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
        elif PHONE_TOKEN.fullmatch(m.group().lstrip("+")):
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
    found = problems(text, provider, marks)
    if found:
        raise WordingProblem(found)
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
    if sum(kind not in (LIT, SPACE) for kind, _ in wording.parts) > MAX_PARTS:
        raise WordingProblem([("text", "too_many_parts")])
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
            out.append(f"(?>(?<![A-Za-z0-9])(?P<trx>{TRX_SHAPES[provider]})(?![A-Za-z0-9]))")
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
    return agreed(each_reading(wordings, text))


def each_reading(wordings: list[Wording], text: str) -> Iterator[Reading | None]:
    """What each wording reads from `text`, one at a time (a caller serving others may pause
    between them)."""
    text = clean(text)
    for wording in wordings:
        yield _read_clean(wording, text)


def agreed(readings: Iterable[Reading | None]) -> Reading | None:
    """The one reading among the wordings' (None: none, or two that differ)."""
    found = {r for r in readings if r is not None}
    return found.pop() if len(found) == 1 else None


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
    rereading: bool = False
    """The stored messages it may read are still being handed to the SMS worker again (the
    worker does it in batches after the wording is saved, never the request that saved it)."""
    reread: int = 0
    """Stored messages handed to the SMS worker again for it so far."""
