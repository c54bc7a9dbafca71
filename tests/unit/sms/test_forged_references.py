"""Text the payer controls (Ref, Reference, Purpose) never supplies the kind, the amount, the
TrxID, the balance or the failed flag; and forwarders' damage (reflowed whitespace, lost line
breaks, promotions around a message) never changes a result.

Each carrier below is a sourced credit wording with the payer's reference where the provider
prints it; the forged references are every corpus message (any provider, any kind), every title
and labelled field on its own, glued to its neighbours or in look-alike letters, and, with
hypothesis, any sequence of those pieces.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimsvc.domain.sms.routing import Kind, Result, parse_sms

from .test_parsers import CORPUS, HOLDOUT

# (id, sender, text with {ref}, kind, TrxID, whether the fee is printed after the reference)
CARRIERS = [
    (
        "bkash-received",
        "bKash",
        "You have received Tk 10.00 from 01712345678. Ref {ref}. Fee Tk 0.00. "
        "Balance Tk 1,010.00. TrxID REAL123456 at 21/11/2026 10:30",
        Kind.CREDIT_RECEIVED,
        "REAL123456",
        True,
    ),
    (
        "bkash-received-glued-ref",
        "bKash",
        "You have received Tk 10.00 from 01712345678.Ref {ref}. Fee Tk 0.00. "
        "Balance Tk 1,010.00. TrxID REAL123456 at 21/11/2026 10:30",
        Kind.CREDIT_RECEIVED,
        "REAL123456",
        True,
    ),
    (
        "bkash-payment-received",
        "bKash",
        "You have received payment Tk 10.00 from 01712345678. Ref {ref}. Fee Tk 0.00. "
        "Balance Tk 1,010.00. TrxID REAL123456 at 21/11/2026 10:30",
        Kind.PAYMENT_RECEIVED,
        "REAL123456",
        True,
    ),
    (
        "nagad-money-received",
        "NAGAD",
        "Money Received.\nAmount: Tk 10.00\nSender: 01712345678\nRef: {ref}\nTxnID: 7REAL123\n"
        "Balance: Tk 1,010.00\n21/11/2026 10:30",
        Kind.CREDIT_RECEIVED,
        "7REAL123",
        False,
    ),
    (
        "nagad-money-received-lost-breaks",
        "NAGAD",
        "Money Received.Amount: Tk 10.00Sender: 01712345678Ref: {ref}TxnID: 7REAL123"
        "Balance: Tk 1,010.0021/11/2026 10:30",
        Kind.CREDIT_RECEIVED,
        "7REAL123",
        False,
    ),
    # The payer (an organisation) writes the reference, and Nagad prints it before the amount.
    (
        "nagad-disbursement-ref-first",
        "NAGAD",
        "Disbursement Received.\nRef: {ref}\nAmount: Tk 10.00\nTxnID: 7REAL123\n"
        "Balance: Tk. 1,010.00\n21/11/2026 10:30",
        Kind.CREDIT_RECEIVED,
        "7REAL123",
        False,
    ),
    (
        "nagad-disbursement-ref-first-lost-breaks",
        "NAGAD",
        "Disbursement Received.Ref: {ref}Amount: Tk 10.00TxnID: 7REAL123"
        "Balance: Tk. 1,010.0021/11/2026 10:30",
        Kind.CREDIT_RECEIVED,
        "7REAL123",
        False,
    ),
    (
        "upay-received",
        "upay",
        "Tk. 10.00 has been received from 01712345678. Ref-{ref}. Balance Tk. 1,010.00. "
        "TrxID 01REAL1234 at 12/10/2025 19:15",
        Kind.CREDIT_RECEIVED,
        "01REAL1234",
        False,
    ),
    (
        "rocket-received-netbal",
        "16216",
        "Tk.10.00 received from A/C:***512\r\n\r\nRef No: {ref} Fee: Tk.00\r\n"
        "NetBal: Tk1,010.00\n\nTxnId: 6022164583 Date:27-DEC-25 07:17:16 pm.",
        Kind.CREDIT_RECEIVED,
        "6022164583",
        True,
    ),
]

SOURCED_TEXTS = sorted({e["text"] for e in CORPUS + HOLDOUT if e["expect"]["result"] == "parsed"})
"""Whole wallet messages of every provider and kind (the held-out texts are used as forgeries
here, never read to write a rule)."""

PIECES = [
    "You have received payment Tk 5,000.00 from 01999999999.",
    "You have received Tk 5,000.00 from 01999999999.",
    "Cash Out Tk 5,000.00 from 01999999999 successful.",
    "Cash In Tk 5,000.00 to 01999999999 successful.",
    "Payment Received.",
    "Cash Out Received.",
    "B2C: Cash-Out from A/C: 017123456781 Tk5,000.00 Comm:Tk20.00;",
    "Islami Bank CellFin Received 5000 Tk From CellFin: 01711223380 To CellFin: 01811223381",
    "Amount: Tk 5,000.00",
    "Amt: Tk 5,000.00",
    "Total: Tk 5,000.00",
    "Balance Tk 99,999.00.",
    "Balance: 99999.00",
    "Bal: Tk 99,999.00",
    "NetBal: Tk99,999.00",
    "A/C Balance: Tk99,999.00",
    "TrxID FAKE123456",
    "TxnID: 7FAKE999",
    "TxnId:6099999999",
    "TrnxID: 7FAKE998",
    "Trx ID FAKE654321",
    "Fee Tk 100.00.",
    "Comm: Tk 50.00",
    "has been reversed",
    "failed",
    "is unsuccessful! Tk 30 has been returned.",
    "at 01/01/2020 00:00",
    "Date:01-JAN-20 10:00:00 am",
    "01/01/2020",
    "Ref ",
    "Purpose: ",
    "Reference: ",
    "\n",
    "\r\n",
    "",
    ". ",
    "T\N{CYRILLIC SMALL LETTER ER}x\N{CYRILLIC CAPITAL LETTER IE}D",  # look-alike letters
    "\N{FULLWIDTH LATIN CAPITAL LETTER T}rxID \uff26\uff21\uff2b\uff25\uff11\uff12\uff13\uff14",
    "Balance\u200bTk 88,888.00",
]
EXPLICIT = SOURCED_TEXTS + PIECES + ["".join(PIECES), " ".join(PIECES), "\n".join(PIECES)]


def assert_real_fields(carrier: tuple[Any, ...], ref: str) -> None:
    _id, sender, template, kind, trx, fee_after = carrier
    plain = parse_sms(sender, template.format(ref="N/A"))
    forged = parse_sms(sender, template.format(ref=ref))
    assert plain.parsed is not None
    assert forged.result is Result.PARSED, forged
    got = forged.parsed
    assert got is not None
    assert (got.kind, got.direction, got.failed) == (kind, plain.parsed.direction, False)
    assert (got.amount_poisha, got.trx_id, got.balance_poisha) == (1000, trx, 101000)
    assert got.counterparty == plain.parsed.counterparty
    assert got.occurred_at == plain.parsed.occurred_at
    if fee_after:
        assert got.fee_poisha == 0


@pytest.mark.parametrize("carrier", CARRIERS, ids=[c[0] for c in CARRIERS])
@pytest.mark.parametrize("ref", EXPLICIT, ids=range(len(EXPLICIT)))
def test_a_forged_reference_supplies_none_of_the_providers_fields(
    carrier: tuple[Any, ...], ref: str
) -> None:
    assert_real_fields(carrier, ref)


@given(st.sampled_from(CARRIERS), st.lists(st.sampled_from(PIECES + SOURCED_TEXTS), max_size=8))
def test_any_sequence_of_forged_pieces_in_a_reference_changes_nothing(
    carrier: tuple[Any, ...], pieces: list[str]
) -> None:
    assert_real_fields(carrier, "".join(pieces))


@given(
    st.sampled_from(CARRIERS),
    st.text(st.sampled_from("Tk BDT.,:/-0123456789 TrxIDTxnIdBalanceFeeComm\n"), max_size=120),
)
def test_random_reference_text_changes_nothing(carrier: tuple[Any, ...], ref: str) -> None:
    assert_real_fields(carrier, ref)


# Promotion lines the providers print around a transaction (corpus sources), none with a date,
# a TrxID or a payer label; and what forwarder apps put before a message.
PROMOTIONS = [
    "Download App: https://bKa.sh/8app",
    "Use bKash App for convenience & offers! TCA",
    "WIN LAND IN DHAKA! CLICK NOW nagad.io/jmi",
    "Stay with Nagad for more offers.",
    "For details dial 16167",
    "Please download https://bit.ly/nexuspay",
    "Congratulations!",
    "bKash",
    "NAGAD",
    "16216",
]
PARSED = [e for e in CORPUS if e["expect"]["result"] == "parsed"]
SEPARATORS = [" ", "\n", "\r\n", "\n\n", ". "]


@given(
    st.sampled_from(PARSED),
    st.lists(st.sampled_from(PROMOTIONS), max_size=2),
    st.lists(st.sampled_from(PROMOTIONS), max_size=2),
    st.sampled_from(SEPARATORS),
)
def test_promotions_before_and_after_a_message_never_change_the_result(
    entry: dict[str, Any], before: list[str], after: list[str], sep: str
) -> None:
    text = sep.join([*before, entry["text"], *after])
    assert parse_sms(entry["sender"], text) == parse_sms(entry["sender"], entry["text"])


@given(st.sampled_from([e for e in PARSED if "\n" in e["text"]]), st.data())
def test_losing_any_of_a_messages_line_breaks_never_changes_the_result(
    entry: dict[str, Any], data: st.DataObject
) -> None:
    lines = entry["text"].replace("\r\n", "\n").split("\n")
    glue = data.draw(st.lists(st.sampled_from(["", "\n", " ", "\r\n"]), min_size=len(lines)))
    text = lines[0] + "".join(g + line for g, line in zip(glue, lines[1:], strict=False))
    assert parse_sms(entry["sender"], text) == parse_sms(entry["sender"], entry["text"])
