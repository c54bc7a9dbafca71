"""The rule engine of the SMS reading: its records, text normalisation, and a provider's rules run
over a message (each provider's rules are in its spec, `claimsvc/domain/providers/<name>.py`).

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
from dataclasses import dataclass, field

from claimsvc.domain.movements import Direction, Kind, Result

__all__ = ["Direction", "Kind", "Result"]  # the vocabulary's home is claimsvc.domain.movements


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
    parsed_by: str = "rule"


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
    "\N{CYRILLIC CAPITAL LETTER A}": "A",
    "\N{CYRILLIC CAPITAL LETTER VE}": "B",
    "\N{CYRILLIC CAPITAL LETTER ES}": "C",
    "\N{CYRILLIC CAPITAL LETTER IE}": "E",
    "\N{CYRILLIC CAPITAL LETTER EN}": "H",
    "\N{CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I}": "I",
    "\N{CYRILLIC CAPITAL LETTER JE}": "J",
    "\N{CYRILLIC CAPITAL LETTER KA}": "K",
    "\N{CYRILLIC CAPITAL LETTER EM}": "M",
    "\N{CYRILLIC CAPITAL LETTER O}": "O",
    "\N{CYRILLIC CAPITAL LETTER ER}": "P",
    "\N{CYRILLIC CAPITAL LETTER DZE}": "S",
    "\N{CYRILLIC CAPITAL LETTER TE}": "T",
    "\N{CYRILLIC CAPITAL LETTER HA}": "X",
    "\N{CYRILLIC CAPITAL LETTER U}": "Y",
    "\N{CYRILLIC CAPITAL LETTER KOMI DE}": "D",
    "\N{CYRILLIC CAPITAL LETTER QA}": "Q",
    "\N{CYRILLIC CAPITAL LETTER WE}": "W",
    "\N{CYRILLIC SMALL LETTER A}": "a",
    "\N{CYRILLIC SMALL LETTER ES}": "c",
    "\N{CYRILLIC SMALL LETTER IE}": "e",
    "\N{CYRILLIC SMALL LETTER SHHA}": "h",
    "\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}": "i",
    "\N{CYRILLIC SMALL LETTER JE}": "j",
    "\N{CYRILLIC SMALL LETTER O}": "o",
    "\N{CYRILLIC SMALL LETTER ER}": "p",
    "\N{CYRILLIC SMALL LETTER DZE}": "s",
    "\N{CYRILLIC SMALL LETTER HA}": "x",
    "\N{CYRILLIC SMALL LETTER U}": "y",
    "\N{CYRILLIC SMALL LETTER KOMI DE}": "d",
    "\N{CYRILLIC SMALL LETTER QA}": "q",
    "\N{CYRILLIC SMALL LETTER WE}": "w",
    "\N{CYRILLIC SMALL LETTER PALOCHKA}": "l",
    "\N{GREEK CAPITAL LETTER ALPHA}": "A",
    "\N{GREEK CAPITAL LETTER BETA}": "B",
    "\N{GREEK CAPITAL LETTER EPSILON}": "E",
    "\N{GREEK CAPITAL LETTER ZETA}": "Z",
    "\N{GREEK CAPITAL LETTER ETA}": "H",
    "\N{GREEK CAPITAL LETTER IOTA}": "I",
    "\N{GREEK CAPITAL LETTER KAPPA}": "K",
    "\N{GREEK CAPITAL LETTER MU}": "M",
    "\N{GREEK CAPITAL LETTER NU}": "N",
    "\N{GREEK CAPITAL LETTER OMICRON}": "O",
    "\N{GREEK CAPITAL LETTER RHO}": "P",
    "\N{GREEK CAPITAL LETTER TAU}": "T",
    "\N{GREEK CAPITAL LETTER UPSILON}": "Y",
    "\N{GREEK CAPITAL LETTER CHI}": "X",
    "\N{GREEK SMALL LETTER OMICRON}": "o",
    "\N{GREEK SMALL LETTER NU}": "v",
    "\N{GREEK SMALL LETTER ALPHA}": "a",
    "\N{GREEK SMALL LETTER IOTA}": "i",
    "\N{GREEK SMALL LETTER KAPPA}": "k",
    "\N{GREEK SMALL LETTER RHO}": "p",
    "\N{GREEK SMALL LETTER TAU}": "t",
    "\N{GREEK SMALL LETTER UPSILON}": "u",
    "\N{GREEK SMALL LETTER CHI}": "x",
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

# A lost line break glues a value to the next label ("01712345678Ref:", "Tk 8.61Balance:",
# "100.13TrxID") or a TxnID or an amount to the date after it ("73BQ4DFR23/10/2024",
# "BDT 1,500.0021-11-2026": the wallets print the day with two digits); put the space back.
# CellFin prints some messages in capitals ("FROM:", "TO:", "AMOUNT:"), hence those three.
# Case-sensitive on purpose: providers print labels capitalised, and an IGNORECASE
# alternation tried at every position was the slowest step.
_LABEL_GAP = re.compile(
    # The first lookahead (each label's first letter, or a digit) rejects most positions early.
    r"(?<=\S)(?=[ABCDFMNPRSTU\d])(?=(?:Amount|Amt|Sender|Receiver|Ref|Reference|Uddokta|Agent|Customer|Merchant"
    r"|Mobile|Bank|Charge|Fee|Comm|Balance|Bal|NetBal|T(?:rx|xn|rnx) ?I[Dd]|T(?:RX|XN) ?ID|Date"
    r"|Time|Reason|A/C|From|Purpose|Biller|MMYYYY|AMOUNT|FROM|TO|Total(?: amount)?)\s?:"
    r"|T(?:rx|xn)I[Dd]\b"
    r"|\d\d[/-]\d\d[/-]\d{4}\b)",
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
# At most 16 digits with optional single separators, at most two decimals (".00" alone is how
# Rocket prints a zero fee): a longer digit run is never an amount, the cap keeps int() far from
# its digit limit, and two decimals keep a balance apart from a date glued to it
# ("Balance: Tk 65981.1025/06/2023").
AMT = r"(?:\d(?:,?\d){0,15}(?:\.\d{1,2})?|\.\d{1,2})"
MONEY = rf"{TK}(?P<amount>{AMT})"
# A phone number or account as printed, up to the next space or comma.
PARTY = r"(?P<party>[^\s,]+?)"
# A merchant or bank name: anything (bounded) up to what the rule puts after it.
NAMED = r"(?P<party>.{1,80}?)"

# Labels are matched case-sensitively (each provider prints them capitalised, as below): that
# lets the regex engine skip ahead to a label's first letter, which halves a parse's cost.
CS = re.ASCII
TRX = re.compile(
    r"\b(?:T(?:rx|xn|rnx|RX|XN|RNX)|Transaction)\s?I[Dd]\s?[:.#]?\s?(?P<trx>[A-Za-z0-9]{6,20})"
    r"(?![A-Za-z0-9])",
    CS,
)
# Currency as the labelled fields print it (the titles match any case): "Tk", "TK." (Upay).
_TK_LABEL = r"(?:T[Kk]\.?|BDT|Taka|৳)\s?"
# A label then a currency, a colon, or both: "Balance 22/11" (a date after "Insufficient
# balance") is no balance. Fee and commission may be printed without a currency ("Fee:3.60").
_VALUE = rf"\s?(?::\s?(?:{_TK_LABEL})?|{_TK_LABEL})"
# Fee, commission and balance in one pass (the last of each counts, see ``_last_fields``); a
# commission with up to six decimals (Upay prints "Comm: TK. 16.1343"), rounded to poisha by
# ``commission_to_poisha``.
FIELDS = re.compile(
    rf"\b(?:(?:Fee|Charge){_VALUE}(?P<fee>{AMT})(?![\d/])"
    rf"|Comm(?:ission)?\s?:?\s?(?:{_TK_LABEL})?(?P<comm>\d(?:,?\d){{0,15}}(?:\.\d{{1,6}})?)"
    rf"|(?:Balance|Bal|NetBal)(?: is)?{_VALUE}(?P<balance>{AMT}))",
    CS,
)
AMOUNT_LABEL = re.compile(
    rf"\b(?:Amount|Amt|Total(?: amount)?)\s?:?\s?(?:{TK})?(?P<amount>{AMT})", FLAGS
)
# The party of a "Label: value" wording (Nagad, bKash bills): the value runs to the next
# capitalised label or the end; case-sensitive so "to" or "from" in a name does not stop it.
PARTY_LABEL = re.compile(
    r"\b(?:Sender|Receiver|Customer|Uddokta|Agent|Mobile|From|Biller|Merchant|Distributor)"
    r" ?: ?(?P<party>[^ ].{0,79}?)(?: (?=[A-Z][A-Za-z/]{1,20} ?:)|$)",
    re.ASCII,
)
# A date never starts inside a longer number: a forwarder's "2026-08-11 21:06:08" receive time
# after a message that states no date of its own is not "26-08-11" (docs/sms-wordings.md).
WHEN = re.compile(
    r"(?<!\d)(?P<when>\d{1,2}[/-](?:\d{1,2}|[A-Z]{3})[/-]\d{2,4}"
    r"(?:,?\s\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AP]M\b)?)?)",
    FLAGS,
)
# Where the payer's own words start: everything from here on may be forged, so the kind, the
# amount and the party are read only before it (the provider prints them first), and the TrxID,
# fee and balance are read from their last occurrence (the provider prints them after it).
PAYER_TEXT = re.compile(r"\b(?:Ref(?:erence)?(?: ?No)?|Purpose)\b", CS)
# Words that make a message from a real sender worth keeping when no rule matched.
PAYMENT_HINT = re.compile(r"\b(?:Tk|BDT|Taka|Trx\s?ID|Txn\s?ID)\b|৳", FLAGS)

_OTP = (
    r"\b(?:OTP|verification code|one[- ]time (?:password|PIN)|security code|code is \d{4,8}"
    r"|OTP/Code)\b"
)
_PROMOTION = (
    # The lookahead (the words' first letters) rejects most positions before the alternation.
    r"\b(?=[bcdlo-tw\d])(?:cash ?back|offers?|discount|bonus|T&C|TCA|campaign|win|prizes?"
    r"|coupon|rewards?|lucky|\d+% off)\b"
)
# Android's SMS Retriever format opens a verification message with "<#>" (and ends it with the
# app's 11-character hash): whatever the code is called, the message is one.
_RETRIEVER = r"(?<!\S)<#>"
DEFAULT_IGNORES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("otp", re.compile(f"{_OTP}|{_RETRIEVER}", FLAGS)),
    ("promotion", re.compile(_PROMOTION, FLAGS)),
    (
        "balance_inquiry",
        re.compile(r"\bbalance (?:is|inquiry|enquiry|of your)\b|\bcurrent balance", FLAGS),
    ),
    ("failed", re.compile(r"\b(?:failed|unsuccessful|declined|reversed)\b", FLAGS)),
)


def head(pattern: str) -> re.Pattern[str]:
    """Compile a rule's title pattern (searched anywhere before the payer's text)."""
    return re.compile(pattern, FLAGS)


def _last(
    pattern: re.Pattern[str], text: str, pos: int = 0, endpos: int | None = None
) -> re.Match[str] | None:
    """The last match: the provider prints its own fields after any payer-written reference."""
    found = None
    end = len(text) if endpos is None else endpos
    for found in pattern.finditer(text, pos, end):  # noqa: B007 - the loop keeps the last
        pass
    return found


def _last_fields(text: str) -> tuple[str | None, str | None, str | None]:
    """The last fee, commission and balance printed: the provider prints its own after any
    payer-written reference."""
    fee = commission = balance = None
    for m in FIELDS.finditer(text):
        fee = m["fee"] or fee
        commission = m["comm"] or commission
        balance = m["balance"] or balance
    return fee, commission, balance


def to_poisha(amount: str) -> int:
    """Convert a printed amount such as "1,500.5" to integer poisha (150050), exactly."""
    whole, _, frac = amount.replace(",", "").partition(".")
    return int(whole or "0") * 100 + int(frac.ljust(2, "0"))


def commission_to_poisha(amount: str) -> int:
    """A commission printed with up to six decimals, in poisha rounded half up.

    Upay prints commissions such as "16.1343" (a rate applied to the amount); a wallet balance
    only ever holds whole poisha, so the fraction is rounded to the nearest poisha, half up
    (the commercial convention). docs/decisions.md ("Commission decimals") says why.
    """
    whole, _, frac = amount.replace(",", "").partition(".")
    frac = frac.ljust(2, "0")
    poisha = int(whole or "0") * 100 + int(frac[:2])
    rest = frac[2:]
    return poisha + 1 if rest and int(rest[0]) >= 5 else poisha


@dataclass(frozen=True)
class Rule:
    """One message title, and what it means.

    ``head`` finds the title; its ``amount`` group (or else the first "Amount:" label after it)
    gives the amount, its ``party`` group (or else the first party label) the counterparty.
    """

    kind: Kind
    direction: Direction
    head: re.Pattern[str]
    failed: bool = False
    payer_first: bool = False
    """The wording prints the payer's reference before the provider's amount (Nagad's
    "Disbursement Received. Ref: ... Amount: ..."): the amount is then the last Amount label
    before the TrxID, so a reference can only add labels before the real one, never after it."""


def _plain(pattern: str) -> str:
    """A rule's pattern with its named groups made anonymous, to join rules in one search."""
    return re.sub(r"(?<!\\)\((?:\?P<\w+>|(?!\?))", "(?:", pattern)


