"""The portal's payments pages: the account's sessions (search by order id or TrxID, filter by
status, older pages by cursor) and one session with its claim history, its transaction and its
webhook events. Read-only; every read is of the signed-in user's account."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from tornado.routing import URLSpec
from tornado.web import HTTPError

from claimsvc import errors
from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.words import Words
from claimsvc.domain import payments as pay
from claimsvc.domain import sessions as sm
from claimsvc.domain import settlement as st
from claimsvc.domain import test_payments as test_rules
from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.claims import TRX_ID
from claimsvc.domain.modes import LIVE, TEST, ledger_id
from claimsvc.domain.money import to_text
from claimsvc.domain.paging import is_cursor
from claimsvc.domain.sessions import Session
from claimsvc.domain.users import can
from claimsvc.services.payments import PaymentsService

LIST_PATH = "/portal/payments"
EVENT_PATH = "/portal/webhooks/events/{}"
"""The webhooks page's event (the hooks part's route)."""
TRANSACTIONS_PATH = "/portal/transactions"
DUE_SHOWN = 20
"""The most payments of a different amount the list page names at its top."""
FLASH = {
    st.ACCEPTED: "settle.accepted_flash",
    st.REFUND: "settle.refund_flash",
    st.LEFT: "settle.left_flash",
}


def shown_status(session: Session, now: Any) -> str:
    """The status a reader is told: an open session past its deadline is EXPIRED already."""
    return sm.EXPIRED if sm.is_overdue(session, now) else session.status


@dataclass(frozen=True)
class Query:
    """The list page's query string as read: what to show, or the words key of its problem."""

    search: pay.Search | None = None
    status: str | None = None
    cursor: str | None = None
    problem: str | None = None


class PaymentsPage(PortalHandler):
    """Both pages read through the payments service with the user's account id."""

    permission = "payments"

    @property
    def payments(self) -> PaymentsService:
        service: PaymentsService = self.services.payments
        return service

    def shown(self, session: Session) -> str:
        return shown_status(session, self.deps.clock())

    def may(self, permission: str) -> bool:
        return can(self.user.role, permission)


class PaymentsHandler(PaymentsPage):
    route_name = "portal_payments"

    async def get(self) -> None:
        text, query = self._read_query()
        ns: dict[str, Any] = {"q": text, "status_filter": query.status, "problem": query.problem}
        ns.update(sessions=[], transactions=[], next_cursor=None, searched=False)
        if query.problem is None and query.search is not None:
            found = await self.payments.search(self.ledger, query.search)
            sessions = [s for s in found.sessions if query.status in (None, s.status)]
            ns.update(sessions=sessions, transactions=found.transactions, searched=True)
        elif query.problem is None:
            listed = await self.payments.list(self.ledger, query.status, query.cursor)
            ns.update(sessions=listed.items, next_cursor=listed.next_cursor)
        ns.update(statuses=pay.SESSION_STATUSES, cursor=query.cursor, shown=self.shown)
        ns.update(orders={s.id: s.order_id for s in ns["sessions"]})
        ns.update(differing=await self.services.settlement.due(self.ledger, DUE_SHOWN))
        title = Words(self.lang)("payments.title")
        self.render_portal("payments.html", 400 if query.problem else 200, title=title, **ns)

    def _read_query(self) -> tuple[str, Query]:
        """The search text as given, and what the query string asks for."""
        try:
            text = self.get_query_argument("q", "") or ""
        except HTTPError:  # not UTF-8: Tornado refuses to decode it
            return "", Query(problem="payments.bad_search")
        return text, self._parse(text)

    def _parse(self, text: str) -> Query:
        try:
            search = pay.parse_search(text)
        except pay.SearchProblem:
            return Query(problem="payments.bad_search")
        try:
            status = pay.parse_status(self.get_query_argument("status", None))
            cursor = self.get_query_argument("cursor", None) or None
        except (pay.SearchProblem, HTTPError):
            return Query(search, problem="payments.bad_status")
        if cursor is not None and not is_cursor(cursor):
            return Query(search, status, problem="payments.bad_cursor")
        return Query(search, status, cursor)


