"""The admin API's settling of a payment of another amount than its order's (support acting for
a merchant): `POST /admin/v1/accounts/{id}/sessions/{session_id}/settle` (and `claimsvc admin
sessions settle`). The portal's settle action and this call are one service
(services/settlement.py): the same outcomes, the same refusals, audited in the account's log
with the operator as the actor."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc import errors
from claimsvc.api.admin.base import AdminHandler
from claimsvc.api.fields import Money, Text, UtcTime
from claimsvc.domain import settlement as st
from claimsvc.domain.audit import OPERATOR
from claimsvc.services.settlement import Settled


class SettleSchema(Schema):
    action = fields.String(required=True, validate=validate.OneOf(tuple(st.ACTIONS)))
    """accept (for the order: the session completes), refund (by hand), or leave it."""
    transaction_id = Text(required=True, validate=validate.Length(min=1, max=64))
    """The differing payment decided on (the session's `mismatch`, as the portal's form)."""


class SettledViewSchema(Schema):
    """The session after the decision, with both amounts and who decided."""

    session_id = fields.String(attribute="session.id")
    order_id = fields.String(attribute="session.order_id")
    status = fields.String(attribute="session.status")
    test = fields.Boolean(attribute="session.test")
    transaction_id = fields.String(attribute="session.mismatch.transaction_id")
    provider = fields.String(attribute="session.mismatch.provider")
    trx_id = fields.String(attribute="session.mismatch.trx_id")
    order_amount = Money(attribute="session.amount_poisha")
    paid_amount = Money(attribute="session.mismatch.paid_poisha")
    settlement = fields.String(attribute="session.mismatch.settlement")
    settled_at = UtcTime(attribute="session.mismatch.settled_at")
    settled_by = fields.String(attribute="session.mismatch.settled_by")
    repeated = fields.Boolean()
    """The same decision was recorded already: nothing changed (no webhook, no audit entry)."""


SETTLED_VIEW = SettledViewSchema()


class SettleHandler(AdminHandler):
    """200 and the settled session; 409 SETTLE_REFUSED naming the problem when the decision
    cannot be made now; 404 for a session that is not the account's."""

    route_name = "admin_session_settle"

    async def post(self, account_id: str, session_id: str) -> None:
        body = self.body(SettleSchema())
        session_id = session_id.lower()
        done = await self.services.settlement.settle(
            account_id, session_id, body["transaction_id"], body["action"], OPERATOR
        )
        if not done.repeated:
            await self._record(done)
        self.send_json(200, SETTLED_VIEW.dump(done))

    async def _record(self, done: Settled) -> None:
        await self.services.audit.record(
            done.session.owner_id,
            OPERATOR,
            OPERATOR,
            "payment.settle",
            done.session.id,
            done.audit_details(),
            self.client_address(),
        )

    def error_body(self, err: errors.ServiceError) -> dict[str, Any]:
        """A refusal says which rule refused it (one of settlement.PROBLEMS), beside the code
        the other answers of the service give it."""
        body = super().error_body(err)
        if isinstance(err, errors.SettleRefused):
            body.update(code=err.code, problem=err.problem)
        return body


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    path = r"/admin/v1/accounts/([^/]+)/sessions/([^/]+)/settle"
    return [url(path, SettleHandler, kw)]
