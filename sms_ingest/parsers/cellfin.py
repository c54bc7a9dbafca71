"""CellFin (Islami Bank Bangladesh) SMS parser.

Sender ids: CellFin is IBBL's app over the customer's IBBL account; its notifications arrive from
the bank's alphanumeric sender "IBBL", and newer ones as "CellFin". IBBL also uses "IBBL" for
ordinary account SMS, so that sender is ambiguous: only texts that name CellFin parse here, and
other IBBL money SMS come back UNPARSED for review.
Shape (reconstructed, see tests/data/sms/README.md): "BDT" amounts, "Label: value" lines, e.g.
"Dear Customer, BDT 500.00 received in your CellFin from 01712345678. TrxID: CF8A7B6C5D
Balance: BDT 1,500.00 21-11-2026 10:30:15".
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

NAME = "cellfin"
SENDER_IDS = frozenset({"cellfin", "ibbl"})

_OK = r"(?:is )?successful(?:ly)?"
_END = r"[.,]? "
_MINE = r"your CellFin(?: A/C)?"

SPEC = Provider(
    name=NAME,
    rules=(
        Rule(
            Kind.SEND_MONEY,
            Direction.DEBIT,
            head(rf"{MONEY} (?:sent|transfer) from {_MINE} to {PARTY} (?:has )?failed\b"),
            failed=True,
        ),
        Rule(
            Kind.PAYMENT_RECEIVED,
            Direction.CREDIT,
            head(rf"{MONEY} payment received in {_MINE} from {PARTY}{_END}"),
        ),
        Rule(
            Kind.CREDIT_RECEIVED,
            Direction.CREDIT,
            head(rf"{MONEY} received in {_MINE} from {PARTY}{_END}"),
        ),
        Rule(
            Kind.CASH_IN,
            Direction.CREDIT,
            head(rf"(?:Add Money|Cash In) {MONEY} from {NAMED} to {_MINE} {_OK}"),
        ),
        Rule(
            Kind.CASH_OUT,
            Direction.DEBIT,
            head(rf"Cash Out {MONEY} from {_MINE} (?:at|to) (?:Agent )?{PARTY}{_END}"),
        ),
        Rule(
            Kind.SEND_MONEY,
            Direction.DEBIT,
            head(rf"{MONEY} sent from {_MINE} to {PARTY}{_END}"),
        ),
        Rule(
            Kind.MOBILE_RECHARGE,
            Direction.DEBIT,
            head(rf"Mobile Recharge {MONEY} to {PARTY} from {_MINE} {_OK}"),
        ),
        Rule(
            Kind.BANK_TRANSFER,
            Direction.DEBIT,
            head(rf"{MONEY} transferred from {_MINE} to .*?A/C:? ?{PARTY}{_END}"),
        ),
        Rule(
            Kind.PAYMENT,
            Direction.DEBIT,
            head(rf"{MONEY} paid from {_MINE} to (?:Merchant )?{NAMED}\. "),
        ),
    ),
)


def parse(text: str) -> ParseOutcome:
    """Parse a message already known to come from CellFin."""
    return parse_with(SPEC, text)
