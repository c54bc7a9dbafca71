"""The checkout session record and its state machine (contract.md §3, States), as pure values.

A transition is a guard (what the session must look like) and what it changes, both typed. The
store turns it into one conditional update, so a transition happens only from the state it
expects; `allows` and `apply` are the same rules on the record, for the service and the tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from claimsvc.domain.accounts import AccountTerms, ShopWallet
from claimsvc.domain.audit import actor_of
from claimsvc.domain.modes import is_test, owner_of

OPEN, COMPLETED, FAILED, CANCELLED, EXPIRED = "OPEN", "COMPLETED", "FAILED", "CANCELLED", "EXPIRED"
TERMINAL = frozenset({COMPLETED, FAILED, CANCELLED, EXPIRED})

PENDING_GRACE = timedelta(hours=24)
"""How long past `expires_at` a session with a pending claim waits for its confirmation."""

CLAIM_HISTORY_LIMIT = 20
"""Claim attempts a session keeps, the latest (its lock count is 5 by default, so a session
keeps them all unless its sources keep retrying)."""


@dataclass(frozen=True)
class Claim:
    """What a session keeps of the claim that completed it (`claim`) or waits on
    (`pending_claim`): the transaction it reserved and the buyer's words for it."""

    transaction_id: str
    provider: str
    trx_id: str
    claimed_at: datetime


@dataclass(frozen=True)
class ClaimAttempt:
    """One claim that changed a session, as its claim history shows it to the merchant.

    `outcome` is one of claims.ATTEMPT_OUTCOMES; `reason` why a failed one did not match (one
    of claims.PROBLEMS), or how a person or the balance check decided it; `by` who: one of
    claims.ACTORS, "merchant" (verify), "buyer" (submit), "person" (a portal user, named in
    `person`), "balance check". A claim that changed nothing (refused, rejected while another
    waits, repeated) is not recorded: recording it would cost a write the claim does not make.
    """

    at: datetime
    provider: str
    trx_id: str
    outcome: str
    by: str
    reason: str | None = None
    person: str | None = None
    """The portal user (email) whose action it was, when `by` is "person"."""
    paid_with: str | None = None
    """The wallet of the transaction with this TrxID when the claim named another one."""


@dataclass(frozen=True)
class Mismatch:
    """A claimed transaction that would have paid the session but for its amount (a buyer
    sent Tk 499 for a Tk 500 order), kept for the merchant to settle (domain/settlement.py).

    `settlement` is None while it waits for the merchant, else one of settlement.SETTLEMENTS;
    `settled_by` is the portal user's email who decided.
    """

    transaction_id: str
    provider: str
    trx_id: str
    paid_poisha: int
    claimed_at: datetime
    settlement: str | None = None
    settled_at: datetime | None = None
    settled_by: str | None = None


@dataclass(frozen=True)
class Session:
    """A checkout session (the `sessions` collection; money in poisha)."""

    id: str
    account_id: str
    order_id: str
    payment_id: str
    amount_poisha: int
    success_url: str
    cancel_url: str
    webhook_url: str
    status: str
    created_at: datetime
    expires_at: datetime
    customer: Mapping[str, str] | None = None
    metadata: Mapping[str, str] = field(default_factory=dict)
    failed_attempts: int = 0
    failed_sources: Mapping[str, int] = field(default_factory=dict)
    """Hashed client source -> its failed submits on the session."""
    pending_claim: Claim | None = None
    claim: Claim | None = None
    terminal_at: datetime | None = None
    event_due: bool = False
    """Set by the transition that ends the session; cleared once its webhook event exists."""
    claim_history: tuple[ClaimAttempt, ...] = ()
    """The claims that changed it, oldest first, the latest CLAIM_HISTORY_LIMIT."""

    link_id: str | None = None
    """The payment link the session was opened from (domain/links.py); None for initialize."""
    mismatch: Mismatch | None = None
    """The latest claim whose transaction differed from the order in its amount alone."""
    paid_poisha: int | None = None
    """What was paid, when the merchant accepted a different amount for the order (None: the
    order's `amount_poisha`, or nothing paid)."""

    @property
    def test(self) -> bool:
        """Opened with a test key: stored in the account's test ledger (domain/modes.py)."""
        return is_test(self.account_id)

    @property
    def owner_id(self) -> str:
        """The account the session belongs to, in either mode."""
        return owner_of(self.account_id)


