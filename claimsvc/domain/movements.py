"""The SMS vocabulary: what a wallet SMS reports moved (its kind and its direction) and what the
reading made of it (its result), the one vocabulary the SMS core (`claimsvc.domain.sms`), the
claim rules, the taught wordings and the `sms-ingest` process share (issue 34)."""

from __future__ import annotations

from enum import StrEnum

from claimsvc.domain import statuses


class Kind(StrEnum):
    """What the message is (the vocabulary of tests/data/sms/README.md)."""

    CREDIT_RECEIVED = "received"
    PAYMENT_RECEIVED = "payment_received"
    CASH_IN = "cash_in"
    CASH_OUT_RECEIVED = "cash_out_received"
    B2B_RECEIVED = "b2b_received"
    ADD_MONEY = "add_money"
    REMITTANCE = "remittance"
    REFUND = "refund"
    CASHBACK = "cashback"
    SEND_MONEY = "send_money"
    CASH_OUT = "cash_out"
    CASH_IN_GIVEN = "cash_in_given"
    PAYMENT = "payment"
    MOBILE_RECHARGE = "mobile_recharge"
    BANK_TRANSFER = "bank_transfer"
    B2B_SENT = "b2b_sent"
    BILL_PAYMENT = "bill_payment"
    CHARGE = "charge"
    REVERSAL = "reversal"


class Direction(StrEnum):
    """Which way the money moved for the wallet that got the SMS."""

    CREDIT = "credit"
    DEBIT = "debit"


class Result(StrEnum):
    """What the reading made of a message (a stored message's `result`)."""

    PARSED = statuses.PARSED
    IGNORED = statuses.IGNORED
    UNPARSED = statuses.UNPARSED
    SUSPECT = statuses.SUSPECT
