"""Pure rules of one webhook attempt: send-time checks and what an attempt's result leads to."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from claimsvc.domain.accounts import Account, callback_secrets
from claimsvc.domain.exchange import Exchange
from claimsvc.domain.modes import mode_of
from claimsvc.domain.outbox import DEAD as EVENT_DEAD
from claimsvc.domain.outbox import DELIVERED as EVENT_DELIVERED
from claimsvc.domain.outbox import QUEUED, STOPPED, Attempt, Event, Queued
from claimsvc.domain.retry import next_delay
from claimsvc.domain.urls import check_url

NO_SECRET = "the account has no callback secret"
"""Of the event's mode: a test session's event needs the test secret, a live one the live."""
ADDRESS_REFUSED = "webhook_url resolves to a non-public address"
HOST_REFUSED = "webhook_url connects to a host that is not in the account's allowed hosts"
NO_ACCOUNT = "the account no longer exists"
NO_WEBHOOK_URL = "the session has no webhook_url (opened from a payment link without one)"

HISTORY_LIMIT = 20
"""Attempts kept on an event: a whole retry cycle of 15, plus a few redeliveries."""

ORDER_WAIT = timedelta(seconds=1)
"""How long after an earlier event of its session falls due a later one is looked at again."""

DELIVERED, RETRY, DEAD = "delivered", "retry", "dead"


def to_ms(moment: datetime) -> int:
    """Epoch milliseconds, the schedule's unit; truncated the same way everywhere."""
    return int(moment.timestamp() * 1000)


def stop_reason(event: Event, account: Account | None) -> str | None:
    """Why the event must not be sent now (contract.md §2, §6), or None when it may be."""
    if account is None:
        return NO_ACCOUNT
    if not event.webhook_url:
        return NO_WEBHOOK_URL
    if not callback_secrets(account, mode_of(event.account_id)).current:
        return NO_SECRET
    return check_url(event.webhook_url, account.allowed_hosts, "webhook_url")


def needs_merchant(event: Event) -> bool:
    """Whether a stopped or dead event is a problem for the merchant (the overview's "needs
    attention"): not a test event (sent once by design; its page shows the answer) and not
    one stopped for having no webhook address (a payment link without one: normal, and its
    page says so)."""
    if event.status not in (STOPPED, EVENT_DEAD) or event.test:
        return False
    return event.stopped_reason != NO_WEBHOOK_URL


REFUSED_BEFORE_CONNECTING = {"AddressRefused": ADDRESS_REFUSED, "HostRefused": HOST_REFUSED}
"""Attempt errors of a connection the sender refused to make, and the stopped_reason of each:
retrying would be refused again, so the event waits for a re-check instead."""


def attempts_in_cycle(event: Event) -> int:
    """Attempts made since the event was (re)queued by an operator: the retry table's count."""
    return event.attempts - event.cycle_base


@dataclass(frozen=True)
class AttemptVerdict:
    """What one attempt leads to: delivered, retry at `next_at`, or dead."""

    kind: str
    next_at: datetime | None = None


def judge(event: Event, delivered: bool, now: datetime) -> AttemptVerdict:
    """The next state after an attempt; `event` already counts it (interface.md §3, §6)."""
    if delivered:
        return AttemptVerdict(DELIVERED)
    if event.test:
        # A test shows the receiver's answer now; retrying it for days would only be noise.
        return AttemptVerdict(DEAD)
    delay = next_delay(attempts_in_cycle(event))
    return AttemptVerdict(DEAD) if delay is None else AttemptVerdict(RETRY, now + delay)


def attempt_record(
    attempt: int,
    now: datetime,
    status_code: int | None,
    error: str | None,
    duration_s: float,
    exchange: Exchange | None = None,
) -> Attempt:
    """One entry of an event's attempt history, its duration in milliseconds to a tenth."""
    return Attempt(attempt, now, status_code, error, round(duration_s * 1000, 1), exchange)


def outcome_label(delivered: bool, status_code: int | None, error: str | None) -> str:
    """The `outcome` label of claimsvc_webhook_attempts_total: a handful of fixed values."""
    if delivered:
        return "delivered"
    if status_code is not None:
        return "http_error"
    if error == "TimeoutError":
        return "timeout"
    if error == "AddressRefused":
        return "address_refused"
    if error == "HostRefused":
        return "host_refused"
    return "connection_error"


def order_wait_until(earlier: Queued, now: datetime) -> datetime:
    """When to look again at an event held back by an earlier queued event of its session."""
    return max(earlier.next_attempt_at or now, now) + ORDER_WAIT


REDELIVER, SEND_NOW, RECHECK = "redeliver", "send_now", "recheck"


def redelivery(event: Event, *, waiting_too: bool) -> str | None:
    """How an event is sent again, or None when it cannot be.

    Dead or delivered: queued again with a fresh retry cycle (REDELIVER; the operator's and the
    merchant's rule). With `waiting_too` (the merchant's portal) also: a queued event that has
    failed at least once is made due now, its cycle unchanged (SEND_NOW); a stopped one is
    queued again if the send-time checks now pass (RECHECK), as a secret or host change does.
    A queued event not yet attempted is on its way already.
    """
    if event.status in (EVENT_DEAD, EVENT_DELIVERED):
        return REDELIVER
    if not waiting_too:
        return None
    if event.status == QUEUED and event.attempts > 0:
        return SEND_NOW
    if event.status == STOPPED:
        return RECHECK
    return None
