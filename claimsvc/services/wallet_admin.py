"""Operator use-cases of SMS proof: balance anchors, manual confirmation, transaction and
message listings. The balance chain itself runs in `sms-ingest`; an anchor set here is re-checked
there (held messages re-checked) within a sweep interval."""

from __future__ import annotations

from typing import Any

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.balances import Wallet, WalletKey
from claimsvc.domain.checkout import iso_or_none
from claimsvc.domain.messages import SmsMessage
from claimsvc.domain.money import to_number
from claimsvc.domain.statuses import SUSPECT
from claimsvc.services.transactions import TransactionService
from claimsvc.store.accounts import AccountStore
from claimsvc.store.balances import BalanceStore
from claimsvc.store.devices import DeviceStore
from claimsvc.store.messages import MessageStore
from claimsvc.store.paging import Page
from claimsvc.store.transaction_chain import TransactionChainStore


def _money(poisha: int | None) -> int | float | None:
    return None if poisha is None else to_number(poisha)


def transaction_view(tx: dict[str, Any]) -> dict[str, Any]:
    """A wallet transaction as the admin API shows it."""
    return {
        "id": tx["_id"],
        "account_id": tx["account_id"],
        "provider": tx["provider"],
        "kind": tx.get("kind"),
        "direction": tx.get("direction"),
        "trx_id": tx["trx_id"],
        "amount": to_number(tx["amount_poisha"]),
        "fee": to_number(tx.get("fee_poisha") or 0),
        "commission": to_number(tx.get("commission_poisha") or 0),
        "balance": _money(tx.get("balance_poisha")),
        "counterparty": tx.get("counterparty"),
        "received_at": iso_or_none(tx.get("received_at")),
        "status": tx["status"],
        "status_reason": tx.get("chain_reason"),
        # Stated balance minus what the chain allowed: + more money claimed than can be there.
        "balance_gap": _money(tx.get("chain_gap_poisha")),
        "confirmed_by": tx.get("confirmed_by"),
        "session_id": tx.get("session_id"),
        "device_id": tx.get("device_id"),
        "sim_slot": tx.get("sim_slot"),
        "message_id": tx.get("message_id"),
    }


class WalletAdminService:
    """What the portal does with wallets, transactions and messages."""

    def __init__(
        self,
        accounts: AccountStore,
        devices: DeviceStore,
        balances: BalanceStore,
        chain: TransactionChainStore,
        messages: MessageStore,
        transactions: TransactionService,
        clock: Clock,
    ) -> None:
        self._accounts = accounts
        self._devices = devices
        self._balances = balances
        self._chain = chain
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
        return await self._balances.anchor(
            key, body["balance_poisha"], self._clock(), body.get("gap_recovery")
        )

    async def transactions(self, query: dict[str, Any]) -> dict[str, Any]:
        found = await self._chain.list(
            query.get("account_id"), query.get("status"), query.get("cursor"), query.get("limit")
        )
        return {
            "items": [transaction_view(t) for t in found.items],
            "next_cursor": found.next_cursor,
        }

    async def messages(self, query: dict[str, Any]) -> Page[SmsMessage]:
        return await self._messages.list(
            query.get("account_id"), query.get("result"), query.get("cursor"), query.get("limit")
        )

    async def confirm(self, transaction_id: str, override_suspect: bool) -> dict[str, Any]:
        """The merchant confirms a transaction by hand; a claim waiting on it completes.

        A suspect one is refused (409) unless the merchant explicitly overrides the verdict.
        """
        done = await self._transactions.confirm(transaction_id, override_suspect=override_suspect)
        if done.transaction["status"] == SUSPECT:
            raise errors.TransactionSuspect()
        view = transaction_view(done.transaction)
        view["session_status"] = done.session.status if done.session else None
        return view
