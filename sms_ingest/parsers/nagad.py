"""Nagad SMS parser.

Sender id: Nagad sends from the alphanumeric sender "NAGAD" (some handsets show "Nagad").
Shape: a title line, then "Label: value" lines, e.g. "Money Received.\\nAmount: Tk 500.00\\n
Sender: 01712345678\\nRef: N/A\\nTxnID: 71ABCD12\\nBalance: Tk 1,500.00\\n21/11/2026 10:30".
Agents are "Uddokta" in Nagad's wording.
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

NAME = "nagad"
SENDER_IDS = frozenset({"nagad"})

_AMOUNT = rf"\.? Amount: ?{MONEY}"


def _rule(kind: Kind, direction: Direction, title: str, label: str, failed: bool = False) -> Rule:
    """A rule for the "Title. Amount: Tk x Label: party" shape."""
    pattern = head(rf"{title}{_AMOUNT} {label}: ?{PARTY} ")
    return Rule(kind, direction, pattern, failed=failed)


SPEC = Provider(
    name=NAME,
    rules=(
        _rule(Kind.REVERSAL, Direction.DEBIT, "Money Received Reversed", "Sender", failed=True),
        _rule(Kind.SEND_MONEY, Direction.DEBIT, "Send Money Failed", "Receiver", failed=True),
        Rule(
            Kind.PAYMENT,
            Direction.DEBIT,
            head(rf"Payment Failed{_AMOUNT} Merchant: ?{NAMED} (?:Ref|Reason|TxnID):"),
            failed=True,
        ),
        _rule(Kind.CREDIT_RECEIVED, Direction.CREDIT, "Money Received", "Sender"),
        _rule(Kind.CASH_IN, Direction.CREDIT, "Cash In Received", "Uddokta"),
        _rule(Kind.PAYMENT_RECEIVED, Direction.CREDIT, "Payment Received", "Customer"),
        _rule(Kind.CASH_OUT, Direction.DEBIT, "Cash Out Successful", "Uddokta"),
        _rule(Kind.SEND_MONEY, Direction.DEBIT, "Send Money Successful", "Receiver"),
        _rule(Kind.MOBILE_RECHARGE, Direction.DEBIT, "Mobile Recharge Successful", "Mobile"),
        Rule(
            Kind.PAYMENT,
            Direction.DEBIT,
            head(rf"Payment Successful{_AMOUNT} Merchant: ?{NAMED} (?:Ref|Charge|TxnID):"),
        ),
        Rule(
            Kind.BANK_TRANSFER,
            Direction.DEBIT,
            head(rf"Bank Transfer Successful{_AMOUNT} Bank: ?.+? A/C: ?{PARTY} "),
        ),
    ),
)


def parse(text: str) -> ParseOutcome:
    """Parse a message already known to come from Nagad."""
    return parse_with(SPEC, text)
