"""Webhook events as the outbox records them: one per terminal transition of a session."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from claimsvc.domain.exchange import Exchange
from claimsvc.domain.money import to_number
from claimsvc.domain.sessions import Session

EVENT_SEQUENCE = "webhook_events"
"""The durable counter that numbers events (the `x-svc-event-id`)."""

QUEUED, DELIVERED, DEAD, STOPPED = "queued", "delivered", "dead", "stopped"
EVENT_STATUSES = (QUEUED, DELIVERED, DEAD, STOPPED)


@dataclass(frozen=True)
class Attempt:
    """One entry of an event's attempt history (no URL, no secret)."""

    attempt: int
    at: datetime
    status_code: int | None
    error: str | None
    duration_ms: float
    exchange: Exchange | None = None
    """The headers sent and the reply got, capped and masked; None on attempts recorded
    before details were kept."""


@dataclass(frozen=True)
class Event:
    """A webhook event: what is sent (`body`, to `webhook_url`) and where its delivery stands."""

    id: int
    """From the durable counter; sent as `x-svc-event-id`."""
    account_id: str
    session_id: str
    order_id: str
    payment_id: str
    payment_status: str
    webhook_url: str
    body: bytes
    """Serialised once when recorded; every attempt sends these bytes (they are signed)."""
    status: str
    attempts: int
    """Attempts begun, counted before each is sent."""
    created_at: datetime
    next_attempt_at: datetime | None
    last_attempt_at: datetime | None = None
    last_status_code: int | None = None
    last_error: str | None = None
    stopped_reason: str | None = None
    delivered_at: datetime | None = None
    dead_at: datetime | None = None
    stopped_at: datetime | None = None
    requeued_at: datetime | None = None
    cycle_base: int = 0
    """`attempts` when an operator last redelivered it: the retry table counts from there."""
    history: tuple[Attempt, ...] = ()
    """The latest attempts, oldest first."""
    test: bool = False
    """A test event sent from the portal: no session, no payment, one attempt."""


TEST_STATUS = "TEST"
"""The `payment_status` of a test event: none of the four payment outcomes, so a receiver that
checks the status can never take a test for a payment."""

TEST_SESSION_PREFIX = "test-"
"""A test event's `session_id`: this and its own id (no session exists; unique per event)."""


@dataclass(frozen=True)
class Queued:
    """A queued event as the ordering rule sees it: which session, and when it falls due."""

    id: int
    session_id: str
    next_attempt_at: datetime | None


@dataclass(frozen=True)
class EventFilter:
    """Exact values the admin listing of events is filtered by (None: any)."""

    account_id: str | None = None
    session_id: str | None = None
    status: str | None = None
    order_id: str | None = None


def event_body(session: Session) -> bytes:
    """The webhook body of interface.md §6, serialised once; every attempt sends these bytes.
    Exactly its four fields, `amount` the session's amount, even when the merchant accepted a
    payment of another amount for the order (the paid amount is in the portal, the admin
    transactions view and the CSV export: docs/decisions.md, "Money that does not match")."""
    body = {
        "order_id": session.order_id,
        "payment_status": session.status,
        "trid": session.payment_id,
        "amount": to_number(session.amount_poisha),
    }
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def new_event(event_id: int, session: Session, now: datetime) -> Event:
    """A queued event for a session that has just reached its terminal state."""
    return Event(
        id=event_id,
        account_id=session.account_id,
        session_id=session.id,
        order_id=session.order_id,
        payment_id=session.payment_id,
        payment_status=session.status,
        webhook_url=session.webhook_url,
        body=event_body(session),
        status=QUEUED,
        attempts=0,
        created_at=now,
        next_attempt_at=now,
    )


def body_of_test_event(event_id: int) -> bytes:
    """A test event's body: interface.md's four fields, marked as a test three ways (status
    TEST, a zero amount, `test: true`) and matching no order of the merchant's."""
    body = {
        "order_id": f"test-{event_id}",
        "payment_status": TEST_STATUS,
        "trid": f"test-{event_id}",
        "amount": 0,
        "test": True,
    }
    return json.dumps(body, separators=(",", ":")).encode("utf-8")


def new_test_event(event_id: int, account_id: str, webhook_url: str, now: datetime) -> Event:
    """A queued test event to `webhook_url` (already checked against the URL rules)."""
    return Event(
        id=event_id,
        account_id=account_id,
        session_id=f"{TEST_SESSION_PREFIX}{event_id}",
        order_id=f"test-{event_id}",
        payment_id=f"test-{event_id}",
        payment_status=TEST_STATUS,
        webhook_url=webhook_url,
        body=body_of_test_event(event_id),
        status=QUEUED,
        attempts=0,
        created_at=now,
        next_attempt_at=now,
        test=True,
    )
