"""Nagad: its whole spec, its SMS parse rules included.

Sender id: Nagad sends from the alphanumeric sender "NAGAD" (some handsets show "Nagad").
Shape: a title line, then "Label: value" lines, e.g. "Money Received.\\nAmount: Tk 500.00\\n
Sender: 01712345678\\nRef: N/A\\nTxnID: 71ABCD12\\nBalance: Tk 1,500.00\\n21/11/2026 10:30".
Agents are "Uddokta" in Nagad's wording. The title tells the kind; amount, party, TxnID, fee,
commission and balance are read by their labels wherever they stand, so a forwarder that drops
the line breaks ("Cash Out ReceivedAmount: Tk 2100.00Customer:...") changes nothing.
Every wording here and its source: docs/sms-wordings.md.
"""

from __future__ import annotations

from claimsvc.domain.providers.registry import CASH_OUT, MERCHANT_PAY, SEND, ProviderSpec
from claimsvc.domain.sms.engine import (
    AMT,
    TK,
    Direction,
    Kind,
    Rule,
    head,
)

CREDIT, DEBIT = Direction.CREDIT, Direction.DEBIT


def _title(kind: Kind, direction: Direction, title: str, failed: bool = False) -> Rule:
    """A "Title. Amount: ... Label: ..." wording: amount and party come from their labels."""
    return Rule(kind, direction, head(rf"{title}\b"), failed=failed)


SPEC = ProviderSpec(
    name="nagad",
    names={"en": "Nagad", "bn": "নগদ"},
    sender_ids=frozenset({"nagad"}),
    test_sender="NAGAD",
    trx_shape=r"(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{8}(?:[A-Z0-9]{2})?",
    test_credit=(
        "Money Received.\nAmount: Tk {amount}\nSender: {phone}\nRef: N/A\nTxnID: {trx}\n"
        "Balance: Tk {balance}\n{when:%d/%m/%Y %H:%M}"
    ),
    ussd="*167#",
    pay_actions={"personal": SEND, "agent": CASH_OUT, "merchant": MERCHANT_PAY},
    rules=(
        _title(Kind.REVERSAL, DEBIT, "Money Received Reversed", failed=True),
        _title(Kind.SEND_MONEY, DEBIT, "Send Money Failed", failed=True),
        _title(Kind.PAYMENT, DEBIT, "Payment Failed", failed=True),
        _title(Kind.CREDIT_RECEIVED, CREDIT, "Money Received"),
        # An organisation's payout: its reference is printed first, before the amount.
        Rule(Kind.CREDIT_RECEIVED, CREDIT, head(r"Disbursement Received\b"), payer_first=True),
        _title(Kind.CASH_IN, CREDIT, "Cash In Received"),
        _title(Kind.PAYMENT_RECEIVED, CREDIT, "Payment Received"),
        _title(Kind.CASH_OUT_RECEIVED, CREDIT, "Cash Out Received"),
        _title(Kind.B2B_RECEIVED, CREDIT, "B2B (?:Transfer )?Received"),
        _title(Kind.ADD_MONEY, CREDIT, "Add Money (?:from (?:Bank|Card) )?is Successful"),
        _title(Kind.REFUND, CREDIT, r"Refund(?: from (?P<party>.{1,40}?))?(?: is)? Successful\.?"),
        _title(Kind.REMITTANCE, CREDIT, "Remittance Received"),
        Rule(
            Kind.CASHBACK,
            CREDIT,
            head(r"You(?: have|'ve) received " + rf"{TK}(?P<amount>{AMT}) for Nagad Registration"),
        ),
        Rule(
            Kind.CASHBACK,
            CREDIT,
            head(
                r"You(?: have|'ve) (?:received|won) Cash ?back(?:/Gift)? "
                rf"(?:{TK})?(?P<amount>{AMT})"
            ),
        ),
        _title(Kind.CASH_IN_GIVEN, DEBIT, "Cash In Successful"),
        _title(Kind.CASH_OUT, DEBIT, "Cash Out Successful"),
        _title(Kind.B2B_SENT, DEBIT, "B2B Transfer Successful"),
        _title(Kind.SEND_MONEY, DEBIT, "Send Money Successful"),
        _title(Kind.MOBILE_RECHARGE, DEBIT, "Mobile Recharge (?:Successful|Request Received)"),
        Rule(
            Kind.BILL_PAYMENT,
            DEBIT,
            head(r"Your request for (?P<party>.{1,40}?) (?:recharge|bill payment) is accepted\b"),
        ),
        _title(Kind.BILL_PAYMENT, DEBIT, "Bill Payment Successful"),
        Rule(Kind.PAYMENT, DEBIT, head(r"Payment to '(?P<party>[^']{1,60})' is Successful\b")),
        _title(Kind.PAYMENT, DEBIT, "Payment Successful"),
        Rule(
            Kind.BANK_TRANSFER,
            DEBIT,
            head(r"Bank Transfer Successful\b.{0,80}? A/C: ?(?P<party>[^\s,]+)"),
        ),
    ),
)
