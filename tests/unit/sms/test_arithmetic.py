# ruff: noqa: RUF001 - Bangla digits and a Cyrillic look-alike sender are what these test
"""Reading an SMS by its arithmetic (claimsvc/domain/sms/arithmetic.py): exactly one reading in
which the wallet's previous balance, numbers written in the text and a labelled balance add up,
or none; and which messages go through it (claimsvc/domain/sms/rereading.py)."""

from __future__ import annotations

import pytest

from claimsvc.domain.balances import Unread, Wallet
from claimsvc.domain.sms.arithmetic import (
    ARITHMETIC,
    numbers,
    previous_balances,
    read,
    stated_balance,
)
from claimsvc.domain.sms.engine import normalise
from claimsvc.domain.sms.rereading import reread, wants_balance
from claimsvc.domain.sms.routing import Direction, ParseOutcome, Result, parse_sms

CREDIT, DEBIT = Direction.CREDIT, Direction.DEBIT

# The six new wordings of issue 22 (plausible rewordings, made up: no such text was found in
# public sources) and the debit that broke the chain, each with the balance before it.
NEW_WORDINGS = [
    (
        "bkash",
        "Money received! Tk 500.00 from 01712345678 has been added to your account. Your new "
        "bKash balance is Tk 1,500.00. TrxID BKN4W7Q2ZX at 24/11/2026 10:15",
        100_000,
        (CREDIT, "BKN4W7Q2ZX", 50_000, 0, 150_000),
    ),
    (
        "bkash",
        "TrxID BKT8R5K3LM: you got Tk 250.00 from 01812345678 at 24/11/2026 11:02. Fee Tk 0.00. "
        "Balance Tk 1,750.00",
        150_000,
        (CREDIT, "BKT8R5K3LM", 25_000, 0, 175_000),
    ),
    (
        "nagad",
        "You have received Tk 320.50 from 01912345678.\nTransaction ID: 7A1B2C3D\n"
        "Current balance: Tk 2,070.50\n24/11/2026 12:30",
        175_000,
        (CREDIT, "7A1B2C3D", 32_050, 0, 207_050),
    ),
    (
        "nagad",
        "৳৬৪০.০০ জমা হয়েছে 01912345679 থেকে। TxnID: 7E4F5G6H ব্যালেন্স: ৳২,৭১০.৫০ ২৪/১১/২০২৬",
        207_050,
        (CREDIT, "7E4F5G6H", 64_000, 0, 271_050),
    ),
    (
        "rocket",
        "Received BDT 1,200.00 from A/C 01712345680. Balance BDT 3,910.50. TxnId 4512398760 "
        "Date 24-NOV-26 01:45:10 pm",
        271_050,
        (CREDIT, "4512398760", 120_000, 0, 391_050),
    ),
    (
        "upay",
        "Tk. 75.00 credited to your upay account from 01512345681. Bal Tk. 3,985.50. "
        "TrxID 01KBX4Z7QD at 24/11/2026 14:10.",
        391_050,
        (CREDIT, "01KBX4Z7QD", 7_500, 0, 398_550),
    ),
    (
        "bkash",
        "Tk 1,000.00 sent to 01612345682. Charge Tk 5.00. Remaining balance Tk 2,980.50. "
        "TrxID BKD2F6H8JQ at 24/11/2026 15:20",
        398_550,
        (DEBIT, "BKD2F6H8JQ", 100_000, 500, 298_050),
    ),
]


def values(provider: str, text: str, previous: int) -> tuple[object, ...] | str | None:
    verdict = read(provider, text, previous)
    r = verdict.reading
    if r is None:
        return verdict.reason
    return r.direction, r.trx_id, r.amount_poisha, r.fee_poisha, r.balance_poisha


@pytest.mark.parametrize(("provider", "text", "previous", "expected"), NEW_WORDINGS)
def test_a_new_wording_is_read_when_exactly_one_reading_adds_up(
    provider: str, text: str, previous: int, expected: tuple[object, ...]
) -> None:
    assert values(provider, text, previous) == expected


@pytest.mark.parametrize(("provider", "text", "previous", "expected"), NEW_WORDINGS)
def test_a_new_wording_after_another_balance_is_not_read(
    provider: str, text: str, previous: int, expected: tuple[object, ...]
) -> None:
    assert values(provider, text, previous + 1) == "no_reading"
    assert values(provider, text, previous - 10_000) in ("no_reading", "several_readings")


BKASH = "Money in: Tk {a} from 01712345678. Balance Tk {b}. TrxID BKN4W7Q2ZX at 24/11/2026 10:15"


