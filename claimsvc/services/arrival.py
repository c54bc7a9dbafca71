"""The hosted page's arrival check: has the SMS of the TrxID the buyer typed reached the
merchant's account yet (domain/arrival.py)? Counts no failed attempt and changes nothing but
its own limits."""

from __future__ import annotations

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import arrival
from claimsvc.domain.client_address import limit_subject
from claimsvc.metrics import ARRIVAL_CHECKS
from claimsvc.services.limits import LimitService, refuse
from claimsvc.store.arrival import ArrivalLimitStore
from claimsvc.store.sessions import SessionStore
from claimsvc.store.transactions import TransactionStore


class ArrivalService:
    """One check: the session (one read), its limits (one script), the TrxID (one read, only
    when the answer depends on it)."""

    def __init__(
        self,
        sessions: SessionStore,
        transactions: TransactionStore,
        limits: ArrivalLimitStore,
        buyer_limits: LimitService,
        clock: Clock,
    ) -> None:
        self._sessions = sessions
        self._transactions = transactions
        self._limits = limits
        self._buyer_limits = buyer_limits
        self._clock = clock

    async def check(
        self, session_id: str, trx_id: str, provider: str, address: str, per_address: int
    ) -> tuple[str, str | None]:
        """WAIT, SUBMIT or SWITCH (with the wallet) for `trx_id` claimed as `provider` on the
        session. An unknown session: NOT_FOUND, limited per client address alone (the same
        counter as a submit on one); RATE_LIMITED past a limit."""
        now = self._clock()
        session = await self._sessions.get(session_id)
        if session is None:
            await self._buyer_limits.check_address(address, per_address, errors.BuyerRateLimited())
            raise errors.SessionNotFound()
        admission = await self._limits.admit(
            session,
            limit_subject(address),
            trx_id,
            (per_address, arrival.CHECKS_PER_MINUTE_PER_SESSION),
            arrival.TRX_IDS_PER_SESSION,
            arrival.remember_for(session, now),
            now,
        )
        if admission.rate is not None:
            refuse("wait", admission.rate, errors.BuyerRateLimited())
        found = None
        if admission.within_cap and arrival.needs_lookup(session, now):
            found = await self._transactions.with_trx_id(session.account_id, trx_id)
        answer = arrival.answer(session, now, found, provider, admission.within_cap)
        ARRIVAL_CHECKS.labels(answer=answer[0]).inc()
        return answer
