"""Payment links over the merchant API (`/api/v1/payment-links`, `x-api-key`): create, list,
read and disable, each with its payments count and amount. Another account's link is 404."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc import errors
from claimsvc.api.checkout import MerchantHandler
from claimsvc.api.fields import (
    Amount,
    BoundedTime,
    Cursor,
    Money,
    QueryInt,
    StrictBool,
    Text,
    UtcTime,
)
from claimsvc.domain import links as rules
from claimsvc.domain.idempotency import HEADER, REPLAYED_HEADER, idempotency, parse_key
from claimsvc.domain.links import NewLink
from claimsvc.domain.modes import LIVE
from claimsvc.domain.paging import DEFAULT_LIMIT, MAX_LIMIT
from claimsvc.services.auth import Caller


class NewLinkSchema(Schema):
    """The create body; webhook_url is checked afterwards by the account's URL rules."""

    amount = Amount(required=True)
    description = Text(required=True, validate=validate.Length(min=1, max=rules.MAX_DESCRIPTION))
    order_ref = Text(validate=validate.Length(min=1, max=rules.MAX_ORDER_REF))
    single_use = StrictBool(load_default=False)
    expires_at = BoundedTime(allow_none=True)
    webhook_url = fields.Raw(allow_none=True)


class LinkQuerySchema(Schema):
    limit = QueryInt(minimum=1, maximum=MAX_LIMIT, load_default=DEFAULT_LIMIT)
    cursor = Cursor()


class LinkViewSchema(Schema):
    """A link as the API shows it (dumps a `LinkView`); money in taka."""

    id = fields.String(attribute="link.id")
    url = fields.String()
    amount = Money(attribute="link.amount_poisha")
    description = fields.String(attribute="link.description")
    order_ref = fields.String(attribute="link.order_ref", allow_none=True)
    single_use = fields.Boolean(attribute="link.single_use")
    status = fields.String(attribute="link.status")
    expires_at = UtcTime(attribute="link.expires_at")
    webhook_url = fields.String(attribute="link.webhook_url", allow_none=True)
    created_at = UtcTime(attribute="link.created_at")
    disabled_at = UtcTime(attribute="link.disabled_at")
    payments = fields.Integer(attribute="totals.payments")
    paid_amount = Money(attribute="totals.amount_poisha")


NEW_LINK_SCHEMA = NewLinkSchema()
LINK_QUERY_SCHEMA = LinkQuerySchema()
LINK_VIEW = LinkViewSchema()


def new_link_request(body: dict[str, Any]) -> NewLink:
    """A validated create body as the service takes it."""
    return NewLink(
        amount_poisha=body["amount"],
        description=body["description"],
        single_use=body["single_use"],
        order_ref=body.get("order_ref"),
        expires_at=body.get("expires_at"),
        webhook_url=body.get("webhook_url"),
    )


class LinkHandler(MerchantHandler):
    """Key, account state (creating only, as initialize), the per-key rate limit of the
    endpoint, then the body."""

    async def caller(self, endpoint: str | None = None, must_pay: bool = False) -> Caller:
        auth = self.services.auth
        ref = await auth.resolve(self.request.headers.get("x-api-key"))
        admitted = await auth.admit(ref, endpoint or self.route_name, must_pay=must_pay)
        self.keep_rate_headers(admitted)
        if admitted.caller.mode != LIVE:
            # A link's sessions are live: a test key would open live sessions or see none.
            raise errors.TestKeyRefused()
        return admitted.caller


class LinksHandler(LinkHandler):
    route_name = "links"

    async def post(self) -> None:
        try:
            raw, invalid = self.json_body(), None
        except errors.ServiceError as exc:  # refused only after the key and rate checks
            raw, invalid = None, exc
        caller = await self.caller("links_create", must_pay=True)
        key = parse_key(self.request.headers.get_list(HEADER))
        if invalid is not None:
            raise invalid
        req: NewLink | errors.ServiceError
        try:
            req = new_link_request(self.load(NEW_LINK_SCHEMA, raw))
        except errors.ServiceError as exc:
            req = exc
        links = self.services.links
        if key is None:
            if isinstance(req, errors.ServiceError):
                raise req
            self.send_json(201, LINK_VIEW.dump(await links.create(caller.account, req)))
            return
        once = idempotency(caller.account_id, key, raw)
        view, replayed = await links.create_once(caller.account, req, once)
        headers = {REPLAYED_HEADER: "true"} if replayed else None
        self.send_json(201, LINK_VIEW.dump(view), headers)

    async def get(self) -> None:
        caller = await self.caller()
        # A parameter given empty is refused, not read as absent.
        names = [n for n in ("limit", "cursor") if n in self.request.query_arguments]
        query = self.load(LINK_QUERY_SCHEMA, {n: self.get_query_argument(n) for n in names})
        found = await self.services.links.list(
            caller.account_id, query.get("cursor"), query["limit"]
        )
        self.send_page(LINK_VIEW, found)


class LinkItemHandler(LinkHandler):
    route_name = "link"

    async def get(self, link_id: str) -> None:
        caller = await self.caller()
        view = await self.services.links.get(caller.account_id, link_id)
        self.send_json(200, LINK_VIEW.dump(view))


class LinkDisableHandler(LinkHandler):
    route_name = "link_disable"

    async def post(self, link_id: str) -> None:
        caller = await self.caller()
        view = await self.services.links.disable(caller.account_id, link_id)
        self.send_json(200, LINK_VIEW.dump(view))


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/api/v1/payment-links", LinksHandler, kw, name="links"),
        url(r"/api/v1/payment-links/([^/]+)", LinkItemHandler, kw, name="link"),
        url(r"/api/v1/payment-links/([^/]+)/disable", LinkDisableHandler, kw, name="link_disable"),
    ]
