"""The wallet SMS parsers against the regression corpus, plus targeted edge cases."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.providers import SPECS
from claimsvc.domain.sms.engine import MAX_TEXT, normalise, to_poisha
from claimsvc.domain.sms.routing import Kind, ParseOutcome, Result, parse_sms
from tools import sms_accuracy as accuracy

DATA = Path(__file__).resolve().parents[2] / "data" / "sms"


def load(directory: Path, tag: str) -> list[dict[str, Any]]:
    """Every entry of one set, tagged with its provider (file) and the set it belongs to."""
    return [{**e, "set": tag} for e in accuracy.load(directory)]


SOURCED = load(DATA / "corpus", "corpus")
"""The sourced corpus the rules were written and checked against."""
HOLDOUT = load(DATA / "holdout", "holdout")
"""The fifth set aside at random before any rule was written (never read to write rules)."""
UNVERIFIED = load(DATA, "unverified")
"""The older recalled, reconstructed and synthetic entries: rule pins, not evidence."""
CORPUS = SOURCED + UNVERIFIED
"""What the parser is held to entry by entry; the held-out fifth is measured apart."""


def poisha(taka: Any) -> int | None:
    """The test's own taka-to-poisha conversion, independent of the parser's."""
    return None if taka is None else int(Decimal(str(taka)) * 100)


def expected_fields(expect: dict[str, Any]) -> dict[str, Any]:
    """The parsed fields an entry expects, in ParsedSms terms."""
    counterparty = expect["counterparty"]
    return {
        "provider": expect["provider"],
        "kind": expect["kind"],
        "direction": expect["direction"],
        "trx_id": str(expect["trx_id"]),
        "amount_poisha": poisha(expect["amount"]),
        "fee_poisha": poisha(expect["fee"]),
        "commission_poisha": poisha(expect.get("commission", "0.00")),
        "balance_poisha": poisha(expect["balance"]),
        "counterparty": None if counterparty is None else str(counterparty),
        "occurred_at": expect["occurred_at"],
        "failed": expect["failed"],
    }


@pytest.mark.parametrize("entry", CORPUS, ids=[f"{e['set']}:{e['id']}" for e in CORPUS])
def test_corpus_entry_parses_as_expected(entry: dict[str, Any]) -> None:
    outcome = parse_sms(entry["sender"], entry["text"])
    expect = entry["expect"]
    assert (outcome.result, outcome.provider) == (expect["result"], expect["provider"])
    assert outcome.reason == expect.get("reason")
    if expect["result"] != Result.PARSED:
        assert outcome.parsed is None
        return
    assert outcome.parsed is not None
    got = {name: getattr(outcome.parsed, name) for name in expected_fields(expect)}
    assert got == expected_fields(expect)


def test_accuracy_by_provider_and_kind_on_the_corpus_and_the_held_out_fifth(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The figures of tools/sms_accuracy.py. The whole sourced corpus must be at least 95 %
    exact; the held-out fifth is printed as it is (rules are never fitted to it) and only held
    to not falling below what it is now (44 of 56, 78.6 %: round one 33 of 42, round two 4 of 4,
    round three 3 of 3, round six 2 of 4, round seven 2 of 3, rounds four and five none held
    out; the goal of 95 % is not met)."""
    corpus = accuracy.accuracy(SOURCED)
    holdout = accuracy.accuracy(HOLDOUT)
    with capsys.disabled():
        print("\n" + accuracy.report("corpus", corpus) + "\n" + accuracy.report("holdout", holdout))
    assert corpus["total"] >= 230 and holdout["total"] >= 56
    assert corpus["exact"] / corpus["total"] >= 0.95, corpus["misses"]
    assert holdout["exact"] >= 44, holdout["misses"]
    every_kind = {k.value for k in Kind} - {"charge", "refund", "b2b_received"}
    assert {accuracy.label(e) for e in SOURCED} >= every_kind - {"bank_transfer"}


