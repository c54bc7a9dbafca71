"""Payment links: create, list, read, disable and count them (scoped to an account), and open
one for a buyer through initialize's own path (services/checkout.py).

A single-use link goes through numbered attempts, one session each, keyed by the order id of
the attempt (the sessions' unique (account, order) index): everyone opening the link meanwhile
gets the attempt's one session; a new attempt begins only once that session has ended without a
payment, by one conditional update of the link. So at most one session of the link is ever
open, and at most one ever completes (docs/decisions.md, "Portal: payment links (issue 16)").
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass, replace

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import links as rules
from claimsvc.domain import sessions as sm
from claimsvc.domain.accounts import AccountTerms, is_active
from claimsvc.domain.checkout import InitializeRequest
from claimsvc.domain.idempotency import REPLAY_WINDOW, Idempotency, replays
from claimsvc.domain.links import LinkTotals, LinkView, NewLink, PaymentLink
from claimsvc.domain.platform import Platform
from claimsvc.domain.sessions import PublicSession, Session
from claimsvc.domain.urls import check_url
from claimsvc.services.checkout import CheckoutService
from claimsvc.services.limits import LimitService
from claimsvc.services.sessions import SessionService
from claimsvc.settings import Settings
from claimsvc.store.accounts import AccountStore
from claimsvc.store.links import LinkStore
from claimsvc.store.mongo import DuplicateKeyError
from claimsvc.store.paging import Page
from claimsvc.store.sessions import SessionStore

log = logging.getLogger("claimsvc.links")

MAX_ROUNDS = 8
"""Re-reads while opening a single-use link: each round follows one session's end or another
request's move, so this bound is never reached."""


@dataclass(frozen=True)
class BuyerLink:
    """What the public page shows of a link: its shop, the link, and whether it can be paid."""

    merchant: str
    link: PaymentLink
    state: str


@dataclass(frozen=True)
class LinkResult:
    """What the result page shows of a session opened from a link."""

    session: PublicSession
    payment_id: str
    slug: str | None
    """The link's slug, to start again; None when the link is gone."""


