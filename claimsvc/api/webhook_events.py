"""The merchant's own webhook events over the API (`x-api-key`, issue 31):
`GET /api/v1/webhook-events?status=&session_id=&order_id=&limit=&cursor=`,
`GET /api/v1/webhook-events/{id}` and `POST /api/v1/webhook-events/{id}/redeliver`, in the
key's ledger: another account's event, or the other mode's, is 404 exactly as an unknown one.
The operator's view is `/admin/v1/events` (api/admin/events.py)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc import errors
from claimsvc.api.fields import Cursor, QueryInt, Text, UtcTime
from claimsvc.api.reads import ReadHandler
from claimsvc.domain import bounds
from claimsvc.domain.merchant_reads import EventQuery
from claimsvc.domain.outbox import EVENT_STATUSES
from claimsvc.domain.session_reads import LIMIT_DEFAULT, LIMIT_MAX


class EventQuerySchema(Schema):
    status = fields.String(validate=validate.OneOf(EVENT_STATUSES))
    session_id = Text(validate=validate.Length(min=1, max=64))
    order_id = Text(validate=validate.Length(min=1, max=128))
    limit = QueryInt(minimum=1, maximum=LIMIT_MAX, load_default=LIMIT_DEFAULT)
    cursor = Cursor(by_id=True)


class WebhookEventSchema(Schema):
    """A `MerchantEvent` as JSON: its delivery state, never its body, URL or signature."""

    id = fields.String()
    mode = fields.String()
    session_id = fields.String()
    order_id = fields.String()
    payment_status = fields.String()
    status = fields.String()
    attempts = fields.Integer()
    next_attempt_at = UtcTime(allow_none=True)
    last_status_code = fields.Integer(allow_none=True)
    last_error = fields.String(allow_none=True)
    stopped_reason = fields.String(allow_none=True)
    created_at = UtcTime()
    delivered_at = UtcTime(allow_none=True)


EVENT_QUERY = EventQuerySchema()
WEBHOOK_EVENT = WebhookEventSchema()


def event_id(raw: str) -> int:
    """The numeric id in the path; EventNotFound for anything no event can have."""
    if not raw.isascii() or not raw.isdigit() or raw.startswith("0"):
        raise errors.EventNotFound()
    value = int(raw)
    if not bounds.is_int(value):
        raise errors.EventNotFound()
    return value


class EventItemHandler(ReadHandler):
    route_name = "merchant_event"

    async def get(self, raw_id: str) -> None:
        caller = await self.caller()
        found = await self.services.merchant_reads.event(caller.account_id, event_id(raw_id))
        self.send_json(200, WEBHOOK_EVENT.dump(found))


class EventListHandler(ReadHandler):
    route_name = "merchant_events"

    async def get(self) -> None:
        caller = await self.caller()
        loaded = self.strict_query(EVENT_QUERY)
        query = EventQuery(
            status=loaded.get("status"),
            session_id=loaded.get("session_id"),
            order_id=loaded.get("order_id"),
            limit=loaded["limit"],
            cursor=loaded.get("cursor"),
        )
        found = await self.services.merchant_reads.events(caller.account_id, query)
        self.send_page(WEBHOOK_EVENT, found)


class EventRedeliverHandler(ReadHandler):
    """A dead or delivered event queued again (202), as the operator's redeliver does."""

    route_name = "merchant_event_redeliver"

    async def post(self, raw_id: str) -> None:
        caller = await self.caller()
        moved = await self.services.merchant_reads.redeliver(caller.account_id, event_id(raw_id))
        self.send_json(202, WEBHOOK_EVENT.dump(moved))


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/api/v1/webhook-events", EventListHandler, kw, name="merchant_events"),
        url(r"/api/v1/webhook-events/([^/]+)", EventItemHandler, kw, name="merchant_event"),
        url(
            r"/api/v1/webhook-events/([^/]+)/redeliver",
            EventRedeliverHandler,
            kw,
            name="merchant_event_redeliver",
        ),
    ]
