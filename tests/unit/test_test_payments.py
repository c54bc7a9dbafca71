"""Pure rules of test mode: ledger ids, the test payment body, and the SMS a test payment
writes, read back by the real parsers as the payment it stands for."""

from __future__ import annotations

from datetime import datetime

import pytest

from claimsvc.domain import modes
from claimsvc.domain import simulated_payments as rules
from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.claims import CLAIMABLE_KINDS, TRX_ID
from claimsvc.domain.sms.routing import Result, parse_sms

WHEN = datetime(2026, 11, 26, 16, 5, 7)


def test_a_test_ledger_is_named_apart_and_names_its_owner():
    test = modes.ledger_id("acc_1f", modes.TEST)
    assert test == "acc_1f:test" and modes.is_test(test)
    assert modes.ledger_id("acc_1f", modes.LIVE) == "acc_1f" and not modes.is_test("acc_1f")
    assert modes.owner_of(test) == modes.owner_of("acc_1f") == "acc_1f"
    # Asking for the test ledger of a test ledger gives the same one, never a third.
    assert modes.ledger_id(test, modes.TEST) == test
    with pytest.raises(ValueError):
        modes.ledger_id("acc_1f", "sandbox")


def test_keys_of_each_mode_have_their_prefix():
    assert modes.key_kind(modes.TEST) == "sk_test" and modes.key_kind(modes.LIVE) == "sk"


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(
    ("amount", "balance"), [(50_000, 150_000), (1, 101), (123_456_789, 10**10)]
)
def test_a_test_sms_reads_as_a_claimable_credit_of_its_figures(provider, amount, balance):
    trx_id = rules.new_trx_id(provider)
    assert TRX_ID.fullmatch(trx_id)
    text = rules.sms_text(provider, trx_id, amount, balance, WHEN)
    outcome = parse_sms(rules.sender_of(provider), text)
    assert outcome.result is Result.PARSED and outcome.provider == provider
    parsed = outcome.parsed
    assert parsed is not None and not parsed.failed
    assert (parsed.trx_id, parsed.amount_poisha, parsed.balance_poisha) == (trx_id, amount, balance)
    assert parsed.direction.value == "credit" and str(parsed.kind) in CLAIMABLE_KINDS


@pytest.mark.parametrize(
    ("outcome", "session", "amount"),
    [
        (rules.PAID, 50_000, 50_000),
        (rules.LATE_SMS, 50_000, 50_000),
        (rules.HELD, 50_000, 50_000),
        (rules.WRONG_AMOUNT, 50_000, 49_900),
        (rules.WRONG_AMOUNT, 101, 1),
        (rules.WRONG_AMOUNT, 100, 200),
        (rules.WRONG_AMOUNT, 1, 101),
    ],
)
def test_only_a_wrong_amount_differs_and_never_reaches_zero(outcome, session, amount):
    assert rules.sms_amount(outcome, session) == amount
    assert rules.sms_amount(outcome, session) > 0


def test_a_held_sms_states_a_gap_in_the_chain_and_the_others_none():
    assert rules.stated_balance(rules.PAID, 500, 1_500) == 1_500
    assert rules.stated_balance(rules.WRONG_AMOUNT, 400, 1_400) == 1_400
    assert rules.stated_balance(rules.HELD, 500, 1_000) == 1_000 + 500 + rules.MISSED_POISHA


def test_a_held_sms_does_not_move_the_wallet_so_later_ones_chain_on():
    assert rules.balance_step(rules.PAID, 500) == 500
    assert rules.balance_step(rules.WRONG_AMOUNT, 400) == 400
    assert rules.balance_step(rules.HELD, 500) == 0


def test_a_body_is_read_with_its_trx_id_trimmed_and_upper_cased():
    req = rules.parse_request(
        {"session_id": " ABC ", "outcome": "paid", "trx_id": " 7tabc123 ", "provider": "nagad"}
    )
    assert (req.session_id, req.trx_id, req.provider, req.wait) == (
        "abc",
        "7TABC123",
        "nagad",
        True,
    )


@pytest.mark.parametrize(
    "body",
    [
        None,
        "paid",
        {"session_id": "", "outcome": "paid"},
        {"session_id": 5, "outcome": "paid"},
        {"session_id": "s", "outcome": "PAID"},
        {"session_id": "s", "outcome": "paid", "trx_id": 1234567},
        {"session_id": "s", "outcome": "paid", "trx_id": "ab"},
        {"session_id": "s", "outcome": "paid", "provider": "Bkash"},
        {"session_id": "s", "outcome": "paid", "wait": 1},
        {"session_id": "s", "outcome": "paid", "status": "COMPLETED"},
    ],
)
def test_a_bad_body_is_refused_with_reasons(body):
    with pytest.raises(ValueError) as refused:
        rules.parse_request(body)
    assert refused.value.args[0]


def test_the_sms_state_says_where_the_sms_is():
    base = rules.TestPayment("s", rules.PAID, "bkash", "7TABCDEFGH", 500, "msg_1")
    assert rules.sms_state(base) == "queued"
    assert rules.sms_state(rules.TestPayment("s", rules.PAID, "bkash", "T", 5, "m", True)) == (
        "processed"
    )
    assert rules.sms_state(rules.TestPayment("s", rules.LATE_SMS, "bkash", "T", 5, None)) == (
        "not_sent"
    )


def test_every_test_mode_word_is_in_both_languages_with_the_same_fields():
    from string import Formatter

    from claimsvc.api.words import Words
    from claimsvc.api.words.portal import live_or_test

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in Formatter().parse(text) if name}

    for module in (live_or_test,):
        assert module.EN.keys() == module.BN.keys()
        for key, english in module.EN.items():
            assert english and module.BN[key] and module.BN[key] != english
            assert fields(english) == fields(module.BN[key]), key
    for key in ("checkout.test_title", "checkout.test_text"):
        assert Words("en")(key) and Words("bn")(key)


@pytest.mark.parametrize(
    ("form", "problems"),
    [
        ({"outcome": "paid"}, {}),
        ({"outcome": "late_sms", "provider": "nagad", "trx_id": " 7tabc12345 "}, {}),
        ({"outcome": "x"}, {"outcome": "test_mode.bad_outcome"}),
        ({"outcome": "paid", "provider": "paypal"}, {"provider": "test_mode.bad_provider"}),
        ({"outcome": "paid", "trx_id": "no!"}, {"trx_id": "test_mode.bad_trx_id"}),
    ],
)
def test_the_portal_form_names_each_field_it_refuses(form, problems):
    req, found = rules.parse_form("Sess-1", form)
    assert found == problems
    if not problems:
        assert req is not None and req.session_id == "sess-1" and req.outcome == form["outcome"]
        assert req.trx_id in (None, "7TABC12345")
