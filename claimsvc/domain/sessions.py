"""The checkout session state machine (contract.md §3, States), as pure values.

A transition is a guard (what the session must look like) and the fields it changes. The store
applies it as one conditional update, so a transition happens only from the state it expects;
`allows` and `apply` are the same rules in plain Python, for tests and models.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from claimsvc.domain.checkout import iso_utc
from claimsvc.domain.money import to_number

OPEN, COMPLETED, FAILED, CANCELLED, EXPIRED = "OPEN", "COMPLETED", "FAILED", "CANCELLED", "EXPIRED"
TERMINAL = frozenset({COMPLETED, FAILED, CANCELLED, EXPIRED})

FAILED_SOURCES = "failed_sources"
"""Session field: hashed client source -> its failed submits on the session."""

PENDING_GRACE = timedelta(hours=24)
"""How long past `expires_at` a session with a pending claim waits for its confirmation."""


def deadline(session: dict[str, Any]) -> datetime:
    """When an open session expires: `expires_at`, or 24 h later while a claim is pending."""
    expires_at: datetime = session["expires_at"]
    return expires_at + PENDING_GRACE if session.get("pending_claim") else expires_at


def is_overdue(session: dict[str, Any], now: datetime) -> bool:
    """An open session whose deadline has passed (the sweeper, or the next call, expires it)."""
    return session["status"] == OPEN and now >= deadline(session)


@dataclass(frozen=True)
class Guard:
    """What an OPEN session must look like for a transition to apply.

    `pending`: False = no pending claim, True = one pending, None = either.
    `live_at` / `overdue_at`: its deadline is after / not after that time.
    """

    pending: bool | None = False
    pending_transaction: str | None = None
    live_at: datetime | None = None
    overdue_at: datetime | None = None
    attempts_below: int | None = None
    attempts_at_least: int | None = None
    source: str | None = None
    """With `source_seen`: whether this client source has failed on the session before."""
    source_seen: bool | None = None


@dataclass(frozen=True)
class Transition:
    """One step of the state machine: its guard and the fields it sets or increments."""

    name: str
    guard: Guard
    set: dict[str, Any]
    inc: dict[str, int] = field(default_factory=dict)

    @property
    def terminal(self) -> bool:
        """True when it ends the session (and so must record exactly one webhook event)."""
        return self.set.get("status") in TERMINAL


def _ends(status: str, now: datetime, **more: Any) -> dict[str, Any]:
    # event_due marks the outbox work still owed; cleared once the event exists.
    return {"status": status, "terminal_at": now, "event_due": True, **more}


def complete(claim: dict[str, Any], now: datetime) -> Transition:
    """OPEN, no claim pending, not overdue: a claim matched a final transaction."""
    guard = Guard(pending=False, live_at=now)
    return Transition("complete", guard, _ends(COMPLETED, now, claim=claim))


def hold(claim: dict[str, Any], now: datetime) -> Transition:
    """OPEN, no claim pending, not overdue: a claim matched a transaction not yet confirmed."""
    return Transition("hold", Guard(pending=False, live_at=now), {"pending_claim": claim})


def complete_pending(claim: dict[str, Any], now: datetime) -> Transition:
    """OPEN with this claim pending, within its 24 h grace: its transaction was confirmed."""
    guard = Guard(pending=True, pending_transaction=claim["transaction_id"], live_at=now)
    return Transition("complete_pending", guard, _ends(COMPLETED, now, claim=claim))


def release(claim: dict[str, Any], now: datetime) -> Transition:
    """OPEN with this claim pending, within its grace: its transaction turned out suspect.

    The session is plainly OPEN again (its deadline back to `expires_at`), so the buyer may claim
    another TrxID; past `expires_at` it is overdue at once and expires.
    """
    guard = Guard(pending=True, pending_transaction=claim["transaction_id"], live_at=now)
    return Transition("release", guard, {"pending_claim": None})


def _failure_inc(source: str | None) -> dict[str, int]:
    inc = {"failed_attempts": 1}
    if source is not None:
        inc[f"{FAILED_SOURCES}.{source}"] = 1
    return inc


def count_failure(max_attempts: int, now: datetime, source: str | None = None) -> Transition:
    """A failed claim that leaves the session below its lock count.

    With a `source` (a buyer's submit), only that source's first failure on the session counts,
    so the guard requires the source to be new; its later failures are `repeat_failure`.
    """
    guard = Guard(
        pending=False,
        live_at=now,
        attempts_below=max_attempts - 1,
        source=source,
        source_seen=False if source is not None else None,
    )
    return Transition("count_failure", guard, {}, inc=_failure_inc(source))


def lock(max_attempts: int, now: datetime, source: str | None = None) -> Transition:
    """The failed claim that reaches `max_attempts`: counted and locked in one step."""
    # "at least", not "equal": a merchant may lower the limit below a session's count.
    guard = Guard(
        pending=False,
        live_at=now,
        attempts_at_least=max_attempts - 1,
        source=source,
        source_seen=False if source is not None else None,
    )
    return Transition("lock", guard, _ends(FAILED, now), inc=_failure_inc(source))


def repeat_failure(source: str, now: datetime) -> Transition:
    """Another failed submit from a source that failed on this session before: counted for that
    source alone (it is refused once it reaches the lock count), not for the session."""
    guard = Guard(pending=False, live_at=now, source=source, source_seen=True)
    return Transition("repeat_failure", guard, {}, inc={f"{FAILED_SOURCES}.{source}": 1})


def source_failures(session: dict[str, Any], source: str | None) -> int:
    """Failed submits of one client source on the session (0 for none, or no source)."""
    return int(session.get(FAILED_SOURCES, {}).get(source, 0)) if source else 0


def failure(
    session: dict[str, Any], max_attempts: int, now: datetime, source: str | None
) -> Transition:
    """The transition a failed claim applies (docs/decisions.md, "Locking a session").

    A session's `failed_attempts` counts failed verify calls plus distinct client sources whose
    submits failed; it locks the session at `max_attempts`. A source's own failures are counted
    apart in `failed_sources`, so one address alone cannot lock a session another buyer pays.
    """
    if source is not None and source_failures(session, source) > 0:
        return repeat_failure(source, now)
    if session["failed_attempts"] >= max_attempts - 1:
        return lock(max_attempts, now, source)
    return count_failure(max_attempts, now, source)


def cancel(now: datetime) -> Transition:
    """OPEN and not overdue (a pending claim or not): the buyer or merchant cancels."""
    return Transition("cancel", Guard(pending=None, live_at=now), _ends(CANCELLED, now))


def expire(now: datetime) -> Transition:
    """OPEN and past its deadline."""
    return Transition("expire", Guard(pending=None, overdue_at=now), _ends(EXPIRED, now))


def uses(session: dict[str, Any], transaction_id: str) -> bool:
    """Whether the session completed with, or waits on, this transaction."""
    records = (session.get("claim"), session.get("pending_claim"))
    return any(r and r["transaction_id"] == transaction_id for r in records)


def can_never_use(session: dict[str, Any], transaction_id: str) -> bool:
    """True when the session does not use the transaction and no transition can make it.

    Only then may a reservation it holds be released: an open session without a pending claim
    might still complete with it (a claim decided just before the deadline), so it keeps it.
    """
    if uses(session, transaction_id):
        return False
    return session["status"] in TERMINAL or bool(session.get("pending_claim"))


def allows(guard: Guard, session: dict[str, Any]) -> bool:
    """Whether `session` satisfies `guard` (the store's conditional update, in Python)."""
    pending = session.get("pending_claim")
    checks = [
        session["status"] == OPEN,
        guard.pending is None or guard.pending == bool(pending),
        guard.pending_transaction is None
        or bool(pending and pending.get("transaction_id") == guard.pending_transaction),
        guard.live_at is None or guard.live_at < deadline(session),
        guard.overdue_at is None or guard.overdue_at >= deadline(session),
        guard.attempts_below is None or session["failed_attempts"] < guard.attempts_below,
        guard.attempts_at_least is None or session["failed_attempts"] >= guard.attempts_at_least,
        guard.source_seen is None
        or (source_failures(session, guard.source) > 0) == guard.source_seen,
    ]
    return all(checks)


def apply(session: dict[str, Any], transition: Transition) -> dict[str, Any] | None:
    """The session after `transition`, or None when its guard refuses it."""
    if not allows(transition.guard, session):
        return None
    after = {**session, **transition.set}
    for name, step in transition.inc.items():
        outer, _, inner = name.partition(".")
        if inner:  # a dotted path, as MongoDB's $inc reads it: one level deep here
            after[outer] = {
                **after.get(outer, {}),
                inner: after.get(outer, {}).get(inner, 0) + step,
            }
        else:
            after[name] = after.get(name, 0) + step
    return after


def public_view(session: dict[str, Any], account: dict[str, Any], now: datetime) -> dict[str, Any]:
    """What the hosted page may know of a session: nothing secret, no other session's data."""
    status = EXPIRED if is_overdue(session, now) else session["status"]
    pending = session.get("pending_claim") if status == OPEN else None
    redirect = {COMPLETED: session["success_url"], CANCELLED: session["cancel_url"]}
    return {
        "session_id": session["_id"],
        "order_id": session["order_id"],
        "merchant": {"name": account["name"]},
        "amount": to_number(session["amount_poisha"]),
        "status": status,
        "expires_at": iso_utc(session["expires_at"]),
        "pending": pending is not None,
        "pending_claim": None
        if pending is None
        else {"provider": pending["provider"], "trx_id": pending["trx_id"]},
        "wallets": [
            {"provider": w["provider"], "number": w["number"], "kind": w["kind"]}
            for w in account.get("wallets", [])
        ],
        "redirect_url": redirect.get(status),
    }
