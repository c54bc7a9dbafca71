"""Pure rules about merchant accounts and API keys."""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

from claimsvc.domain.checkout import iso_utc
from claimsvc.domain.money import to_number

STATUSES = ("active", "pending_kyc", "suspended")
WALLET_KINDS = ("personal", "agent", "merchant")
PROVIDERS = ("bkash", "nagad", "rocket", "upay", "cellfin")

DEFAULT_RATE_PER_MINUTE = 120
"""Requests per key per endpoint per minute when the account sets none (contract §7)."""
DEFAULT_MAX_FAILED_ATTEMPTS = 5
"""Failed claims that lock a session when the account sets no other number."""

ACCOUNT_DEFAULTS: dict[str, Any] = {
    "allowed_hosts": [],
    "status": "active",
    "callback_secret": None,
    "balance_verification": False,
    "daily_limit": None,
    "rate_limit_per_minute": DEFAULT_RATE_PER_MINUTE,
    "max_failed_attempts": DEFAULT_MAX_FAILED_ATTEMPTS,
    "fee_due_poisha": 0,
    "fee_limit_poisha": None,
    "archived": False,
    "wallets": [],
}

KEY_PREFIX_LEN = 12


def sha256_hex(secret: str) -> str:
    """The only form in which API keys and device tokens are stored."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def mint_secret(kind: str) -> tuple[str, str, str]:
    """A new key or token: (the secret shown once, its SHA-256 hash, its display prefix)."""
    secret = f"{kind}_{secrets.token_urlsafe(32)}"
    return secret, sha256_hex(secret), secret[:KEY_PREFIX_LEN]


def is_active(account: dict[str, Any]) -> bool:
    return account.get("status") == "active"


def fee_blocked(account: dict[str, Any]) -> bool:
    """Blocked while unpaid fees exceed the account's ceiling (no ceiling: never)."""
    ceiling = account.get("fee_limit_poisha")
    return ceiling is not None and account.get("fee_due_poisha", 0) > ceiling


def account_view(account: dict[str, Any]) -> dict[str, Any]:
    """The admin answer for an account: every field but the secret."""
    fee_limit = account.get("fee_limit_poisha")
    return {
        "id": account["_id"],
        "name": account["name"],
        "allowed_hosts": account["allowed_hosts"],
        "status": account["status"],
        "has_callback_secret": bool(account.get("callback_secret")),
        "balance_verification": account["balance_verification"],
        "daily_limit": account["daily_limit"],
        "rate_limit_per_minute": account["rate_limit_per_minute"],
        "max_failed_attempts": account["max_failed_attempts"],
        "fee_due": to_number(account["fee_due_poisha"]),
        "fee_limit": None if fee_limit is None else to_number(fee_limit),
        "archived": account["archived"],
        "wallets": account["wallets"],
        # Same form as every other time the API answers; MongoDB keeps milliseconds only, so a
        # finer isoformat() would make create and get disagree about one account.
        "created_at": iso_utc(account["created_at"]),
        "updated_at": iso_utc(account["updated_at"]),
    }


# What a merchant request needs of its account, kept beside its API keys' state in Redis. The
# callback secret stays out: requests never need it, and a cache is no place for a secret.
AUTH_FIELDS = (
    "_id", "name", "status", "archived", "allowed_hosts", "balance_verification", "daily_limit",
    "rate_limit_per_minute", "max_failed_attempts", "fee_due_poisha", "fee_limit_poisha",
    "wallets",
)


def rate_per_minute(account: dict[str, Any]) -> int:
    """The per-key per-endpoint request allowance (contract §7; unset or 0: the default)."""
    return int(account.get("rate_limit_per_minute") or DEFAULT_RATE_PER_MINUTE)


# The account entry's fields, in the order the admission script takes them after a miss.
ENTRY_FIELDS = ("status", "archived", "rate", "daily", "fee_blocked", "hosts", "doc")


def hosts_digest(allowed_hosts: list[str]) -> str:
    """A short fingerprint of an allowed-host list: URLs checked against one list are checked
    against the account's current list exactly when the fingerprints are equal."""
    blob = json.dumps(allowed_hosts, separators=(",", ":")).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()[:16]


def auth_entry(account: dict[str, Any]) -> dict[str, str]:
    """The Redis form of what requests need of `account`: the fields the admission script
    decides on, each as a string, and the request view itself as JSON in `doc`."""
    daily = account.get("daily_limit")
    return {
        "status": str(account.get("status")),
        "archived": "1" if account.get("archived") else "0",
        "rate": str(rate_per_minute(account)),
        "daily": "-1" if daily is None else str(int(daily)),
        "fee_blocked": "1" if fee_blocked(account) else "0",
        "hosts": hosts_digest(list(account.get("allowed_hosts") or [])),
        "doc": json.dumps({k: account.get(k) for k in AUTH_FIELDS}, separators=(",", ":")),
    }
