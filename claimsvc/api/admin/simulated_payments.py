"""The admin API's test payments: `POST /admin/v1/test-payments` (the operator and `claimsvc
admin test-payments create`) makes one arrive for any test session."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec
from tornado.web import url

from claimsvc.api.admin.base import AdminHandler
from claimsvc.api.simulated_payments import TEST_PAYMENT, parse
from claimsvc.domain import simulated_payments as rules


class AdminTestPaymentsHandler(AdminHandler):
    """The operator makes a test payment arrive for any test session."""

    route_name = "admin_test_payments"

    async def post(self) -> None:
        req = parse(self)
        paid = await self.services.test_payments.pay(None, req, rules.WAIT_S if req.wait else 0)
        self.send_json(202, TEST_PAYMENT.dump(paid))


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/admin/v1/test-payments", AdminTestPaymentsHandler, kw, name="admin_test_payments"),
    ]
