"""The audit log page (owners only): every action in the account's portal, newest first."""

from __future__ import annotations

from tornado.routing import URLSpec

from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.words import Words
from claimsvc.domain.paging import is_cursor

PAGE_SIZE = 50


class AuditHandler(PortalHandler):
    permission = "audit"
    route_name = "portal_audit"

    async def get(self) -> None:
        cursor = self.get_query_argument("cursor", None)
        if cursor is not None and not is_cursor(cursor):
            cursor = None  # a cursor we did not write: the first page
        found = await self.services.audit.page(self.user.account_id, cursor, PAGE_SIZE)
        words = Words(self.lang)
        self.render_portal(
            "audit.html",
            title=words("audit_title"),
            entries=found.items,
            next_cursor=found.next_cursor,
            first=cursor is None,
            action_words=lambda action: (
                words(f"audit_{action}") if words.has(f"audit_{action}") else action
            ),
        )


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [URLSpec(r"/portal/audit", AuditHandler, kw, name="portal_audit")]