@dataclass(frozen=True)
class ParserSpec:
    """Everything the engine needs to read one provider's messages."""

    name: str
    rules: tuple[Rule, ...]
    ignores: tuple[tuple[str, re.Pattern[str]], ...] = DEFAULT_IGNORES
    titles: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # One search finds the earliest title of any rule (at one position the first rule
        # listed wins); group i+1 tells which rule it was. Much faster than a search per rule.
        # A title starts a word, or a capital glued to the text before it by a lost line break
        # ("nagad.io/jmiMoney Received", "16216Tk280.00 received"): trying the rules only there,
        # not inside every word and number, is what keeps a search through a long text cheap.
        joined = "|".join(f"({_plain(rule.head.pattern)})" for rule in self.rules)
        start = r"(?:(?<![A-Za-z0-9])|(?-i:(?<=[a-z0-9])(?=[A-Z])))"
        object.__setattr__(self, "titles", re.compile(f"{start}(?:{joined})", FLAGS))


def outcome(result: Result, provider: str | None, reason: str) -> ParseOutcome:
    """A verdict that carries no transaction."""
    return ParseOutcome(result=result, provider=provider, parsed=None, reason=reason)


# Abbreviations whose full stop belongs to a name ("Midland Bank Ltd.", "Eastern Bank PLC.").
_ABBREVIATION = re.compile(r"\b(?:Ltd|PLC|Co|Inc|Corp)\.$", re.IGNORECASE)


