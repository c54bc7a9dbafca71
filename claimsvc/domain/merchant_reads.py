"""What a merchant reads over the API of its wallet transactions and webhook events (issue 31),
each scoped to the key's ledger (domain/modes.py): the queries the listings take and the
records they answer with. Money stays in poisha here; the dump schemas write taka."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from claimsvc.domain.modes import mode_of
from claimsvc.domain.outbox import Event
from claimsvc.domain.session_reads import LIMIT_DEFAULT
from claimsvc.domain.transactions import Transaction
from claimsvc.logs import mask_phone

DIRECTIONS = ("credit", "debit")
"""Which way money moved in the merchant's wallet."""


@dataclass(frozen=True)
class TransactionQuery:
    """The transaction listing's filters (None: any) and its page."""

    status: str | None = None
    provider: str | None = None
    direction: str | None = None
    trx_id: str | None = None
    """Already normalised as verify does (trimmed, upper-case)."""
    session_id: str | None = None
    limit: int = LIMIT_DEFAULT
    cursor: str | None = None


@dataclass(frozen=True)
class MerchantTransaction:
    """A wallet transaction as its merchant reads it: never a full phone number."""

    id: str
    mode: str
    provider: str
    direction: str
    trx_id: str
    amount_poisha: int
    fee_poisha: int
    """0 when the SMS stated no fee."""
    balance_poisha: int | None
    counterparty: str | None
    """Masked as the portal masks it (017****5678)."""
    received_at: datetime
    status: str
    session_id: str | None


def merchant_transaction(tx: Transaction) -> MerchantTransaction:
    """The merchant's view of `tx`: a phone number in the counterparty masked as the portal
    masks it."""
    return MerchantTransaction(
        id=tx.id,
        mode=mode_of(tx.account_id),
        provider=tx.provider,
        direction=tx.direction or "credit",  # a document older than directions: a credit
        trx_id=tx.trx_id,
        amount_poisha=tx.amount_poisha,
        fee_poisha=tx.fee_poisha,
        balance_poisha=tx.balance_poisha,
        counterparty=mask_phone(tx.counterparty) if tx.counterparty else None,
        received_at=tx.received_at,
        status=tx.status,
        session_id=tx.session_id,
    )


@dataclass(frozen=True)
class EventQuery:
    """The webhook event listing's filters (None: any) and its page."""

    status: str | None = None
    session_id: str | None = None
    order_id: str | None = None
    limit: int = LIMIT_DEFAULT
    cursor: str | None = None


@dataclass(frozen=True)
class MerchantEvent:
    """A queued webhook record as its merchant reads it: its delivery state, not its body."""

    id: str
    """The string sent as `x-svc-event-id`."""
    mode: str
    session_id: str
    order_id: str
    payment_status: str
    status: str
    attempts: int
    next_attempt_at: datetime | None
    last_status_code: int | None
    last_error: str | None
    stopped_reason: str | None
    created_at: datetime
    delivered_at: datetime | None


def merchant_event(event: Event) -> MerchantEvent:
    """The merchant's view of `event`."""
    return MerchantEvent(
        id=str(event.id),
        mode=mode_of(event.account_id),
        session_id=event.session_id,
        order_id=event.order_id,
        payment_status=event.payment_status,
        status=event.status,
        attempts=event.attempts,
        next_attempt_at=event.next_attempt_at,
        last_status_code=event.last_status_code,
        last_error=event.last_error,
        stopped_reason=event.stopped_reason,
        created_at=event.created_at,
        delivered_at=event.delivered_at,
    )
