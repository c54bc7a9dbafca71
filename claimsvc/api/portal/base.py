"""PortalHandler: every portal page's sign-in check, role check, CSRF check, language, forms
and rendering inside the portal's layout."""

from __future__ import annotations

import hmac
import secrets
from typing import Any
from urllib.parse import parse_qs, quote

from tornado import template
from tornado.escape import xhtml_escape

from claimsvc import errors
from claimsvc.api.page import CSP, PageHandler
from claimsvc.api.portal import view
from claimsvc.api.portal.words import Words
from claimsvc.domain import i18n
from claimsvc.domain import portal_sessions as ps
from claimsvc.domain.accounts import Account
from claimsvc.domain.modes import LIVE, TEST, ledger_id
from claimsvc.domain.origins import is_trusted_source
from claimsvc.domain.users import PortalUser, can
from claimsvc.services.signin import Current

SESSION_COOKIE = "__Host-portal"
"""The session id. `__Host-`: only ever set by this host over HTTPS, with Path=/."""
SIGNIN_COOKIE = "__Host-portal-signin"
"""The sign-in form's CSRF token (no session exists yet): the form must echo it."""
FLASH_COOKIE = "__Host-portal-flash"
"""One words key to show on the next page (never a secret)."""
LANG_COOKIE = "__Host-portal-lang"
CSRF_FIELD = "_csrf"
FORM_LIMIT = 16 * 1024
"""The largest form body a portal page reads."""
SAFE_METHODS = ("GET", "HEAD")
LOGIN_PATH = "/portal/login"

PORTAL_HEADERS = {
    "Content-Security-Policy": CSP,
    # Same-origin: a form POST carries our Origin (no-referrer would send "Origin: null"),
    # and no portal address ever reaches another site.
    "Referrer-Policy": "same-origin",
}


