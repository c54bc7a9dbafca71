"""Who is calling: API keys resolved to their account."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from claimsvc import errors
from claimsvc.domain.accounts import is_active, sha256_hex
from claimsvc.store.accounts import AccountStore, ApiKeyStore


@dataclass(frozen=True)
class Caller:
    """A merchant server authenticated by an API key."""

    key_id: str
    key_prefix: str
    account: dict[str, Any]

    @property
    def account_id(self) -> str:
        return str(self.account["_id"])


class AuthService:
    """Resolves `x-api-key` headers."""

    def __init__(self, keys: ApiKeyStore, accounts: AccountStore) -> None:
        self._keys = keys
        self._accounts = accounts

    async def authenticate(self, raw_key: str | None) -> Caller:
        """The caller behind a key; 401 when missing, unknown, revoked or its account is gone."""
        if not raw_key:
            raise errors.MissingApiKey()
        key = await self._keys.find_by_hash(sha256_hex(raw_key.strip()))
        if key is None or key.get("revoked_at") is not None:
            raise errors.UnauthorizedApiKey()
        account = await self._accounts.get(key["account_id"])
        if account is None:
            raise errors.UnauthorizedApiKey()
        return Caller(key_id=key["_id"], key_prefix=key["prefix"], account=account)


def require_can_pay(account: dict[str, Any]) -> None:
    """403 unless the account may open sessions: active, and its brand not archived."""
    if not is_active(account):
        raise errors.VendorNotActive()
    if account.get("archived"):
        raise errors.BrandArchived()
