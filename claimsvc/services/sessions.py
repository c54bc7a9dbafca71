"""Moving sessions through the state machine: every transition is one conditional update, and
every terminal one marks its webhook event as owed in that same update (the outbox relay writes
it: services/outbox.py). Also cancel, expiry and the public read."""

from __future__ import annotations

import logging
from dataclasses import replace

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import claims, settlement
from claimsvc.domain import sessions as sm
from claimsvc.domain.alerts import owed_by
from claimsvc.domain.claims import Step
from claimsvc.domain.sessions import PublicSession, Session
from claimsvc.metrics import SESSIONS_ENDED, SESSIONS_SWEPT
from claimsvc.services.worker_wake import WakeHook, no_wake, wake_quietly
from claimsvc.store.accounts import AccountStore
from claimsvc.store.links import LinkStore
from claimsvc.store.sessions import SessionStore

log = logging.getLogger("claimsvc.sessions")

MAX_ROUNDS = 8
"""Re-reads after a transition was refused. Each refusal means the session moved on, and a
session moves on only a few times (open, pending, terminal), so this bound is never reached."""


class Contention(RuntimeError):
    """A session kept changing under a request beyond MAX_ROUNDS (a bug, answered 500)."""


class SessionService:
    """The state machine applied to stored sessions."""

    def __init__(
        self,
        sessions: SessionStore,
        accounts: AccountStore,
        clock: Clock,
        links: LinkStore | None = None,
    ) -> None:
        self._sessions = sessions
        self._accounts = accounts
        self._clock = clock
        self._links = links
        self.on_owed: WakeHook = no_wake
        """Called after a transition left work owed (its webhook event, an alert): bootstrap
        wakes the worker's outbox relay and alert pass with it (store/wake.py)."""
        self.on_deadline_moved: WakeHook = no_wake
        """Called after a transition moved an open session's deadline earlier (a pending claim
        released: 24 h less): bootstrap wakes the worker's sweeper with it (store/wake.py)."""

    async def find(self, session_id: str) -> Session | None:
        """The session, or None when unknown."""
        return await self._sessions.get(session_id)

    async def load(self, session_id: str, account_id: str | None = None) -> Session:
        """The session; NOT_FOUND when unknown or (given an account) another account's."""
        session = await self._sessions.get(session_id)
        if session is None or account_id not in (None, session.account_id):
            raise errors.SessionNotFound()
        return session

    async def apply(self, session_id: str, step: sm.Transition) -> Session | None:
        """Apply one transition (a terminal one owes its event from then on). None if refused."""
        after = await self._sessions.transition(session_id, step)
        if after is None:
            return None
        if step.terminal and not after.test:
            SESSIONS_ENDED.labels(status=after.status).inc()
            log.info(
                "session ended",
                extra={"fields": {"payment_id": after.payment_id, "status": after.status}},
            )
        if step.terminal or owed_by(step):
            await wake_quietly(self.on_owed, log)
        if step.releases and not step.terminal:
            await wake_quietly(self.on_deadline_moved, log)
        return after

    async def cancel(self, session_id: str, account_id: str | None = None) -> Session:
        """Cancel an open session: the cancelled session (also when repeated), else the state's
        outcome raised."""
        for _ in range(MAX_ROUNDS):
            session = await self.load(session_id, account_id)
            now = self._clock()
            decision = claims.decide_cancel(session, now)
            if decision.step in (Step.ANSWER_CANCELLED, Step.REFUSE):
                if decision.error is not None:
                    raise decision.error()
                return session
            if decision.step is Step.EXPIRE:
                if await self.apply(session_id, sm.expire(now)) is not None:
                    raise errors.SessionExpired()
            elif (after := await self.apply(session_id, sm.cancel(now))) is not None:
                return after
        raise Contention(f"cancel kept being refused after {MAX_ROUNDS} rounds")

    async def expire_overdue(self, limit: int) -> tuple[int, int]:
        """Expire one batch of overdue sessions: (sessions found, sessions expired)."""
        now = self._clock()
        batch = await self._sessions.find_overdue(now, limit)
        expired = 0
        for session in batch:
            # Refused means a claim or cancel ended it first, and that one owes the event.
            if await self.apply(session.id, sm.expire(now)) is not None:
                expired += 1
        SESSIONS_SWEPT.inc(expired)
        return len(batch), expired

    async def until_next_deadline(self) -> float | None:
        """Seconds until the next open session falls due (0 if one is overdue already), None
        when none is open: the sweeper sleeps that long."""
        deadline = await self._sessions.next_deadline()
        if deadline is None:
            return None
        return max(0.0, (deadline - self._clock()).total_seconds())

    async def public(self, session_id: str, *, described: bool = False) -> PublicSession:
        """The hosted page's read of a session (no key: the session id authorises); with
        `described`, what a payment link's session is for (one more read, for the page)."""
        session = await self.load(session_id)
        account = await self._accounts.get(session.owner_id)
        if account is None:
            raise errors.SessionNotFound()
        public = sm.public_session(session, account, self._clock())
        description = None
        if described and session.link_id and self._links is not None:
            link = await self._links.get(session.account_id, session.link_id)
            description = link.description if link else None
        return replace(
            public,
            amount_note=settlement.buyer_note(session),
            other_wallet=claims.other_wallet_note(session),
            description=description,
        )
