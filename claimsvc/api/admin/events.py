"""Admin API over webhook events (`/admin/v1/events`): the outbox as operators see it."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc.api.admin.base import AdminHandler
from claimsvc.api.fields import Cursor, QueryInt, UtcTime
from claimsvc.domain.outbox import EVENT_STATUSES, EventFilter
from claimsvc.domain.paging import DEFAULT_LIMIT, MAX_LIMIT


class EventQuerySchema(Schema):
    """Query parameters of the event list (strings, as a query string gives them)."""

    account_id = fields.String(validate=validate.Length(min=1, max=64))
    session_id = fields.String(validate=validate.Length(min=1, max=64))
    status = fields.String(validate=validate.OneOf(EVENT_STATUSES))
    limit = QueryInt(minimum=1, maximum=MAX_LIMIT, load_default=DEFAULT_LIMIT)
    cursor = Cursor(by_id=True)


class EventViewSchema(Schema):
    """An event as the admin API shows it: its delivery state, never its body or URL."""

    id = fields.Integer()
    account_id = fields.String()
    session_id = fields.String()
    order_id = fields.String()
    payment_status = fields.String()
    status = fields.String()
    attempts = fields.Integer()
    next_attempt_at = UtcTime()
    last_status_code = fields.Integer()
    last_error = fields.String()
    stopped_reason = fields.String()
    created_at = UtcTime()
    delivered_at = UtcTime()


EVENT_VIEW = EventViewSchema()


class EventsHandler(AdminHandler):
    route_name = "admin_events"

    async def get(self) -> None:
        names = ("account_id", "session_id", "status", "limit", "cursor")
        raw = {n: self.get_query_argument(n) for n in names if self.get_query_argument(n, "")}
        query = self.load(EventQuerySchema(), raw)
        limit, cursor = query.pop("limit"), query.pop("cursor", None)
        found = await self.services.outbox.list_events(EventFilter(**query), limit, cursor)
        self.send_page(EVENT_VIEW, found)


def routes(deps: Any) -> list[URLSpec]:
    return [url(r"/admin/v1/events", EventsHandler, {"deps": deps})]
