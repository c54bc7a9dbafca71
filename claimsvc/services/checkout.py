"""Opening checkout sessions: idempotent on order_id, within the fee ceiling and daily limits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import checkout
from claimsvc.domain.accounts import fee_blocked
from claimsvc.domain.urls import check_url
from claimsvc.metrics import DAILY_LIMIT_REJECTIONS, SESSIONS_CREATED
from claimsvc.store.accounts import PlatformStore
from claimsvc.store.limits import (
    DAILY_OK,
    DAILY_PLATFORM_FULL,
    DAILY_VENDOR_FULL,
    LimitStore,
)
from claimsvc.store.mongo import DuplicateKeyError
from claimsvc.store.sessions import SessionStore


@dataclass(frozen=True)
class Opened:
    """An initialize result: the session answer, and whether this call created it."""

    created: bool
    body: dict[str, Any]


class CheckoutService:
    """The initialize use-case."""

    def __init__(
        self,
        sessions: SessionStore,
        platform: PlatformStore,
        limits: LimitStore,
        clock: Clock,
        public_base_url: str,
    ) -> None:
        self._sessions = sessions
        self._platform = platform
        self._limits = limits
        self._clock = clock
        self._base_url = public_base_url

    async def ensure_open(self) -> dict[str, Any]:
        """503 while the platform is in maintenance; the platform settings otherwise."""
        platform = await self._platform.get(cached=True)
        if platform["maintenance"]:
            raise errors.Maintenance()
        return platform

    @staticmethod
    def check_urls(account: dict[str, Any], body: dict[str, Any]) -> None:
        """400 with the first URL rule broken, in field order."""
        for name in checkout.URL_FIELDS:
            problem = check_url(body.get(name), account["allowed_hosts"], name)
            if problem:
                raise errors.UrlRejected(problem)

    async def initialize(
        self, account: dict[str, Any], req: checkout.InitializeRequest, platform: dict[str, Any]
    ) -> Opened:
        """Replay the order's session, or create it within the fee ceiling and daily limits."""
        existing = await self._sessions.find_by_order(account["_id"], req.order_id)
        if existing is not None:
            return self._replay(existing, req)
        if fee_blocked(account):
            raise errors.PlatformFeeDue()
        now = self._clock()
        # Counted once per order: concurrent first calls of one order share one reservation,
        # so the last slot of the day never turns their replays into 429s.
        counted = await self._reserve_daily(account, req.order_id, platform, now)
        session = checkout.new_session(account["_id"], req, now)
        try:
            await self._sessions.insert(session)
        except DuplicateKeyError:
            # A concurrent first call won the unique index; the order's one count is its.
            winner = await self._sessions.find_by_order(account["_id"], req.order_id)
            if winner is None:  # the conflict was another unique key; never expected
                await self._release(account, req, counted, platform, now)
                raise
            return self._replay(winner, req)
        except Exception:
            stored = await self._stored_despite_error(account, req, counted, platform, now)
            if stored is None or stored["_id"] != session["_id"]:
                raise
        SESSIONS_CREATED.inc()
        return Opened(created=True, body=checkout.session_view(session, self._base_url))

    async def _stored_despite_error(
        self,
        account: dict[str, Any],
        req: checkout.InitializeRequest,
        counted: bool,
        platform: dict[str, Any],
        now: Any,
    ) -> dict[str, Any] | None:
        """After a failed insert: the order's session if the insert was made after all (a
        primary stepping down can lose the reply of a write it applied), else None, and the
        day's allowance is given back only when the order has surely no session."""
        try:
            stored = await self._sessions.find_by_order(account["_id"], req.order_id)
        except Exception:
            # Unknown: keep the count; a retry of this order reuses it (already counted).
            return None
        if stored is None:
            await self._release(account, req, counted, platform, now)
        return stored

    async def _release(
        self,
        account: dict[str, Any],
        req: checkout.InitializeRequest,
        counted: bool,
        platform: dict[str, Any],
        now: Any,
    ) -> None:
        if counted:
            await self._limits.release_daily(
                account["_id"], req.order_id, platform.get("daily_limit"), now
            )

    def _replay(self, existing: dict[str, Any], req: checkout.InitializeRequest) -> Opened:
        conflicts = checkout.replay_conflicts(existing, req)
        if conflicts:
            raise errors.OrderConflict(details=conflicts)
        return Opened(created=False, body=checkout.session_view(existing, self._base_url))

    async def _reserve_daily(
        self, account: dict[str, Any], order_id: str, platform: dict[str, Any], now: Any
    ) -> bool:
        """Count the order in today's allowance; False when a concurrent call already did."""
        outcome = await self._limits.reserve_daily(
            account["_id"], order_id, account.get("daily_limit"), platform.get("daily_limit"), now
        )
        if outcome == DAILY_VENDOR_FULL:
            DAILY_LIMIT_REJECTIONS.labels(scope="vendor").inc()
            raise errors.VendorDailyLimit()
        if outcome == DAILY_PLATFORM_FULL:
            DAILY_LIMIT_REJECTIONS.labels(scope="platform").inc()
            raise errors.PlatformDailyLimit()
        return outcome == DAILY_OK
