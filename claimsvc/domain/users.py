"""Merchant portal users: their records, roles and the permission table (pure)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from claimsvc.domain.known_devices import KnownDevice

ROLES = ("owner", "developer", "staff")
PERMISSIONS = (
    "overview",
    "payments",
    "confirm",
    "links",
    "webhooks",
    "keys",
    "devices",
    "wallets",
    "team",
    "audit",
    "wordings",
    "verification",
)
GRANTS: dict[str, frozenset[str]] = {
    "owner": frozenset(PERMISSIONS),
    "developer": frozenset(
        ("overview", "payments", "webhooks", "keys", "devices", "wallets", "wordings")
    ),
    "staff": frozenset(("overview", "payments", "confirm", "links")),
}
"""What each role may do in the portal (issue 16's table; owner alone: team, audit; issue 22:
owners and developers teach SMS wordings, staff never; issue 32: owner alone turns balance
verification on or off, "verification")."""

STATUSES = ("invited", "active", "disabled")
INVITE_TTL = timedelta(hours=72)
"""How long an invite or reset link can be used."""
EMAIL_MAX = 254
NAME_MAX = 100
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def can(role: str, permission: str) -> bool:
    """Whether `role` grants `permission`; an unknown role or permission grants nothing."""
    return permission in GRANTS.get(role, frozenset())


def normalize_email(email: str) -> str:
    """The one stored form of an address: trimmed and lower-cased."""
    return email.strip().lower()


def valid_email(email: str) -> bool:
    """A plausible address: one @, a dot in the domain, no spaces, at most 254 characters."""
    return len(email) <= EMAIL_MAX and bool(_EMAIL.match(email))


@dataclass(frozen=True)
class InviteRequest:
    """Who to invite, as the team page's form gives it: a valid address and a role."""

    email: str
    role: str
    name: str | None


def parse_invite_form(
    form: Mapping[str, str | None],
) -> tuple[InviteRequest | None, dict[str, str]]:
    """The invite form's request, or its problems by field (words keys of the team page)."""
    email = normalize_email(form.get("email") or "")
    role = form.get("role") or ""
    problems = {}
    if not valid_email(email):
        problems["email"] = "team.bad_email"
    if role not in ROLES:
        problems["role"] = "team.bad_role"
    if problems:
        return None, problems
    return InviteRequest(email, role, (form.get("name") or "").strip() or None), {}


def invite_expired(expires_at: datetime | None, now: datetime) -> bool:
    """An invite with no expiry, or one whose moment has come, can no longer be used."""
    return expires_at is None or now >= expires_at


@dataclass(frozen=True, kw_only=True)
class PortalUser:
    """What pages and services know of a signed-in user: no secret."""

    id: str
    account_id: str
    email: str
    role: str
    name: str | None = None
    totp_enabled: bool = False


@dataclass(frozen=True, kw_only=True)
class User:
    """A portal user as the `portal_users` collection holds it: only hashes of secrets, except
    the TOTP secret, which the server must read to check a code."""

    id: str
    account_id: str
    email: str
    role: str
    name: str | None
    status: str
    created_at: datetime
    updated_at: datetime
    password_hash: str | None = None
    password_changed_at: datetime | None = None
    invite_expires_at: datetime | None = None
    totp_secret: str | None = None
    totp_last_step: int | None = None
    recovery_hashes: tuple[str, ...] = ()
    known_devices: tuple[KnownDevice, ...] = ()

    @property
    def active(self) -> bool:
        return self.status == "active"

    def public(self) -> PortalUser:
        return PortalUser(
            id=self.id,
            account_id=self.account_id,
            email=self.email,
            role=self.role,
            name=self.name,
            totp_enabled=self.totp_secret is not None,
        )