class PaymentHandler(PaymentsPage):
    route_name = "portal_payment"

    async def get(self, session_id: str) -> None:
        detail = await self.payments.detail(self.user.account_id, session_id.lower())
        self._mode = TEST if detail.session.test else LIVE  # the page shows the session's data
        self.render_portal(
            "payment.html",
            title=f"{Words(self.lang)('payment.title')} {detail.session.order_id}",
            detail=detail,
            session=detail.session,
            state=self.shown(detail.session),
            event_link=self._event_link,
            confirm_link=TRANSACTIONS_PATH if self.may("confirm") else None,
            differing=await self.services.settlement.view(detail.session),
            may_settle=self.may("confirm"),
            sent=self._sent(detail.session) if detail.session.test else None,
            outcomes=test_rules.OUTCOMES,
            providers=PROVIDERS,
        )

    def _sent(self, session: Session) -> SentNote | None:
        """The test payment the redirect after making one names, if its query is well formed."""
        outcome = self.get_query_argument("sent", None)
        trx_id = self.get_query_argument("trx", None) or ""
        provider = self.get_query_argument("provider", None)
        if outcome not in test_rules.OUTCOMES or provider not in PROVIDERS:
            return None
        if not TRX_ID.fullmatch(trx_id):
            return None
        amount = test_rules.sms_amount(outcome, session.amount_poisha)
        read = self.get_query_argument("read", None) == "1"
        return SentNote(outcome, str(provider), trx_id, amount, read)

    def _event_link(self, event_id: int) -> str | None:
        return EVENT_PATH.format(event_id) if self.may("webhooks") else None


class SettleHandler(PaymentsPage):
    """Settle a payment of another amount than the order's (owners and staff, who may confirm
    payments by hand): accept it, mark it to be refunded by hand, or leave it. Audited; answers
    303 to the payment's page, so a reload settles nothing twice."""

    permission = "confirm"
    route_name = "portal_payment_settle"

    async def post(self, session_id: str) -> None:
        session_id = session_id.lower()
        action = self.form("action") or ""
        transaction_id = self.form("transaction_id") or ""
        back = f"{LIST_PATH}/{session_id}"
        try:
            done = await self.services.settlement.settle(
                self.user.account_id, session_id, transaction_id, action, self.user.email
            )
        except errors.SettleRefused as refused:
            self.see_other(back, f"settle.{refused.problem}")
            return
        if done.repeated:
            self.see_other(back, "settle.repeated_flash")
            return
        decided = st.ACTIONS[action]
        paid = done.session.mismatch.paid_poisha if done.session.mismatch else 0
        await self.audit(
            "payment.settle",
            session_id,
            decision=decided,
            trx_id=done.session.mismatch.trx_id if done.session.mismatch else "",
            order_amount=to_text(done.session.amount_poisha),
            paid_amount=to_text(paid),
        )
        self.see_other(back, FLASH[decided])


@dataclass(frozen=True)
class SentNote:
    """What the page says of the test payment just made."""

    outcome: str
    provider: str
    trx_id: str
    amount_poisha: int
    read: bool


class TestPaymentHandler(PaymentsPage):
    """POST: make a test payment arrive for a test session of the account, then its page."""

    route_name = "portal_test_payment"

    async def post(self, session_id: str) -> None:
        body: dict[str, str | None] = {"session_id": session_id, "outcome": self.form("outcome")}
        for name in ("provider", "trx_id"):
            body[name] = self.form(name) or None
        try:
            req = test_rules.parse_request(body)
        except ValueError:
            raise errors.InvalidBody() from None
        ledger = ledger_id(self.account.id, TEST)
        paid = await self.services.test_payments.pay(ledger, req, test_rules.WAIT_S)
        await self.audit("test_payment.make", f"session:{paid.session_id}", outcome=paid.outcome)
        query = urlencode(
            {
                "sent": paid.outcome,
                "trx": paid.trx_id,
                "provider": paid.provider,
                "read": "1" if paid.processed else "0",
            }
        )
        self.see_other(f"{LIST_PATH}/{paid.session_id}?{query}")


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        URLSpec(LIST_PATH, PaymentsHandler, kw, name="portal_payments"),
        URLSpec(LIST_PATH + r"/([^/]{1,64})/settle", SettleHandler, kw),
        URLSpec(
            LIST_PATH + r"/([^/]{1,64})/test-payment",
            TestPaymentHandler,
            kw,
            name="portal_test_payment",
        ),
        URLSpec(LIST_PATH + r"/([^/]{1,64})", PaymentHandler, kw, name="portal_payment"),
    ]
