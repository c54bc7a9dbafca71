"""Test payments: the SMS a phone would forward for a test session's payment, as pure values.

A test payment is not a status set by hand. It is an SMS in a provider's own wording, stored
in the account's test ledger and put on the same stream as forwarded SMS, so the same parser,
balance chain and claim rules decide what it comes to (docs/decisions.md, "Test mode").
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.claims import trx_id_of
from claimsvc.domain.providers import BY_NAME

PAID, WRONG_AMOUNT, LATE_SMS, HELD = "paid", "wrong_amount", "late_sms", "held"
OUTCOMES = (PAID, WRONG_AMOUNT, LATE_SMS, HELD)
"""paid: the exact amount arrives. wrong_amount: an amount that differs by WRONG_BY. late_sms:
a TrxID to claim now, its SMS sent by a later `paid` call with that TrxID. held: the SMS states
a balance MISSED_POISHA above the chain's (an earlier SMS never arrived), so the chain holds it."""

WRONG_BY_POISHA = 100
"""A wrong amount is one taka short (one taka over when the session is for a taka or less)."""
MISSED_POISHA = 10_000
"""The Tk 100 credit whose SMS 'never arrived' before a held payment."""

WAIT_S = 5.0
"""How long a test payment waits for the SMS worker to process its SMS (unless told not to)."""

TEST_DEVICE_ID = "test-phone"
"""The device every test SMS comes from: its wallets exist only in the test ledger."""
TEST_FORM = "test"
"""The body shape a test SMS is recorded as having come in (messages list it)."""
TEST_COUNTERPARTY = "01700000000"


def sender_of(provider: str) -> str:
    """A provider's real sender id as a phone shows it: only these count as payments
    (contract.md §5); read from its spec, so a provider registered later has one too."""
    return BY_NAME[provider].test_sender


_ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
_DIGITS = "0123456789"


@dataclass(frozen=True)
class TestPaymentRequest:
    """What the merchant asks for: a session, an outcome, and optionally the wallet and TrxID."""

    session_id: str
    outcome: str
    provider: str | None = None
    trx_id: str | None = None
    wait: bool = True
    """Answer once the SMS worker has processed the SMS (at most a few seconds)."""


@dataclass(frozen=True)
class TestPayment:
    """What a test payment did: the TrxID to claim, its wallet, its amount, and the SMS stored
    for it (None for late_sms: that SMS is sent later)."""

    session_id: str
    outcome: str
    provider: str
    trx_id: str
    amount_poisha: int
    message_id: str | None
    processed: bool = False
    """The SMS worker has processed the SMS (the claim can be made now)."""


def new_trx_id(provider: str) -> str:
    """A fresh TrxID in the provider's shape (bKash and upay 10, Nagad 8, Rocket 10 digits,
    CellFin CF and 8), always starting with T so it reads as a test and never as a live one
    already seen (the ledgers are apart anyway)."""
    if provider == "rocket":
        return "9" + "".join(secrets.choice(_DIGITS) for _ in range(9))
    if provider == "cellfin":  # CellFin's shape needs a digit and refuses "XXX" (a mask)
        rest = "".join(secrets.choice(_ALNUM.replace("X", "")) for _ in range(6))
        return "CFT" + secrets.choice(_DIGITS) + rest
    size = 8 if provider == "nagad" else 10
    return "7T" + "".join(secrets.choice(_ALNUM) for _ in range(size - 2))


