"""The portal's audit log: one record per action a user (or the operator) took (pure)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

OPERATOR = "operator"
"""The actor of an entry the operator made through the admin API or the CLI."""


@dataclass(frozen=True, kw_only=True)
class AuditEntry:
    """Who did what to which object of an account, from where and when. Details never hold a
    secret (callers pass labels and ids, never keys, tokens or codes)."""

    id: str
    account_id: str
    actor_id: str
    actor_email: str
    action: str
    target: str | None
    details: dict[str, str] = field(default_factory=dict)
    address: str | None
    at: datetime