def deadline(session: Session) -> datetime:
    """When an open session expires: `expires_at`, or 24 h later while a claim is pending."""
    expires_at = session.expires_at
    return expires_at + PENDING_GRACE if session.pending_claim else expires_at


def is_overdue(session: Session, now: datetime) -> bool:
    """An open session whose deadline has passed (the sweeper, or the next call, expires it)."""
    return session.status == OPEN and now >= deadline(session)


@dataclass(frozen=True)
class Guard:
    """What an OPEN session must look like for a transition to apply.

    `pending`: False = no pending claim, True = one pending, None = either.
    `live_at` / `overdue_at`: its deadline is after / not after that time.
    """

    pending: bool | None = False
    pending_transaction: str | None = None
    mismatch_open: str | None = None
    """The session's mismatch is this transaction's and still open to accepting (undecided,
    or left as it was)."""
    live_at: datetime | None = None
    overdue_at: datetime | None = None
    attempts_below: int | None = None
    attempts_at_least: int | None = None
    source: str | None = None
    """With `source_seen`: whether this client source has failed on the session before."""
    source_seen: bool | None = None


@dataclass(frozen=True)
class Transition:
    """One step of the state machine: its guard, and what it changes.

    `ends`: the terminal status it sets (with `terminal_at` = `at`, and the event owed);
    `claim`: the completing claim; `holds`: the claim it makes pending; `releases`: the pending
    claim stops waiting; `counts`: one more failed attempt on the session; `source`: one more
    failed submit of that client source; `attempt`: the claim that causes it, recorded in the
    session's claim history by the same update.
    """

    name: str
    guard: Guard
    at: datetime
    ends: str | None = None
    claim: Claim | None = None
    holds: Claim | None = None
    releases: bool = False
    counts: bool = False
    source: str | None = None
    attempt: ClaimAttempt | None = None
    mismatch: Mismatch | None = None
    """Recorded as the session's mismatch (a differing claim, or its settlement)."""
    paid: int | None = None
    """The paid amount, set when it differs from the order's."""

    @property
    def terminal(self) -> bool:
        """True when it ends the session (and so must record exactly one webhook event)."""
        return self.ends is not None


def complete(claim: Claim, now: datetime) -> Transition:
    """OPEN, no claim pending, not overdue: a claim matched a final transaction."""
    guard = Guard(pending=False, live_at=now)
    return Transition("complete", guard, now, ends=COMPLETED, claim=claim)


def hold(claim: Claim, now: datetime) -> Transition:
    """OPEN, no claim pending, not overdue: a claim matched a transaction not yet confirmed."""
    return Transition("hold", Guard(pending=False, live_at=now), now, holds=claim)


def complete_pending(claim: Claim, now: datetime) -> Transition:
    """OPEN with this claim pending, within its 24 h grace: its transaction was confirmed."""
    guard = Guard(pending=True, pending_transaction=claim.transaction_id, live_at=now)
    return Transition("complete_pending", guard, now, ends=COMPLETED, claim=claim)


def release(claim: Claim, now: datetime) -> Transition:
    """OPEN with this claim pending, within its grace: its transaction turned out suspect.

    The session is plainly OPEN again (its deadline back to `expires_at`), so the buyer may claim
    another TrxID; past `expires_at` it is overdue at once and expires.
    """
    guard = Guard(pending=True, pending_transaction=claim.transaction_id, live_at=now)
    return Transition("release", guard, now, releases=True)


def _failure_guard(
    source: str | None, now: datetime, below: int | None = None, at_least: int | None = None
) -> Guard:
    return Guard(
        pending=False,
        live_at=now,
        attempts_below=below,
        attempts_at_least=at_least,
        source=source,
        source_seen=False if source is not None else None,
    )


