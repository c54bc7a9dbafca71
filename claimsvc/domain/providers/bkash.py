"""bKash: its whole spec, its SMS parse rules included.

Sender id: bKash sends its transaction SMS from the alphanumeric sender "bKash" (shown as
"BKASH" by some handsets, hence the case-insensitive match in the registry). "bKash Offer",
"bKashNotice" and "bKashCS" are bKash's promotion, notice and customer-service senders: never money
received, so their messages are ignored, except the debits they confirm ("bKashNotice" sends
some bill payments), which keep the balance chain whole (docs/sms-wordings.md).
Shape: one line, e.g. "You have received Tk 500.00 from 01712345678. Fee Tk 0.00.
Balance Tk 1,500.00. TrxID 8N7A6B5C4D at 21/11/2026 10:30"; bills are "Label: value" lines.
Every wording here and its source: docs/sms-wordings.md.
"""

from __future__ import annotations

from claimsvc.domain.providers.registry import CASH_OUT, SEND, ProviderSpec
from claimsvc.domain.sms.engine import (
    MONEY,
    NAMED,
    PARTY,
    Direction,
    Kind,
    Rule,
    head,
)

_OK = r"(?:is )?successful"
_FAILED = r"(?:has )?failed\b"
_END = r"(?:\.|(?= |$))"
# "from 01712345625.Ref ..." and "from Nagad 0171XXX4321 through NPSB." end a sender differently.
_FROM = r"from (?P<party>.{1,60}?)(?: through NPSB)?(?:\.|(?= Fee| Balance| Ref))"

CREDIT, DEBIT = Direction.CREDIT, Direction.DEBIT

SPEC = ProviderSpec(
    name="bkash",
    names={"en": "bKash", "bn": "বিকাশ"},
    sender_ids=frozenset({"bkash"}),
    test_sender="bKash",
    trx_shape=r"(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{10}(?:[A-Z0-9]{3})?",
    test_credit=(
        "You have received Tk {amount} from {phone}. Fee Tk 0.00. Balance Tk {balance}. "
        "TrxID {trx} at {when:%d/%m/%Y %H:%M}"
    ),
    notice_senders={"bkash offer": "promotion", "bkashnotice": "info", "bkashcs": "info"},
    ussd="*247#",
    pay_actions={"personal": SEND, "agent": CASH_OUT, "merchant": ("Payment", "পেমেন্ট")},
    rules=(
        Rule(
            Kind.REVERSAL,
            DEBIT,
            head(rf"Your received {MONEY} from {PARTY} .{{0,80}}?\bhas been reversed\b"),
            failed=True,
        ),
        Rule(Kind.SEND_MONEY, DEBIT, head(rf"Send Money {MONEY} to {PARTY} {_FAILED}"), True),
        Rule(
            Kind.SEND_MONEY,
            DEBIT,
            head(rf"Send Money request to {PARTY} is unsuccessful! {MONEY} has been returned"),
            failed=True,
        ),
        Rule(Kind.PAYMENT, DEBIT, head(rf"Payment {MONEY} to {NAMED} {_FAILED}"), True),
        # Money set aside for a merchant leaves the balance now; "has been released" (below)
        # puts it back if the payment does not go through.
        Rule(
            Kind.PAYMENT,
            DEBIT,
            head(rf"Payment (?:of )?{MONEY} is being reserved for {NAMED}\. (?=Balance)"),
        ),
        Rule(Kind.REVERSAL, DEBIT, head(rf"Your \w+ {MONEY} (?:is|has been) rolled back\b")),
        Rule(
            Kind.REVERSAL, CREDIT, head(rf"Reserved amount {MONEY} for {NAMED} has been released")
        ),
        Rule(
            Kind.PAYMENT_RECEIVED,
            CREDIT,
            head(rf"You have received payment {MONEY} from {PARTY}{_END}"),
        ),
        Rule(Kind.CASHBACK, CREDIT, head(rf"You have received Cashback {MONEY}")),
        Rule(
            Kind.CASHBACK,
            CREDIT,
            head(rf"You have received {MONEY} as Commission from {PARTY}{_END}"),
        ),
        Rule(Kind.CASHBACK, CREDIT, head(rf"{MONEY} Interest peyechhen")),
        Rule(
            Kind.ADD_MONEY,
            CREDIT,
            head(
                r"You have received (?:a )?deposit (?:from iBanking )?of "
                rf"{MONEY} from {NAMED}\. (?=Fee|Balance)"
            ),
        ),
        Rule(
            Kind.ADD_MONEY,
            CREDIT,
            head(rf"You have received Digital Loan {MONEY} from {NAMED}\. (?=Balance)"),
        ),
        Rule(
            Kind.REMITTANCE,
            CREDIT,
            head(r"You have received remittance(?: via (?P<party>.{1,60}?)(?= Total\b))?\b"),
        ),
        Rule(
            Kind.REMITTANCE,
            CREDIT,
            head(r"Remittance fund withdrawal from (?P<party>\S+) account is successful"),
        ),
        # bKash's own campaign accounts ("DM" and digits) pay cashbacks and rewards this way.
        Rule(
            Kind.CASHBACK,
            CREDIT,
            head(r"You have received " + MONEY + r" from (?P<party>DM\d{2,8})" + _END),
        ),
        Rule(
            Kind.CREDIT_RECEIVED, CREDIT, head(rf"You have received {MONEY} (?:Payment )?{_FROM}")
        ),
        Rule(Kind.CASH_OUT_RECEIVED, CREDIT, head(rf"Cash Out {MONEY} from {PARTY} {_OK}")),
        Rule(Kind.CASH_IN, CREDIT, head(rf"Cash In {MONEY} from {PARTY} {_OK}")),
        Rule(Kind.CASH_IN_GIVEN, DEBIT, head(rf"Cash In {MONEY} to {PARTY} {_OK}")),
        Rule(Kind.CASH_OUT, DEBIT, head(rf"ATM Cash Out {MONEY} {_OK}")),
        Rule(Kind.CASH_OUT, DEBIT, head(rf"Cash Out {MONEY} to {PARTY} {_OK}")),
        Rule(Kind.B2B_SENT, DEBIT, head(rf"B2B Transfer {MONEY} to {PARTY} {_OK}")),
        Rule(Kind.SEND_MONEY, DEBIT, head(rf"Send Money {MONEY} to {PARTY} {_OK}")),
        Rule(Kind.MOBILE_RECHARGE, DEBIT, head(rf"Recharge request of {MONEY} for {PARTY}{_END}")),
        Rule(
            Kind.MOBILE_RECHARGE,
            DEBIT,
            head(rf"(?:Mobile )?Recharge (?:of )?{MONEY} to {PARTY} {_OK}"),
        ),
        Rule(
            Kind.BANK_TRANSFER,
            DEBIT,
            head(rf"(?:bKash to Bank|Transfer to Bank) {MONEY} to {NAMED} {_OK}"),
        ),
        Rule(
            Kind.BILL_PAYMENT,
            DEBIT,
            head(
                r"Bill successfully paid\. Biller: ?(?P<party>.{1,60}?) ?"
                r"(?=MM/?YYYY|Contact ?:|A/C ?:|Amount ?:)"
            ),
        ),
        Rule(
            Kind.PAYMENT,
            DEBIT,
            head(rf"(?:DPS |Savings Deposit )?Payment (?:of )?{MONEY} to {NAMED} {_OK}"),
        ),
    ),
)
