"""The admin API's taught SMS wordings: list them, make one apply to every account (its stored
unparsed messages are re-queued), remove one. Each change is in the wording's account's audit
log, by the operator."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc import errors
from claimsvc.api.admin.base import AdminHandler
from claimsvc.api.fields import UtcTime
from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.audit import OPERATOR
from claimsvc.domain.wordings import TaughtWording


class WordingViewSchema(Schema):
    """A taught wording as the admin API shows it: `wording` is its text with {slot} marks."""

    id = fields.String()
    account_id = fields.String()
    provider = fields.String(attribute="wording.provider")
    direction = fields.String(attribute="wording.direction")
    kind = fields.String(attribute="wording.kind")
    wording = fields.Function(lambda taught: taught.wording.shown())
    key = fields.String(attribute="wording.key")
    is_global = fields.Boolean(attribute="everywhere", data_key="global")
    rereading = fields.Boolean()
    """The SMS worker is still re-queueing the stored messages it may read."""
    reread = fields.Integer()
    """Stored messages re-queued for it so far."""
    created_by = fields.String()
    created_at = UtcTime()
    made_global_at = UtcTime()
    source_message_id = fields.String()


WORDING_VIEW = WordingViewSchema()


class WordingsAdminHandler(AdminHandler):
    async def record(self, taught: TaughtWording, action: str, **details: str) -> None:
        await self.services.audit.record(
            taught.account_id,
            OPERATOR,
            OPERATOR,
            action,
            taught.id,
            {"provider": taught.wording.provider, "kind": taught.wording.kind, **details},
            self.client_address(),
        )


class WordingsHandler(WordingsAdminHandler):
    """GET: every account's wordings, or one account's own (`account_id`), of a `provider`."""

    route_name = "admin_wordings"

    async def get(self) -> None:
        account_id = self.get_query_argument("account_id", None) or None
        provider = self.get_query_argument("provider", None) or None
        if provider is not None and provider not in PROVIDERS:
            raise errors.InvalidBody(details=[f"provider: must be one of {', '.join(PROVIDERS)}"])
        found = await self.services.wordings.of_account(account_id, provider)
        self.send_json(200, {"items": WORDING_VIEW.dump(found, many=True)})


class WordingGlobalHandler(WordingsAdminHandler):
    """200: the wording now reads every account's messages; the SMS worker re-queues their
    unparsed ones (`rereading` until it has)."""

    route_name = "admin_wording_global"

    async def post(self, wording_id: str) -> None:
        taught = await self.services.wordings.make_global(wording_id)
        await self.record(taught, "wording.global")
        self.send_json(200, WORDING_VIEW.dump(taught))


class WordingRemoveHandler(WordingsAdminHandler):
    route_name = "admin_wording_remove"

    async def post(self, wording_id: str) -> None:
        removed = await self.services.wordings.remove(wording_id)
        await self.record(removed, "wording.remove")
        self.send_json(200, WORDING_VIEW.dump(removed))


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/admin/v1/wordings", WordingsHandler, kw),
        url(r"/admin/v1/wordings/([^/]+)/global", WordingGlobalHandler, kw),
        url(r"/admin/v1/wordings/([^/]+)/remove", WordingRemoveHandler, kw),
    ]
