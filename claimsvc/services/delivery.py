"""Webhook delivery use-cases: one attempt of a leased event, re-checks, operator redelivery."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

import aiohttp

from claimsvc import errors
from claimsvc.clients.sender import AttemptResult, send_attempt
from claimsvc.clock import Clock
from claimsvc.domain import delivery as rules
from claimsvc.domain.accounts import Account, callback_secrets, every_secret
from claimsvc.domain.exchange import Exchange, capture
from claimsvc.domain.modes import MODES, TEST, is_test, ledger_id, mode_of, owner_of
from claimsvc.domain.outbox import DEAD, QUEUED, STOPPED, Attempt, Event, Queued
from claimsvc.domain.rotation import SigningKeys, signing_keys
from claimsvc.domain.signing import delivery_headers
from claimsvc.metrics import (
    WEBHOOK_ATTEMPTS,
    WEBHOOK_DELIVERY_SECONDS,
    WEBHOOK_ENDED,
    WEBHOOK_SCHEDULE_LAG,
)
from claimsvc.services.admin import with_test_secret
from claimsvc.services.worker_wake import WakeHook, no_wake, wake_quietly
from claimsvc.store.accounts import AccountStore
from claimsvc.store.events import EventStore, owes_alert
from claimsvc.store.schedule import Lease, ScheduleStore

log = logging.getLogger("claimsvc.delivery")

REQUEUE_BATCH = 200

PREFETCH_KEPT = 10_000
"""Prefetched batches whose attempts never ran (cancelled at shutdown) are dropped past this."""


@dataclass(frozen=True)
class Prefetched:
    """What an attempt reads before it begins, read for a dispatcher's whole batch at once."""

    event: Event | None
    earlier: Queued | None
    account: Account | None


def first_earlier(event: Event, queued: list[Queued]) -> Queued | None:
    """The first queued event (of `queued`, by id) of the event's session created before it."""
    for other in queued:
        if other.session_id == event.session_id and other.id < event.id:
            return other
    return None


