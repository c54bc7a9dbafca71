"""Request rate limits, as the handlers ask for them."""

from __future__ import annotations

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.limits import RateDecision
from claimsvc.metrics import RATE_LIMITED
from claimsvc.store.limits import LimitStore


class LimitService:
    """Buyer calls: per address and per session (merchant keys: services/auth.py)."""

    def __init__(self, store: LimitStore, clock: Clock) -> None:
        self._store = store
        self._clock = clock

    async def _hit(
        self, scope: str, subject: str, limit: int, error: errors.ServiceError
    ) -> RateDecision:
        decision = await self._store.hit(scope, subject, limit, self._clock())
        if not decision.allowed:
            RATE_LIMITED.labels(scope=scope.split(":")[0]).inc()
            error.headers.update(decision.headers())
            raise error
        return decision

    async def check_buyer(
        self,
        address: str,
        session_id: str,
        per_address: int,
        per_session: int,
        error: errors.ServiceError,
    ) -> None:
        """Buyer calls (no key): limited per client address, then per session."""
        await self._hit("buyer:ip", address, per_address, error)
        await self._hit("buyer:session", session_id, per_session, error)

    async def check_reader(self, address: str, limit: int, error: errors.ServiceError) -> None:
        """Public session reads (the page polls them): limited per client address only."""
        await self._hit("buyer:read", address, limit, error)
