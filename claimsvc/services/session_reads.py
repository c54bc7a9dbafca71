"""The merchant's reads of its sessions over the API (`x-api-key`): one by id, or a page of them
by order id and status, newest first. Each read is one MongoDB query scoped by the key's ledger
(the live or the test one), so another account's session, or the other mode's, is not found
exactly as an unknown one is."""

from __future__ import annotations

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.session_reads import MerchantSession, SessionQuery, merchant_session
from claimsvc.store.paging import Page
from claimsvc.store.sessions import SessionStore


class SessionReadService:
    """A merchant's sessions as its server reads them."""

    def __init__(self, sessions: SessionStore, clock: Clock, public_base_url: str) -> None:
        self._sessions = sessions
        self._clock = clock
        self._base_url = public_base_url

    async def get(self, ledger: str, session_id: str) -> MerchantSession:
        """The ledger's session; MerchantSessionNotFound when unknown or not the ledger's."""
        session = await self._sessions.get_of_ledger(ledger, session_id)
        if session is None:
            raise errors.MerchantSessionNotFound()
        return merchant_session(session, self._base_url, self._clock())

    async def list(self, ledger: str, query: SessionQuery) -> Page[MerchantSession]:
        """A page of the ledger's sessions, newest first; a cursor this service did not write
        raises paging.BadCursor."""
        found = await self._sessions.list_of_account(
            ledger, query.status, query.cursor, query.limit, order_id=query.order_id
        )
        now = self._clock()
        return found.map(lambda session: merchant_session(session, self._base_url, now))