@pytest.mark.parametrize(
    ("amount", "balance", "previous", "poisha"),
    [
        ("500", "1500", 100_000, 50_000),
        ("500.", "1,500.", 100_000, 50_000),
        ("500.5", "1,500.5", 100_000, 50_050),
        ("1,00,000.00", "1,01,000.00", 100_000, 10_000_000),
        ("৫০০.০০", "১,৫০০.০০", 100_000, 50_000),
        ("0.20", "0.28", 8, 20),
    ],
)
def test_numbers_are_read_with_any_digits_separators_and_full_stop(
    amount: str, balance: str, previous: int, poisha: int
) -> None:
    text = BKASH.format(a=amount, b=balance)
    assert values("bkash", text, previous) == (CREDIT, "BKN4W7Q2ZX", poisha, 0, previous + poisha)


@pytest.mark.parametrize("marker", ["Tk ", "Tk", "Tk. ", "TK.", "BDT ", "BDT", "Taka ", "৳", ""])
def test_every_currency_marker_and_none_reads_the_same(marker: str) -> None:
    text = f"Got {marker}500.00 from 01712345678. Balance: {marker}1,500.00. TrxID BKN4W7Q2ZX"
    assert values("bkash", text, 100_000) == (CREDIT, "BKN4W7Q2ZX", 50_000, 0, 150_000)


@pytest.mark.parametrize(
    "text",
    [
        # Parts of dates, times, phone and account numbers and masked numbers are no money:
        # each of these would otherwise add up (previous 1,000.00, balance 1,026.00).
        "Balance Tk 1,026.00. TrxID BKN4W7Q2ZX at 26/05/2026 10:15",
        "Balance Tk 1,026.00. TrxID BKN4W7Q2ZX at 2026-05-26",
        "Balance Tk 1,026.00. TrxID BKN4W7Q2ZX at 10:26 pm",
        "Balance Tk 1,026.00. TrxID BKN4W7Q2ZX Date 26-MAY-26",
        "Balance Tk 1,026.00. TrxID BKN4W7Q2ZX from ***26",
        "Balance Tk 1,026.00. TrxID BKN4W7Q2ZX from 01XXXXXXX26",
        "Balance Tk 1,026.00. TrxID BKN4W7Q2ZX 26% off",
        "Balance Tk 1,026.00. TrxID BKN4W7Q2ZX 26app",
        "Balance Tk 1,026.00. TrxID BKN4W7Q2ZX from 026",
    ],
)
def test_numbers_inside_dates_times_and_account_numbers_are_left_out(text: str) -> None:
    assert values("bkash", text, 100_000) == "no_reading"


def test_a_debits_amount_is_never_taken_for_its_balance() -> None:
    # previous 1,000 - 300 = 700 and 1,000 - 700 = 300: only the labelled balance counts.
    text = "Tk 300.00 paid to Karim Store. Balance Tk 700.00. TrxID BKD2F6H8JQ"
    assert values("bkash", text, 100_000) == (DEBIT, "BKD2F6H8JQ", 30_000, 0, 70_000)
    unlabelled = "Tk 300.00 paid to Karim Store. Tk 700.00 left. TrxID BKD2F6H8JQ"
    assert values("bkash", unlabelled, 100_000) == "no_balance"


@pytest.mark.parametrize(
    ("text", "amount", "fee"),
    [
        ("Tk 995.00 sent. Tk 5.00 taken. Balance Tk 0.00. TrxID BKD2F6H8JQ", 99_500, 500),
        ("Tk 5.00 sent. Tk 995.00 taken. Balance Tk 0.00. TrxID BKD2F6H8JQ", 99_500, 500),
        ("Tk 5.00 sent. Fee Tk 995.00. Balance Tk 0.00. TrxID BKD2F6H8JQ", 500, 99_500),
        ("Tk 5.00 sent. চার্জ ৳995.00. ব্যালেন্স ৳0.00. TrxID BKD2F6H8JQ", 500, 99_500),
        ("Tk 995.00 sent. Charge: Tk 5.00. Balance is Tk 0.00. TrxID BKD2F6H8JQ", 99_500, 500),
    ],
)
def test_an_amount_and_a_fee_that_swap_are_settled_by_a_fee_word_or_the_smaller_value(
    text: str, amount: int, fee: int
) -> None:
    assert values("bkash", text, 100_000) == (DEBIT, "BKD2F6H8JQ", amount, fee, 0)


