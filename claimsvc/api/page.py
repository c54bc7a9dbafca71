"""GET /checkout/{session_id}: the buyer's hosted checkout page, and its static files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tornado import template
from tornado.routing import URLSpec
from tornado.web import HTTPError, StaticFileHandler, url

from claimsvc import errors
from claimsvc.api import page_text
from claimsvc.api.base import BaseHandler
from claimsvc.api.page_view import PageView
from claimsvc.domain import i18n
from claimsvc.domain.claims import parse_session_id

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
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


def asset(name: str) -> str:
    """The URL of a static file, versioned by its content hash so it can be cached for a year."""
    version = StaticHandler.get_version({"static_path": str(STATIC)}, name)
    return f"{STATIC_PREFIX}{name}?v={version}"


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
            self.get_query_argument("lang", None), self.request.headers.get("Accept-Language")
        )

    def render_page(self, name: str, status: int = 200, **ns: Any) -> None:
        """Render a template with the language, its words and the asset helper."""
        lang = ns.pop("lang", self.lang)
        self.set_status(status)
        self.set_header("Content-Language", lang)
        page = self.loader.load(name).generate(lang=lang, t=page_text.TEXT[lang], asset=asset, **ns)
        self.finish(page)

    def render_problem(self, status: int) -> None:
        """The not-found page for 404, a plain apology for anything else; never a traceback."""
        lang, key = self.lang, "not_found" if status == 404 else "error"
        title = page_text.text(lang, f"{key}_title")
        message = page_text.text(lang, f"{key}_text")
        self.render_page(
            "not_found.html", status, lang=lang, title=title, heading=title, message=message
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
        lang, now, state = self.lang, self.deps.clock(), view.state
        seconds_left = max(0, int((view.expires_at - now).total_seconds()))
        amount = i18n.taka(view.amount_poisha, lang)
        merchant = view.merchant
        note = f"amount_{view.amount_note}" if view.amount_note else None
        if note == "amount_told" and state != "open":
            note = "amount_told_ended"  # an ended checkout can no longer be accepted
        return {
            "lang": lang,
            "view": view,
            "state": state,
            "title": page_text.text(lang, "title", merchant=merchant),
            # A finished session is no longer a request to pay: its heading is the shop's name.
            "heading": page_text.text(lang, "heading", merchant=merchant)
            if state in ("open", "pending")
            else merchant,
            "amount": i18n.taka(view.shown_poisha, lang),
            "amount_label": page_text.text(lang, view.amount_label),
            "order_line": page_text.text(lang, "order_line", order=view.order_id),
            "paid_note": page_text.text(lang, "order_amount_line", amount=amount)
            if view.shown_poisha != view.amount_poisha
            else None,
            "amount_note": page_text.text(lang, note, merchant=merchant) if note else None,
            "seconds_left": seconds_left,
            "countdown": i18n.countdown(seconds_left, lang),
            "pay_before": page_text.text(
                lang, "pay_before", time=i18n.clock_time(view.expires_at, lang)
            ),
            "wallets": view.wallet_lines(lang, amount),
            "providers": view.provider_choices(lang),
            "script_texts": json.dumps(page_text.script_texts(lang, merchant), ensure_ascii=False),
            "state_title": page_text.TEXT[lang].get(f"{state}_title", ""),
            "state_text": page_text.TEXT[lang].get(f"{state}_text", "").format(merchant=merchant),
            "return_url": view.redirect_url,
        }


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
    loader = template.Loader(str(TEMPLATES))
    return [
        url(
            r"/checkout/([^/]*)/?",
            CheckoutPageHandler,
            {"deps": deps, "loader": loader},
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
