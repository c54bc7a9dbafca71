"""Pure rules about merchant accounts and API keys."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from claimsvc.domain.checkout import iso_utc
from claimsvc.domain.money import to_number

STATUSES = ("active", "pending_kyc", "suspended")
WALLET_KINDS = ("personal", "agent", "merchant")
PROVIDERS = ("bkash", "nagad", "rocket", "upay", "cellfin")

ACCOUNT_DEFAULTS: dict[str, Any] = {
    "allowed_hosts": [],
    "status": "active",
    "callback_secret": None,
    "balance_verification": False,
    "daily_limit": None,
    "rate_limit_per_minute": 120,
    "max_failed_attempts": 5,
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
