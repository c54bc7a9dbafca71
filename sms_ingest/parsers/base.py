"""Shared types, text normalisation and the rule engine for the wallet SMS parsers.

Everything here is pure: values in, values out, no I/O and no logging.

Failed and reversed transactions are reported as PARSED with ``failed=True`` when the message
carries a TrxID (so a claim citing that TrxID can be refused), and as IGNORED with reason
"failed" when it does not. Either way the balance chain must not move money for them. For a
reversal, ``trx_id`` is the reversed transaction's id and ``direction`` is the way the reversal
itself moves money (a reversed incoming payment is a DEBIT).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    """What the message is."""

    CREDIT_RECEIVED = "received"
    CASH_IN = "cash_in"
    PAYMENT_RECEIVED = "payment_received"
    SEND_MONEY = "send_money"
    CASH_OUT = "cash_out"
    PAYMENT = "payment"
    MOBILE_RECHARGE = "mobile_recharge"
    BANK_TRANSFER = "bank_transfer"
    REVERSAL = "reversal"


class Direction(StrEnum):
    """Which way the money moved for the wallet that got the SMS."""

    CREDIT = "credit"
    DEBIT = "debit"


class Result(StrEnum):
    """What the parser made of a message."""

    PARSED = "parsed"
    IGNORED = "ignored"
    UNPARSED = "unparsed"
    SUSPECT = "suspect"


@dataclass(frozen=True, slots=True)
class ParsedSms:
    """One wallet transaction read from an SMS; money in integer poisha."""

    provider: str
    kind: Kind
    direction: Direction
    trx_id: str
    amount_poisha: int
    fee_poisha: int
    balance_poisha: int | None
    counterparty: str | None
    occurred_at: str | None
    failed: bool = False
    commission_poisha: int = 0
    """An agent's commission credited together with the transaction (a cash-out received)."""


@dataclass(frozen=True, slots=True)
class ParseOutcome:
    """The verdict on one message; ``parsed`` is set only when ``result`` is PARSED."""

    result: Result
    provider: str | None
    parsed: ParsedSms | None
    reason: str | None


# Longest text we try: ten concatenated SMS parts are ~1,600 characters; anything far longer is
# not a wallet SMS, and bounding it keeps the lazy patterns below linear in practice.
MAX_TEXT = 4096

