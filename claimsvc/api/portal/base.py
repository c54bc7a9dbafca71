"""PortalHandler: every portal page's sign-in check, role check, CSRF check, language, forms
and rendering inside the portal's layout."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping
from functools import partial
from typing import Any, ClassVar
from urllib.parse import parse_qs, quote, urlencode

from tornado import template
from tornado.escape import xhtml_escape
from tornado.web import HTTPError

from claimsvc import errors
from claimsvc.api.base import query_word
from claimsvc.api.page import CSP, PageHandler
from claimsvc.api.portal import view
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.words import Words
from claimsvc.domain import i18n, paging
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
LOCATION_SAFE = "/%?&=:@!$'()*+,;-._~"
"""What a redirect's Location keeps as sent: the path and query characters of RFC 3986 (any
other byte is percent-encoded, so no control character reaches a header)."""

# A portal address that leads nowhere is most often a link a terminal or an email cut short: the
# words of the service's own not-found page, which say so (claimsvc/api/home.py).
PROBLEM_WORDS = {403: "frame.forbidden", 404: "home.missing_text", 405: "frame.not_allowed"}
PROBLEM_TITLES = {403: "frame.forbidden_title", 404: "home.missing_title"}
"""The problem page's words by status, when the error names none of its own."""

PORTAL_HEADERS = {
    "Content-Security-Policy": CSP,
    # Same-origin: a form POST carries our Origin (no-referrer would send "Origin: null"),
    # and no portal address ever reaches another site.
    "Referrer-Policy": "same-origin",
}


class PortalHandler(PageHandler):
    """What every portal handler shares. A handler is a `PortalPage` (shown by GET) or a
    `PortalAction` (a form's target, POST only), never both: subclass one of those. Subclasses
    set `permission` and `route_name` (the route's one name: routes are made with
    `api.routing.route`); `signed_in = False` for the pages of signing in (they still get CSRF
    checks)."""

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
            self.redirect(
                f"{self.reverse_url('portal_login')}?next={quote(self.request.path, safe='/')}",
                status=303,
            )
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

    def form_values(self, names: tuple[str, ...]) -> dict[str, str | None]:
        """The fields `names` of the form body (a missing one: None)."""
        return {name: self.form(name) for name in names}

    @property
    def lang(self) -> str:
        """?lang= (remembered in a cookie), then the cookie, then Accept-Language."""
        if not hasattr(self, "_lang"):
            query = query_word(self, "lang")
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
        absent or anything else. Only the pages of payments, transactions, export and the
        Webhooks page's event list read it."""
        if not hasattr(self, "_mode"):
            given = None
            if self.request.method == "POST":
                try:
                    given = self.form("mode")
                except errors.ServiceError:  # a refused body: its error page is live
                    given = None
            given = given or query_word(self, "mode")
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

    # -- lists ---------------------------------------------------------------------------------

    cursor_args: ClassVar[tuple[str, ...]] = ("cursor",)
    """The query arguments naming where the page's lists start (a page with two lists has
    two; the second list's pager is `pager(next_cursor, name=...)`)."""

    def cursor(self, name: str = "cursor") -> str | None:
        """Where a list page starts (`?cursor=`, or the page's other list's `name`): None for
        the newest page. Every list has the one rule: a cursor this service did not write
        answers 400 with a way back to the newest page (`errors.BadListCursor`), as does one
        its listing refuses later."""
        try:
            given = self.get_query_argument(name, None)
        except HTTPError:  # not UTF-8: no cursor of ours either
            raise errors.BadListCursor() from None
        if not given:
            return None
        if not (paging.is_cursor(given) or paging.is_cursor(given, by_id=True)):
            raise errors.BadListCursor()
        return given

    def list_url(self, cursor: str | None, name: str = "cursor") -> str:
        """This list page at `cursor` of its list `name` (None: the newest page of every list
        on it), keeping its filters and mode."""
        args = [
            (arg, value.decode("utf-8", "replace"))
            for arg, values in self.request.query_arguments.items()
            if arg not in (*self.cursor_args, "lang")
            for value in values
        ]
        if cursor:
            args.append((name, cursor))
        return self.request.path + (f"?{urlencode(args)}" if args else "")

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

    def partial(self, template_name: str, **ns: Any) -> bytes:
        """A partial template (templates/portal/_*.html) with the request's words."""
        loader: template.Loader = self.loader
        return loader.load(template_name).generate(t=self.t, **ns)

    def field(
        self,
        form: FormErrors,
        name: str,
        label: str,
        *,
        id: str | None = None,
        type: str = "text",
        hint: str | None = None,
        value: str = "",
        alert: bool = False,
        **attrs: str | int | bool | None,
    ) -> bytes:
        """One labelled input of `form`: its hint, its problem (aria-invalid, described by
        the problem) and the value the user typed (else `value`). `attrs` are the input's
        other attributes (`maxlength=64`, `required=True`; `_` in a name is written `-`).
        `alert`: the problem is announced (role=alert), for a form shown without a summary of
        its problems, so that each is said once."""
        field_id = id or name
        problem = form.problem(name)
        described = [f"{field_id}-hint"] if hint else []
        described += [f"{field_id}-problem"] if problem else []
        return self.partial(
            "_field.html",
            id=field_id,
            name=name,
            label=label,
            type=type,
            value=form.value(name, value),
            hint=hint,
            problem=self.t(problem.key, **problem.values) if problem else None,
            described=" ".join(described),
            alert=alert,
            attrs=[(attr.replace("_", "-"), given) for attr, given in attrs.items()],
        )

    def form_problems(
        self,
        form: FormErrors,
        id: str = "form-problems",
        ids: Mapping[str, str] | None = None,
        prefix: str = "",
    ) -> bytes:
        """The summary of `form`'s problems above it, each a link to its field: by name, or by
        the id `ids` gives it, or by name after `prefix` (a page with several forms whose
        fields share a name gives them ids of their own: `field(..., id=prefix + name)`)."""
        ids = ids or {}
        problems = [
            (ids.get(name, prefix + name), self.t(p.key, **p.values))
            for name, p in form.problems.items()
        ]
        return self.partial("_errors.html", id=id, problems=problems)

    def pager(self, next_cursor: str | None, name: str = "cursor", label: str = "") -> bytes:
        """The list's pager: the newest page (when not on it) and the next older one. A page
        with two lists names the second's cursor argument and labels each pager."""
        newest = self.list_url(None) if self.get_query_argument(name, None) else None
        older = self.list_url(next_cursor, name) if next_cursor else None
        return self.partial("_pager.html", newest=newest, older=older, label=label)

    def render_portal(self, template_name: str, status: int = 200, **ns: Any) -> None:
        """templates/portal/<template_name> inside layout.html, with the portal's namespace."""
        lang = self.lang
        words = self.t
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
            "brand": view.brand(lang),
            "stop_reason": partial(view.stop_words, words),
            "failure": lambda e: view.failure_words(words, e.last_status_code, e.last_error),
            "outcome": lambda a: view.outcome_words(words, a.status_code, a.error),
            "asset": view.asset,
            "path": self.request.path,
            "mode": self.mode,
            "in_mode": self.in_mode,
            "reverse_url": self.reverse_url,
            "field": self.field,
            "form_problems": self.form_problems,
            "pager": self.pager,
        }
        title = ns.pop("title", None) or words("frame.portal")
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

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        if isinstance(value, paging.BadCursor):  # the list's cursor rule: a 400, not a fault
            return
        super().log_exception(typ, value, tb)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, paging.BadCursor):  # a listing refused the cursor: the same 400
            exc = errors.BadListCursor()
        status = exc.status if isinstance(exc, errors.ServiceError) else status_code
        key = exc.code if isinstance(exc, errors.PortalError) else None
        self.restore_kept_headers()
        if isinstance(exc, errors.ServiceError):
            for name, value in exc.headers.items():
                self.set_header(name, value)
        key = key or PROBLEM_WORDS.get(status, "frame.error")
        title = PROBLEM_TITLES.get(status, "frame.error_title")
        words = self.t
        self.render_portal(
            "problem.html",
            status if 400 <= status < 600 else 500,
            title=words(title),
            heading=words(title),
            message=words(key),
            back=self.list_url(None) if isinstance(exc, errors.BadListCursor) else None,
            # Signed out at an address that leads nowhere (a link cut short): the way in.
            signin=self.reverse_url("portal_login")
            if status == 404 and not self._fully_signed_in()
            else None,
        )


