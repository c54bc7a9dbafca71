"""CellFin (Islami Bank Bangladesh): its whole spec, its SMS parse rules included.

Public evidence (docs/sms-wordings.md): one wording only, the pattern PipraPay-family gateways
and OwnPay apply, "Islami Bank CellFin Received <amount> Tk From CellFin: <number> To CellFin:
<number> TrxId: <id>" (no balance), with the sender written "IBBL ." (space, full stop) in their
allow-lists. That wording is supported; every other rule below is a reconstruction from before
any evidence was found, kept as unverified.

Sender ids: "IBBL ." (the allow-lists above), "IBBL" and "CellFin" (earlier reconstruction):
all three unverified; accepted because IBBL's sender is the only evidence there is, and a text
from them must still match a CellFin wording to parse. IBBL also uses its sender for ordinary
account SMS: only texts that name CellFin parse here, other IBBL money SMS come back UNPARSED.
"Islami.Bank" (four gateways' address lists) is not accepted: no wording is tied to it.

Round six (docs/sms-corpus-sources/round-six-sources.md) found the first real CellFin money texts,
exported from a user's phone with the sender "IslamiBank": a title line "Islami Bank CellFin",
then "<Transaction> Successful." or "<TRANSACTION> COMPLETE" and label lines (From/To or
FROM/TO, Amount, TrxId), upper case or not. "IslamiBank" is accepted on that evidence.
"""

from __future__ import annotations

from claimsvc.domain.providers.registry import CASH_OUT, ProviderSpec
from claimsvc.domain.sms.engine import (
    AMT,
    MONEY,
    NAMED,
    PARTY,
    Direction,
    Kind,
    Rule,
    head,
)

_OK = r"(?:is )?successful(?:ly)?"
_END = r"[.,]? "
_MINE = r"your CellFin(?: A/C)?"

# Round six's layout: "Islami Bank CellFin" then the transaction's title, then labels.
_BRAND = r"Islami Bank CellFin ?"
_DONE = r"(?:Successful|Complete)\.?"

SPEC = ProviderSpec(
    name="cellfin",
    names={"en": "CellFin", "bn": "সেলফিন"},
    sender_ids=frozenset({"ibbl .", "ibbl", "cellfin", "islamibank"}),
    test_sender="CellFin",
    trx_shape=r"\d{16}|(?=[A-Z]*\d)(?=\d*[A-Z])(?!\w*XXX)[A-Z0-9]{6,16}",
    test_credit=(
        "Dear Customer,\nBDT {amount} received in your CellFin from {phone}.\nTrxID: {trx}\n"
        "Balance: BDT {balance}\n{when:%d-%m-%Y %H:%M:%S}"
    ),
    pay_actions={
        "personal": ("Fund Transfer", "ফান্ড ট্রান্সফার"),
        "agent": CASH_OUT,
        "merchant": ("Merchant Payment", "মার্চেন্ট পেমেন্ট"),
    },
    rules=(
        Rule(
            Kind.ADD_MONEY,
            Direction.CREDIT,
            head(rf"{_BRAND}Add Money {_DONE} From: ?(?P<party>[^\s,]+)"),
        ),
        Rule(
            Kind.SEND_MONEY,
            Direction.DEBIT,
            head(
                rf"{_BRAND}Send Money(?: \w+)? {_DONE}"
                r"(?: From: ?\S+ (?:\w+ Wallet|To): ?(?P<party>[^\s,]+))?"
            ),
        ),
        Rule(
            Kind.CREDIT_RECEIVED,
            Direction.CREDIT,
            head(
                rf"Islami Bank CellFin Received (?P<amount>{AMT}) ?Tk From CellFin: ?{PARTY}"
                r" To CellFin: ?\S+"
            ),
        ),
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