@pytest.mark.parametrize("provider", PROVIDERS)
def test_every_provider_has_sourced_credits_and_forgeries_in_the_corpus(provider: str) -> None:
    """Each provider's sourced entries hold at least one credit a buyer can claim and one forgery
    from a phone-number sender; kinds no public source shows are listed in docs/sms-wordings.md."""
    entries = [e["expect"] for e in SOURCED + HOLDOUT if e["file"] == provider]
    claimable = {"received", "payment_received", "cash_out_received", "cash_in"}
    assert {e.get("kind") for e in entries} & claimable
    assert any(e.get("reason") == "unknown_sender" for e in entries)


def test_corpus_ids_are_unique() -> None:
    ids = [e["id"] for e in SOURCED + HOLDOUT + UNVERIFIED]
    assert len(ids) == len(set(ids))


def test_holdout_was_drawn_as_documented() -> None:
    """A fifth per provider and research round (rounded), drawn with random.Random(20261123)
    .sample (round three: random.Random(20261124), round four: random.Random(20261125), round
    five: random.Random(20261126), round six: random.Random(20261127), round seven:
    random.Random(20261128)) before any rule saw the texts (tests/data/sms/README.md); only sizes
    are checked. Round five found no new entry, so it drew nothing and has no files."""
    rounds = {e["round"] for e in SOURCED + HOLDOUT}
    assert {"bkash", "nagad", "rocket", "upay", "cellfin", "bkash-r2"} <= rounds
    assert {"bkash-r3", "nagad-r3", "rocket-r3"} <= rounds
    assert "cellfin-r4" in rounds
    assert not [name for name in rounds if name.endswith("-r5")]
    assert {"bkash-r6", "nagad-r6", "rocket-r6", "cellfin-r6"} <= rounds
    assert {"bkash-r7", "rocket-r7", "cellfin-r7"} <= rounds
    for name in rounds:
        held = sum(e["round"] == name for e in HOLDOUT)
        total = held + sum(e["round"] == name for e in SOURCED)
        assert held == round(total / 5), name


BKASH_RECEIVED = (
    "You have received {m}{a} from 01712345678. Fee {m}0.00. Balance {m}{b}. "
    "TrxID 8N7A6B5C4D at 21/11/2026 10:30"
)


@pytest.mark.parametrize(
    ("printed", "expected"),
    [
        ("500", 50000),
        ("500.5", 50050),
        ("0.01", 1),
        ("1,500.00", 150000),
        ("12,345.67", 1234567),
        ("1,00,000.00", 10000000),
        ("1,234,567.89", 123456789),
        ("9999999999.99", 999999999999),
    ],
)
def test_thousands_separators_and_decimals_become_exact_poisha(printed: str, expected: int) -> None:
    text = BKASH_RECEIVED.format(m="Tk ", a=printed, b="1,00,00,000.00")
    parsed = parse_sms("bKash", text).parsed
    assert parsed is not None
    assert parsed.amount_poisha == expected
    assert parsed.balance_poisha == 1_000_000_000
    assert to_poisha(printed) == expected


@pytest.mark.parametrize("marker", ["Tk ", "Tk", "Tk.", "Tk. ", "TK ", "BDT ", "BDT", "Taka ", "৳"])
def test_every_currency_marker_reads_the_same_amount(marker: str) -> None:
    text = BKASH_RECEIVED.format(m=marker, a="2,500.50", b="3,000.50")
    parsed = parse_sms("bKash", text).parsed
    assert parsed is not None
    assert (parsed.amount_poisha, parsed.fee_poisha, parsed.balance_poisha) == (250050, 0, 300050)


