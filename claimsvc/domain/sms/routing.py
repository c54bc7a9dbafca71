"""Route an SMS to its provider's rules by sender id, and flag wallet look-alikes.

Only the real sender ids count as payment messages (each provider's spec lists them,
claimsvc/domain/providers.py): "bKash" (bkash), "NAGAD" (nagad), "16216" (rocket), "upay"
(upay), "IBBL .", "IBBL", "IslamiBank" and "CellFin" (cellfin); docs/sms-wordings.md gives
each one's evidence. bKash's
notice senders count only for the debits they report. They are matched after
trimming and case-folding only: no look-alike folding, because a sender id spelled with a
Cyrillic letter is exactly the forgery this check exists for.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from claimsvc.domain.providers.registry import ProviderSpec, on_register
from claimsvc.domain.sms.engine import (
    MAX_TEXT,
    MONEY,
    TRX,
    Direction,
    Kind,
    ParsedSms,
    ParseOutcome,
    ParserSpec,
    Result,
    normalise,
    outcome,
    parse_normalised,
    parse_with,
)

__all__ = [
    "PARSERS",
    "Direction",
    "Kind",
    "ParseOutcome",
    "ParsedSms",
    "Reader",
    "Result",
    "parse_sms",
    "providers_of",
    "real_sender",
]


@dataclass(frozen=True)
class Reader:
    """A registered provider's parser: its name, real sender ids and compiled rules."""

    NAME: str
    SENDER_IDS: frozenset[str]
    SPEC: ParserSpec

    def parse(self, text: str) -> ParseOutcome:
        """Parse a message already known to come from this provider."""
        return parse_with(self.SPEC, text)


PARSERS: list[Reader] = []
"""One parser per registered provider spec, in the specs' order."""
_BY_SENDER: dict[str, tuple[Reader, ...]] = {}
_NOTICE: dict[str, tuple[Reader, str]] = {}
"""A provider's notice sender -> its parser and the reason its other messages are ignored."""
_BRAND: list[re.Pattern[str]] = []
"""The registered providers' names as words of a text (one pattern, rebuilt on a change)."""


def _rebrand() -> None:
    names = "|".join(re.escape(p.NAME) for p in PARSERS)
    _BRAND[:] = [re.compile(rf"\b({names})\b", re.IGNORECASE | re.ASCII)]


def _reader(spec: ProviderSpec) -> Reader:
    if not spec.rules:
        raise ValueError(f"provider {spec.name!r} has no parse rules: give its spec its rules")
    return Reader(spec.name, spec.sender_ids, ParserSpec(spec.name, spec.rules))


def _add(spec: ProviderSpec) -> Callable[[], None]:
    """Route a registered provider's senders to its parser (`providers.on_register`)."""
    reader = _reader(spec)
    PARSERS.append(reader)
    for sender in spec.sender_ids:
        _BY_SENDER[sender] = (*_BY_SENDER.get(sender, ()), reader)
    for sender, reason in spec.notice_senders.items():
        _NOTICE[sender] = (reader, reason)
    _rebrand()

    def remove() -> None:
        PARSERS.remove(reader)
        for sender in spec.sender_ids:
            _BY_SENDER[sender] = tuple(r for r in _BY_SENDER[sender] if r is not reader)
            if not _BY_SENDER[sender]:
                del _BY_SENDER[sender]
        for sender in spec.notice_senders:
            _NOTICE.pop(sender, None)
        _rebrand()

    return remove


on_register(_add)


_MONEY = re.compile(MONEY, re.IGNORECASE | re.ASCII)


def _from_trusted(modules: tuple[Reader, ...], text: str) -> ParseOutcome:
    """Parse with the sender's provider; if the sender is shared, the first that parses wins."""
    outcomes: list[ParseOutcome] = [module.parse(text) for module in modules]
    for wanted in (Result.PARSED, Result.UNPARSED):
        for found in outcomes:
            if found.result is wanted:
                return found
    return outcomes[0]


def _imitated(clean: str) -> tuple[bool, str | None]:
    """Whether a text passes for a wallet payment, and the wallet it names or imitates.

    It does when a wallet's parser would take it, when it has a TrxID and an amount, or when it
    opens like a wallet's transaction with an amount even without a TrxID (the "Cash In Tk
    10,200.00 from 017XXXXXXXX. Successful." scam texts sent from personal numbers)."""
    money = _MONEY.search(clean) is not None
    if not money and TRX.search(clean) is None:
        return False, None  # no amount and no TrxID: nothing here could pass for a payment
    brand = _BRAND[0].search(clean)
    if brand and money:
        return True, brand[1].lower()  # the answer the parses below would give: skip them
    fooled = [m.NAME for m in PARSERS if parse_normalised(m.SPEC, clean).parsed is not None]
    if not fooled and money:
        fooled = [m.NAME for m in PARSERS if m.SPEC.titles.search(clean)]
    named = brand[1].lower() if brand else (fooled[0] if fooled else None)
    return bool(fooled) or (money and TRX.search(clean) is not None), named


def _from_stranger(text: str) -> ParseOutcome:
    """Flag a wallet-looking text from a sender no wallet uses; ignore anything else."""
    if len(text) > MAX_TEXT:
        return outcome(Result.IGNORED, None, "too_long")
    looks_paid, named = _imitated(normalise(text))
    if looks_paid:
        return outcome(Result.SUSPECT, named, "unknown_sender")
    return outcome(Result.IGNORED, None, "not_wallet")


def providers_of(sender: str) -> tuple[str, ...]:
    """The providers `sender` is a real transaction sender id of (trimmed and case-folded)."""
    return tuple(reader.NAME for reader in _BY_SENDER.get(sender.strip().casefold(), ()))


def real_sender(sender: str) -> bool:
    """Whether `sender` is one of a provider's real transaction sender ids (not a notice
    sender, a stranger or a look-alike)."""
    return sender.strip().casefold() in _BY_SENDER


def _route(sender: str, text: str) -> ParseOutcome:
    key = sender.strip().casefold()
    modules = _BY_SENDER.get(key)
    if modules:
        return _from_trusted(modules, text)
    if key in _NOTICE:
        return _from_notice_sender(key, text)
    return _from_stranger(text)


def _voids(parsed: ParsedSms) -> bool:
    """A failure or a reversal: it takes back another transaction rather than paying."""
    return parsed.failed or parsed.kind is Kind.REVERSAL


def _from_notice_sender(key: str, text: str) -> ParseOutcome:
    """A provider's notice senders (bKash's: claimsvc/domain/providers.py) confirm some
    payments the owner made (bills, from "bKashNotice")
    but never money received: a payment they report is kept, since a missed debit breaks the
    wallet's balance chain. Anything else is ignored, reversals and failures included, so a
    look-alike of them can neither credit a wallet, nor void a recorded payment, nor raise a
    false alarm."""
    reader, reason = _NOTICE[key]
    found = reader.parse(text)
    paid = found.parsed
    if paid is not None and paid.direction is Direction.DEBIT and not _voids(paid):
        return found
    return outcome(Result.IGNORED, reader.NAME, reason)


def parse_sms(sender: str, text: str) -> ParseOutcome:
    """Classify and parse one SMS; never raises."""
    try:
        return _route(sender, text)
    except Exception:
        # A parser bug must cost one message a review, never the intake: keep it as UNPARSED.
        return outcome(Result.UNPARSED, None, "parser_error")
