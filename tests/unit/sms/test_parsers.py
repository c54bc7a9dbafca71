"""The wallet SMS parsers against the regression corpus, plus targeted edge cases."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import yaml

from sms_ingest.parsers import (
    Kind,
    ParseOutcome,
    Result,
    bkash,
    cellfin,
    nagad,
    parse_sms,
    rocket,
    upay,
)
from sms_ingest.parsers.base import MAX_TEXT, normalise, to_poisha

CORPUS_DIR = Path(__file__).resolve().parents[2] / "data" / "sms"
PROVIDERS = ("bkash", "nagad", "rocket", "upay", "cellfin")
MODULES = (bkash, nagad, rocket, upay, cellfin)


def load_corpus() -> list[dict[str, Any]]:
    """Every corpus entry, tagged with the file (provider) it came from."""
    entries = []
    for provider in PROVIDERS:
        for entry in yaml.safe_load((CORPUS_DIR / f"{provider}.yaml").read_text("utf-8")):
            entries.append({**entry, "file": provider})
    return entries


CORPUS = load_corpus()


def poisha(taka: str | None) -> int | None:
    """The test's own taka-to-poisha conversion, independent of the parser's."""
    return None if taka is None else int(Decimal(taka) * 100)


def expected_fields(expect: dict[str, Any]) -> dict[str, Any]:
    """The parsed fields an entry expects, in ParsedSms terms."""
    return {
        "provider": expect["provider"],
        "kind": expect["kind"],
        "direction": expect["direction"],
        "trx_id": str(expect["trx_id"]),
        "amount_poisha": poisha(expect["amount"]),
        "fee_poisha": poisha(expect["fee"]),
        "balance_poisha": poisha(expect["balance"]),
        "counterparty": expect["counterparty"],
        "occurred_at": expect["occurred_at"],
        "failed": expect["failed"],
    }


@pytest.mark.parametrize("entry", CORPUS, ids=[e["id"] for e in CORPUS])
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


@pytest.mark.parametrize("provider", PROVIDERS)
def test_corpus_covers_every_kind_and_every_rejection(provider: str) -> None:
    entries = [e["expect"] for e in CORPUS if e["file"] == provider]
    kinds = {e["kind"] for e in entries if e["result"] == "parsed"}
    reasons = Counter(e.get("reason") for e in entries)
    assert len(entries) >= 10
    assert kinds >= {k.value for k in Kind} - {Kind.REVERSAL.value}
    assert reasons["otp"] and reasons["promotion"] and reasons["unknown_sender"]
    assert any(e.get("failed") or e.get("reason") == "failed" for e in entries)


def test_corpus_ids_are_unique() -> None:
    ids = [e["id"] for e in CORPUS]
    assert len(ids) == len(set(ids))


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


def test_real_sender_with_a_non_money_notice_is_ignored() -> None:
    outcome = parse_sms("NAGAD", "Your Nagad PIN has been changed.")
    assert (outcome.result, outcome.reason) == (Result.IGNORED, "not_payment")


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


@pytest.mark.parametrize("module", MODULES, ids=[m.NAME for m in MODULES])
def test_each_provider_module_exposes_lower_case_sender_ids(module: Any) -> None:
    assert isinstance(module.SENDER_IDS, frozenset)
    assert module.SENDER_IDS
    assert all(s == s.strip().casefold() for s in module.SENDER_IDS)


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


def test_wallet_wording_after_a_forwarder_prefix_is_not_trusted_as_a_payment() -> None:
    outcome = parse_sms("bKash", "Fwd: " + BKASH_TEXT)
    assert (outcome.result, outcome.reason) == (Result.UNPARSED, "no_pattern")
