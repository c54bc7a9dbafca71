"""Rocket (Dutch-Bangla Bank mobile banking) SMS parser.

Sender id: Rocket notifications come from the short code "16216" (Dutch-Bangla Bank's
call-centre number), not from an alphanumeric id.
Shape: one line, e.g. "Tk500.00 received from A/C:017XXXXXXXX Fee:Tk0, Your A/C Balance:
Tk1,500.00 TxnId:1234567890 Date:21-NOV-26 10:30:00 am". Account numbers are 12 digits (the
mobile number plus a check digit) and are often printed masked.
"""

from __future__ import annotations

from sms_ingest.parsers.base import (
    MONEY,
    NAMED,
    Direction,
    Kind,
    ParseOutcome,
    Provider,
    Rule,
    head,
    parse_with,
)

NAME = "rocket"
SENDER_IDS = frozenset({"16216"})

_ACCT = r"A/C: ?(?P<party>[^\s,]+)"

SPEC = Provider(
    name=NAME,
    rules=(
        Rule(
            Kind.SEND_MONEY,
            Direction.DEBIT,
            head(rf"Transfer of {MONEY} to {_ACCT} (?:has )?failed\b"),
            failed=True,
        ),
        Rule(
            Kind.REVERSAL,
            Direction.DEBIT,
            head(rf"{MONEY} received from {_ACCT} (?:has been )?reversed\b"),
            failed=True,
        ),
        Rule(
            Kind.PAYMENT_RECEIVED,
            Direction.CREDIT,
            head(rf"{MONEY} payment received from (?:Customer )?{_ACCT}"),
        ),
        Rule(Kind.CASH_IN, Direction.CREDIT, head(rf"Cash In {MONEY} from (?:Agent )?{_ACCT}")),
        Rule(Kind.CREDIT_RECEIVED, Direction.CREDIT, head(rf"{MONEY} received from {_ACCT}")),
        Rule(Kind.CASH_OUT, Direction.DEBIT, head(rf"{MONEY} cash ?out to (?:Agent )?{_ACCT}")),
        Rule(
            Kind.BANK_TRANSFER,
            Direction.DEBIT,
            head(rf"{MONEY} transferred to (?:Bank|DBBL|other bank) {_ACCT}"),
        ),
        Rule(Kind.SEND_MONEY, Direction.DEBIT, head(rf"{MONEY} transferred to {_ACCT}")),
        Rule(
            Kind.PAYMENT,
            Direction.DEBIT,
            head(rf"{MONEY} paid to (?:Merchant|Biller): ?{NAMED} Fee:"),
        ),
        Rule(
            Kind.MOBILE_RECHARGE,
            Direction.DEBIT,
            head(rf"{MONEY} (?:mobile )?recharged? to (?P<party>[^\s,]+?)[.,]? "),
        ),
    ),
)


def parse(text: str) -> ParseOutcome:
    """Parse a message already known to come from Rocket."""
    return parse_with(SPEC, text)
