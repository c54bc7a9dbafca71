"""SMS forwarder devices: registration, listing, revocation, and resolving a device token."""

from __future__ import annotations

from typing import Any

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.accounts import mint_secret, sha256_hex
from claimsvc.domain.checkout import iso_or_none, iso_utc
from claimsvc.store.accounts import AccountStore
from claimsvc.store.devices import TOUCH_EVERY, DeviceStore
from claimsvc.store.mongo import new_id


class DeviceUnauthorized(errors.ServiceError):
    """No token, an unknown one, or a revoked device."""

    status, message = 401, "Unauthorized"


def device_view(doc: dict[str, Any]) -> dict[str, Any]:
    """A device as the admin API shows it: never its token or signing key."""
    return {
        "id": doc["_id"],
        "account_id": doc["account_id"],
        "name": doc["name"],
        "token_prefix": doc["token_prefix"],
        "has_signing_key": bool(doc.get("signing_key")),
        "created_at": iso_utc(doc["created_at"]),
        "revoked_at": iso_or_none(doc.get("revoked_at")),
        "last_seen_at": iso_or_none(doc.get("last_seen_at")),
    }


class DeviceService:
    """What the admin API does with devices, and how the intake recognises one."""

    def __init__(self, devices: DeviceStore, accounts: AccountStore, clock: Clock) -> None:
        self._devices = devices
        self._accounts = accounts
        self._clock = clock

    async def register(self, account_id: str, name: str, signing_key: str | None) -> dict[str, Any]:
        """A new device of an account; its token is in this answer only."""
        if await self._accounts.get(account_id) is None:
            raise errors.NotFound()
        token, token_hash, prefix = mint_secret("dev")
        doc = {
            "_id": new_id("dev"),
            "account_id": account_id,
            "name": name,
            "token_hash": token_hash,
            "token_prefix": prefix,
            # Kept as given: the intake needs it to recompute the forwarder's HMAC.
            "signing_key": signing_key or None,
            "created_at": self._clock(),
            "revoked_at": None,
            "last_seen_at": None,
        }
        await self._devices.insert(doc)
        return {"id": doc["_id"], "token": token, "name": name}

    async def list(
        self, account_id: str | None, cursor: str | None, limit: int | None
    ) -> dict[str, Any]:
        found = await self._devices.list(account_id, cursor, limit)
        return {"items": [device_view(d) for d in found.items], "next_cursor": found.next_cursor}

    async def revoke(self, device_id: str) -> dict[str, Any]:
        doc = await self._devices.revoke(device_id, self._clock())
        if doc is None:
            raise errors.NotFound()
        return device_view(doc)

    async def authenticate(self, token: str | None) -> dict[str, Any]:
        """The active device behind a token, or 401."""
        if not token:
            raise DeviceUnauthorized()
        doc = await self._devices.find_by_hash(sha256_hex(token.strip()))
        if doc is None or doc.get("revoked_at") is not None:
            raise DeviceUnauthorized()
        return doc

    async def seen(self, device: dict[str, Any]) -> None:
        """Record that the device just called in (no round trip when the device as just read
        says it called in within TOUCH_EVERY: the store's filter would skip the write anyway)."""
        now = self._clock()
        last = device.get("last_seen_at")
        if last is not None and last > now - TOUCH_EVERY:
            return
        await self._devices.touch(device["_id"], now)
