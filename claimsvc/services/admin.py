"""Operator use-cases: accounts, API keys and platform settings."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.accounts import (
    MAX_WALLETS,
    SECRET_FIELDS,
    Account,
    AccountSearch,
    ApiKey,
    MintedKey,
    ShopWallet,
    callback_secrets,
    mint_secret,
)
from claimsvc.domain.allowed_hosts import BUSY, HostListRefused
from claimsvc.domain.modes import LIVE, MODES, key_kind
from claimsvc.domain.platform import Platform
from claimsvc.domain.rotation import new_callback_secret, rotate
from claimsvc.store.accounts import AccountStore, ApiKeyStore, PlatformStore
from claimsvc.store.admission import AdmissionStore
from claimsvc.store.mongo import new_id
from claimsvc.store.paging import Page

# Called after an account's secret or allowed hosts change, to re-check its stopped webhooks.
AccountChanged = Callable[[str], Awaitable[None]]


async def _no_hook(account_id: str) -> None:
    """Default account-change hook: nothing to re-check."""


async def with_test_secret(accounts: AccountStore, account: Account, now: datetime) -> Account:
    """The account with its test callback secret, made now (atomically, once) if an account
    made before issue 30 has none yet."""
    if account.test_callback_secret:
        return account
    given = await accounts.give_test_secret(account.id, new_callback_secret(), now)
    return given or account


HOSTS_TRIES = 3
"""Times an allowed-hosts change is applied again after a concurrent edit before giving up."""


class AdminService:
    """What the portal back end and `claimsvc admin` do."""

    def __init__(
        self,
        accounts: AccountStore,
        keys: ApiKeyStore,
        platform: PlatformStore,
        admission: AdmissionStore,
        clock: Clock,
    ) -> None:
        self._accounts = accounts
        self._keys = keys
        self._platform = platform
        self._admission = admission
        self._clock = clock
        self.on_delivery_settings_changed: AccountChanged = _no_hook

    async def create_account(self, fields: dict[str, Any]) -> Account:
        """A new account of the operator's validated fields; the rest at their defaults. Its
        test callback secret is made here (the live one is the operator's or the merchant's)."""
        fields = {"test_callback_secret": new_callback_secret(), **fields}
        return await self._accounts.create(new_id("acc"), fields, self._clock())

    async def list_accounts(
        self, search: AccountSearch, cursor: str | None, limit: int | None
    ) -> Page[Account]:
        """A page of accounts matching `search`, newest first (issue 31 §8)."""
        return await self._accounts.search(search, cursor, limit)

    async def get_account(self, account_id: str) -> Account:
        account = await self._accounts.get(account_id)
        if account is None:
            raise errors.NotFound()
        return account

    async def patch_account(self, account_id: str, fields: dict[str, Any]) -> Account:
        for mode in MODES:
            current, previous, until = SECRET_FIELDS[mode]
            if current in fields:
                # The operator's secret replaces every old one at once: no grace (that is the
                # merchant's rotation, rotate_callback_secret).
                fields = {**fields, previous: None, until: None}
        updated = await self._write_through(
            account_id,
            self._accounts.update(account_id, {**fields, "updated_at": self._clock()}),
        )
        if updated is None:
            raise errors.NotFound()
        secret_set = fields.get("callback_secret") or fields.get("test_callback_secret")
        if secret_set or "allowed_hosts" in fields:
            await self.on_delivery_settings_changed(account_id)
        return updated

    async def change_allowed_hosts(
        self, account_id: str, change: Callable[[tuple[str, ...]], tuple[str, ...]]
    ) -> Account:
        """Apply a pure change (domain/allowed_hosts.py, which raises when it refuses) to the
        account's allowed hosts, written only if the list is still the one it was applied to
        (a concurrent edit: applied again to the new list). Stopped webhooks are re-checked."""
        for _ in range(HOSTS_TRIES):
            account = await self.get_account(account_id)
            hosts = change(account.allowed_hosts)
            write = self._accounts.replace_hosts(
                account_id, account.allowed_hosts, hosts, self._clock()
            )
            updated = await self._write_through(account_id, write)
            if updated is not None:
                await self.on_delivery_settings_changed(account_id)
                return updated
        raise HostListRefused(BUSY)

    async def add_wallet(self, account_id: str, wallet: ShopWallet) -> Account:
        """List one more wallet the shop takes payments on (validated as the admin API's)."""
        now = self._clock()
        added = await self._write_through(
            account_id, self._accounts.add_wallet(account_id, wallet, MAX_WALLETS, now)
        )
        if added is not None:
            return added
        account = await self.get_account(account_id)
        if any((w.provider, w.number) == (wallet.provider, wallet.number) for w in account.wallets):
            raise errors.WalletListed()
        raise errors.InvalidBody(details=[f"wallets: at most {MAX_WALLETS}"])

    async def remove_wallet(self, account_id: str, provider: str, number: str) -> Account:
        removed = await self._write_through(
            account_id, self._accounts.remove_wallet(account_id, provider, number, self._clock())
        )
        if removed is None:
            raise errors.NotFound()
        return removed

    async def _write_through(
        self, account_id: str, write: Awaitable[Account | None]
    ) -> Account | None:
        """Change an account in MongoDB, written through (store/admission.py): every API process
        sees the change on its very next request; one that dies mid-way leaves requests reading
        MongoDB meanwhile. None (and no commit) when `write` changed nothing."""
        await self._admission.begin_change(account_id)
        updated = await write
        if updated is not None:
            await self._admission.commit_account(updated)
        return updated

    async def mint_key(self, account_id: str, label: str | None, mode: str = LIVE) -> MintedKey:
        """A new API key of `mode` (live or test); the key itself is in this answer only."""
        await self.get_account(account_id)
        secret, key_hash, prefix = mint_secret(key_kind(mode))
        key = ApiKey(
            id=new_id("key"),
            account_id=account_id,
            key_hash=key_hash,
            prefix=prefix,
            label=label,
            created_at=self._clock(),
            mode=mode,
        )
        await self._keys.insert(key)
        # Stored first: a process that dies now leaves a usable key whose entry the first
        # request fills from MongoDB.
        await self._admission.commit_key(account_id, key.id, "ok")
        return MintedKey(key, secret)

    async def account_with_test_secret(self, account_id: str) -> Account:
        """The account, with a test callback secret made for it if it has none yet."""
        return await with_test_secret(
            self._accounts, await self.get_account(account_id), self._clock()
        )

    async def rotate_callback_secret(
        self, account_id: str, grace: timedelta, mode: str = LIVE
    ) -> tuple[Account, str]:
        """A new callback secret of `mode` (live or test) made here (shown once: it is in this
        answer only); the one it replaces keeps signing for `grace` (domain/rotation.py)."""
        account = await self.get_account(account_id)
        now = self._clock()
        old = callback_secrets(account, mode)
        rotated = rotate(
            old.current, old.previous, old.previous_until, new_callback_secret(), grace, now
        )
        current, previous, until = SECRET_FIELDS[mode]
        fields = {
            current: rotated.current,
            previous: rotated.previous,
            until: rotated.previous_until,
            "updated_at": now,
        }
        # The secret is not in the auth entry (store/admission.py): no write-through needed.
        updated = await self._accounts.update(account_id, fields)
        if updated is None:
            raise errors.NotFound()
        if not old.current:
            await self.on_delivery_settings_changed(account_id)  # stopped for want of one
        return updated, rotated.current

    async def list_keys(self, account_id: str) -> list[ApiKey]:
        """The account's keys, newest first, each with its last use (to the minute).

        The admission script stamps uses in Redis; they are copied into MongoDB here (never
        moving one back), so a Redis that loses its data loses only the uses since the keys
        were last listed."""
        keys = await self._keys.of_account(account_id)
        stamped = await self._admission.last_used(account_id)
        newer = {
            k.id: stamped[k.id]
            for k in keys
            if k.id in stamped and (k.last_used_at is None or k.last_used_at < stamped[k.id])
        }
        if newer:
            await self._keys.record_last_used(newer)
        return [replace(k, last_used_at=newer[k.id]) if k.id in newer else k for k in keys]

    async def save_last_used(self) -> None:
        """Copy every key's last use from Redis into MongoDB, as listing each account's keys
        does: before a Redis that keeps nothing (the dev stack's in-process one) goes away."""
        for account_id in await self._keys.account_ids():
            await self.list_keys(account_id)

    async def revoke_key(self, key_id: str, account_id: str | None = None) -> ApiKey:
        """Revoke a key; with `account_id` (the merchant's portal) only one of that account's
        (another account's is NotFound)."""
        found = await self._keys.get(key_id)
        if found is None or account_id not in (None, found.account_id):
            raise errors.NotFound()
        # Marked first, committed after MongoDB: no request admits the key from a stale entry,
        # and one that read MongoDB before the revocation cannot write 'ok' over the result.
        await self._admission.begin_change(found.account_id, key_id)
        revoked = await self._keys.revoke(key_id, self._clock())
        if revoked is None:
            raise errors.NotFound()
        await self._admission.commit_key(found.account_id, key_id, "revoked")
        return revoked

    async def set_platform(self, fields: dict[str, Any]) -> Platform:
        return await self._platform.update(fields) if fields else await self._platform.get()
