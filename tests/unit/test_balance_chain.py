"""The running-balance chain: pure values in, verdicts out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from claimsvc.domain.sms.balance_chain import (
    CONFIRMED,
    CREDIT,
    DEBIT,
    HELD,
    MAX_HELD,
    SUSPECT,
    UNCONFIRMED,
    Entry,
    Wallet,
    add,
    add_all,
)
from tests.unit.balance_support import anchor

T0 = datetime(2026, 11, 21, 6, 0, tzinfo=UTC)


def at(minute: float) -> datetime:
    return T0 + timedelta(minutes=minute)


def credit(key: str, amount: int, balance: int | None, minute: float) -> Entry:
    return Entry(key, f"tx-{key}", CREDIT, amount, 0, balance, at(minute))


def debit(key: str, amount: int, fee: int, balance: int, minute: float) -> Entry:
    return Entry(key, f"tx-{key}", DEBIT, amount, fee, balance, at(minute))


def run(wallet: Wallet, *entries: Entry) -> tuple[Wallet, dict[str, tuple[str, str, int | None]]]:
    """Apply entries in arrival order; the last verdict of each key."""
    final: dict[str, tuple[str, str, int | None]] = {}
    for entry in entries:
        outcome = add(wallet, entry)
        wallet = outcome.wallet
        for v in outcome.verdicts:
            final[v.key] = (v.status, v.reason, v.gap)
    return wallet, final


def anchored(balance: int, minute: float = -1) -> Wallet:
    return anchor(Wallet(), balance, at(minute)).wallet


def statuses(final: dict[str, tuple[str, str, int | None]]) -> dict[str, str]:
    return {k: v[0] for k, v in final.items()}


def test_first_message_starts_the_chain_unconfirmed_and_the_next_ones_confirm_in_order():
    wallet, final = run(
        Wallet(),
        credit("a", 50_000, 150_000, 1),
        credit("b", 20_000, 170_000, 2),
        debit("c", 10_000, 185, 159_815, 3),
    )
    assert final == {
        "a": (UNCONFIRMED, "chain_start", None),
        "b": (CONFIRMED, "chained", None),
        "c": (CONFIRMED, "chained", None),
    }
    assert wallet.running == 159_815
    assert wallet.held == ()


def test_out_of_order_arrival_holds_the_later_message_until_the_earlier_one_fills_the_gap():
    wallet = anchored(100_000)
    wallet, first = run(wallet, credit("b", 30_000, 180_000, 2))
    assert first["b"] == (HELD, "gap", 50_000)
    wallet, final = run(wallet, credit("a", 50_000, 150_000, 1))
    assert statuses(final) == {"a": CONFIRMED, "b": CONFIRMED}
    assert wallet.running == 180_000
    assert wallet.held == ()


def test_a_missing_message_keeps_later_ones_held_with_its_exact_amount_until_it_arrives():
    wallet = anchored(100_000)
    wallet, final = run(
        wallet,
        credit("b", 20_000, 170_000, 2),  # a credit of 500.00 before it never arrived
        debit("c", 5_000, 0, 165_000, 3),
    )
    assert final["b"] == (HELD, "gap", 50_000)
    assert final["c"][0] == HELD
    assert [h.key for h in wallet.held] == ["b", "c"]
    wallet, final = run(wallet, credit("a", 50_000, 150_000, 1))
    assert statuses(final) == {"a": CONFIRMED, "b": CONFIRMED, "c": CONFIRMED}
    assert wallet.running == 165_000


def test_a_cash_out_between_two_credits_moves_the_chain_so_the_second_credit_still_confirms():
    wallet = anchored(100_000)
    wallet, final = run(
        wallet,
        credit("in1", 200_000, 300_000, 1),
        debit("cashout", 150_000, 2_775, 147_225, 2),  # cash out 1,500.00 with a 27.75 fee
        credit("in2", 50_000, 197_225, 3),
    )
    assert statuses(final) == {"in1": CONFIRMED, "cashout": CONFIRMED, "in2": CONFIRMED}
    assert wallet.running == 197_225


def test_a_missing_cash_out_shows_as_a_negative_gap_of_amount_plus_fee():
    wallet = anchored(100_000)
    wallet, final = run(
        wallet, credit("in1", 200_000, 300_000, 1), credit("in2", 50_000, 197_225, 3)
    )
    assert final["in2"] == (HELD, "gap", -152_775)


def test_a_forged_credit_with_a_plausible_amount_is_held_then_flagged_with_its_exact_gap():
    wallet = anchored(100_000)
    wallet, final = run(wallet, credit("forged", 50_000, 250_000, 1))
    assert final["forged"] == (HELD, "gap", 100_000)
    wallet, final = run(wallet, credit("genuine1", 20_000, 120_000, 2))
    assert final == {"genuine1": (CONFIRMED, "chained", None)}  # could still be a late arrival
    wallet, final = run(wallet, credit("genuine2", 30_000, 150_000, 15))
    assert final["genuine2"] == (CONFIRMED, "chained", None)
    # Measured where it belonged: before genuine1, when the balance was 1,000.00.
    assert final["forged"] == (SUSPECT, "never_chains", 100_000)
    assert wallet.held == ()
    assert wallet.running == 150_000


def test_a_late_message_the_chain_is_a_reorder_window_past_is_suspect_at_once():
    wallet = anchored(100_000)
    wallet, _ = run(wallet, credit("a", 50_000, 150_000, 15))
    wallet, final = run(wallet, credit("forged", 50_000, 150_000, 4))
    assert final["forged"] == (SUSPECT, "never_chains", 0)
    assert wallet.running == 150_000


def test_late_messages_that_net_to_zero_are_confirmed_in_their_place():
    wallet = anchored(0)
    wallet, final = run(wallet, credit("later", 500_000, 500_000, 3))
    assert final["later"][0] == CONFIRMED
    # Received 100.00 and sent it on before `later`; both SMS were delayed.
    wallet, final = run(wallet, debit("sent", 10_000, 0, 0, 2))
    assert final["sent"] == (HELD, "gap", 10_000)  # a 100.00 credit is missing before it
    wallet, final = run(wallet, credit("received", 10_000, 10_000, 1))
    assert statuses(final) == {"received": CONFIRMED, "sent": CONFIRMED}
    assert wallet.running == 500_000
    assert wallet.held == ()


def test_an_anchor_restarts_the_chain_and_releases_older_held_messages_for_manual_review():
    wallet = anchored(100_000)
    wallet, _ = run(wallet, credit("stale", 20_000, 170_000, 2))  # its predecessor was lost
    outcome = anchor(wallet, 170_000, at(10))
    assert [(v.key, v.status, v.reason) for v in outcome.verdicts] == [
        ("stale", UNCONFIRMED, "before_anchor")
    ]
    wallet, final = run(outcome.wallet, credit("next", 30_000, 200_000, 11))
    assert final["next"] == (CONFIRMED, "chained", None)


def test_an_anchor_confirms_held_messages_received_after_it_that_now_chain():
    wallet = anchored(100_000)
    wallet, final = run(wallet, credit("after", 30_000, 530_000, 12))
    assert final["after"][0] == HELD
    outcome = anchor(wallet, 500_000, at(11))
    assert [(v.key, v.status) for v in outcome.verdicts] == [("after", CONFIRMED)]
    assert outcome.wallet.running == 530_000


def test_a_message_without_a_balance_needs_manual_confirmation_and_moves_nothing():
    wallet = anchored(100_000)
    wallet, final = run(wallet, credit("nobal", 50_000, None, 1))
    assert final["nobal"] == (UNCONFIRMED, "no_balance", None)
    assert wallet.running == 100_000


def test_a_replayed_message_still_held_changes_nothing():
    # A message applied in an earlier step is refused by the wallet's store before the chain
    # sees it (tests/sms/test_worker.py: processing a message twice has its effects once).
    held = add(anchored(0), credit("h", 1, 99, 1)).wallet
    again = add(held, credit("h", 1, 99, 1))
    assert again.verdicts == ()
    assert again.wallet == held


def test_a_message_given_twice_in_one_batch_is_applied_once():
    wallet = anchored(100_000)
    entry = credit("a", 50_000, 150_000, 1)
    outcome = add_all(wallet, [entry, entry])
    assert [(v.key, v.status) for v in outcome.verdicts] == [("a", CONFIRMED)]
    assert outcome.wallet.running == 150_000


def test_held_messages_beyond_the_cap_are_released_oldest_first():
    wallet = anchored(0)
    # Stated balances that chain neither to the wallet nor among themselves (no run forms).
    entries = [credit(f"h{i}", 1, 10_000 + 3 * i, i) for i in range(MAX_HELD + 1)]
    wallet, final = run(wallet, *entries)
    assert final["h0"] == (UNCONFIRMED, "held_overflow", None)
    assert len(wallet.held) == MAX_HELD


@st.composite
def genuine_history(draw):
    """A wallet's real history: opening balance and moves, with receive times in order."""
    opening = draw(st.integers(0, 10_000_000))
    moves = draw(
        st.lists(st.tuples(st.booleans(), st.integers(1, 500_000)), min_size=1, max_size=12)
    )
    entries, balance = [], opening
    for i, (is_credit, amount) in enumerate(moves):
        fee = 0 if is_credit else amount // 100
        if not is_credit and balance < amount + fee:
            is_credit = True
        balance += amount if is_credit else -(amount + fee)
        direction = CREDIT if is_credit else DEBIT
        entries.append(
            Entry(f"m{i}", None, direction, amount, 0 if is_credit else fee, balance, at(i / 2))
        )
    order = draw(st.permutations(entries))
    return opening, balance, order


