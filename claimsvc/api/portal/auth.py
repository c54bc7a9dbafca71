"""Signing in and out of the portal: the sign-in form, the two-factor step, signing out."""

from __future__ import annotations

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import SESSION_COOKIE, SIGNIN_COOKIE, PortalHandler
from claimsvc.api.portal.words import Words
from claimsvc.domain import i18n
from claimsvc.domain import portal_sessions as ps
from claimsvc.services.signin import Started

HOME = "/portal/"
CODE_PATH = "/portal/login/code"


def safe_next(path: str | None) -> str:
    """Where to go after signing in: a portal path of ours, never another site."""
    if path and path.startswith("/portal") and not path.startswith("//") and "\\" not in path:
        return path
    return HOME


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
            await self.services.signin.sign_out(self.get_cookie(SESSION_COOKIE))
        self.set_portal_cookie(SESSION_COOKIE, started.session_id)
        self.drop_cookie(SIGNIN_COOKIE)
        if started.session.stage == ps.CODE:
            self.see_other(f"{CODE_PATH}?next={next_path}")
        else:
            self.see_other(next_path)


class LoginHandler(SessionStarter):
    route_name = "portal_login"

    def get(self) -> None:
        if self.current is not None and self.current.session.stage == ps.FULL:
            self.see_other(safe_next(self.get_query_argument("next", None)))
            return
        self.render_login(safe_next(self.get_query_argument("next", None)))

    def render_login(
        self, next_path: str, email: str = "", error: str | None = None, status: int = 200
    ) -> None:
        words = Words(self.lang)
        self.render_portal(
            "login.html",
            status,
            title=words("signin_title"),
            email=email,
            error=error,
            next_path=next_path,
        )

    async def post(self) -> None:
        email, password = self.form("email") or "", self.form("password") or ""
        next_path = safe_next(self.form("next"))
        try:
            started = await self.services.signin.sign_in(email, password, self.client_address())
        except (errors.SignInFailed, errors.SignInLimited) as exc:
            for name, value in exc.headers.items():
                self.set_header(name, value)
            self.render_login(next_path, email, refusal(Words(self.lang), exc), exc.status)
            return
        await self.start(started, next_path)


class LogoutHandler(PortalHandler):
    route_name = "portal_logout"

    async def post(self) -> None:
        await self.audit("signout")
        await self.services.signin.sign_out(self.get_cookie(SESSION_COOKIE))
        self.drop_cookie(SESSION_COOKIE)
        self.see_other("/portal/login", flash="signed_out")


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        URLSpec(r"/portal/login", LoginHandler, kw, name="portal_login"),
        URLSpec(r"/portal/logout", LogoutHandler, kw, name="portal_logout"),
    ]
