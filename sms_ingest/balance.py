"""The running-balance chain of one wallet, as pure values (contract.md §5).

A wallet is (account, device, provider, SIM slot). Every SMS that states a balance moves the
chain: credits add their amount, debits take amount plus fee. An entry *chains* when the balance
it states equals the running balance moved by it; the balance after a set of transactions does
not depend on their order, so entries chain in whatever order they arrive. Entries that do not
chain are held, sorted by when the phone received them, and re-checked whenever the chain moves.

A held entry the phone received before an entry that already chained is *late*: it can only be
genuine as part of a group that nets to zero at its place in time (received 500, sent 500), and
such a group is confirmed when it chains there. A late entry still held when the chain has moved
more than REORDER_WINDOW past it never can chain: it is suspect, with its exact gap (the balance
it states minus the balance the chain allowed in its place).

Failed transactions move nothing and are never given to the chain. A reversal is a real movement
(the money went back) and comes here as an ordinary entry in the direction it moved money.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

CONFIRMED, UNCONFIRMED, HELD, SUSPECT = "confirmed", "unconfirmed", "held", "suspect"
CREDIT, DEBIT = "credit", "debit"

MAX_HELD = 100
"""Held entries kept per wallet; beyond it the oldest is released as unconfirmed."""
MAX_SEEN = 500
"""Recently applied entry keys remembered per wallet, so a replayed message is a no-op."""
MAX_TRAIL = 50
"""Recent chain points kept per wallet, to place a late entry and measure its gap."""
REORDER_WINDOW = timedelta(minutes=10)
"""How far SMS of one wallet may arrive out of order (network delays, forwarder retries)."""


@dataclass(frozen=True)
class Entry:
    """One SMS of a wallet as the chain sees it; money in poisha."""

    key: str
    """The message id: unique per entry, the idempotency key."""
    transaction_id: str | None
    direction: str
    amount: int
    fee: int
    balance: int | None
    """The balance the SMS states after the transaction, or None when it states none."""
    received_at: datetime
    """When the phone received it (the order held entries are re-checked in)."""

    @property
    def delta(self) -> int:
        """How much the entry moves the balance."""
        return self.amount if self.direction == CREDIT else -(self.amount + self.fee)

    def fits(self, running: int) -> bool:
        return self.balance == running + self.delta

    def gap(self, running: int) -> int:
        """Stated balance minus the balance the chain allows after this entry."""
        return (self.balance or 0) - (running + self.delta)


@dataclass(frozen=True)
class Point:
    """One chained entry: when the phone received it, and the running balance before it."""

    at: datetime
    before: int


@dataclass(frozen=True)
class Wallet:
    """A wallet's chain: running balance (None before it starts), start time, held entries."""

    running: int | None = None
    anchored_at: datetime | None = None
    """Where the chain starts: the merchant's anchor, or the first message seen."""
    held: tuple[Entry, ...] = ()
    seen: tuple[str, ...] = ()
    trail: tuple[Point, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """What the chain decided about one entry."""

    key: str
    transaction_id: str | None
    status: str
    reason: str
    gap: int | None = None


@dataclass(frozen=True)
class Outcome:
    """The wallet after a step, and the verdicts it produced, in order."""

    wallet: Wallet
    verdicts: tuple[Verdict, ...]


def _verdict(entry: Entry, status: str, reason: str, gap: int | None = None) -> Verdict:
    return Verdict(entry.key, entry.transaction_id, status, reason, gap)


def _before_start(wallet: Wallet, entry: Entry) -> bool:
    return wallet.anchored_at is not None and entry.received_at < wallet.anchored_at


def add(wallet: Wallet, entry: Entry) -> Outcome:
    """Apply one new entry; a key already applied or held changes nothing."""
    if entry.key in wallet.seen or any(h.key == entry.key for h in wallet.held):
        return Outcome(wallet, ())
    wallet = replace(wallet, seen=(*wallet.seen, entry.key)[-MAX_SEEN:])
    if entry.balance is None:
        # Nothing to check it against: only the merchant can confirm it.
        return Outcome(wallet, (_verdict(entry, UNCONFIRMED, "no_balance"),))
    if _before_start(wallet, entry):
        # The anchor (or the first message) already includes it.
        return Outcome(wallet, (_verdict(entry, UNCONFIRMED, "before_anchor"),))
    if wallet.running is None:
        started = replace(wallet, running=entry.balance, anchored_at=entry.received_at)
        return Outcome(started, (_verdict(entry, UNCONFIRMED, "chain_start"),))
    return settle(replace(wallet, held=_insert(wallet.held, entry)), new=entry)


def add_all(wallet: Wallet, entries: list[Entry]) -> Outcome:
    """Apply new entries one after another, as `add` would one by one. Each entry keeps only
    its last verdict of the run (held, then confirmed by a later entry: confirmed), since all
    of them are written to their transactions as of the same wallet version."""
    last: dict[str, Verdict] = {}
    for entry in entries:
        outcome = add(wallet, entry)
        wallet = outcome.wallet
        for verdict in outcome.verdicts:
            last.pop(verdict.key, None)  # re-inserted: the order is that of the last verdicts
            last[verdict.key] = verdict
    return Outcome(wallet, tuple(last.values()))


def anchor(wallet: Wallet, balance: int, at: datetime) -> Outcome:
    """Restart the chain from a balance the merchant read at `at`, then settle held entries."""
    return settle(replace(wallet, running=balance, anchored_at=at, trail=()))


def settle(wallet: Wallet, new: Entry | None = None) -> Outcome:
    """Release held entries older than the start, chain what fits, flag what never can."""
    released = [h for h in wallet.held if _before_start(wallet, h)]
    held = tuple(h for h in wallet.held if not _before_start(wallet, h))
    verdicts = [_verdict(h, UNCONFIRMED, "before_anchor") for h in released]
    if wallet.running is None:
        return Outcome(replace(wallet, held=held), tuple(verdicts))
    running, chained, held = _chain(wallet.running, held)
    trail = _with_points(wallet.trail, chained)
    grouped, held = _late_groups(trail, held)
    trail = _with_points(trail, grouped)
    verdicts += [_verdict(e, CONFIRMED, "chained") for e, _ in chained + grouped]
    suspects, held = _passed(trail, held)
    verdicts += suspects
    held, overflow = held[-MAX_HELD:], held[:-MAX_HELD]
    verdicts += [_verdict(h, UNCONFIRMED, "held_overflow") for h in overflow]
    if new is not None and new in held:
        verdicts.append(_verdict(new, HELD, "gap", new.gap(_slot_balance(trail, new, running))))
    after = replace(wallet, running=running, held=held, trail=trail)
    return Outcome(after, tuple(verdicts))


def _insert(held: tuple[Entry, ...], entry: Entry) -> tuple[Entry, ...]:
    """Held entries stay sorted by the phone's receive time (stable for equal times)."""
    at = next((i for i, h in enumerate(held) if h.received_at > entry.received_at), len(held))
    return (*held[:at], entry, *held[at:])


Chained = list[tuple[Entry, int]]


def _walk(start: int, entries: list[Entry]) -> tuple[int, Chained]:
    """Chain entries from `start`, earliest first, until none fits; each with its balance before."""
    chained: Chained = []
    pending = list(entries)
    balance = start
    fit = next((e for e in pending if e.fits(balance)), None)
    while fit is not None:
        chained.append((fit, balance))
        balance += fit.delta
        pending.remove(fit)
        fit = next((e for e in pending if e.fits(balance)), None)
    return balance, chained


def _chain(running: int, held: tuple[Entry, ...]) -> tuple[int, Chained, tuple[Entry, ...]]:
    running, chained = _walk(running, list(held))
    done = {e.key for e, _ in chained}
    return running, chained, tuple(h for h in held if h.key not in done)


def _with_points(trail: tuple[Point, ...], chained: Chained) -> tuple[Point, ...]:
    """The trail with chained entries added, kept sorted by receive time, newest MAX_TRAIL."""
    points = sorted(
        (*trail, *(Point(e.received_at, before) for e, before in chained)), key=lambda p: p.at
    )
    return tuple(points[-MAX_TRAIL:])


def _slot(trail: tuple[Point, ...], entry: Entry) -> Point | None:
    """The first chained entry the phone received after `entry`: where `entry` belonged."""
    return next((p for p in trail if p.at > entry.received_at), None)


def _slot_balance(trail: tuple[Point, ...], entry: Entry, running: int) -> int:
    slot = _slot(trail, entry)
    return running if slot is None else slot.before


def _late_groups(
    trail: tuple[Point, ...], held: tuple[Entry, ...]
) -> tuple[Chained, tuple[Entry, ...]]:
    """Late entries that chain at their place in time and net to zero there: genuine, confirmed."""
    slots: dict[Point, list[Entry]] = {}
    for h in held:
        slot = _slot(trail, h)
        if slot is not None:
            slots.setdefault(slot, []).append(h)
    confirmed: Chained = []
    for slot, members in slots.items():
        end, group = _walk(slot.before, members)
        if group and end == slot.before:
            confirmed += group
    done = {e.key for e, _ in confirmed}
    return confirmed, tuple(h for h in held if h.key not in done)


def _passed(
    trail: tuple[Point, ...], held: tuple[Entry, ...]
) -> tuple[list[Verdict], tuple[Entry, ...]]:
    """Held entries the chain moved more than REORDER_WINDOW past: they never can chain."""
    suspects: list[Verdict] = []
    kept: list[Entry] = []
    for h in held:
        slot = _slot(trail, h)
        if slot is not None and trail[-1].at > h.received_at + REORDER_WINDOW:
            suspects.append(_verdict(h, SUSPECT, "never_chains", h.gap(slot.before)))
        else:
            kept.append(h)
    return suspects, tuple(kept)