class PortalHandler(PageHandler):
    """A portal page. Subclasses set `permission` and `route_name`; `signed_in = False` for
    the pages of signing in (they still get CSRF checks)."""

    permission = "overview"
    route_name = "portal_unknown"
    signed_in = True

    current: Current | None = None
    user: PortalUser
    account: Account

    def set_default_headers(self) -> None:
        super().set_default_headers()
        for name, value in PORTAL_HEADERS.items():
            self.set_header(name, value)

    # -- the checks before every handler ------------------------------------------------------

    async def prepare(self) -> None:  # type: ignore[override]
        super().prepare()
        self.current = await self.services.signin.current(self.token_cookie(SESSION_COOKIE))
        if self.current is not None:
            self.user = self.current.user.public()
            self.account = self.current.account
        if self.signed_in and not self._fully_signed_in():
            self.redirect(f"{LOGIN_PATH}?next={quote(self.request.path, safe='/')}", status=303)
            return
        if self.signed_in and not can(self.user.role, self.permission):
            raise errors.Forbidden()
        if self.request.method not in SAFE_METHODS:
            self.check_csrf()

    def _fully_signed_in(self) -> bool:
        return self.current is not None and self.current.session.stage == ps.FULL

    def check_csrf(self) -> None:
        """403 unless the request comes from our public origin and echoes the form's token.

        The origin is the configured public base URL's, scheme, host and port (never the
        request's own Host, which says nothing of the page that sent the form); Origin, or
        without it Referer, must name it. A request naming neither fails.
        """
        source = self.request.headers.get("Origin") or self.request.headers.get("Referer")
        if not is_trusted_source(source, self.deps.settings.public_base_url):
            raise errors.CsrfRefused()
        expected = self._csrf_secret(mint=False)
        sent = ps.unmask_token(self.form(CSRF_FIELD) or "")
        if not expected or sent is None or not hmac.compare_digest(sent, expected):
            raise errors.CsrfRefused()

    # -- cookies, forms, language -------------------------------------------------------------

    def token_cookie(self, name: str) -> str | None:
        """A cookie that carries one of our random tokens; any other value is treated as
        absent (a space or a quote in it must neither fail the page nor reach it)."""
        value = self.get_cookie(name)
        return value if ps.is_token(value) else None

    def set_portal_cookie(self, name: str, value: str, max_age: int | None = None) -> None:
        """A `__Host-` cookie: HttpOnly, Secure, SameSite=Lax, Path=/, no Domain."""
        self.set_cookie(
            name, value, path="/", max_age=max_age, secure=True, httponly=True, samesite="Lax"
        )

    def drop_cookie(self, name: str) -> None:
        self.clear_cookie(name, path="/", secure=True, httponly=True, samesite="Lax")

    def form(self, name: str) -> str | None:
        """One field of the urlencoded form body (the first, if repeated), or None."""
        if not hasattr(self, "_form"):
            body = self.request.body or b""
            if len(body) > FORM_LIMIT:
                raise errors.BodyTooLarge()
            self._form = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
        values = self._form.get(name)
        return values[0] if values else None

    @property
    def lang(self) -> str:
        """?lang= (remembered in a cookie), then the cookie, then Accept-Language."""
        if not hasattr(self, "_lang"):
            query = self.get_query_argument("lang", None)
            if query in i18n.LANGS:
                self.set_portal_cookie(LANG_COOKIE, query or "", max_age=365 * 86400)
            remembered = self.get_cookie(LANG_COOKIE)
            self._lang = i18n.choose_lang(
                query if query in i18n.LANGS else remembered,
                self.request.headers.get("Accept-Language"),
            )
        return self._lang

    @property
    def mode(self) -> str:
        """Live or test data: `mode` of the query (a GET) or of the form (a POST); live when
        absent or anything else. Only the pages of payments and transactions read it."""
        if not hasattr(self, "_mode"):
            given = None
            if self.request.method == "POST":
                try:
                    given = self.form("mode")
                except errors.ServiceError:  # a refused body: its error page is live
                    given = None
            given = given or self.get_query_argument("mode", None)
            self._mode = TEST if given == TEST else LIVE
        return self._mode

    def in_mode(self, path: str) -> str:
        """`path` as a link that stays in the page's mode (test data links carry mode=test)."""
        if self.mode == LIVE:
            return path
        return f"{path}{'&' if '?' in path else '?'}mode={TEST}"

    @property
    def ledger(self) -> str:
        """Where the signed-in account's records of the page's mode are stored."""
        return ledger_id(self.account.id, self.mode)

    def _csrf_secret(self, mint: bool = True) -> str | None:
        """The token forms must prove they hold: the session's, or before sign-in the sign-in
        cookie's (a fresh one, set in the cookie, when `mint` and the cookie has none)."""
        if self.current is not None:
            return self.current.session.csrf
        if not hasattr(self, "_signin_token"):
            token = self.token_cookie(SIGNIN_COOKIE)
            if token is None and not mint:
                return None
            self._signin_token = token or secrets.token_urlsafe(32)
            self.set_portal_cookie(SIGNIN_COOKIE, self._signin_token)
        return self._signin_token

    def csrf_token(self) -> str:
        """What a form echoes: the token masked afresh (never a cookie's value itself)."""
        return ps.mask_token(self._csrf_secret() or "")

    def csrf_field(self) -> str:
        token = xhtml_escape(self.csrf_token())
        return f'<input type="hidden" name="{CSRF_FIELD}" value="{token}">'

    # -- answers ------------------------------------------------------------------------------

    def render_portal(self, template_name: str, status: int = 200, **ns: Any) -> None:
        """templates/portal/<template_name> inside layout.html, with the portal's namespace."""
        lang = self.lang
        words = Words(lang)
        signed_in = self._fully_signed_in()
        common: dict[str, Any] = {
            "t": words,
            "lang": lang,
            "user": self.user if signed_in else None,
            "account": self.account if signed_in else None,
            "csrf_field": self.csrf_field,
            "nav": view.nav(self, self.user.role) if signed_in else [],
            "flash": self._take_flash(words),
            "fmt": view.Fmt(lang),
            "asset": view.asset,
            "path": self.request.path,
            "mode": self.mode,
            "in_mode": self.in_mode,
        }
        title = ns.pop("title", None) or words("portal")
        loader: template.Loader = self.loader
        content = loader.load(template_name).generate(**common, **ns)
        self.set_status(status)
        self.set_header("Content-Language", lang)
        self.finish(loader.load("layout.html").generate(**common, title=title, content=content))

    def _take_flash(self, words: Words) -> str | None:
        key = self.get_cookie(FLASH_COOKIE)
        if key is None:
            return None
        self.drop_cookie(FLASH_COOKIE)
        return words(key) if words.has(key) else None

    def see_other(self, path: str, flash: str | None = None) -> None:
        """POST-redirect-GET to `path`, with a words key to show there once."""
        if flash is not None:
            self.set_portal_cookie(FLASH_COOKIE, flash)
        self.redirect(path, status=303)

    async def audit(self, action: str, target: str | None = None, **details: str) -> None:
        """One audit entry for the signed-in user's action (details: never a secret)."""
        await self.services.audit.record(
            self.user.account_id,
            self.user.id,
            self.user.email,
            action,
            target,
            details,
            self.client_address(),
        )

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        status = exc.status if isinstance(exc, errors.ServiceError) else status_code
        key = exc.code if isinstance(exc, errors.PortalError) else None
        self.restore_kept_headers()
        if isinstance(exc, errors.ServiceError):
            for name, value in exc.headers.items():
                self.set_header(name, value)
        key = key or {403: "forbidden", 404: "not_found"}.get(status, "error")
        title = {403: "forbidden_title", 404: "not_found_title"}.get(status, "error_title")
        words = Words(self.lang)
        self.render_portal(
            "problem.html",
            status if 400 <= status < 600 else 500,
            title=words(title),
            heading=words(title),
            message=words(key),
        )
