"""Which messages the SMS worker tries taught wordings on, and what a reading becomes (pure)."""

from __future__ import annotations

import pytest

from claimsvc.domain.sms.rereading import TAUGHT, read_taught, wants_wording
from claimsvc.domain.sms.routing import Kind, ParseOutcome, Result
from claimsvc.domain.wordings import CREDIT_KINDS, DEBIT_KINDS, Marks, Span, clean, teach

TEXT = "Funds in: Tk 20.00. Bal Tk 1,520.00. TrxID OTHQ1W2E3R"
UNPARSED = ParseOutcome(Result.UNPARSED, "bkash", None, "no_pattern")


def wording(provider: str = "bkash"):
    text = clean(TEXT)

    def at(value: str) -> Span:
        return Span(text.index(value), text.index(value) + len(value))

    return teach(text, provider, Marks("credit", "cash_in", at("OTHQ1W2E3R"), at("20.00")))


@pytest.mark.parametrize(
    ("sender", "outcome", "wanted"),
    [
        ("bKash", UNPARSED, True),
        (" BKASH ", UNPARSED, True),
        ("01712345678", UNPARSED, False),  # never a phone number, whatever the rules said
        ("bK\N{CYRILLIC SMALL LETTER A}sh", UNPARSED, False),
        ("bKashNotice", UNPARSED, False),
        ("NAGAD", UNPARSED, False),  # another provider's sender
        ("bKash", ParseOutcome(Result.UNPARSED, None, None, "parser_error"), False),
        ("bKash", ParseOutcome(Result.UNPARSED, "bkash", None, "too_long"), False),
        ("bKash", ParseOutcome(Result.IGNORED, "bkash", None, "promotion"), False),
        ("bKash", ParseOutcome(Result.SUSPECT, "bkash", None, "unknown_sender"), False),
    ],
)
def test_only_a_message_no_rule_read_from_the_provider_s_real_sender_wants_a_wording(
    sender, outcome, wanted
):
    assert wants_wording(sender, outcome) is wanted


def test_a_reading_becomes_a_parsed_transaction_marked_as_taught():
    found = read_taught("bKash", TEXT, UNPARSED, [wording()])
    assert found.result is Result.PARSED and found.parsed is not None
    parsed = found.parsed
    assert (parsed.kind, parsed.trx_id, parsed.amount_poisha) == (Kind.CASH_IN, "OTHQ1W2E3R", 2000)
    assert parsed.parsed_by == TAUGHT
    assert read_taught("NAGAD", TEXT, UNPARSED, [wording()]) is UNPARSED
    assert read_taught("bKash", TEXT, UNPARSED, [wording("nagad")]) is UNPARSED  # not its wallet


def test_every_kind_a_wording_may_have_is_a_parser_kind():
    assert {Kind(k) for k in CREDIT_KINDS + DEBIT_KINDS}
    assert Kind.REVERSAL.value not in CREDIT_KINDS + DEBIT_KINDS
