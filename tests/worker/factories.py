"""Webhook events as the outbox records them, for the delivery tests."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from claimsvc.bootstrap import Deps
from claimsvc.domain.outbox import Event
from claimsvc.domain.sessions import Session


def terminal_session(account_id: str, webhook_url: str, **overrides: Any) -> Session:
    """A session that has just reached a terminal state: what the outbox reads."""
    now = datetime.now(UTC)
    session = Session(
        id=str(uuid.uuid4()),
        account_id=account_id,
        order_id=f"order-{uuid.uuid4().hex[:8]}",
        payment_id=f"pay_{uuid.uuid4().hex[:12]}",
        amount_poisha=50_050,
        success_url="https://shop.example.com/success",
        cancel_url="https://shop.example.com/cancel",
        webhook_url=webhook_url,
        status="COMPLETED",
        created_at=now,
        expires_at=now,
        terminal_at=now,
        event_due=True,
    )
    return replace(session, **overrides)


async def record_event(deps: Deps, account_id: str, webhook_url: str, **overrides: Any) -> int:
    """Record one event through the outbox (which also schedules it); its id."""
    event = await deps.services.outbox.record(
        terminal_session(account_id, webhook_url, **overrides)
    )
    return event.id


async def event(deps: Deps, event_id: int) -> Event:
    stored = await deps.stores.events.get(event_id)
    assert stored is not None
    return stored
