"""GET /checkout/{session_id}: the buyer's hosted checkout page, and its static files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tornado import template
from tornado.routing import URLSpec
from tornado.web import HTTPError, StaticFileHandler, url

from claimsvc import errors
from claimsvc.api.base import BaseHandler, query_word
from claimsvc.api.page_view import PageView, state_words
from claimsvc.api.words import Words
from claimsvc.api.words.wallets import brand_name
from claimsvc.domain import arrival, i18n, settlement
from claimsvc.domain.accounts import PROVIDERS, wallet_providers
from claimsvc.domain.claims import parse_session_id

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
LOADER = template.Loader(str(TEMPLATES))
"""The hosted pages' templates (the checkout, the pay pages, the problem page)."""
STATIC = HERE / "static"
STATIC_PREFIX = "/static/checkout/"
STATIC_TYPES = (".css", ".js", ".svg")

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
PAGE_HEADERS = {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    # The page shows live state; a back button or proxy must never show a stale copy.
    "Cache-Control": "no-store",
    "Vary": "Accept-Language",
}

SCRIPT_WORDS = (
    "checkout.copied",
    "checkout.copy_failed",
    "checkout.invalid_trx",
    "checkout.choose_provider",
    "checkout.network",
    "checkout.checking",
    "checkout.success",
    "checkout.cancelling",
    "checkout.pending_text",
    "checkout.pending_more",
    "checkout.expired_text",
    "checkout.amount_told",
    "checkout.amount_refund",
    "checkout.amount_paid_label",
    "checkout.pending_title",
    "checkout.not_arrived",
)
"""The words the page's script shows, by key (the merchant's name filled in); and
`checkout.waiting`, which counts the minutes of the buyer's wait."""

OUTCOME_WORDS = {
    "VERIFICATION_FAILED": "checkout.outcome_verification_failed",
    "TOO_MANY_ATTEMPTS": "checkout.failed_text",
    "SESSION_EXPIRED": "checkout.outcome_session_expired",
    "SESSION_UNAVAILABLE": "checkout.outcome_session_unavailable",
    "ALREADY_COMPLETED": "checkout.outcome_already_completed",
    "NOT_FOUND": "checkout.outcome_not_found",
    "VENDOR_INACTIVE": "checkout.outcome_vendor_inactive",
    "PENDING_VERIFICATION": "checkout.pending_text",
    "RATE_LIMITED": "checkout.outcome_rate_limited",
}
"""Each claim outcome's words by its code (a locked session's outcome and a pending one say
what the page says in that state); the script shows the API's `message` for any other code."""


def asset(name: str) -> str:
    """The URL of a static file, versioned by its content hash so it can be cached for a year."""
    version = StaticHandler.get_version({"static_path": str(STATIC)}, name)
    return f"{STATIC_PREFIX}{name}?v={version}"


def other_wallet_words(t: Words, provider: str) -> str:
    """What the page says when the TrxID is a payment of `provider`, not the wallet chosen."""
    return t("checkout.other_wallet", wallet=brand_name(provider, t.lang))


