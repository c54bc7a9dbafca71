"""Reading a message no built-in rule read with the wordings merchants taught (pure).

Only a message the rules left `unparsed` and that came from one of its provider's real sender
ids is tried: a taught wording never changes how a rule reads a message, and never reads a
message from a phone number, a look-alike sender or a notice sender.
"""

from __future__ import annotations

from collections.abc import Iterable

from claimsvc.domain.sms.engine import Direction, Kind, ParsedSms, ParseOutcome, Result
from claimsvc.domain.sms.routing import providers_of
from claimsvc.domain.wordings import Reading, Wording, agreed, each_reading

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
