"""The second reading of what no built-in rule read (pure): which messages try the wordings
merchants taught and what those readings come to, then which go through the arithmetic given
their wallet's running balance and what they come to.

Only a message from one of its provider's real sender ids is read again: never one from a
stranger, a look-alike, a phone number or a notice sender. A taught wording reads only what the
rules left `unparsed`, never changing how a rule reads a message. The pipeline gives each message
the arithmetic wants the running balance of its wallet before it
(`claimsvc.services.sms.rereading`).
"""

from __future__ import annotations

from collections.abc import Iterable

from claimsvc.domain.sms import arithmetic
from claimsvc.domain.sms.engine import Direction, Kind, ParsedSms, ParseOutcome, Result, outcome
from claimsvc.domain.sms.routing import providers_of, real_sender
from claimsvc.domain.wordings import Reading, Wording, agreed, each_reading

UNREAD = frozenset({"no_pattern", "no_trx_id"})
"""Reasons a real sender's message is kept unparsed: a wording no rule reads completely."""


def wants_balance(sender: str, text: str, found: ParseOutcome) -> bool:
    """Whether reading `found` again needs its wallet's running balance: a real sender's
    message no rule reads, or one the rules ignored, whatever their reason, that states a
    balance (issue 34: money may hide behind any reason, and a balance that moved says so)."""
    if found.provider is None or not real_sender(sender):
        return False
    if found.result is Result.UNPARSED:
        return found.reason in UNREAD
    if found.result is Result.IGNORED:
        return arithmetic.stated_balance(found.provider, text) is not None
    return False


def reread(sender: str, text: str, found: ParseOutcome, previous: int | None) -> ParseOutcome:
    """What a message comes to given its wallet's balance before it (None: not known).

    A message no rule reads, or one set aside whose stated balance differs from `previous`, is
    read by its arithmetic: its one reading, or else not understood (unparsed). When no balance
    is known, one set aside that some balance before it would read is not understood either
    (it waits for its wallet's chain: `claimsvc.services.sms.rereading`), never ignored.
    Anything else stays as the rules left it.
    """
    if not wants_balance(sender, text, found):
        return found
    provider = found.provider or ""
    unread = found
    if found.result is Result.IGNORED:
        unread = outcome(Result.UNPARSED, provider, "no_pattern")
        if previous is None:
            return unread if arithmetic.previous_balances(provider, text) else found
        if arithmetic.stated_balance(provider, text) == previous:
            return found  # a balance inquiry or an offer indeed: nothing moved
    if previous is None:
        return found
    verdict = arithmetic.read(provider, text, previous)
    if verdict.reading is None:
        return unread
    return ParseOutcome(Result.PARSED, provider, arithmetic.parsed(provider, verdict.reading), None)


TAUGHT = "taught"
"""`parsed_by` of a transaction a taught wording read."""


def wants_wording(sender: str, outcome: ParseOutcome) -> bool:
    """No rule read this message, and it came from its provider's real sender id."""
    return (
        outcome.result is Result.UNPARSED
        and outcome.provider is not None
        and outcome.reason != "too_long"
        and outcome.provider in providers_of(sender)
    )


def to_parsed(reading: Reading) -> ParsedSms:
    return ParsedSms(
        provider=reading.provider,
        kind=Kind(reading.kind),
        direction=Direction(reading.direction),
        trx_id=reading.trx_id,
        amount_poisha=reading.amount_poisha,
        fee_poisha=reading.fee_poisha,
        balance_poisha=reading.balance_poisha,
        counterparty=reading.counterparty,
        occurred_at=None,
        parsed_by=TAUGHT,
    )


def read_taught(
    sender: str, text: str, outcome: ParseOutcome, wordings: list[Wording]
) -> ParseOutcome:
    """The outcome a taught wording gives a message the rules left unparsed, or the rules'
    outcome unchanged (two wordings that read it differently read nothing)."""
    if not wants_wording(sender, outcome):
        return outcome
    return taught_outcome(outcome, each_reading(of_provider(wordings, outcome), text))


def of_provider(wordings: list[Wording], outcome: ParseOutcome) -> list[Wording]:
    """The wordings that may read a message the rules left `outcome` (its provider's)."""
    return [w for w in wordings if w.provider == outcome.provider]


def taught_outcome(outcome: ParseOutcome, readings: Iterable[Reading | None]) -> ParseOutcome:
    """The outcome the wordings' readings give: the one they agree on, else the rules'."""
    reading = agreed(readings)
    if reading is None:
        return outcome
    return ParseOutcome(Result.PARSED, outcome.provider, to_parsed(reading), None)