@pytest.mark.parametrize(
    "trx",
    [
        "8N7A6B5C4D",
        "8n7a6b5c4d",
        "\uff18\uff2e\uff17\uff21\uff16\uff22\uff15\uff23\uff14\uff24",  # fullwidth throughout
        "8N7\N{CYRILLIC CAPITAL LETTER A}6\N{CYRILLIC CAPITAL LETTER VE}5"
        "\N{CYRILLIC CAPITAL LETTER ES}4D",
        "8\N{GREEK CAPITAL LETTER NU}7\N{GREEK CAPITAL LETTER ALPHA}6"
        "\N{GREEK CAPITAL LETTER BETA}5C4D",
        "8N7A\u200b6B5C4D",  # zero-width space inside the id
        "8N7\N{CYRILLIC SMALL LETTER A}6b5\N{CYRILLIC SMALL LETTER ES}4d",
    ],
)
def test_lookalike_characters_in_trxid_fold_to_ascii_upper_case(trx: str) -> None:
    text = f"You have received Tk 500.00 from 01712345678. Balance Tk 1,500.00. TrxID {trx} at x"
    parsed = parse_sms("bKash", text).parsed
    assert parsed is not None
    assert parsed.trx_id == "8N7A6B5C4D"


@pytest.mark.parametrize("trx", ["8N7A6", "8N7A6B5C4D8N7A6B5C4D8", "8N7A-6B5C"])
def test_trxid_outside_six_to_twenty_alphanumerics_is_unparsed(trx: str) -> None:
    text = f"You have received Tk 500.00 from 01712345678. Balance Tk 1,500.00. TrxID {trx} at x"
    outcome = parse_sms("bKash", text)
    assert (outcome.result, outcome.reason) == (Result.UNPARSED, "no_trx_id")


MULTILINE = [e for e in CORPUS if "\n" in e["text"] and e["expect"]["result"] == "parsed"]


@pytest.mark.parametrize("entry", MULTILINE, ids=[e["id"] for e in MULTILINE])
def test_lost_line_breaks_do_not_change_the_outcome(entry: dict[str, Any]) -> None:
    glued = entry["text"].replace("\r", "").replace("\n", "")
    assert parse_sms(entry["sender"], glued) == parse_sms(entry["sender"], entry["text"])


@pytest.mark.parametrize("entry", CORPUS, ids=[e["id"] for e in CORPUS])
def test_doubled_line_breaks_do_not_change_the_outcome(entry: dict[str, Any]) -> None:
    doubled = entry["text"].replace("\n", "\r\n\r\n").replace(" ", "\n\n")
    assert parse_sms(entry["sender"], doubled) == parse_sms(entry["sender"], entry["text"])


BKASH_TEXT = BKASH_RECEIVED.format(m="Tk ", a="500.00", b="1,500.00")


@pytest.mark.parametrize(
    "sender",
    [
        "+8801711223344",
        "01711223344",
        "8801711223344",
        "bKash2",
        "bK\N{CYRILLIC SMALL LETTER A}sh",
        "b Kash",
        "",
        "bkash.com",
        "\N{FULLWIDTH LATIN SMALL LETTER B}Kash",
    ],
)
def test_wallet_text_from_any_other_sender_is_suspect(sender: str) -> None:
    assert parse_sms(sender, BKASH_TEXT) == ParseOutcome(
        Result.SUSPECT, "bkash", None, "unknown_sender"
    )


@pytest.mark.parametrize("sender", ["bKash", "BKASH", "bkash", " bKash ", "bKash\n"])
def test_real_sender_matches_case_insensitively_after_trimming(sender: str) -> None:
    assert parse_sms(sender, BKASH_TEXT).result is Result.PARSED


def test_suspect_names_no_provider_when_the_text_does_not_say() -> None:
    text = "Received Tk 900.00. TrxID ZZ99YY88XX. Balance Tk 950.00."
    assert parse_sms("+8801711223344", text) == ParseOutcome(
        Result.SUSPECT, None, None, "unknown_sender"
    )


@pytest.mark.parametrize(
    "text", ["Bhai, ami 5 minute e ashchi", "", "Send me Tk 500 please", "Your OTP is 1234"]
)
def test_ordinary_text_from_a_phone_is_not_wallet(text: str) -> None:
    assert parse_sms("+8801711223344", text) == ParseOutcome(
        Result.IGNORED, None, None, "not_wallet"
    )