def test_a_commission_labelled_as_such_is_credited_with_the_transaction() -> None:
    text = (
        "Cash-out of Tk. 3940.00 from 01711223370. Comm: TK. 16.1343. Balance Tk. 6568.82. "
        "TrxID 01JYG5HFT8 at 24/06/2025 10:52."
    )
    verdict = read("upay", text, 656_882 - 394_000 - 1_613)
    assert verdict.reading is not None
    assert (verdict.reading.amount_poisha, verdict.reading.commission_poisha) == (394_000, 1_613)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Got Tk 500.00. Balance Tk 1,500.00. Ref BKR9Q8W7E6. TrxID BKN4W7Q2ZX", "several_trx_ids"),
        ("Got Tk 500.00. Balance Tk 1,500.00. Ref 01712345678", "no_trx_id"),
        ("Got Tk 500.00 and Tk 500.00 more. TrxID BKN4W7Q2ZX", "no_balance"),
        ("Got Tk 400.00. Balance Tk 1,500.00. TrxID BKN4W7Q2ZX", "no_reading"),
        # Two readings hold (a credit of 500 and a debit of 200): never guessed.
        ("Tk 500.00, Tk 200.00. Balance Tk 1,500.00. Bal Tk 800.00. TrxID BKN4W7Q2ZX", None),
    ],
)
def test_no_reading_or_several_leave_the_message_not_understood(text: str, reason: str) -> None:
    assert values("bkash", text, 100_000) == (reason or "several_readings")


def test_the_same_trxid_written_twice_is_one_token() -> None:
    text = "TrxID BKN4W7Q2ZX: got Tk 500.00. Balance Tk 1,500.00. Ref BKN4W7Q2ZX"
    assert values("bkash", text, 100_000) == (CREDIT, "BKN4W7Q2ZX", 50_000, 0, 150_000)


@pytest.mark.parametrize(
    ("provider", "token", "shaped"),
    [
        ("bkash", "BKN4W7Q2ZX", True),
        ("bkash", "CJNDFK7349C75", True),
        ("bkash", "SUCCESSFUL", False),
        ("bkash", "1234567890", False),
        ("nagad", "7A1B2C3D", True),
        ("nagad", "71223344", False),
        ("rocket", "4512398760", True),
        ("rocket", "01712345678", False),
        ("upay", "01KBX4Z7QD", True),
        ("cellfin", "3426031200081752", True),
        ("cellfin", "01XXXXXXXXX", False),
    ],
)
def test_trxid_shapes_of_each_provider(provider: str, token: str, shaped: bool) -> None:
    text = f"Got Tk 500.00. Balance Tk 1,500.00. Id {token}"
    reason = read(provider, text, 100_000).reason
    assert (reason is None) is shaped


def test_a_reading_becomes_a_transaction_marked_as_read_by_arithmetic() -> None:
    provider, text, previous, _ = NEW_WORDINGS[0]
    found = reread("bKash", text, parse_sms("bKash", text), previous)
    assert found.result is Result.PARSED and found.parsed is not None
    assert (found.parsed.parsed_by, found.parsed.kind, found.parsed.provider) == (
        ARITHMETIC,
        "received",
        provider,
    )
    assert found.parsed.occurred_at == "24/11/2026 10:15"
    assert parse_sms("bKash", text).parsed is None  # no rule reads it


def test_a_message_a_rule_reads_keeps_its_rules_reading() -> None:
    text = (
        "You have received Tk 500.00 from 01712345678. Fee Tk 0.00. Balance Tk 1,500.00. "
        "TrxID BKN4W7Q2ZX at 24/11/2026 10:15"
    )
    ruled = parse_sms("bKash", text)
    assert reread("bKash", text, ruled, 100_000) is ruled
    assert ruled.parsed is not None and ruled.parsed.parsed_by == "rule"


@pytest.mark.parametrize("sender", ["01712345678", "bKash Offer", "bKashNotice", "bКash", "Nagad1"])
def test_only_a_providers_real_sender_is_read_by_arithmetic(sender: str) -> None:
    _, text, previous, _ = NEW_WORDINGS[0]
    found = parse_sms(sender, text)
    assert not wants_balance(sender, text, found)
    assert reread(sender, text, found, previous) is found


def test_without_a_known_balance_nothing_is_read_and_a_set_aside_credit_is_not_ignored() -> None:
    _, text, _, _ = NEW_WORDINGS[0]
    found = parse_sms("bKash", text)
    assert (found.result, found.reason) == (Result.IGNORED, "balance_inquiry")  # "balance is"
    waiting = reread("bKash", text, found, None)  # some balance before it reads it: it waits
    assert (waiting.result, waiting.reason, waiting.parsed) == (Result.UNPARSED, "no_pattern", None)