class LinkService:
    """Payment links of one account at a time, and their opening by buyers."""

    def __init__(
        self,
        links: LinkStore,
        sessions: SessionStore,
        machine: SessionService,
        checkout: CheckoutService,
        accounts: AccountStore,
        limits: LimitService,
        clock: Clock,
        settings: Settings,
    ) -> None:
        self._links = links
        self._sessions = sessions
        self._machine = machine
        self._checkout = checkout
        self._accounts = accounts
        self._limits = limits
        self._clock = clock
        self._settings = settings

    # The merchant's side (API and portal) ------------------------------------------------------

    async def create_once(
        self, account: AccountTerms, req: NewLink | errors.ServiceError, key: Idempotency
    ) -> tuple[LinkView, bool]:
        """`create` under an Idempotency-Key: the link the key made within its replay window
        (and True: a replay) when the request is the same, IdempotencyKeyReused when it is
        not; else a new link holding the key (False). `req` an error: the body was invalid,
        which only a request no key has answered yet is told. The unique index on the key decides
        between concurrent first requests; the loser answers with the winner's link."""
        for _ in range(MAX_ROUNDS):
            first = await self._links.by_idempotency_key(key.scope)
            now = self._clock()
            if first is not None and not replays(first.created_at, now):
                await self._links.release_idempotency_key(first.id, key.scope, now - REPLAY_WINDOW)
                continue
            if first is not None:
                if first.idempotency_digest != key.digest:
                    raise errors.IdempotencyKeyReused()
                return await self._with_totals(first), True
            if isinstance(req, errors.ServiceError):
                raise req
            try:
                return await self.create(account, req, key), False
            except DuplicateKeyError:
                continue  # a concurrent first request won: answer with its link
        raise RuntimeError(f"idempotency key kept moving after {MAX_ROUNDS} rounds")

    async def create(
        self, account: AccountTerms, req: NewLink, key: Idempotency | None = None
    ) -> LinkView:
        """A new active link; 400 when its expiry is past or its webhook_url breaks a URL rule.
        With `key`, the link holds it (DuplicateKeyError: another link holds it already)."""
        problem = rules.expiry_problem(req.expires_at, self._clock())
        if problem:
            raise errors.InvalidBody(details=[problem])
        if req.webhook_url is not None:
            problem = check_url(req.webhook_url, account.allowed_hosts, "webhook_url")
            if problem:
                raise errors.UrlRejected(problem)
        link = rules.new_link(account.id, req, self._clock())
        if key is not None:
            link = replace(link, idempotency_key=key.scope, idempotency_digest=key.digest)
        await self._links.insert(link)
        log.info("payment link created", extra={"fields": {"link": link.id}})
        return self._view(link, LinkTotals())

    async def list(self, account_id: str, cursor: str | None, limit: int | None) -> Page[LinkView]:
        """A page of the account's links, newest first, each with its totals."""
        found = await self._links.list(account_id, cursor, limit)
        totals = await self._sessions.link_totals(account_id, [k.id for k in found.items])
        return found.map(lambda k: self._view(k, LinkTotals(*totals.get(k.id, (0, 0)))))

    async def get(self, account_id: str, link_id: str) -> LinkView:
        """The account's link with its totals; 404 for an unknown or another account's id."""
        link = await self._links.get(account_id, link_id)
        if link is None:
            raise errors.NotFound()
        return await self._with_totals(link)

    async def disable(self, account_id: str, link_id: str) -> LinkView:
        """Disable the link (again: no change); 404 as `get`. Open sessions may still be paid."""
        link = await self._links.disable(account_id, link_id, self._clock())
        if link is None:
            raise errors.NotFound()
        log.info("payment link disabled", extra={"fields": {"link": link.id}})
        return await self._with_totals(link)

    async def _with_totals(self, link: PaymentLink) -> LinkView:
        totals = await self._sessions.link_totals(link.account_id, [link.id])
        return self._view(link, LinkTotals(*totals.get(link.id, (0, 0))))

    def _view(self, link: PaymentLink, totals: LinkTotals) -> LinkView:
        return LinkView(link, totals, rules.link_url(self._settings.public_base_url, link.slug))

    # The buyer's side (/pay) --------------------------------------------------------------------

    async def preview(self, slug: str) -> BuyerLink:
        """The link as its page shows it; creates nothing (chat apps fetch links for previews).
        404 for an unknown slug or a link whose account is gone."""
        link = await self._by_slug(slug)
        account = await self._accounts.get(link.account_id)
        if account is None:
            raise errors.NotFound()
        paid = link.single_use and await self._attempt_paid(link)
        return BuyerLink(account.name, link, rules.buyer_state(link, self._clock(), paid))

    async def _attempt_paid(self, link: PaymentLink) -> bool:
        order_id = rules.attempt_order_id(link, link.attempt)
        session = await self._sessions.find_by_order(link.account_id, order_id)
        return session is not None and session.status == sm.COMPLETED

    async def open(self, slug: str, address: str, token: str | None) -> Session:
        """The session a buyer pays the link with, opened as initialize opens one (maintenance,
        account state, fee ceiling, daily limits, one session per order). Limited per client
        address and per link; 410 LinkUnavailable when the link cannot be paid."""
        s = self._settings
        await self._limits.check_link_opener(address, s.link_open_rate_per_ip)
        link = await self._by_slug(slug)
        await self._limits.check_link_opened(link.id, s.link_open_rate_per_link)
        platform = await self._checkout.ensure_open()
        account = await self._accounts.get(link.account_id)
        if account is None:
            raise errors.NotFound()
        # The rule initialize's admission script applies to a key's account (store/admission.py).
        if not is_active(account):
            raise errors.VendorNotActive()
        if account.archived:
            raise errors.BrandArchived()
        if not link.single_use:
            self._check_payable(link)
            token = token if token and rules.TOKEN_PATTERN.match(token) else None
            order_id = rules.reusable_order_id(link, token or rules.new_open_token())
            return await self._initialize(link, account, platform, order_id)
        return await self._open_single(link, account, platform)

    def _check_payable(self, link: PaymentLink) -> None:
        state = rules.buyer_state(link, self._clock(), paid=False)
        if state != rules.PAYABLE:
            raise errors.LinkUnavailable(state)

    async def _open_single(
        self, link: PaymentLink, account: AccountTerms, platform: Platform
    ) -> Session:
        """The current attempt's session: the open one, or a new one once the last ended unpaid."""
        for _ in range(MAX_ROUNDS):
            self._check_payable(link)
            order_id = rules.attempt_order_id(link, link.attempt)
            session = await self._sessions.find_by_order(account.id, order_id)
            if session is None:
                return await self._initialize(link, account, platform, order_id)
            if session.link_id != link.id:
                raise errors.LinkOrderTaken()
            if session.status == sm.COMPLETED:
                raise errors.LinkUnavailable(rules.USED)
            now = self._clock()
            if session.status == sm.OPEN and not sm.is_overdue(session, now):
                return session
            if session.status == sm.OPEN:
                # Ended for good before a new attempt begins (the sweeper may not have come by).
                await self._machine.apply(session.id, sm.expire(now))
            else:
                await self._links.next_attempt(link.id, link.attempt)
            link = await self._by_slug(link.slug)
        raise RuntimeError(f"single-use link kept changing after {MAX_ROUNDS} rounds")

    async def _initialize(
        self, link: PaymentLink, account: AccountTerms, platform: Platform, order_id: str
    ) -> Session:
        """Open (or replay) the order's session through initialize's own path."""
        session_id = str(uuid.uuid4())
        back = rules.result_url(self._settings.public_base_url, session_id)
        req = InitializeRequest(
            order_id=order_id,
            amount_poisha=link.amount_poisha,
            success_url=back,
            cancel_url=back,
            webhook_url=link.webhook_url or "",
            session_id=session_id,
            link_id=link.id,
        )
        try:
            session = (await self._checkout.initialize(account, req, platform)).session
        except errors.OrderConflict:
            # Another opener of the same order won (its session has its own result address).
            found = await self._sessions.find_by_order(account.id, order_id)
            if found is None:
                raise
            session = found
        if session.link_id != link.id:
            raise errors.LinkOrderTaken()
        return session

    async def result(self, session_id: str) -> LinkResult:
        """The state of a session opened from a link, for its result page; 404 otherwise."""
        session = await self._sessions.get(session_id)
        if session is None or session.link_id is None:
            raise errors.NotFound()
        account = await self._accounts.get(session.account_id)
        if account is None:
            raise errors.NotFound()
        link = await self._links.get(session.account_id, session.link_id)
        public = sm.public_session(session, account, self._clock())
        return LinkResult(public, session.payment_id, None if link is None else link.slug)

    async def _by_slug(self, slug: str) -> PaymentLink:
        link = await self._links.by_slug(slug) if rules.SLUG_PATTERN.match(slug) else None
        if link is None:
            raise errors.NotFound()
        return link
