"""The signed-in user's own security page: password, two-factor and recovery codes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import segno
from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.words import Words

PATH = "/portal/security"


def qr_data_uri(text: str) -> str:
    """`text` as a QR code in an SVG data: URI (img-src allows data:; no inline style)."""
    qr = segno.make(text, error="m")
    uri: str = qr.svg_data_uri(scale=4, dark="#000000", light="#ffffff", border=4)
    return uri


class SecurityHandler(PortalHandler):
    """Every action here is the user's own: any role may use it."""

    permission = "overview"
    route_name = "portal_security"

    def show(self, status: int = 200, **ns: Any) -> None:
        """The page; `ns` adds what one answer shows once (a new secret, recovery codes)."""
        words = Words(self.lang)
        ns.setdefault("error", None)
        ns.setdefault("enrolment", None)
        ns.setdefault("qr", None)
        ns.setdefault("codes", None)
        self.render_portal("security.html", status, title=words("security_title"), **ns)

    def get(self) -> None:
        self.show()

    def refuse(self, exc: errors.PortalError, **ns: Any) -> None:
        self.show(exc.status, error=Words(self.lang)(exc.code or "error"), **ns)


class PasswordChangeHandler(SecurityHandler):
    route_name = "portal_security_password"

    async def post(self) -> None:
        new, again = self.form("new_password") or "", self.form("new_password_again") or ""
        if new != again:
            self.show(400, error=Words(self.lang)("password_mismatch"))
            return
        session = self.current.session.id_hash if self.current else ""
        try:
            await self.services.security.change_password(
                self.user.id, session, self.form("current_password") or "", new
            )
        except (errors.SignInFailed, errors.PasswordRejected) as exc:
            key = "current_password_wrong" if isinstance(exc, errors.SignInFailed) else exc.code
            self.show(400, error=Words(self.lang)(key or "error"))
            return
        await self.audit("password_changed")
        self.see_other(PATH, flash="password_changed")


class TotpStartHandler(SecurityHandler):
    route_name = "portal_security_totp_start"

    async def post(self) -> None:
        if self.user.totp_enabled:
            self.see_other(PATH)
            return
        enrolment = await self.services.security.start_totp(self.user.id, self.user.email)
        self.show(enrolment=enrolment, qr=qr_data_uri(enrolment.uri))


class TotpConfirmHandler(SecurityHandler):
    route_name = "portal_security_totp_confirm"

    async def post(self) -> None:
        try:
            codes = await self.services.security.confirm_totp(self.user.id, self.form("code") or "")
        except errors.CodeFailed:
            self.show(400, error=Words(self.lang)("enrol_code_failed"))
            return
        await self.audit("totp_enabled")
        self.user = replace(self.user, totp_enabled=True)
        self.show(codes=codes)


class TotpDisableHandler(SecurityHandler):
    route_name = "portal_security_totp_disable"

    async def post(self) -> None:
        try:
            used = await self.services.security.disable_totp(self.user.id, self.form("code") or "")
        except errors.CodeFailed as exc:
            self.refuse(exc)
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
            self.refuse(exc)
            return
        if used == "recovery":
            await self.audit("recovery_code_used")
        await self.audit("recovery_codes_renewed")
        self.show(codes=codes)


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        URLSpec(PATH, SecurityHandler, kw, name="portal_security"),
        URLSpec(PATH + "/password", PasswordChangeHandler, kw),
        URLSpec(PATH + "/totp/start", TotpStartHandler, kw),
        URLSpec(PATH + "/totp/confirm", TotpConfirmHandler, kw),
        URLSpec(PATH + "/totp/disable", TotpDisableHandler, kw),
        URLSpec(PATH + "/recovery", RecoveryCodesHandler, kw),
    ]
