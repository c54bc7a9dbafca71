"""verify's wait for a late SMS (issue 31): has the SMS of a TrxID reached the account, and if
not, wait for it up to a bound, woken by the recording (store/trx_arrivals.py), never by a
tight poll. The transactions in MongoDB decide; a wake only says when to look again."""

from __future__ import annotations

import asyncio

from claimsvc.store.transactions import TransactionStore
from claimsvc.store.trx_arrivals import TrxArrivalStore

SLICE_S = 4.0
"""The longest single block on Redis: below the client's 5 s socket timeout
(store/redis_client.py); a missed wake costs at most this before the next look."""
MAX_WAITING = 256
"""Verify calls one process lets wait at once (each holds a Redis connection); past it a call
looks once and answers at once, as when the wait ends."""


class SmsWaitService:
    """Waits, bounded per process, for an account's transaction with a TrxID to be recorded."""

    def __init__(
        self,
        transactions: TransactionStore,
        arrivals: TrxArrivalStore,
        *,
        max_waiting: int = MAX_WAITING,
        slice_s: float = SLICE_S,
    ) -> None:
        self._transactions = transactions
        self._arrivals = arrivals
        self._max_waiting = max_waiting
        self._slice_s = slice_s
        self._waiting = 0

    async def arrived(self, ledger: str, trx_id: str, wait_s: float) -> bool:
        """Whether `ledger` holds a transaction with `trx_id`, now or within `wait_s`."""
        if await self._transactions.has_trx_id(ledger, trx_id):
            return True
        if wait_s <= 0 or self._waiting >= self._max_waiting:
            return False
        self._waiting += 1
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + wait_s
            while (left := deadline - loop.time()) > 0:
                # Never 0: BLPOP with timeout 0 blocks for ever.
                await self._arrivals.wait(ledger, trx_id, max(min(left, self._slice_s), 0.01))
                if await self._transactions.has_trx_id(ledger, trx_id):
                    return True
            return False
        finally:
            self._waiting -= 1
