"""The portal's alerts page: link one's Telegram by a one-time code (the POST redirects and the
page shows the code once), set an email address verified by a link, choose which alerts each
gets, unlink; a broken channel says so. Owners also see, and may unlink, every channel of the
shop."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.words import Words
from claimsvc.domain import alerts as al
from claimsvc.domain.devices import MAX_QUIET_MINUTES, MIN_QUIET_MINUTES, quiet_minutes
from claimsvc.domain.users import can

PATH = "/portal/alerts"
CHANNEL = r"/([A-Za-z0-9_]{1,64})"
VERIFY = PATH + "/email/verify"
TOKEN = r"/([A-Za-z0-9_-]{20,64})"


class AlertsHandler(PortalHandler):
    """GET: the page (with a new code once, after the POST); POST: make a Telegram code."""

    permission = "overview"
    route_name = "portal_alerts"

    async def get(self) -> None:
        held = await take_shown(self, "alert_link_code", PATH)
        if held is None:
            return
        service = self.services.alert_channels
        mine = await service.of_user(self.user.id)
        settings = self.deps.settings
        self.render_portal(
            "alerts.html",
            title=Words(self.lang)("al_title"),
            enabled=bool(settings.telegram_bot_token),
            email_enabled=bool(settings.smtp_host),
            bot=settings.telegram_bot_username,
            code=held.get("code"),
            telegram=next((c for c in mine if c.kind == al.TELEGRAM), None),
            email=next((c for c in mine if c.kind == al.EMAIL), None),
            shop=await service.of_account(self.account.id) if can(self.user.role, "team") else None,
            kinds=al.KINDS,
            linked=al.LINKED,
            pending=al.PENDING,
            user_email=self.user.email,
            quiet_minutes=self.account.phone_quiet_minutes,
            quiet_min=MIN_QUIET_MINUTES,
            quiet_max=MAX_QUIET_MINUTES,
            may_set_quiet=can(self.user.role, "team"),
        )

    async def post(self) -> None:
        if not self.deps.settings.telegram_bot_token:
            raise errors.NotFound()
        code = await self.services.alert_channels.new_code(self.user, self.lang)
        await self.audit("alerts.link_code", f"user:{self.user.id}")
        await hold_and_redirect(self, "alert_link_code", {"code": code}, PATH)


class EmailHandler(PortalHandler):
    """POST: set the user's alert address and email it a verification link."""

    permission = "overview"
    route_name = "portal_alerts_email"

    async def post(self) -> None:
        url = self.deps.settings.public_base_url + VERIFY
        try:
            await self.services.alert_channels.add_email(
                self.user, self.form("address") or "", self.lang, url
            )
        except errors.InvalidBody:
            self.see_other(PATH, "al_email_bad")
            return
        except errors.EmailNotSent:
            self.see_other(PATH, "al_email_not_sent")
            return
        await self.audit("alerts.email", f"user:{self.user.id}")
        self.see_other(PATH, "al_email_sent")


class VerifyHandler(PortalHandler):
    """GET: ask (a link in an email must not change anything by being fetched); POST: verify.
    The token is in the path so that signing in first keeps it."""

    permission = "overview"
    route_name = "portal_alerts_verify"

    async def get(self, token: str) -> None:
        self.set_header("Cache-Control", "no-store")
        self.render_portal(
            "alerts_verify.html", title=Words(self.lang)("al_verify_title"), token=token
        )

    async def post(self, token: str) -> None:
        try:
            await self.services.alert_channels.verify_email(self.user, token)
        except errors.NotFound:
            self.see_other(PATH, "al_email_link_bad")
            return
        await self.audit("alerts.email_verified", f"user:{self.user.id}")
        self.see_other(PATH, "al_email_verified")


class ChooseHandler(PortalHandler):
    """POST: which kinds of alert one of the user's own channels gets."""

    permission = "overview"
    route_name = "portal_alerts_choose"

    async def post(self, channel_id: str) -> None:
        kinds = [k for k in al.KINDS if self.form(f"kind_{k}") == "1"]
        await self.services.alert_channels.choose(self.user, channel_id, kinds)
        self.see_other(PATH, "al_saved")


class UnlinkHandler(PortalHandler):
    """POST: unlink one's own channel, or (an owner) any of the shop's."""

    permission = "overview"
    route_name = "portal_alerts_unlink"

    async def post(self, channel_id: str) -> None:
        gone = await self.services.alert_channels.unlink(self.user, channel_id)
        await self.audit("alerts.unlink", f"user:{gone.user_id}", channel=gone.kind)
        self.see_other(PATH, "al_unlinked")


class QuietHandler(PortalHandler):
    """POST: the shop's threshold for a quiet phone (owners only: it changes what every
    member is alerted of)."""

    permission = "team"
    route_name = "portal_alerts_quiet"

    async def post(self) -> None:
        minutes = quiet_minutes(self.form("minutes") or "")
        if minutes is None:
            self.see_other(PATH, "al_quiet_bad")
            return
        await self.services.admin.patch_account(self.account.id, {"phone_quiet_minutes": minutes})
        await self.audit("alerts.quiet_minutes", f"account:{self.account.id}", minutes=str(minutes))
        self.see_other(PATH, "al_quiet_saved")


def routes(kw: dict[str, Any]) -> list[URLSpec]:
    return [
        URLSpec(PATH, AlertsHandler, kw, name="portal_alerts"),
        URLSpec(PATH + "/email", EmailHandler, kw),
        URLSpec(PATH + "/quiet", QuietHandler, kw),
        URLSpec(VERIFY + TOKEN, VerifyHandler, kw),
        URLSpec(PATH + CHANNEL + "/kinds", ChooseHandler, kw),
        URLSpec(PATH + CHANNEL + "/unlink", UnlinkHandler, kw),
    ]
