"""The running-balance chain of one wallet, as pure values (contract.md §5).

A wallet is (account, device, provider, SIM slot). Every SMS that states a balance moves the
chain by its amount (added for a credit, taken for a debit), plus any commission credited with it
(an agent's cash-out commission), minus any fee or charge taken with it; all in exact poisha. An
entry *chains* when the balance
it states equals the running balance moved by it; the balance after a set of transactions does
not depend on their order, so entries chain in whatever order they arrive. Entries that do not
chain are held, sorted by when the phone received them, and re-checked whenever the chain moves.

A held entry the phone received before an entry that already chained is *late*: it can only be
genuine as part of a group that nets to zero at its place in time (received 500, sent 500), and
such a group is confirmed when it chains there. A late entry still held when the chain has moved
more than REORDER_WINDOW past it never can chain: it is suspect, with its exact gap (the balance
it states minus the balance the chain allowed in its place).

A missed SMS leaves every later entry held. Once a held entry is older than REORDER_WINDOW
(phone time) behind the newest one, what it waits for is taken as lost, and a *run*, at least
RECOVERY_RUN entries that chain among themselves and account for every entry received from its
first on, re-anchors the wallet there. The run's first entry is never confirmed by it (its own
figures are what the run starts from), only the entries that chain after it; the break is kept
as a Gap and reported with the first entry (reason "gap_start", its gap the unexplained amount).
Entries received inside an open gap stay held: if the lost messages turn up (a forwarder's late
retry, a re-parse), entries that lead exactly from the old balance to the run's start confirm,
the run's first entry with them. docs/decisions.md ("A missed SMS") says why this keeps the
forgery guarantee.

Failed transactions move nothing and are never given to the chain. A reversal is a real movement
(the money went back) and comes here as an ordinary entry in the direction it moved money.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

# The values the rules below work on (re-exported: tests and benchmarks take them from here).
from claimsvc.domain.balances import CREDIT, DEBIT, Entry, Gap, Point, Wallet  # noqa: F401
from claimsvc.domain.statuses import CONFIRMED, HELD, SUSPECT, UNCONFIRMED

GAP_START = "gap_start"
"""The reason given to a run's first entry: the wallet re-anchored there after a gap."""

MAX_HELD = 100
"""Held entries kept per wallet; beyond it the oldest is released as unconfirmed."""
MAX_TRAIL = 50
"""Recent chain points kept per wallet, to place a late entry and measure its gap."""
REORDER_WINDOW = timedelta(minutes=10)
"""How far SMS of one wallet may arrive out of order (network delays, forwarder retries)."""
RECOVERY_RUN = 3
"""Entries of a run (its first included) that re-anchor a wallet after a gap."""
GAP_OPEN = timedelta(hours=24)
"""How long (phone time) entries inside a recovered gap stay held for what would fill it."""
MAX_GAPS = 10
"""Recovered gaps remembered per wallet."""


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
    """Apply one new entry; a key already held changes nothing. A message applied in an earlier
    step never reaches the chain: the wallet's store refuses it (`BalanceStore.save`)."""
    if any(h.key == entry.key for h in wallet.held):
        return Outcome(wallet, ())
    if entry.balance is None:
        # Nothing to check it against: only the merchant can confirm it.
        return Outcome(wallet, (_verdict(entry, UNCONFIRMED, "no_balance"),))
    if _before_start(wallet, entry):
        # The anchor (or the first message) already includes it.
        return Outcome(wallet, (_verdict(entry, UNCONFIRMED, "before_anchor"),))
    if wallet.running is None:
        started = replace(wallet, running=entry.balance, anchored_at=entry.received_at)
        return Outcome(started, (_verdict(entry, UNCONFIRMED, "chain_start"),))
    return recheck(replace(wallet, held=_insert(wallet.held, entry)), new=entry)


