"""Signing in and out of the portal: the sign-in form, the two-factor step, signing out."""

from __future__ import annotations

from urllib.parse import quote, unquote, urlencode

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import LOGIN_PATH, SESSION_COOKIE, SIGNIN_COOKIE, PortalHandler
from claimsvc.api.words import Words
from claimsvc.domain import i18n, known_devices
from claimsvc.domain import portal_sessions as ps
from claimsvc.domain.origins import PORTAL_HOME, safe_next
from claimsvc.domain.users import User, valid_email
from claimsvc.services.signin import Started

HOME = PORTAL_HOME
CODE_PATH = "/portal/login/code"
INVITE_PATH = "/portal/invite"
INVITE_COOKIE = "__Host-portal-invite"
DEVICE_COOKIE = "__Host-portal-device"
"""A browser the user has signed in from (domain/known_devices.py); kept across sign-outs."""
DEVICE_MAX_AGE = int(known_devices.LIFETIME.total_seconds())
"""The invite token between the link and the form (an hour; gone once the password is set)."""
EMAIL_COOKIE = "__Host-portal-email"
"""The email whose password was just set, for the sign-in form that follows (ten minutes, read
once). A cookie rather than `?email=`: an address in a URL reaches history and proxy logs."""
EMAIL_COOKIE_SECONDS = 600


def refusal(words: Words, exc: errors.PortalError) -> str:
    """The words of a sign-in refusal (the wait in whole minutes for a limit)."""
    if isinstance(exc, errors.SignInLimited):
        minutes = int(exc.headers.get("Retry-After", "60")) // 60
        return words(exc.code or "error", minutes=i18n.digits(str(minutes), words.lang))
    return words(exc.code or "error")


class SessionStarter(PortalHandler):
    """A page that opens a session: a fresh id in the cookie, whatever the browser brought."""

    signed_in = False

    async def start(self, started: Started, next_path: str) -> None:
        if self.current is not None:
            await self.services.signin.sign_out(self.token_cookie(SESSION_COOKIE))
        self.set_portal_cookie(SESSION_COOKIE, started.session_id)
        self.drop_cookie(SIGNIN_COOKIE)
        if started.device_token is not None:
            self.set_portal_cookie(DEVICE_COOKIE, started.device_token, DEVICE_MAX_AGE)
        if started.session.stage == ps.CODE:
            self.see_other(f"{CODE_PATH}?{urlencode({'next': next_path}, safe='/')}")
        else:
            self.see_other(next_path)


class LoginHandler(SessionStarter):
    route_name = "portal_login"

    def get(self) -> None:
        if self.current is not None and self.current.session.stage == ps.FULL:
            self.see_other(safe_next(self.get_query_argument("next", None)))
            return
        self.render_login(safe_next(self.get_query_argument("next", None)), self.take_email())

    def take_email(self) -> str:
        """The email a password was just set for (the cookie is read once), or ""."""
        kept = self.get_cookie(EMAIL_COOKIE)
        if kept is None:
            return ""
        self.drop_cookie(EMAIL_COOKIE)
        email = unquote(kept)
        return email if valid_email(email) else ""

    def render_login(
        self,
        next_path: str,
        email: str = "",
        error: str | None = None,
        status: int = 200,
        ask_code: bool = False,
    ) -> None:
        """The form; `ask_code` adds a code field (past the per-user limit both are needed)."""
        words = Words(self.lang)
        self.render_portal(
            "login.html",
            status,
            title=words("signin_title"),
            email=email,
            error=error,
            next_path=next_path,
            ask_code=ask_code,
        )

    async def post(self) -> None:
        email, password = self.form("email") or "", self.form("password") or ""
        next_path = safe_next(self.form("next"))
        try:
            started = await self.services.signin.sign_in(
                email,
                password,
                self.client_address(),
                self.form("code"),
                self.token_cookie(DEVICE_COOKIE),
            )
        except (errors.SignInFailed, errors.SignInLimited) as exc:
            for name, value in exc.headers.items():
                self.set_header(name, value)
            guarded = isinstance(exc, errors.SignInGuarded)
            error = refusal(Words(self.lang), exc)
            self.render_login(next_path, email, error, exc.status, ask_code=guarded)
            return
        await self.start(started, next_path)


