"""Signing in and out of the portal: the sign-in form, the two-factor step, choosing a password
through an invite link, signing out.

The pages of signing in answer their own form at their address (GET shows it, POST sends it);
signing out is an action (POST only)."""

from __future__ import annotations

from urllib.parse import quote, unquote, urlencode

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import (
    SESSION_COOKIE,
    SIGNIN_COOKIE,
    PortalAction,
    PortalHandler,
    PortalPage,
)
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.portal.security import password_problem
from claimsvc.api.routing import route
from claimsvc.domain import known_devices
from claimsvc.domain import portal_sessions as ps
from claimsvc.domain.origins import safe_next
from claimsvc.domain.users import User, valid_email
from claimsvc.services.signin import Started

INVITE_COOKIE = "__Host-portal-invite"
"""The invite token between the link and the form (an hour; gone once the password is set)."""
DEVICE_COOKIE = "__Host-portal-device"
"""A browser the user has signed in from (domain/known_devices.py); kept across sign-outs."""
DEVICE_MAX_AGE = int(known_devices.LIFETIME.total_seconds())
EMAIL_COOKIE = "__Host-portal-email"
"""The email whose password was just set, for the sign-in form that follows (ten minutes, read
once). A cookie rather than `?email=`: an address in a URL reaches history and proxy logs."""
EMAIL_COOKIE_SECONDS = 600

SIGNIN_FIELDS = ("email", "password", "code")
SIGNIN_KEPT = ("email",)
"""What the sign-in form shows again: the email, never a password or a code."""


class SignInView(PortalHandler):
    """The pages before a session is full: a refusal's words, and opening a session."""

    signed_in = False

    def refusal(self, exc: errors.PortalError) -> tuple[str, dict[str, str | int]]:
        """The words key of a sign-in refusal and its values: a limit says how long to wait
        (whole minutes, in the page's digits and the count's form)."""
        key = exc.code or "error"
        if isinstance(exc, errors.SignInLimited):
            minutes = int(exc.headers.get("Retry-After", "60")) // 60
            return key, {"wait": self.t.plural("signin.wait_minutes", minutes)}
        return key, {}

    def refused(self, exc: errors.PortalError, field: str, kept: FormErrors) -> FormErrors:
        """`kept` with the refusal as `field`'s problem; the refusal's headers (Retry-After)
        go on the answer."""
        for name, value in exc.headers.items():
            self.set_header(name, value)
        key, values = self.refusal(exc)
        return kept.add(field, key, **values)

    async def start(self, started: Started, next_path: str) -> None:
        """A session opens: a fresh id in the cookie, whatever the browser brought."""
        if self.current is not None:
            await self.services.signin.sign_out(self.token_cookie(SESSION_COOKIE))
        self.set_portal_cookie(SESSION_COOKIE, started.session_id)
        self.drop_cookie(SIGNIN_COOKIE)
        if started.device_token is not None:
            self.set_portal_cookie(DEVICE_COOKIE, started.device_token, DEVICE_MAX_AGE)
        if started.session.stage == ps.CODE:
            code_path = self.reverse_url("portal_login_code")
            self.see_other(f"{code_path}?{urlencode({'next': next_path}, safe='/')}")
        else:
            self.see_other(next_path)


class LoginPage(SignInView, PortalPage):
    route_name = "portal_login"

    def get(self) -> None:
        if self.current is not None and self.current.session.stage == ps.FULL:
            self.see_other(safe_next(self.get_query_argument("next", None)))
            return
        form = FormErrors.keeping({"email": self.take_email()}, SIGNIN_KEPT)
        self.show(safe_next(self.get_query_argument("next", None)), form)

    def take_email(self) -> str:
        """The email a password was just set for (the cookie is read once), or ""."""
        kept = self.get_cookie(EMAIL_COOKIE)
        if kept is None:
            return ""
        self.drop_cookie(EMAIL_COOKIE)
        email = unquote(kept)
        return email if valid_email(email) else ""

    def show(
        self, next_path: str, form: FormErrors, status: int = 200, ask_code: bool = False
    ) -> None:
        """The form; `ask_code` adds a code field (past the per-user limit both are needed)."""
        self.render_portal(
            "login.html",
            status,
            title=self.t("signin.title"),
            form=form,
            next_path=next_path,
            ask_code=ask_code,
        )

    async def post(self) -> None:
        submitted = self.form_values(SIGNIN_FIELDS)
        next_path = safe_next(self.form("next"))
        try:
            started = await self.services.signin.sign_in(
                submitted["email"] or "",
                submitted["password"] or "",
                self.client_address(),
                submitted["code"],
                self.token_cookie(DEVICE_COOKIE),
            )
        except (errors.SignInFailed, errors.SignInLimited) as exc:
            guarded = isinstance(exc, errors.SignInGuarded)
            kept = FormErrors.keeping(submitted, SIGNIN_KEPT)
            form = self.refused(exc, "code" if guarded else "password", kept)
            self.show(next_path, form, exc.status, ask_code=guarded)
            return
        await self.start(started, next_path)


