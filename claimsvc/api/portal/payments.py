"""The portal's payments pages: the account's sessions (search by order id or TrxID, filter by
status, older pages by cursor) and one session with its claim history, its transaction and its
webhook events; on that page, settling a payment of another amount (an action) and, for a test
session, making a test payment (an action). Every read is of the signed-in user's account."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlencode

from tornado.routing import URLSpec
from tornado.web import HTTPError

from claimsvc import errors
from claimsvc.api.portal.base import PortalAction, PortalHandler, PortalPage
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.portal.transactions import transaction_why
from claimsvc.api.routing import route
from claimsvc.api.words.wallets import brand_name
from claimsvc.domain import claims
from claimsvc.domain import payments as pay
from claimsvc.domain import sessions as sm
from claimsvc.domain import settlement as st
from claimsvc.domain import simulated_payments as test_rules
from claimsvc.domain.accounts import PROVIDERS, wallet_providers
from claimsvc.domain.claims import TRX_ID
from claimsvc.domain.modes import LIVE, TEST, ledger_id
from claimsvc.domain.sessions import ClaimAttempt, Session
from claimsvc.domain.users import can
from claimsvc.services.payments import PaymentsService

DUE_SHOWN = 20
"""The most payments of a different amount the list page names at its top."""

# The words of the domain's values these pages show, keyed by the domain's own tuples
# (tests/portal/test_payment_page.py holds each tuple to being covered).
CLAIM_OUTCOMES = {
    claims.COMPLETED: "payment.claim_completed",
    claims.PENDING: "payment.claim_pending",
    claims.FAILED: "payment.claim_failed",
    claims.DECIDED: "payment.claim_decided",
}
CLAIMED_BY = {
    claims.MERCHANT: "payment.by_merchant",
    claims.BUYER: "payment.by_buyer",
    claims.PERSON: "payment.by_person",
    claims.BALANCE_CHECK: "payment.by_balance_check",
    claims.OPERATOR: "payment.by_operator",
}
CLAIM_REASONS = {
    claims.NO_TRANSACTION: "payment.reason_no_transaction",
    claims.OTHER_WALLET: "payment.reason_other_wallet",
    claims.CONFIRMED_BY_HAND: "payment.reason_confirmed_by_hand",
    claims.CONFIRMED_BY_BALANCE: "payment.reason_confirmed_by_balance",
    claims.LEFT_AS_IS: "payment.reason_left_as_is",
    claims.NOT_GENUINE: "payment.reason_not_genuine",
    claims.NOT_FROM_BUYER: "payment.reason_not_from_buyer",
    claims.AMOUNT_DIFFERS: "payment.reason_amount_differs",
    claims.BEFORE_SESSION: "payment.reason_before_session",
    claims.OTHER_SESSION: "payment.reason_other_session",
    claims.TO_REFUND: "payment.reason_to_refund",
    sm.AMOUNT_ACCEPTED: "payment.reason_amount_accepted",
}
SETTLEMENTS = {
    st.ACCEPTED: "payment.settle_accepted",
    st.REFUND: "payment.settle_refund",
    st.LEFT: "payment.settle_left",
}
SETTLE_FLASH = {
    st.ACCEPTED: "payment.settle_accepted_flash",
    st.REFUND: "payment.settle_refund_flash",
    st.LEFT: "payment.settle_left_flash",
}
SETTLE_PROBLEMS = {
    st.NO_MISMATCH: "payment.settle_no_mismatch",
    st.DECIDED: "payment.settle_decided",
    st.ENDED: "payment.settle_ended",
    st.WAITING: "payment.settle_waiting_claim",
    st.USED: "payment.settle_used",
    st.NOT_GENUINE: "payment.settle_not_genuine",
    st.NOT_CONFIRMED: "payment.settle_not_confirmed",
}
TEST_OUTCOMES = {
    test_rules.PAID: "test_mode.outcome_paid",
    test_rules.WRONG_AMOUNT: "test_mode.outcome_wrong_amount",
    test_rules.LATE_SMS: "test_mode.outcome_late_sms",
    test_rules.HELD: "test_mode.outcome_held",
}


def shown_status(session: Session, now: datetime) -> str:
    """The status a reader is told: an open session past its deadline is EXPIRED already."""
    return sm.EXPIRED if sm.is_overdue(session, now) else session.status


@dataclass(frozen=True)
class SentNote:
    """What the page says of the test payment just made."""

    outcome: str
    provider: str
    trx_id: str
    amount_poisha: int
    read: bool


class PaymentsView(PortalHandler):
    """What the payments pages show, read through the payments service with the user's
    account: the list, and one payment with its settle and test payment forms."""

    permission = "payments"

    @property
    def payments(self) -> PaymentsService:
        service: PaymentsService = self.services.payments
        return service

    def shown(self, session: Session) -> str:
        return shown_status(session, self.deps.clock())

    def may(self, permission: str) -> bool:
        return can(self.user.role, permission)

    def claim_words(self, attempt: ClaimAttempt) -> str:
        """A claim's result, and why when it failed ("Failed: the amount differs"); a claim
        that named another wallet than its TrxID's says which ("this TrxID is a Nagad
        payment")."""
        outcome = CLAIM_OUTCOMES.get(attempt.outcome)
        shown = self.t(outcome) if outcome else attempt.outcome
        key = CLAIM_REASONS.get(attempt.reason or "")
        reason = self.t(key, wallet=brand_name(attempt.paid_with or "", self.t.lang)) if key else ""
        if attempt.paid_with and attempt.reason != claims.OTHER_WALLET:
            wallet = brand_name(attempt.paid_with, self.t.lang)
            reason = self.t("payment.reason_in_wallet", wallet=wallet, reason=reason)
        return f"{shown}: {reason}" if reason else shown

    def claimed_by(self, attempt: ClaimAttempt) -> str:
        """Who: the buyer, the merchant's server, the balance check, the operator, or the
        portal user by their email."""
        key = CLAIMED_BY.get(attempt.by)
        if key is None:
            return attempt.by
        return self.t(key, person=attempt.person or "")

    async def show_payment(
        self,
        session_id: str,
        status: int = 200,
        settle_form: FormErrors | None = None,
        test_form: FormErrors | None = None,
    ) -> None:
        """One payment's page; a settle or test payment form's problems shown on it (400)."""
        detail = await self.payments.detail(self.user.account_id, session_id.lower())
        session = detail.session
        self._mode = TEST if session.test else LIVE  # the page shows the session's data
        may_webhooks = self.may("webhooks")
        self.render_portal(
            "payment.html",
            status,
            title=f"{self.t('payment.title')} {session.order_id}",
            detail=detail,
            session=session,
            state=self.shown(session),
            event_link=lambda event_id: (
                self.reverse_url("portal_webhook_event", event_id) if may_webhooks else None
            ),
            may_confirm=self.may("confirm"),
            differing=await self.services.settlement.view(session),
            settlements=SETTLEMENTS,
            settle_problems=SETTLE_PROBLEMS,
            settle_form=settle_form or FormErrors(),
            claim_words=self.claim_words,
            tx_why=lambda tx: transaction_why(self.t, tx, self.account),
            claimed_by=self.claimed_by,
            sent=self._sent(session) if session.test else None,
            outcomes=TEST_OUTCOMES,
            providers=wallet_providers(self.account.wallets),
            test_form=test_form or FormErrors(),
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


class PaymentsPage(PaymentsView, PortalPage):
    """The list: the newest payments of a status by cursor, or those a search finds."""

    route_name = "portal_payments"

    async def get(self) -> None:
        cursor = self.cursor()
        submitted = self._query(pay.FILTER_FIELDS)
        filters, problems = pay.parse_filters(submitted)
        form = FormErrors.of(submitted, pay.FILTER_FIELDS, problems)
        sessions: list[Session] = []
        ns: dict[str, object] = {"transactions": [], "next_cursor": None, "searched": False}
        if filters is not None and filters.search is not None:
            found = await self.payments.search(self.ledger, filters.search)
            sessions = [s for s in found.sessions if filters.status in (None, s.status)]
            ns.update(transactions=found.transactions, searched=True)
        elif filters is not None:
            listed = await self.payments.list(self.ledger, filters.status, cursor)
            sessions = listed.items
            ns.update(next_cursor=listed.next_cursor)
        differing = await self.services.settlement.due(self.ledger, DUE_SHOWN)
        self.render_portal(
            "payments.html",
            400 if form else 200,
            title=self.t("payments.title"),
            form=form,
            statuses=pay.SESSION_STATUSES,
            sessions=sessions,
            orders={s.id: s.order_id for s in sessions},
            shown=self.shown,
            differing=differing,
            **ns,
        )

    def _query(self, names: tuple[str, ...]) -> dict[str, str | None]:
        """The query's fields `names` as given; one that is not UTF-8 (Tornado refuses to
        decode it) is read with replacement characters, which the filters refuse."""
        values: dict[str, str | None] = {}
        for name in names:
            try:
                values[name] = self.get_query_argument(name, None)
            except HTTPError:
                values[name] = self.request.query_arguments[name][-1].decode("utf-8", "replace")
        return values


class PaymentPage(PaymentsView, PortalPage):
    route_name = "portal_payment"

    async def get(self, session_id: str) -> None:
        await self.show_payment(session_id)


class SettleAction(PaymentsView, PortalAction):
    """Settle a payment of another amount than the order's (owners and staff, who may confirm
    payments by hand): accept it, mark it to be refunded by hand, or leave it. Audited; answers
    303 to the payment's page, so a reload settles nothing twice. A decision that cannot be made
    now shows the page again (400) with the reason beside the buttons."""

    permission = "confirm"
    route_name = "portal_payment_settle"

    async def post(self, session_id: str) -> None:
        session_id = session_id.lower()
        submitted = self.form_values(st.FORM_FIELDS)
        req, problems = st.parse_form(submitted)
        if req is None:
            form = FormErrors.of(submitted, st.FORM_FIELDS, problems)
            await self.show_payment(session_id, 400, settle_form=form)
            return
        back = self.reverse_url("portal_payment", session_id)
        try:
            done = await self.services.settlement.settle(
                self.user.account_id, session_id, req.transaction_id, req.action, self.user.email
            )
        except errors.SettleRefused as refused:
            why = {"action": SETTLE_PROBLEMS.get(refused.problem, "payment.settle_no_mismatch")}
            form = FormErrors.of(submitted, st.FORM_FIELDS, why)
            await self.show_payment(session_id, 400, settle_form=form)
            return
        if done.repeated:
            self.see_other(back, "payment.settle_repeated_flash")
            return
        await self.audit("payment.settle", session_id, **done.audit_details())
        self.see_other(back, SETTLE_FLASH[st.ACTIONS[req.action]])


class TestPaymentAction(PaymentsView, PortalAction):
    """Make a test payment arrive for a test session of the account, then its page naming it;
    a form this page did not write, or a session no longer open, shows the page again (400)."""

    route_name = "portal_test_payment"

    async def post(self, session_id: str) -> None:
        submitted = self.form_values(test_rules.FORM_FIELDS)
        req, problems = test_rules.parse_form(session_id, submitted)
        if req is not None and req.provider not in (None, *wallet_providers(self.account.wallets)):
            req, problems = None, {"provider": "test_mode.bad_provider"}
        if req is None:
            form = FormErrors.of(submitted, test_rules.FORM_FIELDS, problems)
            await self.show_payment(session_id, 400, test_form=form)
            return
        ledger = ledger_id(self.account.id, TEST)
        try:
            paid = await self.services.test_payments.pay(ledger, req, test_rules.WAIT_S)
        except (errors.TestSessionNotOpen, errors.TestTrxIdLive) as refused:
            problem = (
                {"trx_id": "test_mode.trx_id_live"}
                if isinstance(refused, errors.TestTrxIdLive)
                else {"outcome": "test_mode.not_open"}
            )
            form = FormErrors.of(submitted, test_rules.FORM_FIELDS, problem)
            await self.show_payment(session_id, 400, test_form=form)
            return
        await self.audit("test_payment.make", f"session:{paid.session_id}", outcome=paid.outcome)
        query = urlencode(
            {
                "sent": paid.outcome,
                "trx": paid.trx_id,
                "provider": paid.provider,
                "read": "1" if paid.processed else "0",
            }
        )
        self.see_other(f"{self.reverse_url('portal_payment', paid.session_id)}?{query}")


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        route(r"/portal/payments", PaymentsPage, kw),
        route(r"/portal/payments/([^/]{1,64})", PaymentPage, kw),
        route(r"/portal/payments/([^/]{1,64})/settle", SettleAction, kw),
        route(r"/portal/payments/([^/]{1,64})/test-payment", TestPaymentAction, kw),
    ]
