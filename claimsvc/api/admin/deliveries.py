"""Admin API over webhook delivery: `POST /admin/v1/events/{id}/redeliver`."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec
from tornado.web import url

from claimsvc.api.admin.base import AdminHandler
from claimsvc.api.admin.events import EVENT_VIEW


class RedeliverHandler(AdminHandler):
    """A dead or delivered event queued again: same id and body, attempt counter continuing."""

    route_name = "admin_event_redeliver"

    async def post(self, event_id: str) -> None:
        event = await self.services.delivery.redeliver(int(event_id))
        self.send_json(202, EVENT_VIEW.dump(event))


def routes(deps: Any) -> list[URLSpec]:
    # Event ids are numbers; anything else falls through to the 404 handler.
    return [url(r"/admin/v1/events/([1-9][0-9]{0,17})/redeliver", RedeliverHandler, {"deps": deps})]
