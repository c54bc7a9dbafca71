"""The buyer's wait: whether the SMS of a claimed TrxID has reached the merchant's account yet.

A buyer often types the TrxID before the wallet's SMS has been forwarded. The hosted page asks
`POST /checkout/{id}/arrival` before it submits, and keeps asking while the answer is WAIT,
so the wait costs no failed attempt; when the wait ends without the SMS the page says so and
submits nothing (nothing counted). Once the answer is SUBMIT, the submit gives the real outcome
(and a no-match counts one attempt, as contract.md §3 says). SWITCH names the wallet the TrxID
was paid with when the buyer chose another and that payment would pay the session. The answer
reveals only whether the session's own account holds a transaction with this TrxID and, for a
payment the session could take, its wallet: never its amount, state or session, nothing of
another account (docs/decisions.md, "The buyer's wait" and "The buyer's last word").
"""

from __future__ import annotations

from datetime import datetime, timedelta

from claimsvc.domain import sessions as sm
from claimsvc.domain.claims import paid_elsewhere
from claimsvc.domain.sessions import Session
from claimsvc.domain.transactions import Transaction

WAIT, SUBMIT, SWITCH = "wait", "submit", "switch"
"""The answers: no SMS with this TrxID for the account yet, keep waiting; submit now; or the
TrxID is a payment of another wallet (named), choose that one."""

WAIT_SECONDS = 120
"""How long the page keeps checking before it submits anyway (and shows the real outcome)."""
CHECK_EVERY_SECONDS = 5
"""How often the page checks while it waits."""

TRX_IDS_PER_SESSION = 3
"""Distinct TrxIDs one session's checks may ask about (a buyer's TrxID and two corrections of a
typo). Past it every new TrxID is answered SUBMIT without a lookup, so the check is no oracle."""
CHECKS_PER_MINUTE_PER_SESSION = 20
"""The page asks 12 times a minute; the rest is room for a reload."""
TRX_IDS_KEPT_AFTER_DEADLINE = timedelta(hours=1)
"""How long after its session's deadline a session's checked TrxIDs are remembered."""


def needs_lookup(session: Session, now: datetime) -> bool:
    """Whether the answer depends on the TrxID: only an open session with no claim pending and
    within its deadline can still take a claim worth waiting for. Any other session's submit
    answers its state at once (completed, expired, locked, or the pending claim)."""
    return (
        session.status == sm.OPEN
        and session.pending_claim is None
        and not sm.is_overdue(session, now)
    )


def answer(
    session: Session,
    now: datetime,
    found: list[Transaction] | None,
    provider: str,
    within_cap: bool,
) -> tuple[str, str | None]:
    """(WAIT, SUBMIT or SWITCH, the wallet to switch to). `found`: the account's transactions
    with the TrxID, any wallet (None: not looked up); `provider`: the wallet the buyer chose;
    `within_cap`: the TrxID is among the first TRX_IDS_PER_SESSION checked."""
    if not within_cap or not needs_lookup(session, now) or found is None:
        return SUBMIT, None
    if not found:
        return WAIT, None
    elsewhere = paid_elsewhere(session, provider, found)
    return (SWITCH, elsewhere.provider) if elsewhere else (SUBMIT, None)


def remember_for(session: Session, now: datetime) -> timedelta:
    """How long the session's checked TrxIDs must be remembered: to its deadline and after."""
    return max(sm.deadline(session) - now, timedelta(0)) + TRX_IDS_KEPT_AFTER_DEADLINE
