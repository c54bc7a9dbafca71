"""POST /api/v1/checkout/initialize: a merchant server opens a checkout session."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc import errors
from claimsvc.api.base import BaseHandler
from claimsvc.api.fields import Amount, Money, StrictInt, Text, UtcTime
from claimsvc.domain.checkout import (
    DEFAULT_EXPIRES_IN_S,
    MAX_EXPIRES_IN_S,
    MIN_EXPIRES_IN_S,
    InitializeRequest,
)
from claimsvc.services.auth import Admitted, Caller


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
    expires_in = StrictInt(minimum=MIN_EXPIRES_IN_S, maximum=MAX_EXPIRES_IN_S)
    customer = fields.Nested(CustomerSchema, allow_none=True)
    metadata = fields.Dict(
        keys=Text(validate=validate.Length(min=1, max=40)),
        values=Text(validate=validate.Length(max=500)),
    )

    @validates("metadata")
    def _metadata_size(self, value: dict[str, str], **kwargs: Any) -> None:
        if len(value) > 20:
            raise ValidationError("must have at most 20 keys")


class OpenedSchema(Schema):
    """The initialize answer (interface.md §3), the same on creation and replay; dumps an
    `Opened`."""

    session_id = fields.String(attribute="session.id")
    payment_id = fields.String(attribute="session.payment_id")
    order_id = fields.String(attribute="session.order_id")
    amount = Money(attribute="session.amount_poisha")
    status = fields.String(attribute="session.status")
    checkout_url = fields.String()
    expires_at = UtcTime(attribute="session.expires_at")


# Built once: a marshmallow schema is reusable, and building one costs more than a load.
INITIALIZE_SCHEMA = InitializeSchema()
OPENED_SCHEMA = OpenedSchema()


class MerchantHandler(BaseHandler):
    """An endpoint authenticated by an API key, limited per key and per endpoint."""

    def keep_rate_headers(self, admitted: Admitted) -> None:
        """The RateLimit-* headers go on every answer after the rate check, errors included."""
        for name, value in admitted.rate_headers.items():
            self.keep_header(name, value)

    async def authenticate(self, raw_key: str | None) -> Caller:
        admitted = await self.services.auth.authenticate(raw_key, self.route_name)
        self.keep_rate_headers(admitted)
        return admitted.caller


class InitializeHandler(MerchantHandler):
    route_name = "initialize"

    async def post(self) -> None:
        # The order of checks is the contract's (§3): maintenance, key, account state, rate
        # limit (one Redis script, services/auth.py), body, replay, fees, day limits, create.
        # The body is read first but refused only after the rate limit counted the request.
        platform = await self.services.checkout.ensure_open()
        try:
            body, invalid = self.load(INITIALIZE_SCHEMA, self.json_body()), None
        except errors.ServiceError as exc:
            body, invalid = None, exc
        raw_key = self.request.headers.get("x-api-key")
        admitted = await self.services.checkout.admit(raw_key, body)
        self.keep_rate_headers(admitted)
        if invalid is not None:
            raise invalid
        assert body is not None
        self.services.checkout.check_urls(admitted.caller.account, body)
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
        account = admitted.caller.account
        opened = await self.services.checkout.initialize(account, req, platform, admitted.day)
        self.send_json(201 if opened.created else 200, OPENED_SCHEMA.dump(opened))


def routes(deps: Any) -> list[URLSpec]:
    return [
        url(r"/api/v1/checkout/initialize", InitializeHandler, {"deps": deps}, name="initialize")
    ]
