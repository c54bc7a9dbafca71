"""Upay (UCB Fintech) SMS parser.

Sender id: Upay sends from the alphanumeric sender "upay" (some handsets show "UPAY").
Shape (reconstructed, see tests/data/sms/README.md): one or two sentences with "Tk." amounts,
e.g. "Received Tk. 500.00 from 01712345678. TxnID: 8UPA1B2C3D. Fee: Tk. 0.00.
Balance: Tk. 1,500.00. Date: 21-11-2026 10:30:15".
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

NAME = "upay"
SENDER_IDS = frozenset({"upay"})

_OK = r"(?:is )?successful(?:ly)?"
_FAILED = r"(?:has )?failed\b"
_END = r"[.,]? "

SPEC = Provider(
    name=NAME,
    rules=(
        Rule(
            Kind.SEND_MONEY,
            Direction.DEBIT,
            head(rf"Send Money {MONEY} to {PARTY} {_FAILED}"),
            failed=True,
        ),
        Rule(
            Kind.PAYMENT,
            Direction.DEBIT,
            head(rf"Payment {MONEY} to (?:Merchant )?{NAMED} {_FAILED}"),
            failed=True,
        ),
        Rule(
            Kind.PAYMENT_RECEIVED,
            Direction.CREDIT,
            head(rf"Payment received {MONEY} from {PARTY}{_END}"),
        ),
        Rule(
            Kind.CASH_IN,
            Direction.CREDIT,
            head(rf"Cash In {MONEY} from (?:Agent )?{PARTY} {_OK}"),
        ),
        Rule(
            Kind.CREDIT_RECEIVED,
            Direction.CREDIT,
            head(rf"(?:You have )?received {MONEY} from {PARTY}{_END}"),
        ),
        Rule(
            Kind.CASH_OUT,
            Direction.DEBIT,
            head(rf"Cash Out {MONEY} to (?:Agent )?{PARTY} {_OK}"),
        ),
        Rule(Kind.SEND_MONEY, Direction.DEBIT, head(rf"Send Money {MONEY} to {PARTY} {_OK}")),
        Rule(
            Kind.MOBILE_RECHARGE,
            Direction.DEBIT,
            head(rf"Mobile Recharge {MONEY} to {PARTY} {_OK}"),
        ),
        Rule(
            Kind.BANK_TRANSFER,
            Direction.DEBIT,
            head(rf"(?:Fund Transfer|Transfer to Bank) {MONEY} to {NAMED} {_OK}"),
        ),
        Rule(
            Kind.PAYMENT,
            Direction.DEBIT,
            head(rf"Payment {MONEY} to (?:Merchant )?{NAMED} {_OK}"),
        ),
    ),
)


def parse(text: str) -> ParseOutcome:
    """Parse a message already known to come from Upay."""
    return parse_with(SPEC, text)
