"""The portal's first page (a placeholder the "money" part fills with today's figures)."""

from __future__ import annotations

from tornado.routing import URLSpec

from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.words import Words


class OverviewHandler(PortalHandler):
    permission = "overview"
    route_name = "portal_overview"

    def get(self) -> None:
        self.render_portal("overview.html", title=Words(self.lang)("overview_title"))


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [URLSpec(r"/portal/?", OverviewHandler, kw, name="portal_overview")]
