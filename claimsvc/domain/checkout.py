"""Pure rules of opening a checkout session: building it, and comparing an idempotent replay."""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from claimsvc.domain.sessions import OPEN, Session

DEFAULT_EXPIRES_IN_S = 1800
MIN_EXPIRES_IN_S = 300
"""The shortest lifetime a session is opened with (contract.md, `expires_in`)."""
MAX_EXPIRES_IN_S = 86_400
URL_FIELDS = ("success_url", "cancel_url", "webhook_url")


@dataclass(frozen=True)
class InitializeRequest:
    """A validated initialize body."""

    order_id: str
    amount_poisha: int
    success_url: str
    cancel_url: str
    webhook_url: str
    expires_in_s: int = DEFAULT_EXPIRES_IN_S
    customer: dict[str, str] | None = None
    metadata: dict[str, str] = field(default_factory=dict)
    session_id: str | None = None
    """A payment link chooses its session's id first (its result address names it)."""
    link_id: str | None = None


def new_session(account_id: str, req: InitializeRequest, now: datetime) -> Session:
    """A fresh OPEN session."""
    now = to_millis(now)
    return Session(
        id=req.session_id or str(uuid.uuid4()),
        account_id=account_id,
        order_id=req.order_id,
        payment_id="pay_" + secrets.token_hex(10),
        amount_poisha=req.amount_poisha,
        success_url=req.success_url,
        cancel_url=req.cancel_url,
        webhook_url=req.webhook_url,
        customer=req.customer,
        metadata=req.metadata,
        status=OPEN,
        created_at=now,
        expires_at=now + timedelta(seconds=req.expires_in_s),
        link_id=req.link_id,
    )


def replay_conflicts(existing: Session, req: InitializeRequest) -> list[str]:
    """The fields in which a replayed initialize differs from the session it replays."""
    diffs = []
    if existing.amount_poisha != req.amount_poisha:
        diffs.append("amount differs from the existing session")
    urls = (
        ("success_url", existing.success_url, req.success_url),
        ("cancel_url", existing.cancel_url, req.cancel_url),
        ("webhook_url", existing.webhook_url, req.webhook_url),
    )
    diffs.extend(f"{name} differs from the existing session" for name, a, b in urls if a != b)
    return diffs


def iso_utc(moment: datetime) -> str:
    """ISO 8601 in UTC with a Z, to the second."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_or_none(moment: datetime | None) -> str | None:
    """`iso_utc` of an optional time (never set: None)."""
    return None if moment is None else iso_utc(moment)


def to_millis(moment: datetime) -> datetime:
    """`moment` truncated to the millisecond, the precision MongoDB keeps."""
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


def checkout_url(public_base_url: str, session_id: str) -> str:
    """Where the buyer pays: the session's hosted page."""
    return f"{public_base_url}/checkout/{session_id}"
