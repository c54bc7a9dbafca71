"""The audit log page (owners only): every action in the account's portal, newest first, each
action and detail named in the page's language."""

from __future__ import annotations

from tornado.routing import URLSpec

from claimsvc.api.portal.base import PortalPage
from claimsvc.api.routing import route
from claimsvc.domain.audit import current_action

PAGE_SIZE = 50


class AuditPage(PortalPage):
    permission = "audit"
    route_name = "portal_audit"

    async def get(self) -> None:
        found = await self.services.audit.page(self.user.account_id, self.cursor(), PAGE_SIZE)
        self.render_portal(
            "audit.html",
            title=self.t("audit.title"),
            entries=found.items,
            next_cursor=found.next_cursor,
            action_words=lambda action: self.t.status("audit", current_action(action)),
        )


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [route(r"/portal/audit", AuditPage, kw)]
