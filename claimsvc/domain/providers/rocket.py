"""Rocket (Dutch-Bangla Bank mobile banking): its whole spec, its SMS parse rules included.

Sender id: Rocket notifications come from the short code "16216" (Dutch-Bangla Bank's
call-centre number), not from an alphanumeric id. DBBL also sends its bank-account SMS
("your A/C ***3381 credited ... C/B Tk...") from it; those carry no TxnId and stay unparsed.
Shape: one line, e.g. "Tk500.00 received from A/C:017XXXXXXXX Fee:Tk0, Your A/C Balance:
Tk1,500.00 TxnId:1234567890 Date:21-NOV-26 10:30:00 am"; agents' lines start "B2C:" (with a
customer) or "B2B:" (with a distributor) and state a "Comm:". Account numbers are 12 digits (the
mobile number plus a check digit) and are often printed masked ("***512").
Every wording here and its source: docs/sms-wordings.md.
"""

from __future__ import annotations

from claimsvc.domain.providers.registry import CASH_OUT, MERCHANT_PAY, SEND, ProviderSpec
from claimsvc.domain.sms.engine import (
    AMT,
    MONEY,
    NAMED,
    TK,
    Direction,
    Kind,
    Rule,
    head,
)

# An account as printed: digits, masked digits or X, glued to the amount in some texts.
_ACCT = r"A/C: ?(?P<party>[*X\d]{3,16})"
_AGENT = rf"{_ACCT} ?{MONEY}"
_SIGNED = rf"{TK}-?(?P<amount>{AMT})"

CREDIT, DEBIT = Direction.CREDIT, Direction.DEBIT

SPEC = ProviderSpec(
    name="rocket",
    names={"en": "Rocket", "bn": "রকেট"},
    sender_ids=frozenset({"16216"}),
    test_sender="16216",
    trx_shape=r"\d{10}",
    test_credit=(
        "Tk{amount} received from A/C:{phone} Fee:Tk0, Your A/C Balance: Tk{balance} "
        "TxnId:{trx} Date:{when:%d-%b-%y %I:%M:%S %p}"
    ),
    ussd="*322#",
    pay_actions={"personal": SEND, "agent": CASH_OUT, "merchant": MERCHANT_PAY},
    rules=(
        Rule(
            Kind.SEND_MONEY, DEBIT, head(rf"Transfer of {MONEY} to {_ACCT} (?:has )?failed\b"), True
        ),
        Rule(
            Kind.REVERSAL,
            DEBIT,
            head(rf"{MONEY} received from {_ACCT} (?:has been )?reversed\b"),
            True,
        ),
        Rule(Kind.CASH_OUT_RECEIVED, CREDIT, head(rf"B2C: ?Cash-?Out from {_AGENT}")),
        Rule(Kind.CASH_IN_GIVEN, DEBIT, head(rf"B2C: ?Cash-?In to {_AGENT}")),
        Rule(Kind.B2B_RECEIVED, CREDIT, head(rf"B2B: ?Cash-?In from {_AGENT}")),
        Rule(Kind.B2B_SENT, DEBIT, head(rf"B2B: ?Cash-?Out to {_AGENT}")),
        Rule(Kind.CASH_OUT, DEBIT, head(rf"Cash-?Out to {_AGENT}")),
        Rule(Kind.CASH_OUT_RECEIVED, CREDIT, head(rf"Cash-?Out from {_AGENT}")),
        Rule(
            Kind.PAYMENT_RECEIVED,
            CREDIT,
            head(rf"{MONEY} payment received from (?:Customer )?{_ACCT}"),
        ),
        Rule(Kind.CASH_IN, CREDIT, head(rf"Cash In {MONEY} from (?:Agent )?{_ACCT}")),
        Rule(Kind.CREDIT_RECEIVED, CREDIT, head(rf"{MONEY} received from {_ACCT}")),
        Rule(
            Kind.CREDIT_RECEIVED,
            CREDIT,
            head(rf"{MONEY} received from (?P<party>.{{1,40}}?)(?: through NPSB)?\.? (?=Fee|Your)"),
        ),
        Rule(Kind.CASH_OUT, DEBIT, head(rf"{MONEY} cash ?out to (?:Agent )?{_ACCT}")),
        Rule(
            Kind.BANK_TRANSFER,
            DEBIT,
            head(rf"{MONEY} transferred to (?:Bank|DBBL|other bank) {_ACCT}"),
        ),
        Rule(Kind.SEND_MONEY, DEBIT, head(rf"{MONEY} transferred to {_ACCT}")),
        Rule(
            Kind.PAYMENT,
            DEBIT,
            # A biller's number ("DPDC Id 1011") is not part of its name.
            head(
                rf"{MONEY} paid to (?:(?:Merchant|Biller): ?)?{NAMED}(?: Id \d{{1,8}})? "
                r"(?=Bill No|Fee|TxnId)"
            ),
        ),
        # A payment made through a channel rather than to a named payee ("paid through e-Commerce
        # gateway"): the payee is not printed, so there is no counterparty.
        Rule(Kind.PAYMENT, DEBIT, head(rf"{MONEY} paid (?:through|via) (?=\S)")),
        Rule(
            Kind.MOBILE_RECHARGE,
            DEBIT,
            head(rf"{MONEY} (?:mobile )?recharged? to (?P<party>[^\s,]+?)[.,]? "),
        ),
        Rule(
            Kind.MOBILE_RECHARGE,
            DEBIT,
            head(rf"{MONEY} debited to recharge mobile (?P<party>[^\s,]+?)[.,]? "),
        ),
        # DBBL account SMS: no TxnId, so these stay unparsed for review (never a claim).
        # A transfer that did not go through comes back as a credit naming no party.
        Rule(
            Kind.REVERSAL,
            CREDIT,
            head(rf"Your A/C has been credited for reversal by {MONEY}"),
            failed=True,
        ),
        # DBBL prints a debit's amount with a minus sign at times ("by Tk-500.00").
        Rule(
            Kind.CREDIT_RECEIVED,
            CREDIT,
            head(rf"your A/C \S+ credited ?\(.{{0,80}}?\) by {_SIGNED}"),
        ),
        Rule(Kind.CHARGE, DEBIT, head(rf"your A/C \S+ debited ?\(.{{0,80}}?\) by {_SIGNED}")),
    ),
)
