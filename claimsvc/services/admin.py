"""Operator use-cases: accounts, API keys and platform settings."""

from __future__ import annotations

import copy
from collections.abc import Awaitable, Callable
from typing import Any

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.accounts import ACCOUNT_DEFAULTS, account_view, auth_entry, mint_secret
from claimsvc.domain.checkout import iso_utc
from claimsvc.store.accounts import AccountStore, ApiKeyStore, PlatformStore
from claimsvc.store.admission import AdmissionStore
from claimsvc.store.mongo import new_id

# Called after an account's secret or allowed hosts change, to re-check its stopped webhooks.
AccountChanged = Callable[[str], Awaitable[None]]


async def _no_hook(account_id: str) -> None:
    """Default account-change hook: nothing to re-check."""


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

    async def create_account(self, fields: dict[str, Any]) -> dict[str, Any]:
        now = self._clock()
        doc = {
            "_id": new_id("acc"),
            # A deep copy: the defaults' lists must never be shared between accounts.
            **copy.deepcopy(ACCOUNT_DEFAULTS),
            **fields,
            "created_at": now,
            "updated_at": now,
        }
        await self._accounts.insert(doc)
        return account_view(doc)

    async def _account(self, account_id: str) -> dict[str, Any]:
        account = await self._accounts.get(account_id)
        if account is None:
            raise errors.NotFound()
        return account

    async def get_account(self, account_id: str) -> dict[str, Any]:
        return account_view(await self._account(account_id))

    async def patch_account(self, account_id: str, fields: dict[str, Any]) -> dict[str, Any]:
        # Written through (store/admission.py): every API process sees the change on its
        # very next request; one that dies mid-way leaves requests reading MongoDB meanwhile.
        await self._admission.begin_change(account_id)
        updated = await self._accounts.update(account_id, {**fields, "updated_at": self._clock()})
        if updated is None:
            raise errors.NotFound()
        await self._admission.commit_account(account_id, auth_entry(updated))
        if fields.get("callback_secret") or "allowed_hosts" in fields:
            await self.on_delivery_settings_changed(account_id)
        return account_view(updated)

    async def mint_key(self, account_id: str, label: str | None) -> dict[str, Any]:
        """A new API key; the key itself is in this answer only."""
        await self._account(account_id)
        key, key_hash, prefix = mint_secret("sk")
        now = self._clock()
        key_id = new_id("key")
        doc = {
            "_id": key_id,
            "account_id": account_id,
            "key_hash": key_hash,
            "prefix": prefix,
            "label": label,
            "created_at": now,
            "revoked_at": None,
        }
        await self._keys.insert(doc)
        # Stored first: a process that dies now leaves a usable key whose entry the first
        # request fills from MongoDB.
        await self._admission.commit_key(account_id, key_id, "ok")
        return {"id": key_id, "key": key, "prefix": prefix, "created_at": iso_utc(now)}

    async def revoke_key(self, key_id: str) -> dict[str, Any]:
        found = await self._keys.get(key_id)
        if found is None:
            raise errors.NotFound()
        # Marked first, committed after MongoDB: no request admits the key from a stale entry,
        # and one that read MongoDB before the revocation cannot write 'ok' over the result.
        await self._admission.begin_change(found["account_id"], key_id)
        doc = await self._keys.revoke(key_id, self._clock())
        if doc is None:
            raise errors.NotFound()
        await self._admission.commit_key(found["account_id"], key_id, "revoked")
        return {"id": doc["_id"], "prefix": doc["prefix"], "revoked_at": iso_utc(doc["revoked_at"])}

    async def set_platform(self, fields: dict[str, Any]) -> dict[str, Any]:
        return await self._platform.update(fields) if fields else await self._platform.get()
