"""The buyer's wait, pure: when the arrival check's answer depends on the TrxID, and what it is."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from claimsvc.domain import arrival
from claimsvc.domain import sessions as sm
from claimsvc.domain.sessions import Claim, Session
from claimsvc.domain.transactions import Transaction

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
OPEN = Session(
    id="s1",
    account_id="a1",
    order_id="o1",
    payment_id="p1",
    amount_poisha=50_000,
    success_url="https://shop.example/ok",
    cancel_url="https://shop.example/no",
    webhook_url="https://shop.example/hook",
    status=sm.OPEN,
    created_at=NOW - timedelta(minutes=5),
    expires_at=NOW + timedelta(minutes=25),
)
PENDING = replace(OPEN, pending_claim=Claim("t1", "bkash", "AAAAAA11", NOW))
NAGAD = Transaction(
    id="t2",
    account_id="a1",
    provider="nagad",
    trx_id="AAAAAA11",
    amount_poisha=50_000,
    received_at=NOW - timedelta(minutes=1),
    status="confirmed",
    direction="credit",
    kind="received",
)
BKASH = replace(NAGAD, id="t3", provider="bkash")


@pytest.mark.parametrize(
    ("found", "within_cap", "expected"),
    [
        ([], True, (arrival.WAIT, None)),
        ([BKASH], True, (arrival.SUBMIT, None)),
        (None, False, (arrival.SUBMIT, None)),
        ([], False, (arrival.SUBMIT, None)),
        ([NAGAD], True, (arrival.SWITCH, "nagad")),
        ([NAGAD, BKASH], True, (arrival.SUBMIT, None)),
        ([NAGAD], False, (arrival.SUBMIT, None)),
    ],
)
def test_an_open_session_waits_for_a_missing_trxid_and_names_another_wallet_within_the_cap(
    found, within_cap, expected
):
    assert arrival.answer(OPEN, NOW, found, "bkash", within_cap) == expected


@pytest.mark.parametrize(
    "other",
    [
        replace(NAGAD, amount_poisha=49_900),  # another amount too: the right claim says so
    ],
)
def test_a_payment_of_another_wallet_and_amount_is_named_too(other):
    assert arrival.answer(OPEN, NOW, [other], "bkash", True) == (arrival.SWITCH, "nagad")


@pytest.mark.parametrize(
    "other",
    [
        replace(NAGAD, direction="debit"),  # the shop's own money out: never named
        replace(NAGAD, kind="add_money"),  # no buyer's payment
        replace(NAGAD, status="suspect"),
        replace(NAGAD, session_id="another-session"),
        replace(NAGAD, received_at=OPEN.created_at - timedelta(minutes=11)),
        replace(NAGAD, settlement="refund"),
    ],
)
def test_a_transaction_of_another_wallet_that_could_not_pay_the_session_is_not_named(other):
    # The check then says only what it said before: the SMS is there, submit.
    assert arrival.answer(OPEN, NOW, [other], "bkash", True) == (arrival.SUBMIT, None)


@pytest.mark.parametrize(
    "session",
    [
        replace(OPEN, status=sm.COMPLETED),
        replace(OPEN, status=sm.FAILED),
        replace(OPEN, status=sm.CANCELLED),
        replace(OPEN, status=sm.EXPIRED),
        replace(OPEN, expires_at=NOW),
        PENDING,
    ],
)
def test_a_session_that_takes_no_new_claim_needs_no_lookup_and_is_answered_submit(session):
    assert not arrival.needs_lookup(session, NOW)
    assert arrival.answer(session, NOW, None, "bkash", True) == (arrival.SUBMIT, None)


def test_checked_trxids_are_kept_to_the_deadline_and_an_hour_more():
    assert arrival.remember_for(OPEN, NOW) == timedelta(minutes=25, hours=1)
    assert arrival.remember_for(PENDING, NOW) == timedelta(minutes=25, hours=25)
    assert arrival.remember_for(OPEN, NOW + timedelta(hours=2)) == timedelta(hours=1)


def test_the_wait_fits_the_limits():
    # The page's own checks in a minute stay under the session's limit, with room for a reload.
    assert 60 // arrival.CHECK_EVERY_SECONDS < arrival.CHECKS_PER_MINUTE_PER_SESSION
