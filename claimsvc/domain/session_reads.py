"""What a merchant reads of its own sessions over the API (issue 30): one session by id, or a
page of them filtered by order id and status, each as a `MerchantSession`.

A read is scoped by the key's ledger (domain/modes.py): a live key reads live sessions only, a
test key test sessions only, so a shop's test payment can never be read as a live order's
(docs/decisions.md, "Issue 30: test-mode signing and merchant session reads").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from claimsvc.domain import settlement
from claimsvc.domain.checkout import checkout_url
from claimsvc.domain.modes import mode_of
from claimsvc.domain.sessions import COMPLETED, EXPIRED, OPEN, Session, is_overdue

LIMIT_MAX = 100
"""The most sessions one page holds (`limit`)."""
LIMIT_DEFAULT = 20
"""Sessions per page when `limit` is not given."""


@dataclass(frozen=True)
class SessionQuery:
    """A listing's filters (None: any) and its page: `cursor` from the previous page."""

    order_id: str | None = None
    status: str | None = None
    limit: int = LIMIT_DEFAULT
    cursor: str | None = None


@dataclass(frozen=True)
class MerchantSession:
    """A session as its merchant reads it (money in poisha; the dump schema writes taka)."""

    session_id: str
    payment_id: str
    order_id: str
    mode: str
    status: str
    pending: bool
    """A claim matched and waits for its balance check (the session's `pending_claim`)."""
    amount_poisha: int
    paid_poisha: int | None
    """What the buyer paid, once a claim completed the session: the order's amount, or the
    different amount the merchant accepted (settled) in the portal."""
    provider: str | None
    trx_id: str | None
    settled: bool
    checkout_url: str
    created_at: datetime
    expires_at: datetime
    completed_at: datetime | None
    metadata: Mapping[str, str]


def merchant_session(session: Session, public_base_url: str, now: datetime) -> MerchantSession:
    """The merchant's view of `session` at `now`: an open session past its deadline reads
    EXPIRED already, as the hosted page shows it (the sweeper stores it within a minute)."""
    status = EXPIRED if is_overdue(session, now) else session.status
    completed = status == COMPLETED
    claim = session.claim if completed else None
    return MerchantSession(
        session_id=session.id,
        payment_id=session.payment_id,
        order_id=session.order_id,
        mode=mode_of(session.account_id),
        status=status,
        pending=status == OPEN and session.pending_claim is not None,
        amount_poisha=session.amount_poisha,
        paid_poisha=settlement.paid(session) if completed else None,
        provider=claim.provider if claim else None,
        trx_id=claim.trx_id if claim else None,
        settled=completed and session.paid_poisha is not None,
        checkout_url=checkout_url(public_base_url, session.id),
        created_at=session.created_at,
        expires_at=session.expires_at,
        completed_at=session.terminal_at if completed else None,
        metadata=dict(session.metadata or {}),
    )
