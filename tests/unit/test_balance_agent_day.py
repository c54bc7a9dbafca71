"""An agent wallet's day on the real arithmetic: commission credited with a cash-out, fees taken
with their transaction, exact poisha; every credit confirmed, a forged one flagged."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimsvc.domain.sms.balance_chain import (
    CONFIRMED,
    CREDIT,
    DEBIT,
    HELD,
    SUSPECT,
    Entry,
    Wallet,
    add,
)
from tests.unit.balance_support import anchor

OPENING = 5_000_000  # 50,000.00 when the agent anchored the wallet at 08:00
T0 = datetime(2026, 11, 22, 2, 0, tzinfo=UTC)  # 08:00 in Dhaka

# (kind, direction, amount, fee, commission, balance the SMS states), all in poisha, one message
# every 25 minutes. The stated balances are written out as the agent's phone would show them.
DAY = (
    ("cash_out_received", CREDIT, 200_000, 0, 850, 5_200_850),
    ("cash_out_received", CREDIT, 78_500, 0, 334, 5_279_684),
    ("cash_in_given", DEBIT, 500_000, 0, 0, 4_779_684),
    ("b2b_received", CREDIT, 2_000_000, 0, 0, 6_779_684),
    ("cash_out_received", CREDIT, 150_000, 0, 638, 6_930_322),
    ("cash_in_given", DEBIT, 300_000, 0, 0, 6_630_322),
    ("payment", DEBIT, 120_000, 0, 0, 6_510_322),
    ("cash_out_received", CREDIT, 1_000_000, 0, 4_250, 7_514_572),
    ("b2b_sent", DEBIT, 1_500_000, 0, 0, 6_014_572),
    ("cash_in_given", DEBIT, 250_000, 0, 0, 5_764_572),
    ("cash_out_received", CREDIT, 45_000, 0, 191, 5_809_763),
    ("send_money", DEBIT, 100_000, 500, 0, 5_709_263),
    ("cash_out_received", CREDIT, 320_000, 0, 1_360, 6_030_623),
)
CLOSING = 6_030_623


def at(minute: float) -> datetime:
    return T0 + timedelta(minutes=minute)


def day_entries() -> list[Entry]:
    return [
        Entry(f"m{i:02d}-{kind}", f"tx{i:02d}", direction, amount, fee, bal, at(25 * i + 5), comm)
        for i, (kind, direction, amount, fee, comm, bal) in enumerate(DAY)
    ]


def run(wallet: Wallet, entries: list[Entry]) -> tuple[Wallet, dict[str, str]]:
    """Apply entries in the given arrival order; the last status of each key."""
    final: dict[str, str] = {}
    for entry in entries:
        outcome = add(wallet, entry)
        wallet = outcome.wallet
        final.update({v.key: v.status for v in outcome.verdicts})
    return wallet, final


def opened() -> Wallet:
    return anchor(Wallet(), OPENING, T0).wallet


@pytest.mark.parametrize(
    ("direction", "amount", "fee", "commission", "delta"),
    [
        (CREDIT, 78_500, 0, 334, 78_834),  # a cash-out received with its commission
        (CREDIT, 85_000, 1_275, 0, 83_725),  # a payment received, the merchant fee taken
        (CREDIT, 100, 0, 0, 100),
        (DEBIT, 100_000, 1_850, 0, -101_850),  # a cash out with its fee
        (DEBIT, 500_000, 0, 2_050, -497_950),  # a commission credited with a debit still adds
        (DEBIT, 1, 0, 0, -1),
    ],
)
def test_an_entry_moves_the_balance_by_amount_plus_commission_minus_fee(
    direction, amount, fee, commission, delta
):
    entry = Entry("k", None, direction, amount, fee, 0, T0, commission)
    assert entry.delta == delta
    assert entry.fits(-delta)
    assert entry.start == -delta


def test_an_agent_day_chains_end_to_end_and_every_transaction_is_confirmed():
    wallet, final = run(opened(), day_entries())
    assert final == {e.key: CONFIRMED for e in day_entries()}
    assert wallet.running == CLOSING
    assert wallet.held == ()


def test_a_cash_out_received_stating_a_balance_without_its_commission_never_confirms():
    entries = day_entries()
    first = entries[0]
    # States an 8.50 commission but a balance that leaves it out (a forger's guess).
    wrong = Entry("forged", "txf", CREDIT, 200_000, 0, OPENING + 200_000, first.received_at, 850)
    wallet, final = run(opened(), [wrong, *entries])
    assert final["forged"] == SUSPECT
    assert {k: v for k, v in final.items() if k != "forged"} == {e.key: CONFIRMED for e in entries}
    assert wallet.running == CLOSING


@pytest.mark.parametrize("place", [1, 4, 7, 10])
def test_a_forged_cash_out_received_inserted_into_the_day_is_flagged_and_the_rest_confirmed(
    place,
):
    entries = day_entries()
    before = entries[place - 1]
    # Plausible amount and commission; the balance a forger has to guess is off by 100.00.
    stated = before.balance + 250_000 + 1_063 + 10_000
    forged = Entry("forged", "txf", CREDIT, 250_000, 0, stated, at(25 * place), 1_063)
    wallet, final = run(opened(), [*entries[:place], forged, *entries[place:]])
    assert final.pop("forged") == SUSPECT
    assert final == {e.key: CONFIRMED for e in entries}
    assert wallet.running == CLOSING


@st.composite
def arrivals(draw):
    """The day plus a forged credit, arriving in any order the reorder window allows: each
    message reaches us within 9 minutes of when the phone received it."""
    place = draw(st.integers(1, len(DAY) - 1))
    real = day_entries()
    stated = real[place - 1].balance + draw(st.integers(1, 2_000_000))
    minute = 25 * place + draw(st.floats(-15, 3))
    forged = Entry("forged", "txf", CREDIT, draw(st.integers(1, 1_000_000)), 0, stated, at(minute))
    if stated - forged.delta == real[place - 1].balance:  # it fits: it is not a forgery
        stated += 1
        forged = Entry("forged", "txf", CREDIT, forged.amount, 0, stated, at(minute))
    messages = [*real, forged]
    delays = draw(st.lists(st.floats(0, 9), min_size=len(messages), max_size=len(messages)))
    order = sorted(
        zip(messages, delays, strict=True), key=lambda m: m[0].received_at + timedelta(minutes=m[1])
    )
    return [m for m, _ in order]


@settings(max_examples=150, deadline=None)
@given(arrivals())
def test_any_arrival_order_within_the_window_confirms_the_same_set(order):
    wallet, final = run(opened(), order)
    assert final.pop("forged") in (HELD, SUSPECT)
    assert final == {e.key: CONFIRMED for e in day_entries()}
    assert wallet.running == CLOSING
