"""POST /api/v1/checkout/initialize: a merchant server opens a checkout session."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates
from tornado.web import url

from claimsvc.api.base import BaseHandler
from claimsvc.api.fields import Amount, StrictInt, Text
from claimsvc.domain.checkout import DEFAULT_EXPIRES_IN_S, InitializeRequest
from claimsvc.services.auth import Caller, require_can_pay


class CustomerSchema(Schema):
    name = Text(validate=validate.Length(max=256))
    email = Text(validate=validate.Length(max=256))
    phone = Text(validate=validate.Length(max=256))


class InitializeSchema(Schema):
    """The initialize body. URLs are checked afterwards against the account's URL rules."""

    order_id = Text(required=True, validate=validate.Length(min=1, max=128))
    amount = Amount(required=True)
    success_url = fields.Raw(load_default=None)
    cancel_url = fields.Raw(load_default=None)
    webhook_url = fields.Raw(load_default=None)
    expires_in = StrictInt(minimum=300, maximum=86_400)
    customer = fields.Nested(CustomerSchema, allow_none=True)
    metadata = fields.Dict(
        keys=Text(validate=validate.Length(min=1, max=40)),
        values=Text(validate=validate.Length(max=500)),
    )

    @validates("metadata")
    def _metadata_size(self, value: dict[str, str], **kwargs: Any) -> None:
        if len(value) > 20:
            raise ValidationError("must have at most 20 keys")


# Built once: a marshmallow schema is reusable, and building one costs more than a load.
INITIALIZE_SCHEMA = InitializeSchema()


class RateLimitedHandler(BaseHandler):
    """An authenticated merchant endpoint, limited per key and per endpoint."""

    async def rate_limit(self, caller: Caller) -> None:
        decision = await self.services.limits.check_key(caller, self.route_name)
        for name, value in decision.headers().items():
            self.keep_header(name, value)


class InitializeHandler(RateLimitedHandler):
    route_name = "initialize"

    async def post(self) -> None:
        # The order of checks is the contract's (§3); keep it visible here.
        platform = await self.services.checkout.ensure_open()
        caller = await self.services.auth.authenticate(self.request.headers.get("x-api-key"))
        require_can_pay(caller.account)
        await self.rate_limit(caller)
        body = self.load(INITIALIZE_SCHEMA, self.json_body())
        self.services.checkout.check_urls(caller.account, body)
        req = InitializeRequest(
            order_id=body["order_id"],
            amount_poisha=body["amount"],
            success_url=body["success_url"],
            cancel_url=body["cancel_url"],
            webhook_url=body["webhook_url"],
            expires_in_s=body.get("expires_in", DEFAULT_EXPIRES_IN_S),
            customer=body.get("customer"),
            metadata=body.get("metadata") or {},
        )
        opened = await self.services.checkout.initialize(caller.account, req, platform)
        self.send_json(201 if opened.created else 200, opened.body)


def routes(deps: Any) -> list:
    return [
        url(r"/api/v1/checkout/initialize", InitializeHandler, {"deps": deps}, name="initialize")
    ]