# Look-alikes that NFKC leaves alone. Fullwidth forms need no entry: NFKC already maps them.
_LOOKALIKES = {
    "\N{CYRILLIC CAPITAL LETTER A}": "A", "\N{CYRILLIC CAPITAL LETTER VE}": "B",
    "\N{CYRILLIC CAPITAL LETTER ES}": "C", "\N{CYRILLIC CAPITAL LETTER IE}": "E",
    "\N{CYRILLIC CAPITAL LETTER EN}": "H",
    "\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}": "I",
    "\N{CYRILLIC CAPITAL LETTER JE}": "J", "\N{CYRILLIC CAPITAL LETTER KA}": "K",
    "\N{CYRILLIC CAPITAL LETTER EM}": "M", "\N{CYRILLIC CAPITAL LETTER O}": "O",
    "\N{CYRILLIC CAPITAL LETTER ER}": "P", "\N{CYRILLIC CAPITAL LETTER DZE}": "S",
    "\N{CYRILLIC CAPITAL LETTER TE}": "T", "\N{CYRILLIC CAPITAL LETTER HA}": "X",
    "\N{CYRILLIC CAPITAL LETTER U}": "Y", "\N{CYRILLIC CAPITAL LETTER KOMI DE}": "D",
    "\N{CYRILLIC CAPITAL LETTER QA}": "Q", "\N{CYRILLIC CAPITAL LETTER WE}": "W",
    "\N{CYRILLIC SMALL LETTER A}": "a", "\N{CYRILLIC SMALL LETTER ES}": "c",
    "\N{CYRILLIC SMALL LETTER IE}": "e", "\N{CYRILLIC SMALL LETTER SHHA}": "h",
    "\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}": "i", "\N{CYRILLIC SMALL LETTER JE}": "j",
    "\N{CYRILLIC SMALL LETTER O}": "o", "\N{CYRILLIC SMALL LETTER ER}": "p",
    "\N{CYRILLIC SMALL LETTER DZE}": "s", "\N{CYRILLIC SMALL LETTER HA}": "x",
    "\N{CYRILLIC SMALL LETTER U}": "y", "\N{CYRILLIC SMALL LETTER KOMI DE}": "d",
    "\N{CYRILLIC SMALL LETTER QA}": "q", "\N{CYRILLIC SMALL LETTER WE}": "w",
    "\N{CYRILLIC SMALL LETTER PALOCHKA}": "l", "\N{GREEK CAPITAL LETTER ALPHA}": "A",
    "\N{GREEK CAPITAL LETTER BETA}": "B", "\N{GREEK CAPITAL LETTER EPSILON}": "E",
    "\N{GREEK CAPITAL LETTER ZETA}": "Z", "\N{GREEK CAPITAL LETTER ETA}": "H",
    "\N{GREEK CAPITAL LETTER IOTA}": "I", "\N{GREEK CAPITAL LETTER KAPPA}": "K",
    "\N{GREEK CAPITAL LETTER MU}": "M", "\N{GREEK CAPITAL LETTER NU}": "N",
    "\N{GREEK CAPITAL LETTER OMICRON}": "O", "\N{GREEK CAPITAL LETTER RHO}": "P",
    "\N{GREEK CAPITAL LETTER TAU}": "T", "\N{GREEK CAPITAL LETTER UPSILON}": "Y",
    "\N{GREEK CAPITAL LETTER CHI}": "X", "\N{GREEK SMALL LETTER OMICRON}": "o",
    "\N{GREEK SMALL LETTER NU}": "v", "\N{GREEK SMALL LETTER ALPHA}": "a",
    "\N{GREEK SMALL LETTER IOTA}": "i", "\N{GREEK SMALL LETTER KAPPA}": "k",
    "\N{GREEK SMALL LETTER RHO}": "p", "\N{GREEK SMALL LETTER TAU}": "t",
    "\N{GREEK SMALL LETTER UPSILON}": "u", "\N{GREEK SMALL LETTER CHI}": "x",
}
_FOLD = str.maketrans(
    {
        **_LOOKALIKES,
        # Bengali digits are real digits, not look-alikes: map each to its value.
        **{chr(0x09E6 + i): str(i) for i in range(10)},
        # Invisible characters a forwarder (or a forger) can slip between letters.
        **dict.fromkeys(["\u00ad", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"]),
    }
)

# A lost line break glues a value to the next label ("01712345678Ref:"); put the space back.
# Case-sensitive on purpose: providers print labels capitalised, and an IGNORECASE alternation
# tried at every position was the slowest step of a parse.
_LABEL_GAP = re.compile(
    r"(?<=\S)(?=(?:Amount|Sender|Receiver|Ref|Reference|Uddokta|Agent|Customer|Merchant|Mobile"
    r"|Bank|Charge|Fee|Balance|T(?:rx|xn) ?I[Dd]|T(?:RX|XN) ?ID|Date|Time|Reason|A/C)\s?:)",
    re.ASCII,
)


def fold(text: str) -> str:
    """NFKC-normalise, map look-alike letters and digits to ASCII, drop invisible characters."""
    if text.isascii():
        return text
    return unicodedata.normalize("NFKC", text).translate(_FOLD)


def normalise(text: str) -> str:
    """Fold, collapse every whitespace run to one space and re-split glued labels."""
    return _LABEL_GAP.sub(" ", " ".join(fold(text).split()))


FLAGS = re.IGNORECASE | re.ASCII

# Currency marker as printed: "Tk 5", "Tk5", "Tk. 5", "Tk.5", "BDT 5", "Taka 5", "৳5".
TK = r"(?:Tk\.?|BDT|Taka|৳)\s?"
# At most 16 digits with optional single separators, at most two decimals: a longer digit run
# is never an amount, and the cap also keeps int() far from its digit limit.
AMT = r"\d(?:,?\d){0,15}(?:\.\d{1,2})?"
MONEY = rf"{TK}(?P<amount>{AMT})"
# A phone number or account as printed, up to the next space or comma.
PARTY = r"(?P<party>[^\s,]+?)"
# A merchant or bank name: anything up to what the rule puts after it.
NAMED = r"(?P<party>.+?)"

TRX = re.compile(
    r"\b(?:Trx|Txn|Transaction)\s?ID\s?[:.#]?\s?(?P<trx>[A-Z0-9]{6,20})(?![A-Z0-9])", FLAGS
)
FEE = re.compile(rf"\b(?:Fee|Charge)\s?:?\s?{TK}(?P<fee>{AMT})", FLAGS)
BALANCE = re.compile(rf"\bBalance\s?:?\s?{TK}(?P<balance>{AMT})", FLAGS)
WHEN = re.compile(
    r"(?P<when>\d{1,2}[/-](?:\d{1,2}|[A-Z]{3})[/-]\d{2,4}"
    r"(?:,?\s\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AP]M\b)?)?)",
    FLAGS,
)
# Words that make a message from a real sender worth keeping when no rule matched.
PAYMENT_HINT = re.compile(r"\b(?:Tk|BDT|Taka|Trx\s?ID|Txn\s?ID)\b|৳", FLAGS)

_OTP = r"\b(?:OTP|verification code|one[- ]time (?:password|PIN)|security code|code is \d{4,8})\b"
_PROMOTION = (
    r"\b(?:cash ?back|offers?|discount|bonus|T&C|campaign|win|prizes?|coupon|rewards?|lucky"
    r"|\d+% off)\b"
)
DEFAULT_IGNORES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("otp", re.compile(_OTP, FLAGS)),
    ("promotion", re.compile(_PROMOTION, FLAGS)),
    ("balance_inquiry", re.compile(r"\bbalance (?:is|inquiry|enquiry)\b|\bcurrent balance", FLAGS)),
    ("failed", re.compile(r"\b(?:failed|unsuccessful|declined|reversed)\b", FLAGS)),
)


# What may precede a message's first word. Heads are anchored here because the payer writes
# the reference text: an unanchored head would find "You have received payment Tk 5,000" in a
# Tk 10 transfer's reference.
START = r"(?:<#>\s?)?(?:Dear (?:Valued )?(?:Customer|Sir|Madam|User)[,.!]?\s?)?"


def head(pattern: str) -> re.Pattern[str]:
    """Compile a rule's head, anchored at the start of the normalised message."""
    return re.compile(START + pattern, FLAGS)


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """The last match: the provider prints its own fields after any payer-written reference."""
    matches = list(pattern.finditer(text))
    return matches[-1] if matches else None


def to_poisha(amount: str) -> int:
    """Convert a printed amount such as "1,500.5" to integer poisha (150050), exactly."""
    whole, _, frac = amount.replace(",", "").partition(".")
    return int(whole) * 100 + int(frac.ljust(2, "0"))


@dataclass(frozen=True)
class Rule:
    """One message shape: a head pattern with an ``amount`` group, and what it means."""

    kind: Kind
    direction: Direction
    head: re.Pattern[str]
    failed: bool = False


@dataclass(frozen=True)
class Provider:
    """Everything the engine needs to read one provider's messages."""

    name: str
    rules: tuple[Rule, ...]
    ignores: tuple[tuple[str, re.Pattern[str]], ...] = DEFAULT_IGNORES


def outcome(result: Result, provider: str | None, reason: str) -> ParseOutcome:
    """A verdict that carries no transaction."""
    return ParseOutcome(result=result, provider=provider, parsed=None, reason=reason)


def _party(m: re.Match[str]) -> str | None:
    party = (m.groupdict().get("party") or "").strip(" .")
    return party or None


def _build(name: str, rule: Rule, m: re.Match[str], clean: str) -> ParsedSms | None:
    """Read the shared fields around a matched head; None when the TrxID is missing."""
    trx = _last(TRX, clean)
    if trx is None:
        return None
    fee = _last(FEE, clean)
    balance = _last(BALANCE, clean)
    when = _last(WHEN, clean)
    return ParsedSms(
        provider=name,
        kind=rule.kind,
        direction=rule.direction,
        trx_id=trx["trx"].upper(),
        amount_poisha=to_poisha(m["amount"]),
        fee_poisha=to_poisha(fee["fee"]) if fee else 0,
        balance_poisha=to_poisha(balance["balance"]) if balance else None,
        counterparty=_party(m),
        occurred_at=when["when"] if when else None,
        failed=rule.failed,
    )


def _leftover(provider: Provider, clean: str, head_matched: bool) -> ParseOutcome:
    """Classify a message no rule could read completely."""
    if head_matched:
        # Payment-shaped but incomplete: keep it for a parser update rather than ignore it.
        return outcome(Result.UNPARSED, provider.name, "no_trx_id")
    for reason, pattern in provider.ignores:
        if pattern.search(clean):
            return outcome(Result.IGNORED, provider.name, reason)
    if PAYMENT_HINT.search(clean):
        return outcome(Result.UNPARSED, provider.name, "no_pattern")
    return outcome(Result.IGNORED, provider.name, "not_payment")


def parse_normalised(provider: Provider, clean: str) -> ParseOutcome:
    """Run a provider's rules over text already passed through ``normalise``."""
    head_matched = False
    for rule in provider.rules:
        m = rule.head.match(clean)
        if m is None:
            continue
        parsed = _build(provider.name, rule, m, clean)
        if parsed is not None:
            return ParseOutcome(Result.PARSED, provider.name, parsed, None)
        if rule.failed:
            return outcome(Result.IGNORED, provider.name, "failed")
        head_matched = True
    return _leftover(provider, clean, head_matched)


def parse_with(provider: Provider, text: str) -> ParseOutcome:
    """Run a provider's rules over a message whose sender is already trusted."""
    if len(text) > MAX_TEXT:
        return outcome(Result.UNPARSED, provider.name, "too_long")
    return parse_normalised(provider, normalise(text))
