"""Test payments: `POST /api/v1/test/payments` (a test key, from a merchant's test suite); the
operator's `POST /admin/v1/test-payments` (api/admin/simulated_payments.py) reads the same body."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc import errors
from claimsvc.api.base import BaseHandler
from claimsvc.api.checkout import MerchantHandler
from claimsvc.api.fields import Money
from claimsvc.domain import simulated_payments as rules
from claimsvc.domain.modes import TEST
from claimsvc.domain.simulated_payments import TestPaymentRequest


class TestPaymentSchema(Schema):
    """The answer: what the test payment did, and where its SMS is."""

    session_id = fields.String()
    outcome = fields.String()
    provider = fields.String()
    trx_id = fields.String()
    amount = Money(attribute="amount_poisha")
    sms = fields.Function(rules.sms_state)


TEST_PAYMENT = TestPaymentSchema()


def parse(handler: BaseHandler) -> TestPaymentRequest:
    """The body as a request, or 400 Invalid request body with the reasons."""
    try:
        return rules.parse_request(handler.json_body())
    except ValueError as exc:
        raise errors.InvalidBody(details=exc.args[0]) from None


class TestPaymentsHandler(MerchantHandler):
    """A test key makes a test payment arrive for one of its test sessions."""

    route_name = "test_payments"

    async def post(self) -> None:
        caller = await self.authenticate(self.request.headers.get("x-api-key"))
        if caller.mode != TEST:
            raise errors.TestKeyRequired()
        req = parse(self)
        wait = rules.WAIT_S if req.wait else 0
        paid = await self.services.test_payments.pay(caller.account_id, req, wait)
        self.send_json(202, TEST_PAYMENT.dump(paid))


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/api/v1/test/payments", TestPaymentsHandler, kw, name="test_payments"),
    ]
