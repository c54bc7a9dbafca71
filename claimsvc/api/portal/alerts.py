"""The portal's alerts page: link one's Telegram by a one-time code (the POST redirects and the
page shows the code once), choose which alerts it gets, unlink it; a broken channel says so.
Owners also see, and may unlink, every channel of the shop."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.portal.words import Words
from claimsvc.domain import alerts as al
from claimsvc.domain.users import can

PATH = "/portal/alerts"
CHANNEL = r"/([A-Za-z0-9_]{1,64})"


class AlertsHandler(PortalHandler):
    """GET: the page (with a new code once, after the POST); POST: make a link code."""

    permission = "overview"
    route_name = "portal_alerts"

    async def get(self) -> None:
        held = await take_shown(self, "alert_link_code", PATH)
        if held is None:
            return
        service = self.services.alert_channels
        owner = can(self.user.role, "team")
        settings = self.deps.settings
        self.render_portal(
            "alerts.html",
            title=Words(self.lang)("al_title"),
            enabled=bool(settings.telegram_bot_token),
            bot=settings.telegram_bot_username,
            code=held.get("code"),
            mine=await service.of_user(self.user.id),
            shop=await service.of_account(self.account.id) if owner else None,
            kinds=al.KINDS,
            linked=al.LINKED,
        )

    async def post(self) -> None:
        if not self.deps.settings.telegram_bot_token:
            raise errors.NotFound()
        code = await self.services.alert_channels.new_code(self.user, self.lang)
        await self.audit("alerts.link_code", f"user:{self.user.id}")
        await hold_and_redirect(self, "alert_link_code", {"code": code}, PATH)


class ChooseHandler(PortalHandler):
    """POST: which kinds of alert the user's own channel gets."""

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


def routes(kw: dict[str, Any]) -> list[URLSpec]:
    return [
        URLSpec(PATH, AlertsHandler, kw, name="portal_alerts"),
        URLSpec(PATH + CHANNEL + "/kinds", ChooseHandler, kw),
        URLSpec(PATH + CHANNEL + "/unlink", UnlinkHandler, kw),
    ]