class PortalPage(PortalHandler):
    """A page of the portal: shown by GET. A page whose own form posts back to its address
    (the list's "new" form) answers POST as well; nothing else."""

    SUPPORTED_METHODS: ClassVar[tuple[str, ...]] = ("GET", "POST")  # type: ignore[misc]


class PortalAction(PortalHandler):
    """A form's target: answers POST only (405 for GET or anything else, before any check),
    so an action never shows a page of its own. A problem in its form shows the page the form
    is on again (400), through that page's view mixin, never through the page's handler."""

    SUPPORTED_METHODS: ClassVar[tuple[str, ...]] = ("POST",)  # type: ignore[misc]


class PortalNotFound(PortalPage):
    """Any /portal/ address no page has: the portal's not-found page, signed in or not (the
    routes are no secret), so a mistyped or hostile path is never another family's answer."""

    route_name = "portal_not_found"
    signed_in = False

    def get(self, path: str) -> None:
        raise errors.NotFound()


class SlashRedirect(PortalPage):
    """`/portal/links/` to `/portal/links` (a trailing slash a merchant typed or bookmarked),
    keeping the query: every route is written without one, so `reverse_url` builds it. The
    target is the path as sent, still percent-encoded (issue 33: the decoded one carried a
    CR LF or a NUL into the Location header), and any character a header may not carry
    encoded."""

    route_name = "portal_slash"
    signed_in = False

    def get(self, path: str) -> None:
        raw = quote(self.request.path.removesuffix("/"), safe=LOCATION_SAFE)
        self.go(raw)

    def go(self, path: str) -> None:
        query = f"?{self.request.query}" if self.request.query else ""
        self.redirect(f"{path}{quote(query, safe=LOCATION_SAFE)}", permanent=True)


class HomeRedirect(SlashRedirect):
    """`/portal` to the overview's `/portal/`."""

    route_name = "portal_home"

    def get(self) -> None:  # type: ignore[override]
        self.go(self.reverse_url("portal_overview"))
