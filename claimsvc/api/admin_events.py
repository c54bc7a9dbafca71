"""Admin API over webhook events (`/admin/v1/events`): the outbox as operators see it."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate
from tornado.web import url

from claimsvc.api.admin import AdminHandler
from claimsvc.api.fields import Cursor
from claimsvc.domain.outbox import EVENT_STATUSES
from claimsvc.domain.paging import DEFAULT_LIMIT, MAX_LIMIT


class EventQuerySchema(Schema):
    """Query parameters of the event list (strings, as a query string gives them)."""

    account_id = fields.String(validate=validate.Length(min=1, max=64))
    session_id = fields.String(validate=validate.Length(min=1, max=64))
    status = fields.String(validate=validate.OneOf(EVENT_STATUSES))
    limit = fields.Integer(
        load_default=DEFAULT_LIMIT, validate=validate.Range(min=1, max=MAX_LIMIT)
    )
    cursor = Cursor(by_id=True)


class EventsHandler(AdminHandler):
    route_name = "admin_events"

    async def get(self) -> None:
        names = ("account_id", "session_id", "status", "limit", "cursor")
        raw = {n: self.get_query_argument(n) for n in names if self.get_query_argument(n, "")}
        query = self.load(EventQuerySchema(), raw)
        limit, cursor = query.pop("limit"), query.pop("cursor", None)
        self.send_json(200, await self.services.outbox.list_events(query, limit, cursor))


def routes(deps: Any) -> list:
    return [url(r"/admin/v1/events", EventsHandler, {"deps": deps})]
