"""The admin API's wallet transactions: list them, confirm one by hand."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc.api.admin.base import AdminHandler, ListHandler
from claimsvc.api.fields import Money, StrictBool, UtcTime
from claimsvc.domain.statuses import TRANSACTION_STATUSES
from claimsvc.services.transactions import Confirmed


def _from_sms(field: str) -> fields.Function:
    """A field of the SMS a transaction was read from (null when it was not read from one)."""
    return fields.Function(lambda tx: None if tx.source is None else getattr(tx.source, field))


class TransactionViewSchema(Schema):
    """A wallet transaction as the admin API shows it; money as taka only here."""

    id = fields.String()
    account_id = fields.String()
    provider = fields.String()
    kind = fields.String()
    direction = fields.String()
    trx_id = fields.String()
    amount = Money(attribute="amount_poisha")
    fee = Money(attribute="fee_poisha")
    commission = Money(attribute="commission_poisha")
    balance = Money(attribute="balance_poisha")
    counterparty = fields.String()
    received_at = UtcTime()
    status = fields.String()
    status_reason = fields.String(attribute="chain_reason")
    balance_gap = Money(attribute="chain_gap_poisha")
    """Stated balance minus what the chain allowed: + more money claimed than can be there."""
    confirmed_by = fields.String()
    session_id = fields.String()
    device_id = _from_sms("device_id")
    sim_slot = _from_sms("sim_slot")
    message_id = _from_sms("message_id")
    parsed_by = fields.String()
    """How its SMS was read: "rule", "arithmetic" (by the balance chain) or "taught"."""
    settlement = fields.String()
    """A payment of another amount than its order's: "accepted" for the order, or "refund" (to
    be refunded by hand); null otherwise (docs/claims.md, "Money that does not match")."""
    order_amount = Money(attribute="order_poisha")
    """Accepted: the amount of the order it paid (its own `amount` differs)."""
    settled_at = UtcTime()


def confirmed_view(done: Confirmed) -> dict[str, Any]:
    """The answer to a confirmation by hand: the transaction, and the status of the session
    that claimed it (null when none did)."""
    view: dict[str, Any] = TransactionViewSchema().dump(done.transaction)
    view["session_status"] = done.session.status if done.session else None
    return view


class ConfirmSchema(Schema):
    override_suspect = StrictBool(load_default=False)
    """Confirm even a transaction the balance chain or the wallet flagged suspect."""


TRANSACTION_VIEW = TransactionViewSchema()


class TransactionsHandler(ListHandler):
    route_name = "admin_transactions"
    filters = {"account_id": None, "status": TRANSACTION_STATUSES}

    async def get(self) -> None:
        found = await self.services.wallet_admin.transactions(self.query())
        self.send_page(TRANSACTION_VIEW, found)


class TransactionConfirmHandler(AdminHandler):
    route_name = "admin_transaction_confirm"

    async def post(self, transaction_id: str) -> None:
        override = self.body(ConfirmSchema())["override_suspect"]
        done = await self.services.wallet_admin.confirm(transaction_id, override)
        self.send_json(200, confirmed_view(done))


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/admin/v1/transactions", TransactionsHandler, kw),
        url(r"/admin/v1/transactions/([^/]+)/confirm", TransactionConfirmHandler, kw),
    ]
