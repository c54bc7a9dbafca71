"""The signed-in user's own security page: password, two-factor and recovery codes."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.portal.view import qr_data_uri
from claimsvc.api.words import Words
from claimsvc.domain import i18n

PATH = "/portal/security"


class SecurityHandler(PortalHandler):
    """Every action here is the user's own: any role may use it."""

    permission = "overview"
    route_name = "portal_security"

    async def show(self, status: int = 200, **ns: Any) -> None:
        """The page, with the set-up waiting for its first code (if any) and `ns`: an error,
        or the recovery codes to show once."""
        words = Words(self.lang)
        ns.setdefault("error", None)
        ns.setdefault("codes", None)
        enrolment = None
        if not self.user.totp_enabled:
            enrolment = await self.services.security.pending_totp(self.user.id, self.user.email)
        qr = qr_data_uri(enrolment.uri) if enrolment else None
        self.render_portal(
            "security.html",
            status,
            title=words("security_title"),
            enrolment=enrolment,
            qr=qr,
            **ns,
        )

    async def get(self) -> None:
        held = await take_shown(self, "recovery_codes", PATH)
        if held is None:
            return
        await self.show(codes=held["codes"].split() if held else None)

    async def refuse(self, exc: errors.PortalError, **ns: Any) -> None:
        await self.show(exc.status, error=Words(self.lang)(exc.code or "error"), **ns)

    async def show_codes(self, codes: list[str]) -> None:
        """Redirect to the page that shows new recovery codes once (a reload makes none)."""
        await hold_and_redirect(self, "recovery_codes", {"codes": " ".join(codes)}, PATH)


class PasswordChangeHandler(SecurityHandler):
    route_name = "portal_security_password"

    async def post(self) -> None:
        new, again = self.form("new_password") or "", self.form("new_password_again") or ""
        if new != again:
            await self.show(400, error=Words(self.lang)("password_mismatch"))
            return
        session = self.current.session.id_hash if self.current else ""
        try:
            await self.services.security.change_password(
                self.user.id, session, self.form("current_password") or "", new
            )
        except (errors.SignInFailed, errors.PasswordRejected) as exc:
            key = "current_password_wrong" if isinstance(exc, errors.SignInFailed) else exc.code
            await self.show(400, error=Words(self.lang)(key or "error"))
            return
        await self.audit("password_changed")
        self.see_other(PATH, flash="password_changed")


class TotpStartHandler(SecurityHandler):
    route_name = "portal_security_totp_start"

    async def post(self) -> None:
        """Start a set-up (or keep the one waiting) and show it on the security page."""
        if not self.user.totp_enabled:
            await self.services.security.start_totp(self.user.id)
        self.see_other(PATH)


class TotpCancelHandler(SecurityHandler):
    route_name = "portal_security_totp_cancel"

    async def post(self) -> None:
        await self.services.security.cancel_totp(self.user.id)
        self.see_other(PATH, flash="enrol_cancelled")


class TotpConfirmHandler(SecurityHandler):
    route_name = "portal_security_totp_confirm"

    async def post(self) -> None:
        words = Words(self.lang)
        try:
            codes = await self.services.security.confirm_totp(self.user.id, self.form("code") or "")
        except errors.EnrolCodeFailed as exc:
            left = i18n.digits(str(exc.tries_left), self.lang)
            await self.show(exc.status, error=words("enrol_code_failed", left=left))
            return
        except errors.EnrolmentEnded as exc:
            await self.refuse(exc)
            return
        await self.audit("totp_enabled")
        await self.show_codes(codes)


class TotpDisableHandler(SecurityHandler):
    route_name = "portal_security_totp_disable"

    async def post(self) -> None:
        try:
            used = await self.services.security.disable_totp(self.user.id, self.form("code") or "")
        except errors.CodeFailed as exc:
            await self.refuse(exc)
            return
        if used == "recovery":
            await self.audit("recovery_code_used")
        await self.audit("totp_disabled")
        self.see_other(PATH, flash="totp_disabled")


class RecoveryCodesHandler(SecurityHandler):
    route_name = "portal_security_recovery"

    async def post(self) -> None:
        try:
            codes, used = await self.services.security.new_recovery_codes(
                self.user.id, self.form("code") or ""
            )
        except errors.CodeFailed as exc:
            await self.refuse(exc)
            return
        if used == "recovery":
            await self.audit("recovery_code_used")
        await self.audit("recovery_codes_renewed")
        await self.show_codes(codes)


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        URLSpec(PATH, SecurityHandler, kw, name="portal_security"),
        URLSpec(PATH + "/password", PasswordChangeHandler, kw),
        URLSpec(PATH + "/totp/start", TotpStartHandler, kw),
        URLSpec(PATH + "/totp/confirm", TotpConfirmHandler, kw),
        URLSpec(PATH + "/totp/cancel", TotpCancelHandler, kw),
        URLSpec(PATH + "/totp/disable", TotpDisableHandler, kw),
        URLSpec(PATH + "/recovery", RecoveryCodesHandler, kw),
    ]