def count_failure(max_attempts: int, now: datetime, source: str | None = None) -> Transition:
    """A failed claim that leaves the session below its lock count.

    With a `source` (a buyer's submit), only that source's first failure on the session counts,
    so the guard requires the source to be new; its later failures are `repeat_failure`.
    """
    guard = _failure_guard(source, now, below=max_attempts - 1)
    return Transition("count_failure", guard, now, counts=True, source=source)


def lock(max_attempts: int, now: datetime, source: str | None = None) -> Transition:
    """The failed claim that reaches `max_attempts`: counted and locked in one step."""
    # "at least", not "equal": a merchant may lower the limit below a session's count.
    guard = _failure_guard(source, now, at_least=max_attempts - 1)
    return Transition("lock", guard, now, ends=FAILED, counts=True, source=source)


def repeat_failure(source: str, now: datetime) -> Transition:
    """Another failed submit from a source that failed on this session before: counted for that
    source alone (it is refused once it reaches the lock count), not for the session."""
    guard = Guard(pending=False, live_at=now, source=source, source_seen=True)
    return Transition("repeat_failure", guard, now, source=source)


def source_failures(session: Session, source: str | None) -> int:
    """Failed submits of one client source on the session (0 for none, or no source)."""
    return session.failed_sources.get(source, 0) if source else 0


def failure(session: Session, max_attempts: int, now: datetime, source: str | None) -> Transition:
    """The transition a failed claim applies (docs/decisions.md, "Locking a session").

    A session's `failed_attempts` counts failed verify calls plus distinct client sources whose
    submits failed; it locks the session at `max_attempts`. A source's own failures are counted
    apart in `failed_sources`, so one address alone cannot lock a session another buyer pays.
    """
    if source is not None and source_failures(session, source) > 0:
        return repeat_failure(source, now)
    if session.failed_attempts >= max_attempts - 1:
        return lock(max_attempts, now, source)
    return count_failure(max_attempts, now, source)


AMOUNT_ACCEPTED = "amount accepted"
"""The reason the claim history gives the claim a merchant's accepted different amount makes."""


def accept_mismatch(mismatch: Mismatch, by: str, now: datetime) -> Transition:
    """OPEN, no claim pending, not overdue, its mismatch on this transaction still open: the
    merchant accepts the different amount for the order, which completes the session."""
    guard = Guard(pending=False, live_at=now, mismatch_open=mismatch.transaction_id)
    claim = Claim(mismatch.transaction_id, mismatch.provider, mismatch.trx_id, now)
    settled = replace(mismatch, settlement="accepted", settled_at=now, settled_by=by)
    who, person = actor_of(by)
    attempt = ClaimAttempt(
        now, mismatch.provider, mismatch.trx_id, "completed", who, AMOUNT_ACCEPTED, person
    )
    return Transition(
        "accept_mismatch",
        guard,
        now,
        ends=COMPLETED,
        claim=claim,
        attempt=attempt,
        mismatch=settled,
        paid=mismatch.paid_poisha,
    )


def cancel(now: datetime) -> Transition:
    """OPEN and not overdue (a pending claim or not): the buyer or merchant cancels."""
    return Transition("cancel", Guard(pending=None, live_at=now), now, ends=CANCELLED)


def expire(now: datetime) -> Transition:
    """OPEN and past its deadline."""
    return Transition("expire", Guard(pending=None, overdue_at=now), now, ends=EXPIRED)


def uses(session: Session, transaction_id: str) -> bool:
    """Whether the session completed with, or waits on, this transaction."""
    records = (session.claim, session.pending_claim)
    return any(r is not None and r.transaction_id == transaction_id for r in records)


def can_never_use(session: Session, transaction_id: str) -> bool:
    """True when the session does not use the transaction and no transition can make it.

    Only then may a reservation it holds be released: an open session without a pending claim
    might still complete with it (a claim decided just before the deadline), so it keeps it.
    """
    if uses(session, transaction_id):
        return False
    return session.status in TERMINAL or session.pending_claim is not None