def _clean_party(party: str | None) -> str | None:
    party = (party or "").strip(" ,")
    if party.endswith(".") and not _ABBREVIATION.search(party):
        party = party.rstrip(".")
    return party or None


def _build(name: str, rule: Rule, m: re.Match[str], clean: str, cut: int) -> ParsedSms | None:
    """Read the fields around a matched title; None when the TrxID or the amount is missing."""
    trx = _last(TRX, clean)
    if trx is None:
        return None
    amount = m.group("amount") if "amount" in m.re.groupindex else None
    if amount is None:
        if rule.payer_first:
            label = _last(AMOUNT_LABEL, clean, m.end(), trx.start())
        else:
            label = AMOUNT_LABEL.search(clean, m.start(), cut)
        if label is None:
            return None
        amount = label["amount"]
    party = m.group("party") if "party" in m.re.groupindex else None
    if party is None:
        labelled = PARTY_LABEL.search(clean[:cut], m.start())
        party = labelled["party"] if labelled else None
    fee, commission, balance = _last_fields(clean)
    # The date the provider prints after the TrxID (a promotion after it may carry other dates).
    when = WHEN.search(clean, trx.end())
    return ParsedSms(
        provider=name,
        kind=rule.kind,
        direction=rule.direction,
        trx_id=trx["trx"].upper(),
        amount_poisha=to_poisha(amount),
        fee_poisha=to_poisha(fee) if fee else 0,
        balance_poisha=to_poisha(balance) if balance else None,
        counterparty=_clean_party(party),
        occurred_at=when["when"] if when else None,
        failed=rule.failed,
        commission_poisha=commission_to_poisha(commission) if commission else 0,
    )


