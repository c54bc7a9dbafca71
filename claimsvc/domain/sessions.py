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


def count_failure(max_attempts: int, now: datetime) -> Transition:
    """A failed claim that leaves the session below its lock count."""
    guard = Guard(pending=False, live_at=now, attempts_below=max_attempts - 1)
    return Transition("count_failure", guard, {}, inc={"failed_attempts": 1})


def lock(max_attempts: int, now: datetime) -> Transition:
    """The failed claim that reaches `max_attempts`: counted and locked in one step."""
    # "at least", not "equal": a merchant may lower the limit below a session's count.
    guard = Guard(pending=False, live_at=now, attempts_at_least=max_attempts - 1)
    return Transition("lock", guard, _ends(FAILED, now), inc={"failed_attempts": 1})


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
    ]
    return all(checks)


def apply(session: dict[str, Any], transition: Transition) -> dict[str, Any] | None:
    """The session after `transition`, or None when its guard refuses it."""
    if not allows(transition.guard, session):
        return None
    after = {**session, **transition.set}
    for name, step in transition.inc.items():
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