def test_real_sender_with_a_non_money_notice_is_ignored_as_info() -> None:
    outcome = parse_sms("NAGAD", "Your Nagad PIN has been changed.")
    assert (outcome.result, outcome.reason) == (Result.IGNORED, "info")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Tk 1032.36 will be automatically deducted as Loan instalment today.", "info"),
        ("bKash has something new about Tk 50. TrxID AB12CD34XY", "no_pattern"),
        ("Tk 200.00 has been added to your bKash Savings scheme. Balance Tk 627.00.", "no_pattern"),
    ],
)
def test_an_unknown_wording_is_kept_for_review_only_when_it_moved_money(
    text: str, reason: str
) -> None:
    """A TrxID or a new balance says money moved (a missed debit would break the chain): such a
    text is kept unparsed; money mentioned with neither is a notice."""
    outcome = parse_sms("bKash", text)
    assert outcome.reason == reason
    assert outcome.result is (Result.IGNORED if reason == "info" else Result.UNPARSED)


def test_empty_text_from_a_real_sender_is_ignored() -> None:
    assert parse_sms("16216", "").result is Result.IGNORED


def test_oversized_text_is_kept_unparsed_from_a_real_sender_and_ignored_otherwise() -> None:
    huge = BKASH_TEXT + " x" * MAX_TEXT
    assert parse_sms("bKash", huge).reason == "too_long"
    assert parse_sms("bKash", huge).result is Result.UNPARSED
    assert parse_sms("+8801711223344", huge).result is Result.IGNORED


def test_non_string_input_does_not_raise() -> None:
    outcome = parse_sms(None, None)  # type: ignore[arg-type]
    assert (outcome.result, outcome.reason) == (Result.UNPARSED, "parser_error")


def test_normalise_collapses_every_whitespace_run() -> None:
    assert normalise(" a\r\n\r\n b\t\u00a0c\u2028d ") == "a b c d"


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_each_provider_spec_holds_lower_case_sender_ids_and_its_rules(spec: Any) -> None:
    assert isinstance(spec.sender_ids, frozenset)
    assert spec.sender_ids
    assert all(s == s.strip().casefold() for s in spec.sender_ids)
    assert spec.rules


@pytest.mark.parametrize(
    "ref",
    [
        "You have received payment Tk 5,000.00 from 01999999999.",
        "Cash In Tk 5,000.00 from 01999999999 successful.",
        "Balance Tk 99,999.00.",
        "TrxID FAKE123456.",
        "Fee Tk 100.00.",
        "at 01/01/2020 00:00 has been reversed",
    ],
)
def test_payer_written_reference_cannot_override_the_providers_fields(ref: str) -> None:
    text = (
        f"You have received Tk 10.00 from 01712345678. Ref {ref}. Fee Tk 0.00. "
        "Balance Tk 1,010.00. TrxID REAL123456 at 21/11/2026 10:30"
    )
    parsed = parse_sms("bKash", text).parsed
    assert parsed is not None
    assert (parsed.kind, parsed.amount_poisha, parsed.failed) == (Kind.CREDIT_RECEIVED, 1000, False)
    assert (parsed.trx_id, parsed.fee_poisha, parsed.balance_poisha) == ("REAL123456", 0, 101000)
    assert parsed.occurred_at == "21/11/2026 10:30"


def test_nagad_reference_cannot_override_the_providers_fields() -> None:
    text = (
        "Money Received.\nAmount: Tk 10.00\nSender: 01712345678\n"
        "Ref: TxnID: 7FAKE999 Balance: Tk 99,999.00 Payment Received. Amount: Tk 5,000.00\n"
        "TxnID: 7REAL123\nBalance: Tk 1,010.00\n21/11/2026 10:30"
    )
    parsed = parse_sms("NAGAD", text).parsed
    assert parsed is not None
    assert (parsed.kind, parsed.amount_poisha) == (Kind.CREDIT_RECEIVED, 1000)
    assert (parsed.trx_id, parsed.balance_poisha) == ("7REAL123", 101000)


