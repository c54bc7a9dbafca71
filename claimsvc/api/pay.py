"""The public payment-link pages: GET /pay/{slug} (shows the link, creates nothing), POST
/pay/{slug} (opens the session, 303 to the hosted page) and GET /pay/result/{session_id}
(where a link's session returns the buyer). Server-rendered like the hosted page, with its
headers and CSP, in English and Bangla; no script."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlencode

from tornado.routing import URLSpec
from tornado.web import url

from claimsvc import errors
from claimsvc.api.page import LOADER, PageHandler
from claimsvc.api.page_view import PageView, state_words
from claimsvc.domain import i18n
from claimsvc.domain import links as rules
from claimsvc.domain.claims import parse_session_id
from claimsvc.services.links import BuyerLink

STATE_STATUS = {rules.DISABLED: 410, rules.EXPIRED: 410, rules.USED: 410}

LINK_STATE_WORDS = {
    rules.DISABLED: ("pay.disabled_title", "pay.disabled_text"),
    rules.EXPIRED: ("pay.expired_title", "pay.expired_text"),
    rules.USED: ("pay.used_title", "pay.used_text"),
}
"""The (title, text) words of a link that cannot be paid, by its state."""

AMOUNT_LABELS = {rules.PAYABLE: "checkout.amount_label", rules.USED: "checkout.amount_paid_label"}
"""The words above a link's amount: to pay only while it can be paid, paid once a single-use
link is used; the plain "Amount" otherwise (disabled, expired, refused)."""


def refusal_keys(exc: errors.ServiceError) -> tuple[str, str] | None:
    """The (title, text) words for an error opening a link; None for one not worded here."""
    if isinstance(exc, errors.BuyerRateLimited):
        return "pay.rate_title", "pay.rate_text"
    if exc.status == 503:
        return "pay.busy_title", "pay.busy_text"
    if exc.status in (402, 403, 409, 429):  # fees, account state, order taken, daily limits
        return "pay.closed_title", "pay.closed_text"
    return None


class PayHandler(PageHandler):
    """Both pay pages: reads limited per client address."""

    async def limit_reads(self) -> None:
        """Page reads per client address, as the hosted page's session reads."""
        await self.services.limits.check_reader(
            self.client_address(),
            self.deps.settings.submit_rate_per_ip,
            errors.BuyerRateLimited(),
        )


class PayPageHandler(PayHandler):
    route_name = "pay_page"

    async def get(self, slug: str) -> None:
        await self.limit_reads()
        shown = await self.services.links.preview(slug)
        self.render_link(shown, STATE_STATUS.get(shown.state, 200))

    async def post(self, slug: str) -> None:
        token = self.form_value("token")
        address = self.client_address()
        try:
            session = await self.services.links.open(slug, address, token)
        except errors.LinkUnavailable as exc:
            shown = await self.services.links.preview(slug)
            self.render_link(shown, exc.status, state=exc.state)
            return
        except errors.ServiceError as exc:
            keys = refusal_keys(exc)
            if keys is None:
                raise
            await self.render_refusal(slug, exc, keys)
            return
        query = urlencode({"lang": self.lang})
        self.redirect(f"/checkout/{session.id}?{query}", status=303)

    def form_value(self, name: str) -> str | None:
        """One field of the urlencoded form body (the base handler parses no forms)."""
        try:
            fields = parse_qs((self.request.body or b"").decode("utf-8"), max_num_fields=10)
        except (UnicodeDecodeError, ValueError):
            return None
        values = fields.get(name)
        return values[0] if values else None

    def render_link(self, shown: BuyerLink, status: int, state: str | None = None) -> None:
        state = state or shown.state
        self.render_pay(shown, status, state, LINK_STATE_WORDS.get(state, ("", "")))

    async def render_refusal(
        self, slug: str, exc: errors.ServiceError, keys: tuple[str, str]
    ) -> None:
        shown = await self.services.links.preview(slug)
        for name, value in exc.headers.items():
            self.set_header(name, value)
        self.render_pay(shown, exc.status, "refused", keys)

    def render_pay(self, shown: BuyerLink, status: int, state: str, keys: tuple[str, str]) -> None:
        """The link's page in `state`, with the (title, text) words `keys` when it cannot be
        paid (empty keys: payable)."""
        merchant, (title, text) = shown.merchant, keys
        self.render_page(
            "pay.html",
            status,
            merchant=merchant,
            title=self.t("pay.title", merchant=merchant),
            state=state,
            link=shown.link,
            amount=i18n.taka(shown.link.amount_poisha, self.lang),
            amount_label=self.t(AMOUNT_LABELS.get(state, "pay.amount_paid")),
            token=rules.new_open_token(),
            state_title=self.t(title) if title else "",
            state_text=self.t(text, merchant=merchant) if text else "",
        )


class PayResultHandler(PayHandler):
    route_name = "pay_result"

    async def get(self, raw_id: str) -> None:
        try:
            session_id = parse_session_id(raw_id)
        except errors.ServiceError:
            raise errors.NotFound() from None
        await self.limit_reads()
        result = await self.services.links.result(session_id)
        view = PageView.from_public(result.session)
        t, state = self.t, view.state
        state_title, state_text = (
            (t("pay.open_title"), t("pay.open_text"))
            if state == "open"
            else state_words(t, state, view.merchant)
        )
        self.render_page(
            "pay_result.html",
            title=t("pay.result_title", merchant=view.merchant),
            state=state,
            view=view,
            amount=i18n.taka(view.amount_poisha, self.lang),
            payment_id=result.payment_id,
            slug=result.slug,
            state_title=state_title,
            state_text=state_text,
        )


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps, "loader": LOADER}
    return [
        url(r"/pay/result/([^/]*)/?", PayResultHandler, kw, name="pay_result"),
        url(r"/pay/([^/]*)/?", PayPageHandler, kw, name="pay_page"),
    ]
