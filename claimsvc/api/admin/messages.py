"""The admin API's stored SMS messages: list them (the parser-review screen), and parse
unparsed ones again."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc.api.admin.base import AdminHandler, ListHandler
from claimsvc.api.fields import BoundedTime, StrictInt, Text, UtcTime
from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.statuses import MESSAGE_RESULTS
from claimsvc.services.reparse import MAX_BATCH, ReparseFilter


class MessageViewSchema(Schema):
    """A stored SMS as the admin API shows it (the portal's parser-review screen)."""

    id = fields.String()
    account_id = fields.String()
    device_id = fields.String()
    form = fields.String()
    sender = fields.String()
    text = fields.String()
    sim_slot = fields.Integer()
    received_at = UtcTime()
    received_at_source = fields.String()
    stored_at = UtcTime()
    processed_at = UtcTime()
    result = fields.String()
    provider = fields.String()
    reason = fields.String()
    transaction_id = fields.String()
    parsed_by = fields.String()
    """How a parsed message was read: "rule", "arithmetic" or "taught" (null: not parsed)."""
    reparses = fields.Integer()
    """Re-parses asked for (`POST /admin/v1/messages/reparse`); the last one's time below."""
    reparse_requested_at = UtcTime()


class ReparseSchema(Schema):
    """Which unparsed messages to parse again; every field optional."""

    account_id = Text(validate=validate.Length(min=1, max=64))
    provider = Text(validate=validate.OneOf(PROVIDERS))
    since = BoundedTime()
    limit = StrictInt(minimum=1, maximum=MAX_BATCH)


class ReparsedSchema(Schema):
    requeued = fields.Integer()
    more = fields.Boolean()


MESSAGE_VIEW = MessageViewSchema()


class AdminMessagesHandler(ListHandler):
    route_name = "admin_messages"
    filters = {"account_id": None, "result": MESSAGE_RESULTS}

    async def get(self) -> None:
        found = await self.services.wallet_admin.messages(self.query())
        self.send_page(MESSAGE_VIEW, found)


class MessagesReparseHandler(AdminHandler):
    """202: the matching unparsed messages are queued for the SMS worker's current parsers."""

    route_name = "admin_messages_reparse"

    async def post(self) -> None:
        which = ReparseFilter(**self.body(ReparseSchema()))
        reparsed = await self.services.reparse.reparse(which)
        self.send_json(202, ReparsedSchema().dump(reparsed))


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/admin/v1/messages", AdminMessagesHandler, kw),
        url(r"/admin/v1/messages/reparse", MessagesReparseHandler, kw),
    ]