def add_all(wallet: Wallet, entries: list[Entry]) -> Outcome:
    """Apply new entries one after another, as `add` would one by one. Each entry keeps only
    its last verdict of the run (held, then confirmed by a later entry: confirmed), since all
    of them are written to their transactions as of the same wallet version. An entry given
    twice is applied once."""
    last: dict[str, Verdict] = {}
    given: set[str] = set()
    for entry in entries:
        if entry.key in given:
            continue
        given.add(entry.key)
        outcome = add(wallet, entry)
        wallet = outcome.wallet
        for verdict in outcome.verdicts:
            last.pop(verdict.key, None)  # re-inserted: the order is that of the last verdicts
            last[verdict.key] = verdict
    return Outcome(wallet, tuple(last.values()))


def recheck(wallet: Wallet, new: Entry | None = None) -> Outcome:
    """Release held entries older than the start, chain what fits, fill or recover from gaps,
    flag what never can chain. Also what follows an anchor: the admin API's anchor restarts the
    stored wallet (`claimsvc.store.balances.anchor_fields`), then the consumer re-checks it."""
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
    gaps, filled, held = _fill_gaps(wallet.gaps, held)
    trail = _with_points(trail, filled)
    verdicts += [_verdict(e, CONFIRMED, "chained") for e, _ in filled]
    verdicts += [_filled(g) for g in wallet.gaps if g not in gaps]
    recovered = _recover(running, trail, held, wallet.anchored_at) if wallet.recovers else None
    if recovered is not None:
        running, held, trail = recovered.end, recovered.left, _with_points(trail, recovered.run)
        gaps = (*gaps, recovered.gap)[-MAX_GAPS:]
        verdicts += recovered.verdicts
    gaps = tuple(g for g in gaps if not trail or trail[-1].at <= g.at + GAP_OPEN)
    suspects, held = _passed(trail, held, gaps)
    verdicts += suspects
    held, overflow = held[-MAX_HELD:], held[:-MAX_HELD]
    verdicts += [_verdict(h, UNCONFIRMED, "held_overflow") for h in overflow]
    if new is not None and new in held:
        verdicts.append(_verdict(new, HELD, "gap", new.gap(_slot_balance(trail, new, running))))
    after = replace(wallet, running=running, held=held, trail=trail, gaps=gaps)
    return Outcome(after, tuple(verdicts))


def _insert(held: tuple[Entry, ...], entry: Entry) -> tuple[Entry, ...]:
    """Held entries stay sorted by the phone's receive time (stable for equal times)."""
    at = next((i for i, h in enumerate(held) if h.received_at > entry.received_at), len(held))
    return (*held[:at], entry, *held[at:])


Chained = list[tuple[Entry, int]]


def _walk(start: int, entries: list[Entry]) -> tuple[int, Chained]:
    """Chain entries from `start`, earliest first, until none fits; each with its balance before."""
    # Indexed by the balance each entry implies before it: a walk is linear, not quadratic,
    # which matters for a wallet holding many entries (every message walks them).
    by_start: dict[int, list[Entry]] = {}
    for e in entries:
        if e.balance is not None:
            by_start.setdefault(e.start, []).append(e)
    chained: Chained = []
    balance = start
    while by_start.get(balance):
        fit = by_start[balance].pop(0)
        chained.append((fit, balance))
        balance += fit.delta
    return balance, chained


def _chain(running: int, held: tuple[Entry, ...]) -> tuple[int, Chained, tuple[Entry, ...]]:
    running, chained = _walk(running, list(held))
    done = {e.key for e, _ in chained}
    return running, chained, tuple(h for h in held if h.key not in done)


