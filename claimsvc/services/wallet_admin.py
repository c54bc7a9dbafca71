"""Operator use-cases of SMS proof: balance anchors, manual confirmation, transaction and
message listings. The balance chain itself runs in `sms-ingest`; an anchor set here is re-checked
there (held messages re-checked) within a sweep interval, and the messages waiting on the wallet
that its new balance reads are re-queued at once (issue 34)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.balances import Wallet, WalletKey
from claimsvc.domain.messages import SmsMessage
from claimsvc.domain.statuses import SUSPECT
from claimsvc.domain.transactions import Transaction
from claimsvc.services.transactions import Confirmed, TransactionService
from claimsvc.store.accounts import AccountStore
from claimsvc.store.balances import BalanceStore
from claimsvc.store.devices import DeviceStore
from claimsvc.store.messages import MessageStore
from claimsvc.store.paging import Page
from claimsvc.store.transactions import TransactionStore

MAX_CHAINS = 100
"""The most balance chains the portal lists for one account (phones x providers x SIM slots)."""


class WalletAdminService:
    """What the portal does with wallets, transactions and messages."""

    def __init__(
        self,
        accounts: AccountStore,
        devices: DeviceStore,
        balances: BalanceStore,
        transaction_store: TransactionStore,
        messages: MessageStore,
        transactions: TransactionService,
        clock: Clock,
        reread: Callable[[list[str]], Awaitable[int]],
    ) -> None:
        self._reread = reread
        self._accounts = accounts
        self._devices = devices
        self._balances = balances
        self._transaction_store = transaction_store
        self._messages = messages
        self._transactions = transactions
        self._clock = clock

    async def anchor(self, account_id: str, body: dict[str, Any]) -> Wallet:
        """Restart a wallet's balance chain at the balance the merchant reads now."""
        if await self._accounts.get(account_id) is None:
            raise errors.NotFound()
        device = await self._devices.get(body["device_id"])
        if device is None or device.account_id != account_id:
            raise errors.InvalidBody(details=["device_id: not a device of this account"])
        key = WalletKey(account_id, device.id, body["provider"], body.get("sim_slot"))
        wallet = await self._balances.anchor(
            key, body["balance_poisha"], self._clock(), body.get("gap_recovery")
        )
        # The anchor's own write returns the messages waiting then: one whose wait is stored
        # later reads the new balance itself (claimsvc.services.sms.rereading).
        if wallet.due():
            await self._reread(list(wallet.due()))
        return wallet

    async def chains(self, account_id: str) -> list[Wallet]:
        """The account's balance chains (one per device, provider and SIM slot)."""
        return await self._balances.of_account(account_id, MAX_CHAINS)

    async def transactions(self, query: dict[str, Any]) -> Page[Transaction]:
        return await self._transaction_store.list(
            query.get("account_id"), query.get("status"), query.get("cursor"), query.get("limit")
        )

    async def messages(self, query: dict[str, Any]) -> Page[SmsMessage]:
        return await self._messages.list(
            query.get("account_id"), query.get("result"), query.get("cursor"), query.get("limit")
        )

    async def confirm(
        self,
        transaction_id: str,
        override_suspect: bool,
        account_id: str | None = None,
        person: str | None = None,
    ) -> Confirmed:
        """The merchant confirms a transaction by hand; a claim waiting on it completes.

        A suspect one is refused (409) unless the merchant explicitly overrides the verdict.
        Given an account (the portal), another account's transaction is not found.
        """
        done = await self._transactions.confirm(
            transaction_id,
            override_suspect=override_suspect,
            account_id=account_id,
            person=person,
        )
        if done.transaction.status == SUSPECT:
            raise errors.TransactionSuspect()
        return done
