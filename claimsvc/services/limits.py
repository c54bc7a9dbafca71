"""Request rate limits, as the handlers ask for them."""

from __future__ import annotations

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.limits import RateDecision
from claimsvc.metrics import RATE_LIMITED
from claimsvc.services.auth import Caller
from claimsvc.store.limits import LimitStore


class LimitService:
    """Per-key per-endpoint limits for merchants; per-address and per-session for buyers."""

    def __init__(self, store: LimitStore, clock: Clock) -> None:
        self._store = store
        self._clock = clock

    async def _hit(
        self,
        scope: str,
        subject: str,
        limit: int,
        error: errors.ServiceError,
        account_id: str | None = None,
    ) -> RateDecision:
        decision = await self._store.hit(scope, subject, limit, self._clock(), account_id)
        if not decision.allowed:
            RATE_LIMITED.labels(scope=scope.split(":")[0]).inc()
            error.headers.update(decision.headers())
            raise error
        return decision

    async def check_key(self, caller: Caller, endpoint: str) -> RateDecision:
        """429 RATE_LIMITED once this key used its per-minute allowance on `endpoint`."""
        limit = int(caller.account.get("rate_limit_per_minute") or 120)
        return await self._hit(
            f"key:{endpoint}", caller.key_id, limit, errors.RateLimited(), caller.account["_id"]
        )

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