def _with_points(trail: tuple[Point, ...], chained: Chained) -> tuple[Point, ...]:
    """The trail with chained entries added, kept sorted by receive time, newest MAX_TRAIL
    (every trail is made here, so one with nothing added is already so)."""
    if not chained:
        return trail
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
    trail: tuple[Point, ...], held: tuple[Entry, ...], gaps: tuple[Gap, ...] = ()
) -> tuple[list[Verdict], tuple[Entry, ...]]:
    """Held entries the chain moved more than REORDER_WINDOW past: they never can chain.
    Entries inside an open gap wait for the rest of what fills it instead."""
    suspects: list[Verdict] = []
    kept: list[Entry] = []
    for h in held:
        slot = _slot(trail, h)
        waiting = any(g.spans(h) for g in gaps)
        if slot is not None and not waiting and trail[-1].at > h.received_at + REORDER_WINDOW:
            suspects.append(_verdict(h, SUSPECT, "never_chains", h.gap(slot.before)))
        else:
            kept.append(h)
    return suspects, tuple(kept)


def _filled(gap: Gap) -> Verdict:
    """The run's first entry, once what was missing before it turned up and chained."""
    return Verdict(gap.key, gap.transaction_id, CONFIRMED, "gap_filled")


def _fill_gaps(
    gaps: tuple[Gap, ...], held: tuple[Entry, ...]
) -> tuple[tuple[Gap, ...], Chained, tuple[Entry, ...]]:
    """Held entries that lead exactly across a gap, from its old balance to its run's start:
    the missing messages, turned up late. The gaps still open, what chained, what is left."""
    still: list[Gap] = []
    filled: Chained = []
    for gap in gaps:
        end, group = _walk(gap.before, [h for h in held if gap.spans(h)])
        if group and end == gap.after:
            filled += group
            done = {e.key for e, _ in group}
            held = tuple(h for h in held if h.key not in done)
        else:
            still.append(gap)
    return tuple(still), filled, held


@dataclass(frozen=True)
class Recovery:
    """A wallet re-anchored at a run after a gap."""

    end: int
    """The running balance after the run."""
    run: Chained
    """The run's first entry (with the balance it implies before it), then what chained."""
    left: tuple[Entry, ...]
    gap: Gap
    verdicts: tuple[Verdict, ...]


def _recover(
    running: int, trail: tuple[Point, ...], held: tuple[Entry, ...], anchored_at: datetime | None
) -> Recovery | None:
    """Re-anchor at the earliest run after a gap, if there is one (see the module docstring).

    A candidate first entry must be older than REORDER_WINDOW behind the newest held entry (what
    it waits for is lost, not late), and its run must hold every entry received from it on: a
    message of another history in that span (a forger's, or a genuine one a forged run tries to
    replace) leaves the wallet held.
    """
    last = trail[-1].at if trail else anchored_at
    fresh = [h for h in held if last is None or h.received_at > last]
    # One index for every candidate's walk: a stalled wallet searches on every new message.
    by_start: dict[int, list[Entry]] = {}
    for h in held:
        by_start.setdefault(h.start, []).append(h)
    for i, first in enumerate(fresh):
        if fresh[-1].received_at - first.received_at <= REORDER_WINDOW:
            return None
        end, run = _run_from(first, by_start)
        members = {first.key, *(e.key for e, _ in run)}
        if len(members) >= RECOVERY_RUN and all(h.key in members for h in fresh[i:]):
            gap = Gap(
                first.key, first.transaction_id, first.received_at, last, running, first.start
            )
            verdicts = (
                _verdict(first, UNCONFIRMED, GAP_START, first.gap(running)),
                *(_verdict(e, CONFIRMED, "chained_after_gap") for e, _ in run),
            )
            left = tuple(h for h in held if h.key not in members)
            return Recovery(end, [(first, first.start), *run], left, gap, verdicts)
    return None


def _run_from(first: Entry, by_start: dict[int, list[Entry]]) -> tuple[int, Chained]:
    """What chains after `first` (as `_walk` would, from entries received no earlier than the
    reorder window before it), and the balance after it."""
    floor = first.received_at - REORDER_WINDOW
    used = {first.key}
    run: Chained = []
    balance = first.balance or 0
    while True:
        fits = by_start.get(balance, ())
        fit = next((e for e in fits if e.key not in used and e.received_at >= floor), None)
        if fit is None:
            return balance, run
        run.append((fit, balance))
        used.add(fit.key)
        balance += fit.delta