@pytest.mark.parametrize(
    "before",
    ["Fwd: ", "bKash\n", "Congratulations! ", "WIN LAND IN DHAKA! CLICK NOW nagad.io/jmi\n"],
)
def test_text_before_the_providers_wording_is_tolerated(before: str) -> None:
    """A promotion or a forwarder's header before the message does not hide it (the sender id
    is what proves the message; the payer can write nothing before the provider's title)."""
    assert parse_sms("bKash", before + BKASH_TEXT) == parse_sms("bKash", BKASH_TEXT)


def test_a_wallet_wording_inside_the_reference_of_an_unknown_wording_is_not_read() -> None:
    """The title is looked for only before the payer's text: if the provider's own wording is
    unknown, a known one written in the reference must not stand in for it."""
    text = (
        "Something new Tk 10.00 from 01712345678. Ref You have received payment Tk 5,000.00 "
        "from 01999999999. Fee Tk 0.00. Balance Tk 1,010.00. TrxID REAL123456 at 21/11/2026 10:30"
    )
    assert (parse_sms("bKash", text).result, parse_sms("bKash", text).reason) == (
        Result.UNPARSED,
        "no_pattern",
    )


BILL_FROM_NOTICE = (
    "Bill successfully paid. Biller: DPDC (Prepaid) Amount: Tk 1200.0 TrxID: DI42RM7QKX "
    "at 06/09/26 12:52PM"
)


@pytest.mark.parametrize("sender", ["bKashNotice", "BKASHNOTICE", "bKash Offer", "bKashCS"])
def test_bkash_notice_senders_count_only_for_the_debits_they_report(sender: str) -> None:
    """ "bKashNotice" confirms some bill payments (round six): a payment it reports moves the
    wallet's balance chain; money received, a reversal or a failure from any notice sender is
    never read, so a look-alike of them cannot credit a wallet, void a recorded payment, nor
    raise a false alarm."""
    bill = parse_sms(sender, BILL_FROM_NOTICE)
    assert bill.parsed is not None
    assert (bill.parsed.kind, bill.parsed.amount_poisha) == (Kind.BILL_PAYMENT, 120000)
    reason = "promotion" if sender == "bKash Offer" else "info"
    # A reversal or a failure would void a payment the merchant was paid: not from these senders.
    voiding = [
        "Your received Tk 500.00 from 01712345678 has been reversed. Balance Tk 1,000.00. "
        "TrxID 8N7A6B5C4D at 21/11/2026 10:30",
        "Your Cashback Tk 10.00 is rolled back. Balance is Tk 680.00. TrxID DDC71QGYF4 "
        "at 12/04/2026 19:57",
        "Send Money Tk 500.00 to 01712345678 failed. TrxID 8N7A6B5C4D at 21/11/2026 10:30",
    ]
    for text in [BKASH_TEXT, *voiding]:
        ignored = parse_sms(sender, text)
        assert (ignored.result, ignored.parsed) == (Result.IGNORED, None), text
        assert (ignored.provider, ignored.reason) == ("bkash", reason)
        assert parse_sms("bKash", text).result is Result.PARSED, text  # from bKash it counts


@pytest.mark.parametrize(
    "text",
    [
        "<#> Your registration reference number is 402917. Expires in 2 minutes. 46IS00LPAIS00FW",
        "<#>Your bKash PIN reset token is 772341 FA+9qCX9VSu",
    ],
)
def test_an_sms_retriever_message_is_a_code_whatever_the_code_is_called(text: str) -> None:
    assert (parse_sms("bKash", text).result, parse_sms("bKash", text).reason) == (
        Result.IGNORED,
        "otp",
    )


def test_a_balance_is_read_after_is_and_a_rolled_back_reward_is_a_debit() -> None:
    text = (
        "Your Cashback Tk 10.00 is rolled back. Balance is Tk 680.00. TrxID DDC71QGYF4 "
        "at 12/04/2026 19:57"
    )
    parsed = parse_sms("bKash", text).parsed
    assert parsed is not None
    assert (parsed.kind, parsed.direction) == (Kind.REVERSAL, "debit")
    assert (parsed.amount_poisha, parsed.balance_poisha) == (1000, 68000)
