"""Opening checkout sessions: idempotent on order_id, within the fee ceiling and daily limits.

The steady path is one Redis script (key, account, rate limit, the order's place in the day;
services/auth.py) and one MongoDB insert. A replay of today's order is found counted by the
script and costs one read instead. Everything else (a full day, fees above the ceiling, the
platform limit, a replay of an older order) takes the extra round trips it needs.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import checkout
from claimsvc.domain.accounts import AccountTerms, fee_blocked, hosts_digest
from claimsvc.domain.limits import dhaka_day
from claimsvc.domain.modes import LIVE, is_test
from claimsvc.domain.platform import Platform
from claimsvc.domain.sessions import Session
from claimsvc.domain.urls import check_url
from claimsvc.metrics import DAILY_LIMIT_REJECTIONS, SESSIONS_CREATED
from claimsvc.services.auth import Admitted, AuthService
from claimsvc.store.accounts import PlatformStore
from claimsvc.store.admission import (
    DAY_COUNTED,
    DAY_FEE_BLOCKED,
    DAY_HOSTS_CHANGED,
    DAY_NOT_ASKED,
    DAY_VENDOR_FULL,
    AdmissionStore,
)
from claimsvc.store.mongo import DuplicateKeyError
from claimsvc.store.sessions import SessionStore

HOSTS_REMEMBERED = 10_000
"""Accounts whose allowed hosts this process remembers, to check URLs before the script."""


@dataclass(frozen=True)
class Opened:
    """An initialize result: the order's session, where the buyer pays it, and whether this
    call created it."""

    created: bool
    session: Session
    checkout_url: str


@dataclass(frozen=True)
class _Counted:
    """Which day counters this call counted the order in (given back if it creates nothing)."""

    vendor: bool
    platform: bool


class CheckoutService:
    """The initialize use-case."""

    def __init__(
        self,
        sessions: SessionStore,
        platform: PlatformStore,
        admission: AdmissionStore,
        auth: AuthService,
        clock: Clock,
        public_base_url: str,
    ) -> None:
        self._sessions = sessions
        self._platform = platform
        self._admission = admission
        self._auth = auth
        self._clock = clock
        self._base_url = public_base_url
        # Per account: its allowed hosts as last seen, and their digest (hosts_digest).
        self._hosts: OrderedDict[str, tuple[tuple[str, ...], str]] = OrderedDict()

    async def ensure_open(self) -> Platform:
        """503 while the platform is in maintenance; the platform settings otherwise."""
        platform = await self._platform.get(cached=True)
        if platform.maintenance:
            raise errors.Maintenance()
        return platform

    @staticmethod
    def url_problem(allowed_hosts: tuple[str, ...], body: dict[str, Any]) -> str | None:
        """The first URL rule the body breaks, in field order; None when all hold."""
        for name in checkout.URL_FIELDS:
            problem = check_url(body.get(name), allowed_hosts, name)
            if problem:
                return problem
        return None

    def check_urls(self, account: AccountTerms, body: dict[str, Any]) -> None:
        """400 with the first URL rule broken, in field order."""
        problem = self.url_problem(account.allowed_hosts, body)
        if problem:
            raise errors.UrlRejected(problem)

    async def admit(self, raw_key: str | None, body: dict[str, Any] | None) -> Admitted:
        """Key, account state, rate limit; and, for a valid body whose URLs pass the hosts
        this process last saw for the account, the order's place in today's allowance."""
        ref = await self._auth.resolve(raw_key)
        seen = self._hosts.get(ref.account_id)
        order_id, digest = None, ""
        counts = ref.mode == LIVE  # test sessions take no place in the day's allowance
        if counts and body is not None and seen is not None and not self.url_problem(seen[0], body):
            # The script counts the order only if these are still the account's hosts.
            order_id, digest = body["order_id"], seen[1]
        admitted = await self._auth.admit(
            ref, "initialize", must_pay=True, order_id=order_id, hosts_digest=digest
        )
        hosts = admitted.caller.account.allowed_hosts
        if seen is None or seen[0] != hosts:
            seen = (hosts, hosts_digest(hosts))
        self._hosts[ref.account_id] = seen
        self._hosts.move_to_end(ref.account_id)
        if len(self._hosts) > HOSTS_REMEMBERED:
            self._hosts.popitem(last=False)
        return admitted

    async def initialize(
        self,
        account: AccountTerms,
        req: checkout.InitializeRequest,
        platform: Platform,
        day: int = DAY_NOT_ASKED,
    ) -> Opened:
        """Replay the order's session, or create it within the fee ceiling and daily limits.

        `day` is what the admission script did about the order's place in today's allowance.
        """
        now = self._clock()
        if is_test(account.id):
            return await self._open_test(account, req, now)
        if day in (DAY_NOT_ASKED, DAY_HOSTS_CHANGED):
            day = await self._admission.reserve_day(account.id, req.order_id, account, now)
        if day != DAY_COUNTED:
            # Already counted (a replay of today's order, or a concurrent first call holds
            # the count), or refused: the order's session, if any, is the answer.
            existing = await self._sessions.find_by_order(account.id, req.order_id)
            if existing is not None:
                return self._replay(existing, req)
            if day == DAY_FEE_BLOCKED or fee_blocked(account):
                raise errors.PlatformFeeDue()
            if day == DAY_VENDOR_FULL:
                DAILY_LIMIT_REJECTIONS.labels(scope="vendor").inc()
                raise errors.VendorDailyLimit()
            return await self._create(account, req, now, _Counted(vendor=False, platform=False))
        limit = platform.daily_limit
        counted = _Counted(vendor=True, platform=limit is not None)
        if limit is not None and not await self._admission.reserve_platform_day(limit, now):
            await self._admission.release_day(account.id, req.order_id, now)
            existing = await self._sessions.find_by_order(account.id, req.order_id)
            if existing is not None:
                return self._replay(existing, req)
            DAILY_LIMIT_REJECTIONS.labels(scope="platform").inc()
            raise errors.PlatformDailyLimit()
        return await self._create(account, req, now, counted)

    async def _open_test(
        self, account: AccountTerms, req: checkout.InitializeRequest, now: datetime
    ) -> Opened:
        """A test key's session, in the test ledger: never money, so no daily limit, platform
        limit or fee ceiling counts it or stops it (docs/decisions.md, "Test mode")."""
        existing = await self._sessions.find_by_order(account.id, req.order_id)
        if existing is not None:
            return self._replay(existing, req)
        return await self._create(account, req, now, _Counted(vendor=False, platform=False))

    async def _create(
        self,
        account: AccountTerms,
        req: checkout.InitializeRequest,
        now: datetime,
        counted: _Counted,
    ) -> Opened:
        """Insert the session; on the order's unique index, answer the session that won."""
        session = checkout.new_session(account.id, req, now)
        try:
            await self._sessions.insert(session)
        except DuplicateKeyError:
            winner = await self._sessions.find_by_order(account.id, req.order_id)
            if winner is None:  # the conflict was another unique key; never expected
                await self._release(account.id, req.order_id, counted, now)
                raise
            if dhaka_day(winner.created_at) != dhaka_day(now):
                # A replay of an order of an earlier day: its count is that day's, not today's.
                await self._release(account.id, req.order_id, counted, now)
            # Otherwise a concurrent first call created it today: the order's one count is its.
            return self._replay(winner, req)
        except Exception:
            stored = await self._stored_despite_error(account.id, req.order_id, counted, now)
            if stored is None or stored.id != session.id:
                raise
        if not session.test:
            SESSIONS_CREATED.inc()
        return self._opened(True, session)

    async def _stored_despite_error(
        self, account_id: str, order_id: str, counted: _Counted, now: datetime
    ) -> Session | None:
        """After a failed insert: the order's session if the insert was made after all (a
        primary stepping down can lose the reply of a write it applied), else None, and the
        day's allowance is given back only when the order has surely no session."""
        try:
            stored = await self._sessions.find_by_order(account_id, order_id)
        except Exception:
            # Unknown: keep the count; a retry of this order reuses it (already counted).
            return None
        if stored is None:
            await self._release(account_id, order_id, counted, now)
        return stored

    async def _release(
        self, account_id: str, order_id: str, counted: _Counted, now: datetime
    ) -> None:
        if counted.vendor:
            await self._admission.release_day(account_id, order_id, now)
        if counted.platform:
            await self._admission.release_platform_day(now)

    def _replay(self, existing: Session, req: checkout.InitializeRequest) -> Opened:
        conflicts = checkout.replay_conflicts(existing, req)
        if conflicts:
            raise errors.OrderConflict(details=conflicts)
        return self._opened(False, existing)

    def _opened(self, created: bool, session: Session) -> Opened:
        return Opened(created, session, checkout.checkout_url(self._base_url, session.id))
