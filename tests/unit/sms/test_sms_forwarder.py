"""The "SMS Forwarder" app's envelope (sms_forwarder.unwrap) and its sign
(formats.forwarder_sign_problem)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sms_ingest.formats import forwarder_sign_problem
from sms_ingest.sms_forwarder import Unwrapped, unwrap
from tools.sms_accuracy import read_yaml

NAGAD = (
    "Money Received.\nAmount: Tk 500.00\nSender: 01712345678\nRef: N/A\nTxnID: 71ABCD12\n"
    "Balance: Tk 1,500.00\n21/11/2026 10:30"
)
# 2026-11-21 10:31:05 in Dhaka is 04:31:05 UTC.
RECEIVED = datetime(2026, 11, 21, 4, 31, 5, tzinfo=UTC)
CORPUS = Path(__file__).resolve().parents[2] / "data" / "sms"


def envelope(sender: str, text: str, *tail: str) -> str:
    """`sender`, the SMS, then the template's tail lines, as the app joins them."""
    return "\n".join([sender, text, *tail]).strip()


def test_the_default_template_gives_back_the_sms_its_receive_time_and_slot():
    content = envelope(
        "NAGAD", NAGAD, "SIM2_GP_", "SubId\uff1a3", "2026-11-21 10:31:05", "Shop A10"
    )
    assert unwrap("NAGAD", content) == Unwrapped(NAGAD, RECEIVED, 2)


@pytest.mark.parametrize(
    "tail",
    [
        ("SIM1_", "SubId\uff1a1", "2026-11-21 10:31:05"),  # no device name: the template is trimmed
        ("", "SubId\uff1a0", "2026-11-21 10:31:05", "Redmi"),  # the slot could not be read
        ("SIM1_Robi_01812345678", "2026-11-21 10:31:05", "Redmi"),  # older versions: no SubId
        ("SIM1_", "SubId:1", "2026-11-21 10:31:05", "Redmi"),  # an ASCII colon
    ],
)
def test_every_layout_of_the_template_tail_is_taken_off(tail):
    unwrapped = unwrap("NAGAD", envelope("NAGAD", NAGAD, *tail))
    assert unwrapped.text == NAGAD
    assert unwrapped.received_at == RECEIVED


@pytest.mark.parametrize(
    "content",
    [
        NAGAD,  # a custom template of the SMS alone ([org_content])
        "NAGAD\n" + NAGAD,  # the sender line but no tail
        NAGAD + "\n2026-13-40 10:31:05\nRedmi",  # no such day: not a receive time
        NAGAD + "\nSIM1_\nSubId\uff1a1\n2026-11-21 10:31:05\n" + "x" * 65,  # no device name
    ],
)
def test_content_without_the_template_tail_is_kept_whole_bar_the_sender_line(content):
    unwrapped = unwrap("NAGAD", content)
    assert unwrapped.text == content.removeprefix("NAGAD\n")
    assert (unwrapped.received_at, unwrapped.sim_slot) == (None, None)


def test_a_first_line_that_is_not_the_sender_stays_part_of_the_sms():
    # The request's `from` names the sender; a first line naming another one is SMS text.
    content = envelope("bKash", NAGAD, "SIM1_", "SubId\uff1a1", "2026-11-21 10:31:05", "Redmi")
    assert unwrap("NAGAD", content).text == "bKash\n" + NAGAD


def test_only_the_last_envelope_is_taken_off_a_text_that_imitates_one():
    # The SMS text is the sender's to write: a fake tail inside it stays part of it.
    text = NAGAD + "\nSIM1_\nSubId\uff1a1\n2020-01-01 00:00:00\nFake"
    content = envelope("NAGAD", text, "SIM2_", "SubId\uff1a2", "2026-11-21 10:31:05", "Redmi")
    assert unwrap("NAGAD", content) == Unwrapped(text, RECEIVED, 2)


def test_an_envelope_with_no_sms_in_it_is_not_mistaken_for_one():
    content = "\nSIM2_\nSubId\uff1a0\n2026-11-21 10:31:05\nRedmi"  # a public dump's empty post
    assert unwrap("", content).text == content.strip()


def _texts() -> list[str]:
    """Every sourced training and unverified text (the held-out fifth stays unread)."""
    paths = [*sorted((CORPUS / "corpus").glob("*.yaml")), *sorted(CORPUS.glob("*.yaml"))]
    return [e["text"] for p in paths for e in read_yaml(p.read_text("utf-8")) or []]


@given(
    text=st.sampled_from(_texts()),
    slot=st.sampled_from(["SIM1_", "SIM2_GP_01712345678", ""]),
    sub_id=st.sampled_from([["SubId\uff1a1"], ["SubId\uff1a12"], []]),
    device=st.sampled_from([["Rahim Redmi"], ["Pixel 7"], []]),
)
def test_every_corpus_text_comes_back_exactly_from_any_envelope(text, slot, sub_id, device):
    content = envelope("bKash", text, slot, *sub_id, "2026-11-21 10:31:05", *device)
    unwrapped = unwrap("bKash", content)
    assert unwrapped.text == text.strip()
    assert unwrapped.received_at == RECEIVED


# Computed apart from our code:
# printf '1795240800000\nforwarder-secret-9' | openssl dgst -sha256 -hmac forwarder-secret-9
#   -binary | base64
SECRET, STAMP = "forwarder-secret-9", "1795240800000"
SIGN = "MwfhE65LkiNn/fzNjql0MAqA94u58nPYv+7E3DE/wa8="
NOW = datetime(2026, 11, 21, 6, 0, tzinfo=UTC)
STALE = "timestamp is more than 5 minutes away"


def test_the_app_s_url_encoded_sign_and_the_bare_one_both_verify():
    assert forwarder_sign_problem(SECRET, STAMP, quote(SIGN, safe=""), NOW) is None
    assert forwarder_sign_problem(SECRET, STAMP, SIGN, NOW) is None


@pytest.mark.parametrize(
    ("secret", "stamp", "sign", "now", "problem"),
    [
        ("someone-elses", STAMP, SIGN, NOW, "sign does not match"),
        (SECRET, "1795240800001", SIGN, NOW, "sign does not match"),
        (
            SECRET,
            STAMP,
            SIGN,
            NOW + timedelta(minutes=5, seconds=1),
            "timestamp is more than 5 minutes away",
        ),
        (
            SECRET,
            STAMP,
            SIGN,
            NOW - timedelta(minutes=5, seconds=1),
            "timestamp is more than 5 minutes away",
        ),
        (SECRET, "1795240800", SIGN, NOW, "timestamp is more than 5 minutes away"),  # seconds
        (SECRET, "17952408e5", SIGN, NOW, "timestamp must be Unix milliseconds"),
        (SECRET, None, SIGN, NOW, "missing sign or timestamp"),
        (SECRET, STAMP, "", NOW, "missing sign or timestamp"),
    ],
)
def test_a_wrong_stale_or_missing_sign_is_refused(secret, stamp, sign, now, problem):
    assert forwarder_sign_problem(secret, stamp, sign, now) == problem


def test_a_sign_four_minutes_old_still_holds():
    assert forwarder_sign_problem(SECRET, STAMP, SIGN, NOW + timedelta(minutes=4)) is None
