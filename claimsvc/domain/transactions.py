"""A wallet transaction as a value: what an SMS said moved, and what claims and the balance
chain made of it since. Money in poisha."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class SmsSource:
    """Where a transaction read from an SMS came from."""

    message_id: str
    device_id: str | None
    sim_slot: int | None
    occurred_at: str | None
    """The time the SMS text states, as it states it (None: it states none)."""


@dataclass(frozen=True)
class Transaction:
    """One credit or debit, unique per (account, provider, TrxID), bound to at most one session."""

    id: str
    account_id: str
    provider: str
    trx_id: str
    amount_poisha: int
    received_at: datetime
    """When the phone received the SMS (the forwarder's time; the intake time if it gave none)."""
    status: str
    direction: str | None = "credit"
    """None: a document older than directions, a credit to the claim rules."""
    kind: str | None = "received"
    """None: a document older than kinds, a claimable one to the claim rules."""
    counterparty: str | None = None
    balance_poisha: int | None = None
    """The balance the SMS states after this transaction."""
    fee_poisha: int = 0
    commission_poisha: int = 0
    session_id: str | None = None
    """The session it is reserved for (None: free)."""
    created_at: datetime | None = None
    source: SmsSource | None = None
    """None: recorded otherwise than from an SMS (tests, tools)."""
    chain_reason: str | None = None
    """Why the balance chain gave it its status (or "reversed": the wallet took it back)."""
    chain_gap_poisha: int | None = None
    """Stated balance minus what the chain allowed: positive, more money claimed than can be."""
    chain_version: int | None = None
    """The wallet version of the chain verdict last written (None: none yet)."""
    confirmed_at: datetime | None = None
    confirmed_by: str | None = None
    """"merchant" when confirmed by hand; None when the chain confirmed it."""
    reversed_at: datetime | None = None
    settlement: str | None = None
    """What the merchant decided for it as a payment of a different amount than its order's
    (settlement.ACCEPTED or REFUND; None: nothing). A refund mark keeps it from every claim."""
    settled_at: datetime | None = None
    settled_by: str | None = None
    order_poisha: int | None = None
    """Accepted: the amount of the order it paid (its own `amount_poisha` differs)."""
    parsed_by: str = "rule"
    """How its SMS was read: "rule" (a built-in wording), "arithmetic" (by the balance chain's
    arithmetic) or "taught" (a wording the merchant taught); see `claims.is_final`."""

    @property
    def key(self) -> tuple[str, str, str]:
        """What is unique about it: account, provider, TrxID."""
        return self.account_id, self.provider, self.trx_id
