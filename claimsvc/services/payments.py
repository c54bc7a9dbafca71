"""The merchant portal's reads of an account's payments: its sessions (listed, searched by order
id and TrxID, one with its claim history, transaction and webhook events) and the overview
figures. Every method takes the account id of the logged-in user and sees nothing of another
account's; the rules stay where they are (domain/), this only reads.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import payments as pay
from claimsvc.domain.devices import QUIET_AFTER
from claimsvc.domain.export import Range
from claimsvc.domain.first_steps import FirstSteps
from claimsvc.domain.limits import dhaka_day_start
from claimsvc.domain.modes import owner_of
from claimsvc.domain.outbox import DEAD, STOPPED, EventFilter
from claimsvc.domain.paging import MAX_LIMIT
from claimsvc.domain.payments import Overview, Search, SearchResult, SessionDetail
from claimsvc.domain.sessions import OPEN, Session
from claimsvc.domain.statuses import HELD, SUSPECT
from claimsvc.domain.transactions import Transaction
from claimsvc.store.accounts import ApiKeyStore
from claimsvc.store.balances import BalanceStore
from claimsvc.store.devices import DeviceStore
from claimsvc.store.events import EventStore
from claimsvc.store.paging import Page
from claimsvc.store.sessions import SessionStore
from claimsvc.store.transactions import TransactionStore

EXPORT_BATCH = 500
"""Documents an export reads from MongoDB at a time (and writes to the client before the next)."""


class PaymentsService:
    """An account's payments as its merchant users see them."""

    def __init__(
        self,
        sessions: SessionStore,
        transactions: TransactionStore,
        events: EventStore,
        devices: DeviceStore,
        balances: BalanceStore,
        clock: Clock,
        api_keys: ApiKeyStore,
    ) -> None:
        self._sessions = sessions
        self._transactions = transactions
        self._events = events
        self._devices = devices
        self._balances = balances
        self._clock = clock
        self._api_keys = api_keys

    async def list(
        self, account_id: str, status: str | None, cursor: str | None, limit: int | None = None
    ) -> Page[Session]:
        """The account's sessions (of one status, or all), newest first; a cursor this service
        did not write raises paging.BadCursor."""
        return await self._sessions.list_of_account(account_id, status, cursor, limit)

    async def search(self, account_id: str, search: Search) -> SearchResult:
        """The account's sessions whose order id starts with the text, or that a claim with the
        TrxID changed or its transactions are reserved for; and those transactions. Newest
        first, at most SEARCH_LIMIT sessions."""
        limit = pay.SEARCH_LIMIT
        found = await self._sessions.with_order_prefix(account_id, search.order_prefix, limit)
        txs: list[Transaction] = []
        if search.trx_id is not None:
            txs = await self._transactions.with_trx_id(account_id, search.trx_id)
            held_for = sorted({tx.session_id for tx in txs if tx.session_id})
            found += await self._sessions.claimed_with(account_id, search.trx_id, held_for, limit)
        return SearchResult(pay.newest_first(found)[:limit], txs)

    async def detail(self, account_id: str, session_id: str) -> SessionDetail:
        """One session of the account, live or test, with its transaction and webhook events;
        NotFound for an unknown session or another account's."""
        session = await self._sessions.get(session_id)
        if session is None or session.owner_id != owner_of(account_id):
            raise errors.NotFound()
        record = session.claim or session.pending_claim
        tx = await self._transactions.get(record.transaction_id) if record else None
        which = EventFilter(account_id=session.account_id, session_id=session.id)
        events = await self._events.list(which, None, MAX_LIMIT)
        return SessionDetail(session, tx, events.items)

    def sessions_between(self, account_id: str, days: Range) -> AsyncIterator[Session]:
        """The account's sessions created on these Dhaka days, oldest first, streamed."""
        return self._sessions.created_between(account_id, days.start, days.end, EXPORT_BATCH)

    def transactions_between(self, account_id: str, days: Range) -> AsyncIterator[Transaction]:
        """The account's transactions received on these Dhaka days, oldest first, streamed."""
        return self._transactions.received_between(account_id, days.start, days.end, EXPORT_BATCH)

    async def overview(self, account_id: str, quiet: timedelta = QUIET_AFTER) -> Overview:
        """Today's payments (the Asia/Dhaka day) and what needs attention, each figure one
        bounded query on an index (docs/portal.md, "Overview")."""
        now = self._clock()
        day_start = dhaka_day_start(now)
        cap = pay.ATTENTION_CAP
        paid_count, paid_poisha = await self._sessions.completed_since(account_id, day_start)
        count_tx = self._transactions.count_status
        return Overview(
            now=now,
            day_start=day_start,
            paid_count=paid_count,
            paid_poisha=paid_poisha,
            open_sessions=await self._sessions.count_status(account_id, OPEN, cap),
            held=await count_tx(account_id, HELD, None, cap),
            suspect=await count_tx(account_id, SUSPECT, now - pay.SUSPECT_WITHIN, cap),
            stopped_events=await self._events.count_needing_attention(STOPPED, account_id, cap),
            dead_events=await self._events.count_needing_attention(DEAD, account_id, cap),
            quiet_devices=await self._devices.quiet_of_account(
                account_id, now - quiet, pay.LIST_CAP
            ),
            broken_wallets=await self._balances.broken_of_account(account_id, pay.LIST_CAP),
            differing=await self._sessions.count_mismatch_due(account_id, cap),
        )

    async def first_steps(self, account_id: str) -> FirstSteps:
        """Which first steps the account has done, each read from its result: a live key, a
        webhook delivered, an active phone, an anchored wallet, a session. One indexed
        `find_one` of an id each (the overview's checklist)."""
        done = {
            "key": await self._api_keys.has_live(account_id),
            "webhook": await self._events.any_delivered(account_id),
            "phone": await self._devices.has_active(account_id),
            "anchor": await self._balances.has_anchor(account_id),
            "session": await self._sessions.has_any(account_id),
        }
        return FirstSteps(frozenset(name for name, yes in done.items() if yes))
