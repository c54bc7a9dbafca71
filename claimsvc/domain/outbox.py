"""Webhook events as the outbox records them: one per terminal transition of a session."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from claimsvc.domain.checkout import iso_or_none
from claimsvc.domain.money import to_number
from claimsvc.domain.sessions import Session

EVENT_SEQUENCE = "webhook_events"
"""The durable counter that numbers events (the `x-svc-event-id`)."""

QUEUED, DELIVERED, DEAD, STOPPED = "queued", "delivered", "dead", "stopped"
EVENT_STATUSES = (QUEUED, DELIVERED, DEAD, STOPPED)


def event_body(session: Session) -> bytes:
    """The webhook body of interface.md §6, serialised once; every attempt sends these bytes."""
    body = {
        "order_id": session.order_id,
        "payment_status": session.status,
        "trid": session.payment_id,
        "amount": to_number(session.amount_poisha),
    }
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def new_event(event_id: int, session: Session, now: datetime) -> dict[str, Any]:
    """A queued event for a session that has just reached its terminal state."""
    return {
        "_id": event_id,
        "account_id": session.account_id,
        "session_id": session.id,
        "order_id": session.order_id,
        "payment_id": session.payment_id,
        "payment_status": session.status,
        "webhook_url": session.webhook_url,
        "body": event_body(session),
        "status": QUEUED,
        "attempts": 0,
        "next_attempt_at": now,
        "last_attempt_at": None,
        "last_status_code": None,
        "last_error": None,
        "stopped_reason": None,
        "created_at": now,
        "delivered_at": None,
    }


def event_view(event: dict[str, Any]) -> dict[str, Any]:
    """An event as the admin API lists it (the body bytes stay inside)."""
    return {
        "id": event["_id"],
        "account_id": event["account_id"],
        "session_id": event["session_id"],
        "order_id": event["order_id"],
        "payment_status": event["payment_status"],
        "status": event["status"],
        "attempts": event["attempts"],
        "next_attempt_at": iso_or_none(event.get("next_attempt_at")),
        "last_status_code": event.get("last_status_code"),
        "last_error": event.get("last_error"),
        "stopped_reason": event.get("stopped_reason"),
        "created_at": iso_or_none(event["created_at"]),
        "delivered_at": iso_or_none(event.get("delivered_at")),
    }
