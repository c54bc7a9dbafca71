"""The outbox: exactly one webhook event per terminal session, even when a process dies half-way.

A terminal transition sets `event_due` on the session in the same atomic update that ends it.
The event is written next (a unique index on (session, outcome) makes a second write fail), and
only then is `event_due` cleared. A process that dies in between leaves `event_due` set, and the
next claim on the session or the worker's reconciler writes the event.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from claimsvc.clock import Clock
from claimsvc.domain.outbox import EVENT_SEQUENCE, event_view, new_event
from claimsvc.metrics import OUTBOX_REPAIRS, WEBHOOK_EVENTS_RECORDED
from claimsvc.store.events import EventStore
from claimsvc.store.mongo import CounterStore, DuplicateKeyError
from claimsvc.store.sessions import SessionStore

log = logging.getLogger("claimsvc.outbox")

EventRecorded = Callable[[dict[str, Any]], Awaitable[None]]
"""Called once with each new event (the webhook scheduler plugs in here)."""

REPAIR_GRACE = timedelta(seconds=30)
"""The reconciler leaves sessions that ended this recently to the request still finishing them."""


async def _no_hook(event: dict[str, Any]) -> None:
    """Default: nothing schedules deliveries (tests, or a process without a dispatcher)."""


class OutboxService:
    """Records and lists webhook events."""

    def __init__(
        self, events: EventStore, sessions: SessionStore, counters: CounterStore, clock: Clock
    ) -> None:
        self._events = events
        self._sessions = sessions
        self._counters = counters
        self._clock = clock
        self.on_event_recorded: EventRecorded = _no_hook

    async def record(self, session: dict[str, Any]) -> dict[str, Any]:
        """The event of a terminal session: written now, or the one an earlier call wrote."""
        event = new_event(await self._counters.next(EVENT_SEQUENCE), session, self._clock())
        try:
            await self._events.insert(event)
        except DuplicateKeyError:
            # An earlier call wrote it and died before clearing event_due; the id is skipped.
            existing = await self._events.find_for_session(session["_id"], session["status"])
            if existing is None:  # the duplicate was the event id itself; never expected
                raise
            await self._sessions.clear_event_due(session["_id"])
            return existing
        await self._sessions.clear_event_due(session["_id"])
        WEBHOOK_EVENTS_RECORDED.inc()
        await self._announce(event)
        return event

    async def _announce(self, event: dict[str, Any]) -> None:
        try:
            await self.on_event_recorded(event)
        except Exception:
            # The event is stored; the webhook reconciler schedules queued events it misses.
            log.exception("could not schedule a new webhook event")

    async def repair(self, limit: int) -> int:
        """Settle sessions that ended owing their event (written now, or found); how many."""
        cutoff = self._clock() - REPAIR_GRACE
        owed = await self._sessions.find_event_due(cutoff, limit)
        for session in owed:
            await self.record(session)
            OUTBOX_REPAIRS.inc()
            fields = {"payment_id": session["payment_id"], "status": session["status"]}
            log.warning("settled a session owing its webhook event", extra={"fields": fields})
        return len(owed)

    async def list_events(
        self, filters: dict[str, Any], limit: int | None, cursor: str | None
    ) -> dict[str, Any]:
        """A page of events, newest first; `next_cursor` continues after its last item."""
        found = await self._events.list(filters, cursor, limit)
        return {"items": [event_view(e) for e in found.items], "next_cursor": found.next_cursor}