def parse_request(body: object) -> TestPaymentRequest:
    """A test payment body (`session_id`, `outcome`, optional `provider`, `trx_id`); ValueError
    with the reasons (as a list in `args[0]`) otherwise."""
    if not isinstance(body, dict):
        raise ValueError(["body must be a JSON object"])
    problems = [f"unknown field: {k}" for k in body if k not in _FIELDS]
    session_id, outcome = body.get("session_id"), body.get("outcome")
    provider, trx_id, wait = body.get("provider"), body.get("trx_id"), body.get("wait", True)
    if not isinstance(session_id, str) or not session_id:
        problems.append("session_id: required string")
    if outcome not in OUTCOMES:
        problems.append(f"outcome: one of {', '.join(OUTCOMES)}")
    if provider is not None and provider not in PROVIDERS:
        problems.append(f"provider: one of {', '.join(PROVIDERS)}")
    if not isinstance(wait, bool):
        problems.append("wait: true or false")
    if trx_id is not None:
        trx_id = trx_id_of(trx_id)
        if trx_id is None:
            problems.append("trx_id: 6 to 20 letters A-Z and digits")
    if problems:
        raise ValueError(problems)
    assert isinstance(session_id, str)
    return TestPaymentRequest(session_id.strip().lower(), str(outcome), provider, trx_id, wait)


_FIELDS = ("session_id", "outcome", "provider", "trx_id", "wait")

FORM_FIELDS = ("outcome", "provider", "trx_id")
"""The portal's test payment form (the session is its address's)."""


def parse_form(
    session_id: str, form: Mapping[str, str | None]
) -> tuple[TestPaymentRequest | None, dict[str, str]]:
    """The portal's test payment form (strings as typed; an empty wallet or TrxID: chosen for
    it) as a request, or each wrong field's words key by field name."""
    problems = {}
    outcome, provider = form.get("outcome") or "", form.get("provider") or None
    typed = (form.get("trx_id") or "").strip()
    trx_id = trx_id_of(typed) if typed else None
    if outcome not in OUTCOMES:
        problems["outcome"] = "test_mode.bad_outcome"
    if provider is not None and provider not in PROVIDERS:
        problems["provider"] = "test_mode.bad_provider"
    if typed and trx_id is None:
        problems["trx_id"] = "test_mode.bad_trx_id"
    if problems:
        return None, problems
    return TestPaymentRequest(session_id.strip().lower(), outcome, provider, trx_id), {}


def sms_state(payment: TestPayment) -> str:
    """Where the payment's SMS is: not_sent (late_sms), processed, or queued (still on its way)."""
    if payment.message_id is None:
        return "not_sent"
    return "processed" if payment.processed else "queued"


def sms_amount(outcome: str, session_poisha: int) -> int:
    """The amount the SMS states: the session's, or for a wrong amount one taka off it."""
    if outcome != WRONG_AMOUNT:
        return session_poisha
    return (
        session_poisha - WRONG_BY_POISHA
        if session_poisha > WRONG_BY_POISHA
        else (session_poisha + WRONG_BY_POISHA)
    )


def balance_step(outcome: str, amount_poisha: int) -> int:
    """How far the test wallet's balance moves with this SMS, as the balance chain counts it:
    its amount; nothing for a held one, which the chain never counts (issue 33: moving the
    wallet by it left every later test SMS of the wallet off the chain, so held too)."""
    return 0 if outcome == HELD else amount_poisha


def stated_balance(outcome: str, amount_poisha: int, balance_poisha: int) -> int:
    """The balance the SMS states, the wallet's being `balance_poisha` after `balance_step`:
    the same, or for a held one its amount and the credit whose SMS 'never arrived' above it
    (a gap the chain cannot explain)."""
    if outcome != HELD:
        return balance_poisha
    return balance_poisha + amount_poisha + MISSED_POISHA


def sms_text(
    provider: str, trx_id: str, amount_poisha: int, balance_poisha: int, when: datetime
) -> str:
    """The SMS the provider sends the merchant's phone for this credit: a "received" credit in
    the provider's wording, from its spec (tests/data/sms holds the real samples)."""
    return BY_NAME[provider].test_credit.format(
        amount=_taka(amount_poisha),
        balance=_taka(balance_poisha),
        trx=trx_id,
        phone=TEST_COUNTERPARTY,
        when=when,
    )


def _taka(poisha: int) -> str:
    """Taka as the providers write it: thousands separated, two places ("1,500.00")."""
    whole, frac = divmod(poisha, 100)
    return f"{whole:,}.{frac:02d}"