class CodeHandler(SessionStarter):
    """The two-factor step: after the password, a code from the app or a recovery code."""

    route_name = "portal_login_code"

    def prepare_step(self) -> bool:
        if self.current is None or self.current.session.stage != ps.CODE:
            self.see_other(LOGIN_PATH)
            return False
        return True

    def render_code(self, error: str | None = None, status: int = 200) -> None:
        words = Words(self.lang)
        next_path = safe_next(self.get_query_argument("next", None) or self.form("next"))
        self.render_portal(
            "code.html", status, title=words("code_title"), error=error, next_path=next_path
        )

    def get(self) -> None:
        if self.prepare_step():
            self.render_code()

    async def post(self) -> None:
        if not self.prepare_step() or self.current is None:
            return
        try:
            started = await self.services.signin.finish_code_step(
                self.current,
                self.form("code") or "",
                self.client_address(),
                self.token_cookie(DEVICE_COOKIE),
            )
        except (errors.CodeFailed, errors.SignInLimited) as exc:
            for name, value in exc.headers.items():
                self.set_header(name, value)
            self.render_code(refusal(Words(self.lang), exc), exc.status)
            return
        await self.start(started, safe_next(self.form("next")))


class InviteLinkHandler(PortalHandler):
    """The link in an invite: the token moves into a short-lived cookie and the browser moves
    to /portal/invite, so the token is in no later address, Referer or history entry."""

    route_name = "portal_invite_link"
    signed_in = False

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Referrer-Policy", "no-referrer")

    def get(self, token: str) -> None:
        self.set_portal_cookie(INVITE_COOKIE, token, max_age=3600)
        self.see_other(INVITE_PATH)


class InviteHandler(PortalHandler):
    """Choose a password through an invite (or reset) link."""

    route_name = "portal_invite"
    signed_in = False

    async def invited(self) -> User:
        return await self.services.users.invited(self.token_cookie(INVITE_COOKIE) or "")

    def render_form(self, user: User, error: str | None = None, status: int = 200) -> None:
        words = Words(self.lang)
        self.render_portal(
            "set_password.html",
            status,
            title=words("set_password_title"),
            invited=user,
            error=error,
        )

    async def get(self) -> None:
        self.render_form(await self.invited())

    async def post(self) -> None:
        user = await self.invited()
        password, again = self.form("password") or "", self.form("password_again") or ""
        words = Words(self.lang)
        if password != again:
            self.render_form(user, words("password_mismatch"), 400)
            return
        try:
            done = await self.services.users.accept_invite(
                self.token_cookie(INVITE_COOKIE) or "", password
            )
        except errors.PasswordRejected as exc:
            self.render_form(user, words(exc.code or "error"), 400)
            return
        await self.services.audit.record(
            done.account_id, done.id, done.email, "password_set", address=self.client_address()
        )
        self.drop_cookie(INVITE_COOKIE)
        self.set_portal_cookie(EMAIL_COOKIE, quote(done.email, safe="@"), EMAIL_COOKIE_SECONDS)
        self.see_other(LOGIN_PATH, flash="password_set")


class LogoutHandler(PortalHandler):
    route_name = "portal_logout"

    async def post(self) -> None:
        await self.audit("signout")
        await self.services.signin.sign_out(self.token_cookie(SESSION_COOKIE))
        self.drop_cookie(SESSION_COOKIE)
        self.see_other("/portal/login", flash="signed_out")


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        URLSpec(r"/portal/login", LoginHandler, kw, name="portal_login"),
        URLSpec(r"/portal/login/code", CodeHandler, kw, name="portal_login_code"),
        URLSpec(r"/portal/logout", LogoutHandler, kw, name="portal_logout"),
        URLSpec(r"/portal/invite/([A-Za-z0-9_-]{20,100})", InviteLinkHandler, kw),
        URLSpec(INVITE_PATH, InviteHandler, kw, name="portal_invite"),
    ]
