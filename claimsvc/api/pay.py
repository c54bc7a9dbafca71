"""The public payment-link pages: GET /pay/{slug} (shows the link, creates nothing), POST
/pay/{slug} (opens the session, 303 to the hosted page) and GET /pay/result/{session_id}
(where a link's session returns the buyer). Server-rendered like the hosted page, with its
headers and CSP, in English and Bangla; no script."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlencode

from tornado import template
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc import errors
from claimsvc.api import page_text, pay_text
from claimsvc.api.page import TEMPLATES, PageHandler
from claimsvc.api.page_view import PageView
from claimsvc.domain import i18n
from claimsvc.domain import links as rules
from claimsvc.domain.claims import parse_session_id
from claimsvc.services.links import BuyerLink

STATE_STATUS = {rules.DISABLED: 410, rules.EXPIRED: 410, rules.USED: 410}


def refusal_keys(exc: errors.ServiceError) -> tuple[str, str] | None:
    """The (title, text) words for an error opening a link; None for one not worded here."""
    if isinstance(exc, errors.BuyerRateLimited):
        return "rate_title", "rate_text"
    if exc.status == 503:
        return "busy_title", "busy_text"
    if exc.status in (402, 403, 409, 429):  # fees, account state, order taken, daily limits
        return "closed_title", "closed_text"
    return None


class PayHandler(PageHandler):
    """Both pay pages: reads limited per client address, words for the shop."""

    async def limit_reads(self) -> None:
        """Page reads per client address, as the hosted page's session reads."""
        await self.services.limits.check_reader(
            self.client_address(),
            self.deps.settings.submit_rate_per_ip,
            errors.BuyerRateLimited(),
        )

    def words(self, lang: str, merchant: str) -> dict[str, str]:
        """The pay pages' words in `lang`, the shop's name filled in."""
        return {k: v.replace("{merchant}", merchant) for k, v in pay_text.TEXT[lang].items()}


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
        lang, link = self.lang, shown.link
        state = state or shown.state
        w = self.words(lang, shown.merchant)
        self.render_page(
            "pay.html",
            status,
            lang=lang,
            w=w,
            title=w["title"],
            state=state,
            link=link,
            amount=i18n.taka(link.amount_poisha, lang),
            token=rules.new_open_token(),
            state_title=w.get(f"{state}_title", ""),
            state_text=w.get(f"{state}_text", ""),
        )

    async def render_refusal(
        self, slug: str, exc: errors.ServiceError, keys: tuple[str, str]
    ) -> None:
        shown = await self.services.links.preview(slug)
        for name, value in exc.headers.items():
            self.set_header(name, value)
        w = self.words(self.lang, shown.merchant)
        self.render_page(
            "pay.html",
            exc.status,
            w=w,
            title=w["title"],
            state="refused",
            link=shown.link,
            amount=i18n.taka(shown.link.amount_poisha, self.lang),
            token=rules.new_open_token(),
            state_title=w[keys[0]],
            state_text=w[keys[1]],
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
        lang, state = self.lang, view.state
        w = self.words(lang, view.merchant)
        t = page_text.TEXT[lang]
        self.render_page(
            "pay_result.html",
            lang=lang,
            w=w,
            title=w["result_title"],
            state=state,
            view=view,
            amount=i18n.taka(view.amount_poisha, lang),
            payment_id=result.payment_id,
            slug=result.slug,
            state_title=w["open_title"] if state == "open" else t.get(f"{state}_title", ""),
            state_text=w["open_text"]
            if state == "open"
            else t.get(f"{state}_text", "").format(merchant=view.merchant),
        )


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps, "loader": template.Loader(str(TEMPLATES))}
    return [
        url(r"/pay/result/([^/]*)/?", PayResultHandler, kw, name="pay_result"),
        url(r"/pay/([^/]*)/?", PayPageHandler, kw, name="pay_page"),
    ]
