"""Upay (UCB Fintech) SMS parser.

Sender id: "upay" (some handsets show "UPAY"). Seen only in third-party code (six independent
projects agree), so it is unverified by a first-hand source; accepted (docs/sms-wordings.md).
Shape: one or two sentences with "Tk." amounts, e.g. "Tk. 900.00 has been received from
01712345678. Ref-. Balance Tk. 900.00. TrxID 01K7D9A35W at 12/10/2025 19:15"; an agent's
cash-out states its commission with four decimals ("Comm: TK. 16.1343").
Every wording here and its source: docs/sms-wordings.md.
"""

from __future__ import annotations

from claimsvc.domain.providers import UPAY
from sms_ingest.parsers.base import (
    MONEY,
    NAMED,
    PARTY,
    Direction,
    Kind,
    ParseOutcome,
    ParserSpec,
    Rule,
    head,
    parse_with,
)

NAME = UPAY.name
SENDER_IDS = UPAY.sender_ids

_OK = r"(?:is )?successful(?:ly)?"
_FAILED = r"(?:has )?failed\b"
_END = r"(?:\.+|(?= |$))"

CREDIT, DEBIT = Direction.CREDIT, Direction.DEBIT

SPEC = ParserSpec(
    name=NAME,
    rules=(
        Rule(
            Kind.SEND_MONEY, DEBIT, head(rf"Send Money (?:of )?{MONEY} to {PARTY} {_FAILED}"), True
        ),
        Rule(
            Kind.PAYMENT,
            DEBIT,
            head(rf"Payment (?:of )?{MONEY} to (?:Merchant )?{NAMED} {_FAILED}"),
            True,
        ),
        Rule(
            Kind.CASH_OUT_RECEIVED,
            CREDIT,
            head(rf"You have received Cash-?out of {MONEY} from {PARTY}{_END}"),
        ),
        Rule(Kind.PAYMENT_RECEIVED, CREDIT, head(rf"Payment received {MONEY} from {PARTY}{_END}")),
        Rule(Kind.CASH_IN, CREDIT, head(rf"Cash In {MONEY} from (?:Agent )?{PARTY} {_OK}")),
        Rule(Kind.CREDIT_RECEIVED, CREDIT, head(rf"{MONEY} has been received from {PARTY}{_END}")),
        Rule(
            Kind.CREDIT_RECEIVED,
            CREDIT,
            head(rf"(?:You have )?received {MONEY} from {PARTY}{_END}"),
        ),
        Rule(Kind.CASHBACK, CREDIT, head(rf"You have received Cash ?(?:Reward|back) of {MONEY}")),
        Rule(Kind.CASH_OUT, DEBIT, head(rf"Cash Out {MONEY} to (?:Agent )?{PARTY} {_OK}")),
        Rule(
            Kind.MOBILE_RECHARGE,
            DEBIT,
            head(rf"Mobile recharge of {MONEY} for {PARTY} {_OK}"),
        ),
        Rule(Kind.SEND_MONEY, DEBIT, head(rf"Send Money (?:of )?{MONEY} to {PARTY} {_OK}")),
        Rule(Kind.MOBILE_RECHARGE, DEBIT, head(rf"Mobile Recharge {MONEY} to {PARTY} {_OK}")),
        Rule(
            Kind.BANK_TRANSFER,
            DEBIT,
            head(rf"(?:Fund Transfer|Transfer to Bank) {MONEY} to {NAMED} {_OK}"),
        ),
        Rule(Kind.PAYMENT, DEBIT, head(rf"Payment (?:of )?{MONEY} to (?:Merchant )?{NAMED} {_OK}")),
    ),
)


def parse(text: str) -> ParseOutcome:
    """Parse a message already known to come from Upay."""
    return parse_with(SPEC, text)