class DeliveryService:
    """Moves webhook events through queued → delivered / dead / stopped (interface.md §3)."""

    def __init__(
        self,
        events: EventStore,
        accounts: AccountStore,
        schedule: ScheduleStore,
        clock: Clock,
    ) -> None:
        self._events = events
        self._accounts = accounts
        self._schedule = schedule
        self._clock = clock
        self._prefetched: dict[tuple[int, str], Prefetched] = {}
        self.on_alert_owed: WakeHook = no_wake
        """Called after an event ended dead or stopped owing the merchant an alert: bootstrap
        wakes the worker's alert pass with it (store/wake.py), as a session's end does."""

    async def prefetch(self, leases: list[Lease]) -> None:
        """Read the events, their sessions' earlier queued events and their accounts for a
        batch of leases in three commands, instead of three for each attempt."""
        events = await self._events.get_many([lease.event_id for lease in leases])
        sessions = sorted({e.session_id for e in events.values()})
        queued = await self._events.queued_of_sessions(sessions) if sessions else []
        # A test session's event is stored in the test ledger; its account is the owner.
        account_ids = sorted({owner_of(e.account_id) for e in events.values()})
        accounts = await self._accounts.get_many(account_ids) if account_ids else {}
        if len(self._prefetched) > PREFETCH_KEPT:
            self._prefetched.clear()
        for lease in leases:
            event = events.get(lease.event_id)
            earlier = None if event is None else first_earlier(event, queued)
            account = None if event is None else accounts.get(owner_of(event.account_id))
            self._prefetched[(lease.event_id, lease.token)] = Prefetched(event, earlier, account)

    async def enqueue(self, events: list[Event]) -> None:
        """Put freshly recorded events on the schedule in one script (the reconciler would, a
        little later)."""
        due = {e.id: rules.to_ms(e.next_attempt_at or e.created_at) for e in events}
        await self._schedule.restore(due)

    async def attempt(self, lease: Lease, http: aiohttp.ClientSession) -> None:
        """Run one attempt of a leased event, record it, and release the lease."""
        read = self._prefetched.pop((lease.event_id, lease.token), None)
        event = read.event if read else await self._events.get(lease.event_id)
        if event is None or event.status != QUEUED:
            await self._schedule.ack(lease)  # already finished; Redis had a leftover entry
            return
        now = self._clock()
        wait_until = await self._not_before(event, now, read)
        if wait_until is not None:
            await self._schedule.reschedule(lease, rules.to_ms(wait_until))
            return
        # Read a moment ago at most: begin_attempt's condition catches a stale event, and the
        # account's secret and hosts are as fresh as a read just before the send would be.
        account = read.account if read else await self._accounts.get(owner_of(event.account_id))
        account = await self._owner_signing(event, account)
        reason = rules.stop_reason(event, account)
        secrets = None if account is None else callback_secrets(account, mode_of(event.account_id))
        if reason is not None or account is None or secrets is None or not secrets.current:
            await self._stop(lease, event, reason or rules.NO_ACCOUNT, now, None)
            return
        begun = await self._events.begin_attempt(event, now)
        if begun is None:
            await self._resync(lease)  # another worker began this attempt: its lease, not ours
            return
        # A test session's event is signed with the test secret, never the live one, so a
        # receiver holding only the live secret refuses it (contract.md §6 "Test mode").
        keys = signing_keys(secrets.current, secrets.previous, secrets.previous_until, now)
        headers, result = await self._send(lease, begun, keys, account.allowed_hosts, http, now)
        # Kept with the attempt in the outcome's own update: no command more (tests count).
        exchange = capture(
            headers.items(),
            result.response_headers,
            result.response_head,
            every_secret(account),
        )
        await self._record_outcome(lease, begun, result, now, exchange)

    async def _owner_signing(self, event: Event, account: Account | None) -> Account | None:
        """The event's account, holding the secret the event is signed with: an account made
        before test secrets existed gets its test secret the first time one of its test
        sessions' events is looked at (one conditional update, once)."""
        if account is None or mode_of(event.account_id) != TEST:
            return account
        return await with_test_secret(self._accounts, account, self._clock())

    async def _not_before(
        self, event: Event, now: datetime, read: Prefetched | None
    ) -> datetime | None:
        """A later time when the event may not go out yet: not due, or an earlier one waits."""
        due = event.next_attempt_at
        if due is not None and rules.to_ms(due) > rules.to_ms(now):
            return due
        earlier = read.earlier if read else await self._events.earlier_queued(event)
        return None if earlier is None else rules.order_wait_until(earlier, now)

    async def _send(
        self,
        lease: Lease,
        event: Event,
        keys: SigningKeys,
        allowed_hosts: tuple[str, ...],
        http: aiohttp.ClientSession,
        now: datetime,
    ) -> tuple[dict[str, str], AttemptResult]:
        """The headers sent and what came of it."""
        body = event.body
        headers = delivery_headers(
            keys,
            event.id,
            event.attempts,
            body,
            int(now.timestamp()),
            test=event.test or is_test(event.account_id),
        )
        WEBHOOK_SCHEDULE_LAG.observe(max(0, rules.to_ms(self._clock()) - lease.due_ms) / 1000)
        result = await send_attempt(
            http, event.webhook_url, body, headers, allowed_hosts=allowed_hosts
        )
        label = rules.outcome_label(result.delivered, result.status_code, result.error)
        WEBHOOK_ATTEMPTS.labels(outcome=label).inc()
        if result.error not in rules.REFUSED_BEFORE_CONNECTING:
            WEBHOOK_DELIVERY_SECONDS.observe(result.duration_s)
        return headers, result

    async def _record_outcome(
        self,
        lease: Lease,
        event: Event,
        result: AttemptResult,
        now: datetime,
        exchange: Exchange | None = None,
    ) -> None:
        record = rules.attempt_record(
            event.attempts, now, result.status_code, result.error, result.duration_s, exchange
        )
        refused = rules.REFUSED_BEFORE_CONNECTING.get(result.error or "")
        if refused is not None:
            # Retrying an address or host that stays refused is pointless: the event waits
            # for a re-check (contract.md §2) instead.
            await self._stop(lease, event, refused, now, record)
            return
        verdict = rules.judge(event, result.delivered, now)
        if verdict.kind == rules.DELIVERED:
            saved = await self._events.mark_delivered(event, record)
        elif verdict.kind == rules.DEAD:
            saved = await self._events.mark_dead(event, record)
        else:
            assert verdict.next_at is not None
            saved = await self._events.mark_failed(event, record, verdict.next_at)
        if not saved:
            await self._resync(lease)
        elif verdict.next_at is not None:
            await self._schedule.reschedule(lease, rules.to_ms(verdict.next_at))
        else:
            WEBHOOK_ENDED.labels(status=verdict.kind).inc()
            await self._schedule.ack(lease)
            if verdict.kind == rules.DEAD and owes_alert(event, DEAD):
                await wake_quietly(self.on_alert_owed, log)

    async def _stop(
        self,
        lease: Lease,
        event: Event,
        reason: str,
        now: datetime,
        record: Attempt | None,
    ) -> None:
        if not await self._events.mark_stopped(event, reason, now, record):
            await self._resync(lease)
            return
        WEBHOOK_ENDED.labels(status=STOPPED).inc()
        log.warning(
            "webhook stopped",
            extra={"fields": {"event": event.id, "account": event.account_id, "why": reason}},
        )
        await self._schedule.ack(lease)
        if owes_alert(event, STOPPED, reason):
            await wake_quietly(self.on_alert_owed, log)

    async def _resync(self, lease: Lease) -> None:
        """Another worker or an operator moved the event meanwhile: follow MongoDB's state."""
        event = await self._events.get(lease.event_id)
        if event is None or event.status != QUEUED:
            await self._schedule.ack(lease)
            return
        now = rules.to_ms(self._clock())
        due = max(rules.to_ms(event.next_attempt_at) if event.next_attempt_at else now, now + 1)
        await self._schedule.reschedule(lease, due)

    async def requeue_stopped(self, account_id: str) -> None:
        """Re-check an account's stopped events and queue those that pass (contract.md §2)."""
        account = await self._accounts.get(account_id)
        queued = 0
        for ledger in (ledger_id(account_id, mode) for mode in MODES):
            after = 0
            while batch := await self._events.stopped_of_account(ledger, after, REQUEUE_BATCH):
                after = batch[-1].id
                account = await self._owner_signing(batch[0], account)
                for event in batch:
                    # The address is checked again when the attempt connects.
                    if rules.stop_reason(event, account) is None:
                        queued += await self._requeue(event, STOPPED, new_cycle=False) is not None
        if queued:
            log.info("stopped webhooks queued again", extra={"fields": {"n": queued}})

    async def redeliver(self, event_id: int, account_id: str | None = None) -> Event:
        """Send an event again: same id and body, attempt counter continuing.

        The operator (no `account_id`) redelivers dead and delivered events. A merchant (their
        `account_id`: another account's event is NotFound) may also send a waiting one now
        (rules.redelivery: a queued event after a failure, a stopped one that passes its
        checks again)."""
        if account_id is None:
            event = await self._events.get(event_id)
        else:
            event = await self._events.get_of_account(account_id, event_id)
        if event is None:
            raise errors.NotFound()
        how = rules.redelivery(event, waiting_too=account_id is not None)
        if how == rules.REDELIVER:
            moved = await self._requeue(event, event.status, new_cycle=True)
        elif how == rules.SEND_NOW:
            moved = await self._send_now(event)
        elif how == rules.RECHECK:
            owner = await self._accounts.get(owner_of(event.account_id))
            owner = await self._owner_signing(event, owner)
            reason = rules.stop_reason(event, owner)
            if reason is not None:
                raise errors.EventStillStopped(reason)
            moved = await self._requeue(event, STOPPED, new_cycle=False)
        else:
            raise errors.EventNotRedeliverable()
        if moved is None:  # another operator or call moved it meanwhile
            raise errors.EventNotRedeliverable()
        return moved

    async def _send_now(self, event: Event) -> Event | None:
        now = self._clock()
        moved = await self._events.send_now(event, now)
        if moved is not None:
            await self._schedule.schedule(event.id, rules.to_ms(now))
        return moved

    async def _requeue(self, event: Event, from_status: str, *, new_cycle: bool) -> Event | None:
        """Queue the event again and schedule it; the queued event, or None if it moved."""
        now = self._clock()
        moved = await self._events.requeue(event, from_status, now, new_cycle=new_cycle)
        if moved is not None:
            await self._schedule.schedule(event.id, rules.to_ms(now))
        return moved
