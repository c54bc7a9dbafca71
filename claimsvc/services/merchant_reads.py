"""The merchant's reads over the API (`x-api-key`) of its wallet transactions and webhook
events, and its redelivery of an event (issue 31). Each read is one MongoDB query scoped by the
key's ledger, so another account's record, or the other mode's, is not found exactly as an
unknown one is."""

from __future__ import annotations

from claimsvc import errors
from claimsvc.domain.merchant_reads import (
    EventQuery,
    MerchantEvent,
    MerchantTransaction,
    TransactionQuery,
    merchant_event,
    merchant_transaction,
)
from claimsvc.domain.outbox import QUEUED, EventFilter
from claimsvc.services.delivery import DeliveryService
from claimsvc.store.events import EventStore
from claimsvc.store.paging import Page
from claimsvc.store.transactions import TransactionStore


class MerchantReadService:
    """A merchant's transactions and webhook events as its server reads them."""

    def __init__(
        self, transactions: TransactionStore, events: EventStore, delivery: DeliveryService
    ) -> None:
        self._transactions = transactions
        self._events = events
        self._delivery = delivery

    async def transaction(self, ledger: str, transaction_id: str) -> MerchantTransaction:
        """The ledger's transaction; TransactionNotFound when unknown or not the ledger's."""
        tx = await self._transactions.get_of_ledger(ledger, transaction_id)
        if tx is None:
            raise errors.TransactionNotFound()
        return merchant_transaction(tx)

    async def transactions(self, ledger: str, query: TransactionQuery) -> Page[MerchantTransaction]:
        """A page of the ledger's transactions, newest received first; a cursor this service
        did not write raises paging.BadCursor."""
        found = await self._transactions.list_of_ledger(ledger, query)
        return found.map(merchant_transaction)

    async def event(self, ledger: str, event_id: int) -> MerchantEvent:
        """The ledger's webhook event; EventNotFound when unknown or not the ledger's."""
        event = await self._events.get(event_id)
        if event is None or event.account_id != ledger:
            raise errors.EventNotFound()
        return merchant_event(event)

    async def events(self, ledger: str, query: EventQuery) -> Page[MerchantEvent]:
        """A page of the ledger's webhook events, newest first."""
        which = EventFilter(
            account_id=ledger,
            session_id=query.session_id,
            status=query.status,
            order_id=query.order_id,
        )
        found = await self._events.list(which, query.cursor, query.limit)
        return found.map(merchant_event)

    async def redeliver(self, ledger: str, event_id: int) -> MerchantEvent:
        """Send the ledger's event again by the operator's rule (services/delivery.py): a dead
        or delivered one is queued again, same id and body, its attempt counter continuing. One
        still queued: EventAlreadyQueued; a stopped one: EventNotRedeliverable."""
        await self.event(ledger, event_id)
        try:
            moved = await self._delivery.redeliver(event_id)
        except errors.EventNotRedeliverable:
            # Queued already, by this check or by a redelivery racing this one: say so.
            now = await self._events.get(event_id)
            if now is not None and now.status == QUEUED:
                raise errors.EventAlreadyQueued() from None
            raise
        return merchant_event(moved)
