"""A wallet of a merchant (account, device, provider, SIM slot) and its running-balance chain,
as values; money in poisha. The chain's rules are pure functions in
`claimsvc.domain.sms.balance_chain`; the wallet is stored by `claimsvc.store.balances`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

CREDIT, DEBIT = "credit", "debit"


@dataclass(frozen=True)
class WalletKey:
    """Which wallet: an unknown SIM slot is a wallet of its own."""

    account_id: str
    device_id: str
    provider: str
    sim_slot: int | None

    @property
    def id(self) -> str:
        """The stored wallet's id."""
        slot = "-" if self.sim_slot is None else str(self.sim_slot)
        return f"{self.account_id}|{self.device_id}|{self.provider}|{slot}"


@dataclass(frozen=True)
class PendingVerdict:
    """A chain verdict stored on its wallet until it is applied to its transaction."""

    vid: str
    """Unique per (entry, wallet version, status): what is pulled once applied."""
    key: str
    transaction_id: str | None
    status: str
    reason: str
    gap: int | None
    version: int
    """The wallet version that produced it: a transaction takes only a newer verdict."""


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
    commission: int = 0
    """Credited together with the transaction (an agent's cash-out commission)."""

    @property
    def delta(self) -> int:
        """How much the entry moves the balance: the amount in or out, plus the commission
        credited with it, minus the fee or charge taken with it."""
        moved = self.amount if self.direction == CREDIT else -self.amount
        return moved + self.commission - self.fee

    @property
    def start(self) -> int:
        """The balance before it, as its own figures imply (0 when it states none)."""
        return (self.balance or 0) - self.delta

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
class Gap:
    """A break the chain recovered from at a run: what is missing between `before` and `after`."""

    key: str
    """The run's first entry (unconfirmed until the gap is filled)."""
    transaction_id: str | None
    at: datetime
    """When the phone received the run's first entry."""
    since: datetime | None
    """The last chained point before the break (None: the chain's start)."""
    before: int
    """The running balance the break left behind."""
    after: int
    """The balance the run's first entry implies just before it."""

    def spans(self, entry: Entry) -> bool:
        """Whether the phone received `entry` inside the break (where the missing ones were)."""
        return (
            self.since is None or entry.received_at > self.since
        ) and entry.received_at < self.at


@dataclass(frozen=True)
class Unread:
    """A message of the wallet no rule reads and its arithmetic could not read yet: the
    balances before it after which it has exactly one reading (issue 22)."""

    message_id: str
    previous: tuple[int, ...]


@dataclass(frozen=True)
class Waits:
    """What a batch of messages changes in one wallet's waiting list: the messages now read
    (to forget) and those not understood that some balance before them would read."""

    key: WalletKey
    read: tuple[str, ...]
    waiting: tuple[Unread, ...]

    def only(self, message_ids: set[str]) -> Waits:
        """The same, for these messages alone."""
        return Waits(
            self.key,
            tuple(m for m in self.read if m in message_ids),
            tuple(u for u in self.waiting if u.message_id in message_ids),
        )


@dataclass(frozen=True)
class Wallet:
    """A wallet's chain: running balance (None before it starts), start time, held entries."""

    running: int | None = None
    anchored_at: datetime | None = None
    """Where the chain starts: the merchant's anchor, or the first message seen."""
    held: tuple[Entry, ...] = ()
    trail: tuple[Point, ...] = ()
    gaps: tuple[Gap, ...] = ()
    """Breaks recovered from, newest last, while what fills them may still turn up."""
    recovers: bool = True
    """Whether a run after a gap re-anchors the wallet (off: only an anchor does); set only
    by the admin API's anchor call, never by a step."""
    key: WalletKey | None = None
    """None only for a chain computed in memory (tests, benchmarks): a stored one has it."""
    version: int = 0
    """Bumped by every stored change (0: not stored yet); each change is a compare-and-set."""
    pending: tuple[PendingVerdict, ...] = ()
    """Verdicts a step produced, stored with it, kept until applied to their transactions."""
    recheck: bool = False
    """An anchor was set: the chain re-checks its held entries at the next sweep."""
    anchor_balance: int | None = None
    """The balance the merchant last anchored at, and when (kept for the record)."""
    anchor_set_at: datetime | None = None
    unread: tuple[Unread, ...] = ()
    """Messages waiting for the chain to reach a balance their arithmetic reads after; kept
    apart from the chain (a step never rewrites them)."""

    def due(self) -> tuple[str, ...]:
        """The waiting messages the running balance now reads (to be read again)."""
        return tuple(u.message_id for u in self.unread if self.running in u.previous)

    @property
    def stored_key(self) -> WalletKey:
        """The key of a stored wallet."""
        if self.key is None:
            raise ValueError("a wallet computed in memory has no key")
        return self.key
