"""The outbox: exactly one webhook event per terminal session, even when a process dies half-way.

A terminal transition sets `event_due` on the session in the same atomic update that ends it,
and the request that made it writes nothing more. The relay (the worker's outbox loop, every
few tens of milliseconds) turns owed sessions into events, a batch at a time: one read of the
owed sessions, one counter increment for all their event ids, one unordered insert (a unique
index on (session, outcome) refuses a second event for a session), one update clearing
`event_due`, one Redis script scheduling the new events. A relay that dies anywhere in between
leaves `event_due` set, and the next pass, its own or another worker's, finishes the batch; an
event written before the death is refused as a duplicate, its session cleared, and no second
event written. See docs/decisions.md, "Verify and submit in three commands".
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.accounts import Account
from claimsvc.domain.outbox import EVENT_SEQUENCE, Event, EventFilter, new_event, new_test_event
from claimsvc.domain.sessions import Session
from claimsvc.domain.urls import check_url
from claimsvc.metrics import OUTBOX_REPAIRS, WEBHOOK_EVENTS_RECORDED
from claimsvc.store.events import EventStore
from claimsvc.store.mongo import CounterStore
from claimsvc.store.paging import Page
from claimsvc.store.sessions import SessionStore

log = logging.getLogger("claimsvc.outbox")

EventsRecorded = Callable[[list[Event]], Awaitable[None]]
"""Called with each batch of new events (the webhook scheduler plugs in here)."""


async def _no_hook(events: list[Event]) -> None:
    """Default: nothing schedules deliveries (tests, or a process without a dispatcher)."""


class OutboxService:
    """Writes the events terminal sessions owe, and lists events."""

    def __init__(
        self, events: EventStore, sessions: SessionStore, counters: CounterStore, clock: Clock
    ) -> None:
        self._events = events
        self._sessions = sessions
        self._counters = counters
        self._clock = clock
        self.on_events_recorded: EventsRecorded = _no_hook

    async def relay(self, limit: int) -> int:
        """Write the events of up to `limit` sessions owing one; how many sessions were owed."""
        owed = await self._sessions.find_event_due(limit)
        if owed:
            await self._write(owed)
        return len(owed)

    async def record(self, session: Session) -> Event:
        """The event of one terminal session: written now, or the one written before (tests and
        benchmarks make events this way; the service's own come from `relay`)."""
        await self._write([session])
        event = await self._events.find_for_session(session.id, session.status)
        assert event is not None
        return event

    async def _write(self, owed: list[Session]) -> None:
        last = await self._counters.take(EVENT_SEQUENCE, len(owed))
        now = self._clock()
        first = last - len(owed) + 1
        events = [new_event(first + i, s, now) for i, s in enumerate(owed)]
        written = await self._events.insert_new(events)
        done = {e.session_id for e in written}
        refused = [s.id for s in owed if s.id not in done]
        if refused:
            # Written by a pass that died before clearing, or by a relay racing this one: the
            # unique index refused ours (its id is skipped). Cleared only once seen to exist.
            found = await self._events.sessions_with_events(refused)
            done |= found
            OUTBOX_REPAIRS.inc(len(found))
            log.warning("sessions already had their event", extra={"fields": {"n": len(found)}})
        await self._sessions.clear_event_due([s.id for s in owed if s.id in done])
        WEBHOOK_EVENTS_RECORDED.inc(len(written))
        await self._announce(written)

    async def _announce(self, events: list[Event]) -> None:
        if not events:
            return
        try:
            await self.on_events_recorded(events)
        except Exception:
            # The events are stored; the webhook reconciler schedules queued events it misses.
            log.exception("could not schedule new webhook events")

    async def record_test(self, account: Account, webhook_url: str) -> Event:
        """A test event of `account` to `webhook_url` (checked by the URL rules and the
        account's allowed hosts, 400 otherwise), queued for the worker like any event."""
        problem = check_url(webhook_url, account.allowed_hosts, "webhook_url")
        if problem:
            raise errors.UrlRejected(problem)
        event_id = await self._counters.take(EVENT_SEQUENCE, 1)
        event = new_test_event(event_id, account.id, webhook_url, self._clock())
        await self._events.insert_new([event])
        await self._announce([event])
        return event

    async def event_of_account(self, account_id: str, event_id: int) -> Event:
        """One event of the account with its attempts; NotFound for another account's."""
        event = await self._events.get_of_account(account_id, event_id)
        if event is None:
            raise errors.NotFound()
        return event

    async def list_events(
        self, which: EventFilter, limit: int | None, cursor: str | None
    ) -> Page[Event]:
        """A page of events, newest first; `next_cursor` continues after its last item."""
        return await self._events.list(which, cursor, limit)
