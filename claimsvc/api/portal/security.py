"""The signed-in user's own security page: password, two-factor and recovery codes. Every
action here is the user's own: any role may use it."""

from __future__ import annotations

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalAction, PortalHandler, PortalPage
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.portal.view import qr_data_uri
from claimsvc.api.routing import route
from claimsvc.domain import i18n, passwords

PASSWORD_RULES = {
    passwords.TOO_SHORT: "security.password_too_short",
    passwords.TOO_LONG: "security.password_too_long",
    passwords.IS_EMAIL: "security.password_is_email",
    passwords.TOO_COMMON: "security.password_too_common",
}
"""The words of each rule of the password policy (domain/passwords.py)."""

FORMS = ("password", "enrol", "recovery", "disable")
"""The page's forms, each with its own problems: change the password, confirm the two-factor
set-up, make new recovery codes, turn two-factor off."""
PASSWORD_FIELDS = ("current_password", "new_password", "new_password_again")


def password_problem(exc: errors.PasswordRejected) -> str:
    """The words key of the password policy's refusal."""
    return PASSWORD_RULES.get(exc.reason, "security.password_too_short")


class SecurityView(PortalHandler):
    permission = "overview"

    async def show(
        self,
        status: int = 200,
        forms: dict[str, FormErrors] | None = None,
        codes: list[str] | None = None,
    ) -> None:
        """The page, with the set-up waiting for its first code (if any), a form's problems,
        or the recovery codes to show once."""
        enrolment = None
        if not self.user.totp_enabled:
            enrolment = await self.services.security.pending_totp(self.user.id, self.user.email)
        qr = qr_data_uri(enrolment.uri) if enrolment else None
        given = forms or {}
        self.render_portal(
            "security.html",
            status,
            title=self.t("security.title"),
            enrolment=enrolment,
            qr=qr,
            forms={name: given.get(name) or FormErrors() for name in FORMS},
            codes=codes,
        )

    async def refuse(self, form: str, exc: errors.PortalError) -> None:
        """`form` again with the service's refusal of its code."""
        await self.show(exc.status, {form: FormErrors().add("code", exc.code or "error")})

    async def show_codes(self, codes: list[str]) -> None:
        """Redirect to the page that shows new recovery codes once (a reload makes none)."""
        path = self.reverse_url("portal_security")
        await hold_and_redirect(self, "recovery_codes", {"codes": " ".join(codes)}, path)


class SecurityPage(SecurityView, PortalPage):
    route_name = "portal_security"

    async def get(self) -> None:
        held = await take_shown(self, "recovery_codes", self.reverse_url("portal_security"))
        if held is None:
            return
        await self.show(codes=held["codes"].split() if held else None)


class PasswordChange(SecurityView, PortalAction):
    route_name = "portal_security_password"

    async def post(self) -> None:
        new, again = self.form("new_password") or "", self.form("new_password_again") or ""
        form = FormErrors()
        if new != again:
            form.add("new_password_again", "security.password_mismatch")
            await self.show(400, {"password": form})
            return
        session = self.current.session.id_hash if self.current else ""
        try:
            await self.services.security.change_password(
                self.user.id, session, self.form("current_password") or "", new
            )
        except errors.SignInFailed:
            await self.show(
                400, {"password": form.add("current_password", "security.current_password_wrong")}
            )
            return
        except errors.PasswordRejected as exc:
            await self.show(400, {"password": form.add("new_password", password_problem(exc))})
            return
        await self.audit("password.change")
        self.see_other(self.reverse_url("portal_security"), flash="security.password_changed")


class TotpStart(SecurityView, PortalAction):
    route_name = "portal_security_totp_start"

    async def post(self) -> None:
        """Start a set-up (or keep the one waiting) and show it on the security page."""
        if not self.user.totp_enabled:
            await self.services.security.start_totp(self.user.id)
        self.see_other(self.reverse_url("portal_security"))


class TotpCancel(SecurityView, PortalAction):
    route_name = "portal_security_totp_cancel"

    async def post(self) -> None:
        await self.services.security.cancel_totp(self.user.id)
        self.see_other(self.reverse_url("portal_security"), flash="security.enrol_cancelled")


class TotpConfirm(SecurityView, PortalAction):
    route_name = "portal_security_totp_confirm"

    async def post(self) -> None:
        try:
            codes = await self.services.security.confirm_totp(self.user.id, self.form("code") or "")
        except errors.EnrolCodeFailed as exc:
            left = i18n.digits(str(exc.tries_left), self.lang)
            form = FormErrors().add("code", "security.enrol_code_failed", left=left)
            await self.show(exc.status, {"enrol": form})
            return
        except errors.EnrolmentEnded as exc:
            await self.refuse("enrol", exc)
            return
        await self.audit("totp.enable")
        await self.show_codes(codes)


class TotpDisable(SecurityView, PortalAction):
    route_name = "portal_security_totp_disable"

    async def post(self) -> None:
        try:
            used = await self.services.security.disable_totp(self.user.id, self.form("code") or "")
        except errors.CodeFailed as exc:
            await self.refuse("disable", exc)
            return
        if used == "recovery":
            await self.audit("recovery_code.use")
        await self.audit("totp.disable")
        self.see_other(self.reverse_url("portal_security"), flash="security.totp_disabled")


class RecoveryCodes(SecurityView, PortalAction):
    route_name = "portal_security_recovery"

    async def post(self) -> None:
        try:
            codes, used = await self.services.security.new_recovery_codes(
                self.user.id, self.form("code") or ""
            )
        except errors.CodeFailed as exc:
            await self.refuse("recovery", exc)
            return
        if used == "recovery":
            await self.audit("recovery_code.use")
        await self.audit("recovery_codes.renew")
        await self.show_codes(codes)


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        route(r"/portal/security", SecurityPage, kw),
        route(r"/portal/security/password", PasswordChange, kw),
        route(r"/portal/security/totp/start", TotpStart, kw),
        route(r"/portal/security/totp/confirm", TotpConfirm, kw),
        route(r"/portal/security/totp/cancel", TotpCancel, kw),
        route(r"/portal/security/totp/disable", TotpDisable, kw),
        route(r"/portal/security/recovery", RecoveryCodes, kw),
    ]
