"""Merchant accounts and API keys: their records and the pure rules about them."""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from datetime import datetime

from claimsvc.domain import providers
from claimsvc.domain.devices import DEFAULT_QUIET_MINUTES
from claimsvc.domain.modes import LIVE, TEST

STATUSES = ("active", "pending_kyc", "suspended")
WALLET_KINDS = ("personal", "agent", "merchant")
PROVIDERS = providers.NAMES
"""The providers' ids, built from their specs (claimsvc/domain/providers.py)."""
PROVIDER_NAMES = providers.NAMES_BY_LANGUAGE
"""Each provider's name as its users know it, in English and Bangla: the one spelling every
page (api/words/wallets.py) and every alert (alert_text.py) writes."""
MAX_WALLETS = 20
"""The most wallets an account lists (the hosted page shows them all)."""

DEFAULT_RATE_PER_MINUTE = 120
"""Requests per key per endpoint per minute when the account sets none (contract §7)."""
DEFAULT_MAX_FAILED_ATTEMPTS = 5
"""Failed claims that lock a session when the account sets no other number."""

KEY_PREFIX_LEN = 12

LABEL_MAX_LEN = 100
"""A key's label: the merchant's own words for where it is used."""

LAST_USED_RESOLUTION_S = 60
"""A key's last use is kept to the minute: the admission script writes at most once a minute
per key (docs/decisions.md, "Portal: webhooks and keys (issue 16)")."""


@dataclass(frozen=True)
class ShopWallet:
    """A wallet the shop takes payments on (the account lists them; the hosted page shows
    them)."""

    provider: str
    number: str
    kind: str


