"""The admin API's wallet balance anchors: where a wallet's balance chain (re)starts."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc.api.admin.base import AdminHandler
from claimsvc.api.fields import Money, UtcTime
from claimsvc.api.schemas import AnchorSchema


class AnchoredSchema(Schema):
    """The answer to an anchor: the wallet and the balance its chain restarts at."""

    account_id = fields.String(attribute="stored_key.account_id")
    device_id = fields.String(attribute="stored_key.device_id")
    provider = fields.String(attribute="stored_key.provider")
    sim_slot = fields.Integer(attribute="stored_key.sim_slot")
    balance = Money(attribute="anchor_balance")
    anchored_at = UtcTime(attribute="anchor_set_at")
    gap_recovery = fields.Boolean(attribute="recovers")


class WalletBalancesHandler(AdminHandler):
    route_name = "admin_wallet_balances"

    async def put(self, account_id: str) -> None:
        body = self.body(AnchorSchema())
        wallet = await self.services.wallet_admin.anchor(account_id, body)
        self.send_json(200, AnchoredSchema().dump(wallet))


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/admin/v1/accounts/([^/]+)/wallet-balances", WalletBalancesHandler, kw),
    ]