class CodePage(SignInView, PortalPage):
    """The two-factor step: after the password, a code from the app or a recovery code."""

    route_name = "portal_login_code"

    def in_code_step(self) -> bool:
        if self.current is None or self.current.session.stage != ps.CODE:
            self.see_other(self.reverse_url("portal_login"))
            return False
        return True

    def show(self, form: FormErrors, status: int = 200) -> None:
        next_path = safe_next(self.get_query_argument("next", None) or self.form("next"))
        self.render_portal(
            "code.html",
            status,
            title=self.t("signin.code_title"),
            form=form,
            next_path=next_path,
        )

    def get(self) -> None:
        if self.in_code_step():
            self.show(FormErrors())

    async def post(self) -> None:
        if not self.in_code_step() or self.current is None:
            return
        try:
            started = await self.services.signin.finish_code_step(
                self.current,
                self.form("code") or "",
                self.client_address(),
                self.token_cookie(DEVICE_COOKIE),
            )
        except (errors.CodeFailed, errors.SignInLimited) as exc:
            self.show(self.refused(exc, "code", FormErrors()), exc.status)
            return
        await self.start(started, safe_next(self.form("next")))


class InviteLinkPage(PortalPage):
    """The link in an invite: the token moves into a short-lived cookie and the browser moves
    to the set-password page, so the token is in no later address, Referer or history entry."""

    route_name = "portal_invite_link"
    signed_in = False

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Referrer-Policy", "no-referrer")

    def get(self, token: str) -> None:
        self.set_portal_cookie(INVITE_COOKIE, token, max_age=3600)
        self.see_other(self.reverse_url("portal_invite"))


class SetPasswordPage(PortalPage):
    """Choose a password through an invite (or reset) link."""

    route_name = "portal_invite"
    signed_in = False

    async def invited(self) -> User:
        return await self.services.users.invited(self.token_cookie(INVITE_COOKIE) or "")

    def show(self, user: User, form: FormErrors, status: int = 200) -> None:
        self.render_portal(
            "set_password.html",
            status,
            title=self.t("signin.set_password_title"),
            invited=user,
            form=form,
        )

    async def get(self) -> None:
        self.show(await self.invited(), FormErrors())

    async def post(self) -> None:
        user = await self.invited()
        password, again = self.form("password") or "", self.form("password_again") or ""
        if password != again:
            self.show(user, FormErrors().add("password_again", "security.password_mismatch"), 400)
            return
        try:
            done = await self.services.users.accept_invite(
                self.token_cookie(INVITE_COOKIE) or "", password
            )
        except errors.PasswordRejected as exc:
            self.show(user, FormErrors().add("password", password_problem(exc)), 400)
            return
        await self.services.audit.record(
            done.account_id, done.id, done.email, "password.set", address=self.client_address()
        )
        self.drop_cookie(INVITE_COOKIE)
        self.set_portal_cookie(EMAIL_COOKIE, quote(done.email, safe="@"), EMAIL_COOKIE_SECONDS)
        self.see_other(self.reverse_url("portal_login"), flash="signin.password_set")


class SignOut(PortalAction):
    route_name = "portal_logout"

    async def post(self) -> None:
        await self.audit("session.close")
        await self.services.signin.sign_out(self.token_cookie(SESSION_COOKIE))
        self.drop_cookie(SESSION_COOKIE)
        self.see_other(self.reverse_url("portal_login"), flash="signin.signed_out")


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        route(r"/portal/login", LoginPage, kw),
        route(r"/portal/login/code", CodePage, kw),
        route(r"/portal/logout", SignOut, kw),
        route(r"/portal/invite/([A-Za-z0-9_-]{20,100})", InviteLinkPage, kw),
        route(r"/portal/invite", SetPasswordPage, kw),
    ]
