"""The merchant's reads of its sessions (`x-api-key`, issue 30): `GET /api/v1/checkout/sessions/
{session_id}` and `GET /api/v1/checkout/sessions?order_id=&status=&limit=&cursor=`. The key's
mode picks the ledger: another account's session, or the other mode's, is 404 exactly as an
unknown one. The buyer's public read (`/api/v1/checkout/session/{id}`, api/claims.py) is apart."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc import errors
from claimsvc.api.fields import Cursor, Money, QueryInt, Text, UtcTime
from claimsvc.api.reads import ReadHandler
from claimsvc.domain.claims import SESSION_ID
from claimsvc.domain.payments import SESSION_STATUSES
from claimsvc.domain.session_reads import LIMIT_DEFAULT, LIMIT_MAX, SessionQuery


class SessionQuerySchema(Schema):
    """The listing's query; any other parameter is refused (a misspelt filter must not list
    every session instead)."""

    order_id = Text(validate=validate.Length(min=1, max=128))
    status = fields.String(validate=validate.OneOf(SESSION_STATUSES))
    limit = QueryInt(minimum=1, maximum=LIMIT_MAX, load_default=LIMIT_DEFAULT)
    cursor = Cursor()


class MerchantSessionSchema(Schema):
    """A `MerchantSession` as JSON: money in taka, exact; times ISO 8601 UTC."""

    session_id = fields.String()
    payment_id = fields.String()
    order_id = fields.String()
    mode = fields.String()
    status = fields.String()
    pending = fields.Boolean()
    amount = Money(attribute="amount_poisha")
    paid_amount = Money(attribute="paid_poisha", allow_none=True)
    provider = fields.String(allow_none=True)
    trx_id = fields.String(allow_none=True)
    settled = fields.Boolean()
    checkout_url = fields.String()
    created_at = UtcTime()
    expires_at = UtcTime()
    completed_at = UtcTime(allow_none=True)
    metadata = fields.Dict(keys=fields.String(), values=fields.String())


SESSION_QUERY = SessionQuerySchema()
MERCHANT_SESSION = MerchantSessionSchema()


class SessionReadHandler(ReadHandler):
    def query(self) -> SessionQuery:
        """The listing's query, or 400 Invalid request with the reasons."""
        loaded = self.strict_query(SESSION_QUERY)
        return SessionQuery(
            order_id=loaded.get("order_id"),
            status=loaded.get("status"),
            limit=loaded["limit"],
            cursor=loaded.get("cursor"),
        )


class SessionItemHandler(SessionReadHandler):
    route_name = "merchant_session"

    async def get(self, raw_id: str) -> None:
        caller = await self.caller()
        session_id = raw_id.lower()
        if not SESSION_ID.fullmatch(session_id):
            raise errors.MerchantSessionNotFound()  # no id of ours: not looked up
        found = await self.services.session_reads.get(caller.account_id, session_id)
        self.send_json(200, MERCHANT_SESSION.dump(found))


class SessionListHandler(SessionReadHandler):
    route_name = "merchant_sessions"

    async def get(self) -> None:
        caller = await self.caller()
        found = await self.services.session_reads.list(caller.account_id, self.query())
        self.send_page(MERCHANT_SESSION, found)


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/api/v1/checkout/sessions", SessionListHandler, kw, name="merchant_sessions"),
        url(r"/api/v1/checkout/sessions/([^/]+)", SessionItemHandler, kw, name="merchant_session"),
    ]