def script_words(
    t: Words, merchant: str, providers: tuple[str, ...] | None = None
) -> dict[str, Any]:
    """What the page's script needs, handed over in a data attribute (the CSP allows no inline
    script): its words by key, each claim outcome's words by code, what it says of a TrxID paid
    with another wallet (by that wallet, for the wallets the page offers: one it does not offer
    cannot be chosen, so the page then shows the claim's own outcome), and the buyer's wait
    (domain/arrival.py): how long and how often the page checks for the SMS."""
    words = {key: t(key, merchant=merchant) for key in SCRIPT_WORDS}
    words["checkout.waiting"] = t.plural("checkout.waiting", arrival.WAIT_SECONDS // 60)
    return {
        "text": words,
        "other_wallet": {
            code: other_wallet_words(t, code)
            for code in (PROVIDERS if providers is None else providers)
        },
        "outcomes": {code: t(key) for code, key in OUTCOME_WORDS.items()},
        "wait": {"seconds": arrival.WAIT_SECONDS, "every": arrival.CHECK_EVERY_SECONDS},
    }


class PageHandler(BaseHandler):
    """An HTML page: security headers, language choice, and HTML errors instead of JSON."""

    def initialize(self, deps: Any, loader: template.Loader) -> None:  # type: ignore[override]
        super().initialize(deps)
        self.loader = loader

    def set_default_headers(self) -> None:
        super().set_default_headers()  # no Server banner, like every other answer
        for name, value in PAGE_HEADERS.items():
            self.set_header(name, value)

    @property
    def lang(self) -> str:
        return i18n.choose_lang(
            query_word(self, "lang"), self.request.headers.get("Accept-Language")
        )

    @property
    def t(self) -> Words:
        """The request's words, in its language."""
        if not hasattr(self, "_words"):
            self._words = Words(self.lang)
        return self._words

    def render_page(
        self, name: str, status: int = 200, loader: template.Loader | None = None, **ns: Any
    ) -> None:
        """Render a template (of the handler's loader unless given) with the language, its
        words and the asset helper."""
        self.set_status(status)
        self.set_header("Content-Language", self.lang)
        found = (loader or self.loader).load(name)
        page = found.generate(lang=self.lang, t=self.t, asset=asset, **ns)
        self.finish(page)

    def render_problem(self, status: int) -> None:
        """The not-found page for 404, a plain apology for anything else; never a traceback.
        Loaded from this module's templates whatever the handler's own loader (a family with
        its own folder overrides `write_error` with its own problem page)."""
        title, message = (
            (self.t("checkout.not_found_title"), self.t("checkout.not_found_text"))
            if status == 404
            else (self.t("checkout.error_title"), self.t("checkout.error_text"))
        )
        self.render_page(
            "not_found.html", status, LOADER, title=title, heading=title, message=message
        )

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        # send_error has already reset the headers to set_default_headers' (PAGE_HEADERS).
        exc = kwargs.get("exc_info", (None, None, None))[1]
        status = exc.status if isinstance(exc, errors.ServiceError) else status_code
        self.restore_kept_headers()
        if status == 405:
            self.set_header("Allow", ", ".join(self._allowed_methods()))
        self.render_problem(status if 400 <= status < 600 else 500)


class CheckoutPageHandler(PageHandler):
    route_name = "checkout_page"

    async def get(self, raw_id: str) -> None:
        try:
            session_id = parse_session_id(raw_id)
        except errors.ServiceError:
            raise errors.NotFound() from None
        view = await self._read(session_id)
        if view is None:
            raise errors.NotFound()
        self.render_page("checkout.html", **self.namespace(view))

    async def _read(self, session_id: str) -> PageView | None:
        """The public view of the session through the claims service; None when unknown."""
        try:
            public = await self.services.sessions.public(session_id, described=True)
        except errors.ServiceError as exc:
            if exc.status == 404:
                return None
            raise
        return PageView.from_public(public)

    def namespace(self, view: PageView) -> dict[str, Any]:
        """Everything the checkout template shows, worded for the chosen language."""
        t, lang, now, state = self.t, self.lang, self.deps.clock(), view.state
        seconds_left = max(0, int((view.expires_at - now).total_seconds()))
        amount = i18n.taka(view.amount_poisha, lang)
        merchant = view.merchant
        state_title, state_text = state_words(t, state, merchant)
        return {
            "view": view,
            "state": state,
            "title": t("checkout.title", merchant=merchant),
            # A finished session is no longer a request to pay: its heading is the shop's name.
            "heading": t("checkout.heading", merchant=merchant)
            if state in ("open", "pending")
            else merchant,
            "amount": i18n.taka(view.shown_poisha, lang),
            "amount_label": t(view.amount_label),
            "order_line": t("checkout.order_line", order=view.order_id),
            "paid_note": t("checkout.order_amount_line", amount=amount)
            if view.shown_poisha != view.amount_poisha
            else None,
            "amount_note": self.amount_note(view, merchant),
            "seconds_left": seconds_left,
            "countdown": i18n.countdown(seconds_left, lang),
            "pay_before": t("checkout.pay_before", time=i18n.clock_time(view.expires_at, lang)),
            "wallets": view.wallet_lines(t, amount),
            "providers": view.provider_choices(t),
            "script_words": json.dumps(
                script_words(t, merchant, wallet_providers(view.wallets)), ensure_ascii=False
            ),
            "state_title": state_title,
            "state_text": state_text,
            "return_url": view.redirect_url,
        }

    def amount_note(self, view: PageView, merchant: str) -> str | None:
        """What the page says of the latest failed claim, when it says more than its outcome: a
        payment of another amount than the order's (the shop was told, and once the checkout
        ended can no longer accept it; or it returns the money by hand), or a TrxID paid with
        another wallet than the one the claim chose (while the checkout is open)."""
        if view.other_wallet in wallet_providers(view.wallets) and view.state == "open":
            return other_wallet_words(self.t, view.other_wallet)
        if view.amount_note == settlement.TOLD:
            ended = view.state != "open"  # an ended checkout can no longer be accepted
            return self.t(
                "checkout.amount_told_ended" if ended else "checkout.amount_told", merchant=merchant
            )
        if view.amount_note == settlement.REFUNDING:
            return self.t("checkout.amount_refund", merchant=merchant)
        return None


class StaticHandler(StaticFileHandler):
    """The page's own CSS, script and icon: content-hashed URLs, cached for a year, with ETags."""

    route_name = "checkout_static"
    YEAR = 365 * 24 * 3600

    def set_default_headers(self) -> None:
        self.clear_header("Server")  # no version banner, as BaseHandler
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Content-Security-Policy", "default-src 'none'")

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        if not absolute_path.endswith(STATIC_TYPES) or Path(absolute_path).parent != STATIC:
            raise HTTPError(404)
        return super().validate_absolute_path(root, absolute_path)

    def set_extra_headers(self, path: str) -> None:
        # A URL carrying the content hash never changes; an unversioned one revalidates hourly.
        versioned = "v" in self.request.arguments
        cache = f"public, max-age={self.YEAR}, immutable" if versioned else "public, max-age=3600"
        self.set_header("Cache-Control", cache)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish("Not found" if status_code == 404 else "Error")


class FaviconHandler(StaticHandler):
    """/favicon.ico, which browsers and other clients ask for whatever a page links: the icon
    as a small ICO (tools/make_favicon.py draws it from icon.svg), cached for a day."""

    route_name = "favicon"

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        return StaticFileHandler.validate_absolute_path(self, root, absolute_path)

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "public, max-age=86400")

    def get_content_type(self) -> str:
        return "image/x-icon"


def routes(deps: Any) -> list[URLSpec]:
    return [
        url(
            r"/checkout/([^/]*)/?",
            CheckoutPageHandler,
            {"deps": deps, "loader": LOADER},
            name="checkout_page",
        ),
        url(STATIC_PREFIX + r"(.*)", StaticHandler, {"path": str(STATIC)}, name="checkout_static"),
        url(
            r"/(favicon\.ico)",
            FaviconHandler,
            {"path": str(STATIC)},
            name="favicon",
        ),
    ]