@dataclass(frozen=True, kw_only=True)
class AccountTerms:
    """What a merchant request needs of its account: every field but the callback secret and
    the timestamps. Kept in Redis beside the account's key states (store/admission.py); the
    secret stays out, as requests never need it and a cache is no place for a secret. The
    defaults are an account's when created without the field (contract.md §2)."""

    id: str
    name: str
    status: str = "active"
    archived: bool = False
    allowed_hosts: tuple[str, ...] = ()
    balance_verification: bool = False
    daily_limit: int | None = None
    """Sessions a day (Dhaka); None: no limit."""
    rate_limit_per_minute: int = DEFAULT_RATE_PER_MINUTE
    max_failed_attempts: int = DEFAULT_MAX_FAILED_ATTEMPTS
    fee_due_poisha: int = 0
    fee_limit_poisha: int | None = None
    """The ceiling of unpaid fees; None: no ceiling."""
    wallets: tuple[ShopWallet, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Account(AccountTerms):
    """A merchant account as the `accounts` collection holds it."""

    callback_secret: str | None = None
    previous_callback_secret: str | None = None
    """The secret a rotation replaced, still signing until `previous_secret_until`."""
    previous_secret_until: datetime | None = None
    test_callback_secret: str | None = None
    """Signs the events of test sessions (never the live secret: contract.md §6 "Test mode").
    Made with the account; an account made before issue 30 gets one the first time it is
    needed (services/admin.py `with_test_secret`)."""
    previous_test_callback_secret: str | None = None
    previous_test_secret_until: datetime | None = None
    phone_quiet_minutes: int = DEFAULT_QUIET_MINUTES
    """After how many minutes of silence a phone is quiet (alerted, counted, marked); issue 27.
    Kept out of AccountTerms: requests never need it."""
    alert_summary_hour: int | None = None
    """The Dhaka hour (0..23) of the daily summary alert; None: no summary (issue 27)."""
    alert_summary_from: str | None = None
    """The first Dhaka day (YYYY-MM-DD) a summary is for: none for an hour passed when set."""
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class CallbackSecrets:
    """One mode's callback secrets: the current one (None: not made yet), and the one a
    rotation replaced while its grace period runs."""

    current: str | None
    previous: str | None = None
    previous_until: datetime | None = None


SECRET_FIELDS: dict[str, tuple[str, str, str]] = {
    LIVE: ("callback_secret", "previous_callback_secret", "previous_secret_until"),
    TEST: ("test_callback_secret", "previous_test_callback_secret", "previous_test_secret_until"),
}
"""Each mode's (current, previous, previous_until) fields: Account attributes and document keys
alike."""


def callback_secrets(account: Account, mode: str) -> CallbackSecrets:
    """The secrets that sign the events of `mode`'s sessions (live or test)."""
    current, previous, until = (getattr(account, name) for name in SECRET_FIELDS[mode])
    return CallbackSecrets(current, previous, until)


def every_secret(account: Account) -> tuple[str | None, ...]:
    """All callback secrets the account holds, both modes: what a captured reply is masked of."""
    return tuple(getattr(account, name) for fields in SECRET_FIELDS.values() for name in fields[:2])


@dataclass(frozen=True, kw_only=True)
class ApiKey:
    """An API key as the `api_keys` collection holds it: never the key, only its SHA-256 hash
    and its display prefix (interface.md)."""

    id: str
    account_id: str
    key_hash: str
    prefix: str
    label: str | None
    created_at: datetime
    revoked_at: datetime | None = None
    last_used_at: datetime | None = None
    """When a request last authenticated with it, to LAST_USED_RESOLUTION_S (None: never
    seen)."""
    mode: str = LIVE
    """live, or test: a test key's sessions are test sessions (domain/modes.py)."""


@dataclass(frozen=True)
class MintedKey:
    """A key just minted: its record, and the key itself, in this answer only."""

    key: ApiKey
    secret: str


def wallet_providers(wallets: tuple[ShopWallet, ...]) -> tuple[str, ...]:
    """The providers a shop takes, in its wallets' order; every provider when it lists none
    (what the hosted page offers a buyer, and the portal's test payment form)."""
    return tuple(dict.fromkeys(w.provider for w in wallets)) or tuple(PROVIDERS)


def sha256_hex(secret: str) -> str:
    """The only form in which API keys and device tokens are stored."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def mint_secret(kind: str) -> tuple[str, str, str]:
    """A new key or token: (the secret shown once, its SHA-256 hash, its display prefix)."""
    secret = f"{kind}_{secrets.token_urlsafe(32)}"
    return secret, sha256_hex(secret), display_prefix(secret)


def display_prefix(secret: str) -> str:
    """The start of a key or token that may be shown where the secret may not (the portal's
    key list, the dev stack's banner): enough to tell keys apart, too little to use one."""
    return secret[:KEY_PREFIX_LEN]


def is_active(account: AccountTerms) -> bool:
    return account.status == "active"


def fee_blocked(account: AccountTerms) -> bool:
    """Blocked while unpaid fees exceed the account's ceiling (no ceiling: never)."""
    ceiling = account.fee_limit_poisha
    return ceiling is not None and account.fee_due_poisha > ceiling


def hosts_digest(allowed_hosts: list[str] | tuple[str, ...]) -> str:
    """A short fingerprint of an allowed-host list: URLs checked against one list are checked
    against the account's current list exactly when the fingerprints are equal."""
    blob = json.dumps(list(allowed_hosts), separators=(",", ":")).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()[:16]


def last_used_stamp(now: datetime) -> int:
    """The coarse form of a key's last use: Unix seconds, floored to LAST_USED_RESOLUTION_S."""
    seconds = int(now.timestamp())
    return seconds - seconds % LAST_USED_RESOLUTION_S


def clean_label(label: str | None) -> str | None:
    """A key label as stored: trimmed, inner whitespace runs as one space, None when empty.
    ValueError when longer than LABEL_MAX_LEN or holding control characters."""
    if label is None:
        return None
    text = " ".join(label.split())
    if any(ord(c) < 32 or ord(c) == 127 for c in label if c not in " \t\n\r"):
        raise ValueError("control characters")
    if len(text) > LABEL_MAX_LEN:
        raise ValueError("too long")
    return text or None


SEARCH_MAX_LEN = 100
"""The longest text the operator's account search takes (`account_search`)."""


@dataclass(frozen=True)
class AccountSearch:
    """The operator's account listing (issue 31 §8): `text` matches an account id exactly or
    any part of a name, whatever its case; `status` one of STATUSES; None: any."""

    text: str | None = None
    status: str | None = None