def allows(guard: Guard, session: Session) -> bool:
    """Whether `session` satisfies `guard` (the store's conditional update, in Python)."""
    pending = session.pending_claim
    checks = [
        session.status == OPEN,
        guard.pending is None or guard.pending == (pending is not None),
        guard.pending_transaction is None
        or (pending is not None and pending.transaction_id == guard.pending_transaction),
        guard.mismatch_open is None or mismatch_open(session, guard.mismatch_open),
        guard.live_at is None or guard.live_at < deadline(session),
        guard.overdue_at is None or guard.overdue_at >= deadline(session),
        guard.attempts_below is None or session.failed_attempts < guard.attempts_below,
        guard.attempts_at_least is None or session.failed_attempts >= guard.attempts_at_least,
        guard.source_seen is None
        or (source_failures(session, guard.source) > 0) == guard.source_seen,
    ]
    return all(checks)


def apply(session: Session, step: Transition) -> Session | None:
    """The session after `step`, or None when its guard refuses it."""
    if not allows(step.guard, session):
        return None
    after = session
    if step.ends is not None:
        after = replace(after, status=step.ends, terminal_at=step.at, event_due=True)
    if step.claim is not None:
        after = replace(after, claim=step.claim)
    if step.holds is not None or step.releases:
        after = replace(after, pending_claim=step.holds)
    if step.counts:
        after = replace(after, failed_attempts=after.failed_attempts + 1)
    if step.source is not None:
        sources = dict(after.failed_sources)
        sources[step.source] = sources.get(step.source, 0) + 1
        after = replace(after, failed_sources=sources)
    if step.attempt is not None:
        history = (*after.claim_history, step.attempt)[-CLAIM_HISTORY_LIMIT:]
        after = replace(after, claim_history=history)
    if step.mismatch is not None:
        after = replace(after, mismatch=step.mismatch)
    if step.paid is not None:
        after = replace(after, paid_poisha=step.paid)
    return after


OPEN_SETTLEMENTS = (None, "left")
"""A mismatch with one of these settlements may still be accepted or marked for refund."""


def mismatch_open(session: Session, transaction_id: str) -> bool:
    """Whether the session's mismatch is this transaction's and still open to a decision."""
    found = session.mismatch
    return (
        found is not None
        and found.transaction_id == transaction_id
        and found.settlement in OPEN_SETTLEMENTS
    )


@dataclass(frozen=True)
class PublicSession:
    """What the hosted page may know of a session: nothing secret, no other session's data.

    `status` is the one a reader is told (an overdue session is EXPIRED); `pending_claim` is set
    only while the session is OPEN and waits on it.
    """

    session_id: str
    order_id: str
    merchant: str
    amount_poisha: int
    status: str
    expires_at: datetime
    pending_claim: Claim | None
    wallets: tuple[ShopWallet, ...]
    redirect_url: str | None
    paid_poisha: int | None = None
    """What was paid, when the merchant accepted a different amount (None: the amount)."""
    amount_note: str | None = None
    """What the page says of a claimed payment of a different amount (settlement.buyer_note)."""
    other_wallet: str | None = None
    """The wallet the latest claim's TrxID was paid with, when it named another
    (claims.other_wallet_note)."""
    description: str | None = None
    """What a payment link's session is for (its link's description); None otherwise."""
    test: bool = False
    """A test session (opened with a test key): the page says so; no money moves."""

    @property
    def pending(self) -> bool:
        return self.pending_claim is not None


def public_session(session: Session, account: AccountTerms, now: datetime) -> PublicSession:
    """The public facts of `session` of `account` at `now`."""
    status = EXPIRED if is_overdue(session, now) else session.status
    redirect = {COMPLETED: session.success_url, CANCELLED: session.cancel_url}
    return PublicSession(
        session_id=session.id,
        order_id=session.order_id,
        merchant=account.name,
        amount_poisha=session.amount_poisha,
        status=status,
        expires_at=session.expires_at,
        pending_claim=session.pending_claim if status == OPEN else None,
        wallets=account.wallets,
        redirect_url=redirect.get(status),
        paid_poisha=session.paid_poisha,
        test=is_test(session.account_id),
    )
