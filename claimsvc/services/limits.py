"""Request rate limits, as the handlers ask for them."""

from __future__ import annotations

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.accounts import AccountTerms
from claimsvc.domain.client_address import limit_subject
from claimsvc.domain.limits import RateDecision
from claimsvc.domain.sessions import Session
from claimsvc.metrics import RATE_LIMITED
from claimsvc.store.accounts import AccountStore
from claimsvc.store.admission import MISS, AdmissionStore
from claimsvc.store.admission import RATE_LIMITED as OVER_RATE
from claimsvc.store.limits import LimitStore


def refuse(scope: str, decision: RateDecision, error: errors.ServiceError) -> None:
    """Count the refusal under `scope` and raise `error` with the RateLimit headers."""
    RATE_LIMITED.labels(scope=scope).inc()
    error.headers.update(decision.headers())
    raise error


class LimitService:
    """Buyer calls: per address and per session (merchant keys: services/auth.py)."""

    def __init__(
        self, store: LimitStore, admission: AdmissionStore, accounts: AccountStore, clock: Clock
    ) -> None:
        self._store = store
        self._admission = admission
        self._accounts = accounts
        self._clock = clock

    async def _hit(
        self, scope: str, subject: str, limit: int, error: errors.ServiceError
    ) -> RateDecision:
        decision = await self._store.hit(scope, subject, limit, self._clock())
        if not decision.allowed:
            refuse(scope.split(":")[0], decision, error)
        return decision

    async def admit_buyer(
        self,
        address: str,
        session: Session,
        per_address: int,
        per_session: int,
        error: errors.ServiceError,
    ) -> AccountTerms | None:
        """A buyer's call on a known session (no key): limited per client address on the
        session's account, then per session, in one script that also reads what the call needs
        of the account (its request view; None when the account no longer exists). A missing
        Redis entry is a miss: the account is read from MongoDB and the script run with it."""
        # A test session is limited on its account's counters, as a live one.
        account_id, now = session.owner_id, self._clock()
        address = limit_subject(address)
        per_minute = (per_address, per_session)
        admission = await self._admission.admit_buyer(
            account_id, address, session.id, per_minute, now
        )
        if admission.outcome == MISS:
            account = await self._accounts.get(account_id)
            if account is None:
                return None
            admission = await self._admission.admit_buyer(
                account_id, address, session.id, per_minute, now, account
            )
        if admission.outcome == OVER_RATE:
            assert admission.rate is not None
            refuse("buyer", admission.rate, error)
        return admission.account

    async def check_address(
        self, address: str, per_address: int, error: errors.ServiceError
    ) -> None:
        """A buyer's call on an unknown session: limited per client address alone, over every
        account (a flood of made-up session ids costs one lookup each, then this)."""
        await self._hit("buyer:ip", limit_subject(address), per_address, error)

    async def check_reader(self, address: str, limit: int, error: errors.ServiceError) -> None:
        """Public session reads (the page polls them): limited per client address only."""
        await self._hit("buyer:read", limit_subject(address), limit, error)

    async def check_link_opener(self, address: str, limit: int) -> None:
        """Opening a payment link (no key), per client address, before the link is looked up."""
        await self._hit("pay:ip", limit_subject(address), limit, errors.BuyerRateLimited())

    async def check_link_opened(self, link_id: str, limit: int) -> None:
        """Opening one payment link, from all addresses together: many addresses cannot open
        its sessions without bound either."""
        await self._hit("pay:link", link_id, limit, errors.BuyerRateLimited())
