"""SMS forwarder devices: registration, listing, revocation, and resolving a device token."""

from __future__ import annotations

from datetime import datetime

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.accounts import mint_secret, sha256_hex
from claimsvc.domain.devices import Device, Registered
from claimsvc.store.accounts import AccountStore
from claimsvc.store.devices import TOUCH_EVERY, DeviceStore
from claimsvc.store.mongo import new_id
from claimsvc.store.paging import Page
from claimsvc.store.sms_gate import SmsGate


class DeviceService:
    """What the admin API does with devices, and how the intake recognises one."""

    def __init__(
        self, devices: DeviceStore, accounts: AccountStore, gate: SmsGate, clock: Clock
    ) -> None:
        self._devices = devices
        self._accounts = accounts
        self._gate = gate
        self._clock = clock

    async def register(self, account_id: str, name: str, signing_key: str | None) -> Registered:
        """A new device of an account; its token is in this answer only."""
        if await self._accounts.get(account_id) is None:
            raise errors.NotFound()
        token, token_hash, prefix = mint_secret("dev")
        device = Device(
            id=new_id("dev"),
            account_id=account_id,
            name=name,
            token_hash=token_hash,
            token_prefix=prefix,
            signing_key=signing_key or None,
            created_at=self._clock(),
        )
        await self._devices.insert(device)
        return Registered(device, token)

    async def list(
        self, account_id: str | None, cursor: str | None, limit: int | None
    ) -> Page[Device]:
        return await self._devices.list(account_id, cursor, limit)

    async def get(self, device_id: str, account_id: str) -> Device:
        """The account's device; another account's is not found."""
        device = await self._devices.get(device_id)
        if device is None or device.account_id != account_id:
            raise errors.NotFound()
        return device

    async def revoke(self, device_id: str, account_id: str | None = None) -> Device:
        """Revoke in the intake's gate, then in MongoDB, then in the gate again: a request
        never passes the gate after this returns, even if Redis lost the first write while a
        request read the device active and vouched for it (docs/decisions.md).

        Given an account (the portal), another account's device is not found, and untouched."""
        if account_id is not None:
            # A device never changes account, so this read cannot go stale before the writes.
            await self.get(device_id, account_id)
        await self._gate.revoke(device_id)
        device = await self._devices.revoke(device_id, self._clock())
        if device is None:
            raise errors.NotFound()
        await self._gate.revoke(device_id)
        return device

    async def authenticate(self, token: str | None) -> Device:
        """The active device behind a token, or 401."""
        if not token:
            raise errors.DeviceUnauthorized()
        return await self.authenticate_hash(sha256_hex(token.strip()))

    async def authenticate_hash(self, token_hash: str) -> Device:
        """The active device with this token hash, read from MongoDB, or 401."""
        device = await self._devices.find_by_hash(token_hash)
        if device is None or not device.active:
            raise errors.DeviceUnauthorized()
        return device

    async def seen(self, device: Device) -> None:
        """Record that the device just called in (no round trip when the device as just read
        says it called in within TOUCH_EVERY: the store's filter would skip the write anyway)."""
        now = self._clock()
        if not device.seen_within(TOUCH_EVERY, now):
            await self._devices.touch(device.id, now)

    async def count_active(self) -> int:
        """Devices registered and not revoked (the SMS process's health gauges)."""
        return await self._devices.count_active()

    async def count_silent(self, since: datetime) -> int:
        """Active devices not heard from since `since`."""
        return await self._devices.count_silent(since)