@settings(max_examples=200, deadline=None)
@given(genuine_history())
def test_a_genuine_history_in_any_arrival_order_confirms_every_message(history):
    opening, closing, order = history
    wallet, final = run(anchored(opening), *order)
    assert set(statuses(final).values()) == {CONFIRMED}
    assert wallet.running == closing
    assert wallet.held == ()


@settings(max_examples=200, deadline=None)
@given(genuine_history(), st.integers(1, 500_000), st.integers(1, 10_000), st.data())
def test_a_forged_credit_mixed_into_any_history_is_never_confirmed(history, amount, off, data):
    opening, _, order = history
    place = data.draw(st.integers(0, len(order)))
    minute = data.draw(st.floats(-0.5, len(order) + 0.5))
    # Its stated balance is off by `off` from wherever it could sit in the real history.
    reachable = {opening} | {e.balance for e in order}
    stated = max(reachable) + amount + off
    forged = Entry("forged", None, CREDIT, amount, 0, stated, at(minute))
    _, final = run(anchored(opening), *order[:place], forged, *order[place:])
    assert final["forged"][0] in (HELD, SUSPECT)


@settings(max_examples=200, deadline=None)
@given(genuine_history(), st.data())
def test_entries_applied_in_batches_end_as_they_do_one_by_one(history, data):
    """A stream batch's entries of one wallet go in one step: same wallet, same last verdicts."""
    opening, _, order = history
    one_by_one, expected = run(anchored(opening), *order)
    cuts = sorted(data.draw(st.sets(st.integers(1, max(1, len(order) - 1)), max_size=4)))
    wallet, final = anchored(opening), {}
    for start, end in zip([0, *cuts], [*cuts, len(order)], strict=True):
        outcome = add_all(wallet, list(order[start:end]))
        wallet = outcome.wallet
        assert len({v.key for v in outcome.verdicts}) == len(outcome.verdicts)
        final.update({v.key: (v.status, v.reason, v.gap) for v in outcome.verdicts})
    assert (wallet, final) == (one_by_one, expected)


def test_a_batch_keeps_only_the_last_verdict_of_an_entry_a_later_one_confirms():
    wallet = anchored(100_000)
    outcome = add_all(wallet, [credit("b", 30_000, 180_000, 2), credit("a", 50_000, 150_000, 1)])
    # Alone, "b" would be held first; in the batch it is only what it ends as.
    assert sorted((v.key, v.status) for v in outcome.verdicts) == [
        ("a", CONFIRMED),
        ("b", CONFIRMED),
    ]