def test_without_a_known_balance_an_inquiry_no_balance_could_read_stays_ignored() -> None:
    found = parse_sms("bKash", INQUIRY)
    assert reread("bKash", INQUIRY, found, None) is found


INQUIRY = "Your balance is Tk 1,500.00. TrxID BKN4W7Q2ZX at 24/11/2026 10:15"


def test_a_balance_inquiry_stating_the_running_balance_stays_ignored() -> None:
    found = parse_sms("bKash", INQUIRY)
    assert (found.result, found.reason) == (Result.IGNORED, "balance_inquiry")
    assert wants_balance("bKash", INQUIRY, found)
    assert reread("bKash", INQUIRY, found, 150_000) is found


def test_a_balance_inquiry_stating_another_balance_is_read_or_not_understood() -> None:
    credit = "Tk 500.00 received. Your balance is Tk 1,500.00. TrxID BKN4W7Q2ZX"
    found = parse_sms("bKash", credit)
    assert (found.result, found.reason) == (Result.IGNORED, "balance_inquiry")
    read_ = reread("bKash", credit, found, 100_000)
    assert read_.parsed is not None and read_.parsed.amount_poisha == 50_000
    other = reread("bKash", INQUIRY, parse_sms("bKash", INQUIRY), 100_000)
    assert (other.result, other.reason, other.parsed) == (Result.UNPARSED, "no_pattern", None)


def test_a_promotion_that_states_a_balance_other_than_the_running_one_is_read() -> None:
    text = "You won a bonus! Tk 50.00 added. Balance Tk 1,050.00. TrxID BKC4S5H6B7"
    found = parse_sms("bKash", text)
    assert (found.result, found.reason) == (Result.IGNORED, "promotion")
    read_ = reread("bKash", text, found, 100_000)
    assert read_.parsed is not None and read_.parsed.amount_poisha == 5_000


def test_a_promotion_stating_no_balance_never_needs_one() -> None:
    text = "Get 10% cashback on Tk 500 bill payment! T&C apply."
    found = parse_sms("bKash", text)
    assert found.result is Result.IGNORED
    assert not wants_balance("bKash", text, found)


def test_stated_balance_reads_the_last_labelled_balance() -> None:
    assert stated_balance("bkash", INQUIRY) == 150_000
    assert stated_balance("bkash", "Tk 500 sent. TrxID BKN4W7Q2ZX") is None


def test_labels_are_read_from_the_words_before_a_number() -> None:
    found = numbers(normalise("Amount: Tk 5.00 Fee: Tk 1.00 Comm: Tk 0.10 Balance is Tk 9.00"))
    assert [(n.poisha, n.label) for n in found] == [
        (500, "plain"),
        (100, "fee"),
        (10, "commission"),
        (900, "balance"),
    ]


def test_a_failed_verdict_never_carries_a_reading() -> None:
    outcome = ParseOutcome(Result.UNPARSED, "bkash", None, "no_pattern")
    assert reread("bKash", "Balance Tk 1.00", outcome, 100) == outcome


@pytest.mark.parametrize(("provider", "text", "previous", "expected"), NEW_WORDINGS)
def test_the_balances_a_message_waits_for_are_those_after_which_it_is_read(
    provider: str, text: str, previous: int, expected: tuple[object, ...]
) -> None:
    waits = previous_balances(provider, text)
    assert previous in waits
    for before in waits:
        assert read(provider, text, before).reading is not None
    assert previous + 1 not in waits


def test_a_message_that_never_has_a_reading_waits_for_nothing() -> None:
    assert previous_balances(
        "bkash", "Got Tk 5.00. Balance Tk 9.00. Ref A1B2C3D4E5 F1B2C3D4E5"
    ) == (frozenset())
    assert previous_balances("bkash", "Got Tk 5.00. TrxID BKN4W7Q2ZX") == frozenset()


def test_a_wallet_reads_again_what_waits_for_its_running_balance() -> None:
    waiting = (Unread("msg_1", (150_000, 160_000)), Unread("msg_2", (70_000,)))
    assert Wallet(running=150_000, unread=waiting).due() == ("msg_1",)
    assert Wallet(running=70_000, unread=waiting).due() == ("msg_2",)
    assert Wallet(running=1, unread=waiting).due() == ()
    assert Wallet(running=None, unread=waiting).due() == ()
