"""Admin API of SMS proof: devices, wallet balance anchors, transactions and messages."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc import errors
from claimsvc.api.admin import AdminHandler
from claimsvc.api.fields import BoundedTime, Fee, Money, StrictBool, StrictInt, Text, UtcTime
from claimsvc.domain import bounds
from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.paging import CURSOR_PROBLEM, MAX_LIMIT, is_cursor
from claimsvc.domain.statuses import MESSAGE_RESULTS, TRANSACTION_STATUSES
from claimsvc.services.reparse import MAX_BATCH, ReparseFilter
from claimsvc.services.transactions import Confirmed


class DeviceSchema(Schema):
    name = Text(required=True, validate=validate.Length(min=1, max=100))
    signing_key = Text(allow_none=True, validate=validate.Length(min=8, max=256))


class RegisteredSchema(Schema):
    """The answer to registering a device: the only one that holds its token."""

    id = fields.String(attribute="device.id")
    token = fields.String()
    name = fields.String(attribute="device.name")


class DeviceViewSchema(Schema):
    """A device as the admin API shows it: never its token or signing key."""

    id = fields.String()
    account_id = fields.String()
    name = fields.String()
    token_prefix = fields.String()
    has_signing_key = fields.Function(lambda device: bool(device.signing_key))
    created_at = UtcTime()
    revoked_at = UtcTime()
    last_seen_at = UtcTime()


class MessageViewSchema(Schema):
    """A stored SMS as the admin API shows it (the portal's parser-review screen)."""

    id = fields.String()
    account_id = fields.String()
    device_id = fields.String()
    form = fields.String()
    sender = fields.String()
    text = fields.String()
    sim_slot = fields.Integer()
    received_at = UtcTime()
    received_at_source = fields.String()
    stored_at = UtcTime()
    processed_at = UtcTime()
    result = fields.String()
    provider = fields.String()
    reason = fields.String()
    transaction_id = fields.String()
    parsed_by = fields.String()
    """How a parsed message was read: "rule", "arithmetic" or "taught" (null: not parsed)."""
    reparses = fields.Integer()
    """Re-parses asked for (`POST /admin/v1/messages/reparse`); the last one's time below."""
    reparse_requested_at = UtcTime()


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


class AnchorSchema(Schema):
    provider = Text(required=True, validate=validate.OneOf(PROVIDERS))
    device_id = Text(required=True, validate=validate.Length(min=1, max=64))
    balance = Fee(required=True, data_key="balance", attribute="balance_poisha")
    sim_slot = StrictInt(minimum=0, maximum=16, allow_none=True)
    gap_recovery = StrictBool()
    """Whether the chain re-anchors by itself at a run after a missed SMS (default on)."""


class AnchoredSchema(Schema):
    """The answer to an anchor: the wallet and the balance its chain restarts at."""

    account_id = fields.String(attribute="stored_key.account_id")
    device_id = fields.String(attribute="stored_key.device_id")
    provider = fields.String(attribute="stored_key.provider")
    sim_slot = fields.Integer(attribute="stored_key.sim_slot")
    balance = Money(attribute="anchor_balance")
    anchored_at = UtcTime(attribute="anchor_set_at")
    gap_recovery = fields.Boolean(attribute="recovers")


class ReparseSchema(Schema):
    """Which unparsed messages to parse again; every field optional."""

    account_id = Text(validate=validate.Length(min=1, max=64))
    provider = Text(validate=validate.OneOf(PROVIDERS))
    since = BoundedTime()
    limit = StrictInt(minimum=1, maximum=MAX_BATCH)


class ReparsedSchema(Schema):
    requeued = fields.Integer()
    more = fields.Boolean()


class ConfirmSchema(Schema):
    override_suspect = StrictBool(load_default=False)
    """Confirm even a transaction the balance chain or the wallet flagged suspect."""


DEVICE_VIEW = DeviceViewSchema()
MESSAGE_VIEW = MessageViewSchema()
TRANSACTION_VIEW = TransactionViewSchema()


class ListHandler(AdminHandler):
    """A paginated listing: `limit`, `cursor` and exact-value filters from the query string."""

    filters: dict[str, tuple[str, ...] | None] = {}

    def query(self) -> dict[str, Any]:
        cursor = self.get_query_argument("cursor", None) or None
        out: dict[str, Any] = {"cursor": cursor}
        problems = []
        if cursor is not None and not is_cursor(cursor):
            problems.append(f"cursor: {CURSOR_PROBLEM}")
        raw_limit = self.get_query_argument("limit", None)
        if raw_limit is not None:
            limit = bounds.digits(raw_limit, MAX_LIMIT)
            if limit is None or limit < 1:
                problems.append(f"limit: must be an integer from 1 to {MAX_LIMIT}")
            else:
                out["limit"] = limit
        for name, allowed in self.filters.items():
            value = self.get_query_argument(name, None) or None
            if value is not None and allowed is not None and value not in allowed:
                problems.append(f"{name}: must be one of {', '.join(allowed)}")
            out[name] = value
        if problems:
            raise errors.InvalidBody(details=problems)
        return out


class AccountDevicesHandler(AdminHandler):
    route_name = "admin_account_devices"

    async def post(self, account_id: str) -> None:
        body = self.body(DeviceSchema())
        registered = await self.services.devices.register(
            account_id, body["name"], body.get("signing_key")
        )
        self.send_json(201, RegisteredSchema().dump(registered))


class DevicesHandler(ListHandler):
    route_name = "admin_devices"
    filters = {"account_id": None}

    async def get(self) -> None:
        q = self.query()
        found = await self.services.devices.list(q["account_id"], q["cursor"], q.get("limit"))
        self.send_page(DEVICE_VIEW, found)


class DeviceRevokeHandler(AdminHandler):
    route_name = "admin_device_revoke"

    async def post(self, device_id: str) -> None:
        device = await self.services.devices.revoke(device_id)
        self.send_json(200, DeviceViewSchema().dump(device))


class WalletBalancesHandler(AdminHandler):
    route_name = "admin_wallet_balances"

    async def put(self, account_id: str) -> None:
        body = self.body(AnchorSchema())
        wallet = await self.services.wallet_admin.anchor(account_id, body)
        self.send_json(200, AnchoredSchema().dump(wallet))


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


class AdminMessagesHandler(ListHandler):
    route_name = "admin_messages"
    filters = {"account_id": None, "result": MESSAGE_RESULTS}

    async def get(self) -> None:
        found = await self.services.wallet_admin.messages(self.query())
        self.send_page(MESSAGE_VIEW, found)


class MessagesReparseHandler(AdminHandler):
    """202: the matching unparsed messages are queued for the SMS worker's current parsers."""

    route_name = "admin_messages_reparse"

    async def post(self) -> None:
        which = ReparseFilter(**self.body(ReparseSchema()))
        reparsed = await self.services.reparse.reparse(which)
        self.send_json(202, ReparsedSchema().dump(reparsed))


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/admin/v1/accounts/([^/]+)/devices", AccountDevicesHandler, kw),
        url(r"/admin/v1/devices", DevicesHandler, kw),
        url(r"/admin/v1/devices/([^/]+)/revoke", DeviceRevokeHandler, kw),
        url(r"/admin/v1/accounts/([^/]+)/wallet-balances", WalletBalancesHandler, kw),
        url(r"/admin/v1/transactions", TransactionsHandler, kw),
        url(r"/admin/v1/transactions/([^/]+)/confirm", TransactionConfirmHandler, kw),
        url(r"/admin/v1/messages", AdminMessagesHandler, kw),
        url(r"/admin/v1/messages/reparse", MessagesReparseHandler, kw),
    ]
