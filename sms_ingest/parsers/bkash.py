"""bKash SMS parser.

Sender id: bKash sends its transaction SMS from the alphanumeric sender "bKash" (shown as
"BKASH" by some handsets, hence the case-insensitive match in the registry).
Shape: one line, e.g. "You have received Tk 500.00 from 01712345678. Fee Tk 0.00.
Balance Tk 1,500.00. TrxID 8N7A6B5C4D at 21/11/2026 10:30".
"""

from __future__ import annotations

from sms_ingest.parsers.base import (
    MONEY,
    NAMED,
    PARTY,
    Direction,
    Kind,
    ParseOutcome,
    Provider,
    Rule,
    head,
    parse_with,
)

NAME = "bkash"
SENDER_IDS = frozenset({"bkash"})

_OK = r"(?:is )?successful"
_FAILED = r"(?:has )?failed\b"

SPEC = Provider(
    name=NAME,
    rules=(
        Rule(
            Kind.REVERSAL,
            Direction.DEBIT,
            head(rf"Your received {MONEY} from {PARTY} .*?\bhas been reversed\b"),
            failed=True,
        ),
        Rule(
            Kind.SEND_MONEY,
            Direction.DEBIT,
            head(rf"Send Money {MONEY} to {PARTY} {_FAILED}"),
            failed=True,
        ),
        Rule(
            Kind.PAYMENT,
            Direction.DEBIT,
            head(rf"Payment {MONEY} to {NAMED} {_FAILED}"),
            failed=True,
        ),
        Rule(
            Kind.PAYMENT_RECEIVED,
            Direction.CREDIT,
            head(rf"You have received payment {MONEY} from {PARTY}\.? "),
        ),
        Rule(
            Kind.CREDIT_RECEIVED,
            Direction.CREDIT,
            head(rf"You have received {MONEY} from {PARTY}\.? "),
        ),
        Rule(Kind.CASH_IN, Direction.CREDIT, head(rf"Cash In {MONEY} from {PARTY} {_OK}")),
        Rule(Kind.CASH_OUT, Direction.DEBIT, head(rf"Cash Out {MONEY} to {PARTY} {_OK}")),
        Rule(Kind.SEND_MONEY, Direction.DEBIT, head(rf"Send Money {MONEY} to {PARTY} {_OK}")),
        Rule(
            Kind.MOBILE_RECHARGE,
            Direction.DEBIT,
            head(rf"(?:Mobile )?Recharge (?:of )?{MONEY} to {PARTY} {_OK}"),
        ),
        Rule(
            Kind.BANK_TRANSFER,
            Direction.DEBIT,
            head(rf"(?:bKash to Bank|Transfer to Bank) {MONEY} to {NAMED} {_OK}"),
        ),
        Rule(Kind.PAYMENT, Direction.DEBIT, head(rf"Payment {MONEY} to {NAMED} {_OK}")),
    ),
)


def parse(text: str) -> ParseOutcome:
    """Parse a message already known to come from bKash."""
    return parse_with(SPEC, text)