def _leftover(provider: ParserSpec, clean: str, title_found: bool) -> ParseOutcome:
    """Classify a message no rule could read completely."""
    if title_found:
        # Payment-shaped but incomplete: keep it for a parser update rather than ignore it.
        return outcome(Result.UNPARSED, provider.name, "no_trx_id")
    for reason, pattern in provider.ignores:
        if pattern.search(clean):
            return outcome(Result.IGNORED, provider.name, reason)
    if TRX.search(clean) or _last_fields(clean)[2]:
        # A TrxID or a new balance is what a money movement carries: an unknown wording, kept
        # for review (a debit missed here would break the wallet's balance chain).
        return outcome(Result.UNPARSED, provider.name, "no_pattern")
    # A notice with neither (a loan reminder, a meter token, an authorisation) moved nothing.
    return outcome(Result.IGNORED, provider.name, "info")


def parse_normalised(provider: ParserSpec, clean: str) -> ParseOutcome:
    """Run a provider's rules over text already passed through ``normalise``."""
    payer = PAYER_TEXT.search(clean)
    cut = payer.start() if payer else len(clean)
    found = provider.titles.search(clean, 0, cut)
    if found is None:
        return _leftover(provider, clean, False)
    rule = provider.rules[(found.lastindex or 1) - 1]
    m = rule.head.match(clean, found.start(), cut)
    if m is None:  # cannot happen: the joined pattern is the rule's own; stay safe regardless
        return _leftover(provider, clean, True)
    parsed = _build(provider.name, rule, m, clean, cut)
    if parsed is not None:
        return ParseOutcome(Result.PARSED, provider.name, parsed, None)
    if rule.failed:
        return outcome(Result.IGNORED, provider.name, "failed")
    return _leftover(provider, clean, True)


def parse_with(provider: ParserSpec, text: str) -> ParseOutcome:
    """Run a provider's rules over a message whose sender is already trusted."""
    if len(text) > MAX_TEXT:
        return outcome(Result.UNPARSED, provider.name, "too_long")
    return parse_normalised(provider, normalise(text))
