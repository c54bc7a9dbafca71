"""`claimsvc sms parse`: the parsers' view of one text, printed as JSON, no store touched; and
the layering that lets claimsvc offer it without importing sms_ingest."""

from __future__ import annotations

import ast
import io
import json
from pathlib import Path

import pytest

from claimsvc.runtime.cli import main

BKASH = (
    "You have received Tk 1,250.50 from 01712345678. Fee Tk 0.00. Balance Tk 3,000.75. "
    "TrxID AB12CD34EF at 21/11/2026 10:30"
)


def parse(capsys, *args: str) -> tuple[int, dict]:
    capsys.readouterr()
    code = main(["sms", "parse", *args])
    return code, json.loads(capsys.readouterr().out)


def test_a_wallet_sms_is_shown_in_the_corpus_shape(capsys):
    assert parse(capsys, "--sender", "bKash", BKASH) == (
        0,
        {
            "result": "parsed",
            "provider": "bkash",
            "reason": None,
            "kind": "received",
            "direction": "credit",
            "trx_id": "AB12CD34EF",
            "amount": "1250.50",
            "fee": "0.00",
            "commission": "0.00",
            "balance": "3000.75",
            "counterparty": "01712345678",
            "occurred_at": "21/11/2026 10:30",
            "failed": False,
            "parsed_by": "rule",
        },
    )


def test_the_same_text_from_a_phone_number_is_suspect(capsys):
    code, shown = parse(capsys, "--sender", "+8801711223344", BKASH)
    assert (code, shown) == (
        0,
        {"result": "suspect", "provider": "bkash", "reason": "unknown_sender"},
    )


def test_a_multi_line_text_is_read_from_standard_input(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("Your bKash verification code is 123456.\n"))
    assert parse(capsys, "--sender", "bKash", "-") == (
        0,
        {"result": "ignored", "provider": "bkash", "reason": "otp"},
    )


def test_the_sender_is_required(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["sms", "parse", BKASH])
    assert exited.value.code == 2
    assert "--sender" in capsys.readouterr().err


def test_claimsvc_never_imports_sms_ingest():
    root = Path(__file__).parents[2] / "claimsvc"
    offenders = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "sms_ingest"]
    assert offenders == []


NEW_WORDING = (
    "Money in: Tk 250.00 from 01712345678. Balance Tk 3,250.75. TrxID NW12CD34EF at 21/11/2026"
)


def test_a_new_wording_is_read_by_arithmetic_given_the_balance_before_it(capsys):
    code, unknown = parse(capsys, "--sender", "bKash", NEW_WORDING)
    assert (code, unknown["result"], unknown["reason"]) == (0, "unparsed", "no_pattern")
    code, shown = parse(capsys, "--sender", "bKash", "--previous-balance", "3,000.75", NEW_WORDING)
    assert code == 0
    assert {k: shown[k] for k in ("result", "direction", "trx_id", "amount", "parsed_by")} == {
        "result": "parsed",
        "direction": "credit",
        "trx_id": "NW12CD34EF",
        "amount": "250.00",
        "parsed_by": "arithmetic",
    }
    code, other = parse(capsys, "--sender", "bKash", "--previous-balance", "3000", NEW_WORDING)
    assert other["result"] == "unparsed"


def test_a_previous_balance_that_is_no_amount_is_refused(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["sms", "parse", "--sender", "bKash", "--previous-balance", "lots", NEW_WORDING])
    assert exited.value.code == 2
    assert "not an amount in taka" in capsys.readouterr().err
