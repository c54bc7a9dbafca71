"""Properties of the SMS parsers that must hold for every input, checked with hypothesis."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from claimsvc.domain.sms.engine import to_poisha
from claimsvc.domain.sms.routing import PARSERS, ParseOutcome, Result, parse_sms

from .test_parsers import CORPUS

SENDERS = sorted({e["sender"] for e in CORPUS})
SEPARATORS = [" ", "\n", "\r\n", "\n\n", "\r\n\r\n", "\t", " \n ", "\u00a0", "\u2028", "  "]
TRX_ID = re.compile(r"[A-Z0-9]{6,20}")

any_char = st.characters(exclude_categories=())  # surrogates included: they reach us too
odd_text = st.one_of(
    st.text(any_char, max_size=400),
    st.binary(max_size=400).map(lambda b: b.decode("latin-1")),
    st.text(st.sampled_from("Tk BDT৳.,:/-0123456789 TrxID TxnId A/C Fee Balance\n"), max_size=300),
)


@st.composite
def reflowed(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    """A corpus entry and its text with every whitespace run replaced by another."""
    entry = draw(st.sampled_from(CORPUS))
    words = entry["text"].split()
    seps = draw(st.lists(st.sampled_from(SEPARATORS), min_size=len(words) + 1))
    text = seps[0] + "".join(w + s for w, s in zip(words, seps[1:], strict=False))
    return entry, text


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    """A corpus message with a random snippet spliced in somewhere."""
    entry = draw(st.sampled_from(CORPUS))
    text = entry["text"]
    at = draw(st.integers(0, len(text)))
    cut = draw(st.integers(0, 5))
    snippet = draw(odd_text.map(lambda t: t[:12]))
    return entry["sender"], text[:at] + snippet + text[at + cut :]


# The envelope the "SMS Forwarder" app (pppscn/SmsForwarder) wraps a message in, as three public
# database dumps of one ISP's billing app show it (docs/sms-corpus-sources/round-five-sources.md):
# the sender line, the text, the card slot ("SIM<n>_<operator>_<number>", parts may be empty, the
# line may be blank), "SubId" after a fullwidth colon, the receive time and the device name.
SIM_SLOTS = ["SIM1_", "SIM2_", "", "SIM1_TestOperator_18888888888", "SIM2_Robi_8801811000111"]
DEVICES = ["Anike Redmi", "Shofiq M", "HUAWEI P20", "OnePlus", "My Store Phone"]


@st.composite
def forwarded(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    """A corpus entry and its text inside a forwarder's envelope."""
    entry = draw(st.sampled_from(CORPUS))
    # The app prints "yyyy-MM-dd HH:mm:ss" (a four-digit year).
    received = draw(st.datetimes(datetime(2000, 1, 1), datetime(2099, 12, 31)))
    received_at = received.strftime("%Y-%m-%d %H:%M:%S")
    sim, sub_id, device = (
        draw(st.sampled_from(SIM_SLOTS)),
        draw(st.integers(0, 9)),
        draw(st.sampled_from(DEVICES)),
    )
    lines = [entry["sender"], entry["text"], sim, f"SubId\uff1a{sub_id}", received_at, device]
    return entry, "\n".join(lines)


def assert_well_formed(outcome: ParseOutcome) -> None:
    """The invariants every outcome keeps, whatever the input."""
    assert isinstance(outcome.result, Result)
    if outcome.result is not Result.PARSED:
        assert outcome.parsed is None
        assert outcome.reason
        return
    parsed = outcome.parsed
    assert parsed is not None and parsed.provider == outcome.provider
    assert type(parsed.amount_poisha) is int and parsed.amount_poisha >= 0
    assert type(parsed.fee_poisha) is int and parsed.fee_poisha >= 0
    balance = parsed.balance_poisha
    assert balance is None or (type(balance) is int and balance >= 0)
    assert TRX_ID.fullmatch(parsed.trx_id)


@given(reflowed())
def test_reflowing_whitespace_never_changes_the_outcome(case: tuple[dict[str, Any], str]) -> None:
    entry, text = case
    assert parse_sms(entry["sender"], text) == parse_sms(entry["sender"], entry["text"])


@given(forwarded())
def test_a_forwarders_envelope_never_changes_the_outcome(case: tuple[dict[str, Any], str]) -> None:
    """The receive time after the text is no date of the message's own, and the sender and
    device lines are no field."""
    entry, text = case
    assert parse_sms(entry["sender"], text) == parse_sms(entry["sender"], entry["text"])


@given(st.one_of(st.sampled_from(SENDERS), st.text(any_char, max_size=20)), odd_text)
def test_parse_sms_never_raises_and_keeps_its_invariants(sender: str, text: str) -> None:
    assert_well_formed(parse_sms(sender, text))


@given(mutated())
def test_mutated_corpus_messages_keep_the_invariants(case: tuple[str, str]) -> None:
    sender, text = case
    assert_well_formed(parse_sms(sender, text))


@given(st.sampled_from(PARSERS), st.one_of(odd_text, mutated().map(lambda c: c[1])))
def test_provider_parsers_never_raise_without_the_registry_safety_net(
    module: Any, text: str
) -> None:
    outcome = module.parse(text)
    assert_well_formed(outcome)
    assert outcome.reason != "parser_error"


@given(st.integers(0, 10**15 - 1))
def test_printed_amounts_round_trip_to_exact_poisha(poisha: int) -> None:
    printed = f"{poisha // 100:,}.{poisha % 100:02d}"
    assert to_poisha(printed) == poisha
    text = f"You have received Tk {printed} from 01712345678. TrxID 8N7A6B5C4D at 21/11/2026 10:30"
    parsed = parse_sms("bKash", text).parsed
    assert parsed is not None and parsed.amount_poisha == poisha
