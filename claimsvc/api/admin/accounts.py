"""The admin API's accounts, their API keys, and the platform settings (`/admin/v1`)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc.api.admin.base import AdminHandler
from claimsvc.api.fields import Cursor, Fee, Money, QueryInt, StrictBool, StrictInt, Text, UtcTime
from claimsvc.api.schemas import WalletSchema
from claimsvc.domain.accounts import (
    LABEL_MAX_LEN,
    MAX_WALLETS,
    SEARCH_MAX_LEN,
    STATUSES,
    Account,
    AccountSearch,
)
from claimsvc.domain.devices import MAX_QUIET_MINUTES, MIN_QUIET_MINUTES
from claimsvc.domain.hosts import AMBIGUOUS, entry_problem
from claimsvc.domain.modes import LIVE, MODES
from claimsvc.domain.paging import DEFAULT_LIMIT, MAX_LIMIT

HOST_EXPECTED = "must be a host name such as shop.example.com or *.example.com"


def _host_name(value: str) -> None:
    """An allowed-hosts entry: a host, or `*.` and a domain (domain/hosts.py); never a URL."""
    problem = entry_problem(value)
    if problem == AMBIGUOUS:
        raise ValidationError(f"host {AMBIGUOUS}")
    if problem is not None:
        raise ValidationError(HOST_EXPECTED)


class AccountSchema(Schema):
    """Every account field an operator may set (create; `partial=True` for patch)."""

    name = Text(required=True, validate=validate.Length(min=1, max=200))
    allowed_hosts = fields.List(
        Text(validate=[validate.Length(min=1, max=253), _host_name]),
        validate=validate.Length(max=100),
    )
    status = fields.String(validate=validate.OneOf(STATUSES))
    callback_secret = Text(allow_none=True, validate=validate.Length(min=16, max=256))
    # Signs test sessions' events (issue 30); made for every account, set here only when an
    # operator (or a test rig) needs a known one. Null: a new one is made when next needed.
    test_callback_secret = Text(allow_none=True, validate=validate.Length(min=16, max=256))
    balance_verification = StrictBool()
    daily_limit = StrictInt(minimum=0, allow_none=True)
    rate_limit_per_minute = StrictInt(minimum=1, maximum=1_000_000)
    max_failed_attempts = StrictInt(minimum=1, maximum=1000)
    phone_quiet_minutes = StrictInt(minimum=MIN_QUIET_MINUTES, maximum=MAX_QUIET_MINUTES)
    fee_due = Fee(data_key="fee_due", attribute="fee_due_poisha")
    fee_limit = Fee(data_key="fee_limit", attribute="fee_limit_poisha", allow_none=True)
    archived = StrictBool()
    wallets = fields.List(fields.Nested(WalletSchema), validate=validate.Length(max=MAX_WALLETS))


class AccountViewSchema(Schema):
    """The admin answer for an account (contract.md §2): every field but the secret, and
    whether it has one. Fields in the order the answer has always had."""

    id = fields.String()
    name = fields.String()
    allowed_hosts = fields.List(fields.String())
    status = fields.String()
    has_callback_secret = fields.Method("_has_callback_secret")
    balance_verification = fields.Boolean()
    daily_limit = fields.Integer(allow_none=True)
    rate_limit_per_minute = fields.Integer()
    max_failed_attempts = fields.Integer()
    phone_quiet_minutes = fields.Integer()
    fee_due = Money(attribute="fee_due_poisha")
    fee_limit = Money(attribute="fee_limit_poisha", allow_none=True)
    archived = fields.Boolean()
    wallets = fields.List(fields.Nested(WalletSchema))
    # To the second, as every other time the API answers: MongoDB keeps milliseconds only, so
    # a finer form would make create and get disagree about one account.
    created_at = UtcTime()
    updated_at = UtcTime()

    def _has_callback_secret(self, account: Account) -> bool:
        return bool(account.callback_secret)


class KeySchema(Schema):
    label = Text(allow_none=True, validate=validate.Length(max=LABEL_MAX_LEN))
    mode = fields.String(validate=validate.OneOf(MODES), load_default=LIVE)


class MintedKeySchema(Schema):
    """A new key (`MintedKey`): the key itself appears in this answer only."""

    id = fields.String(attribute="key.id")
    key = fields.String(attribute="secret")
    prefix = fields.String(attribute="key.prefix")
    created_at = UtcTime(attribute="key.created_at")


class RevokedKeySchema(Schema):
    id = fields.String()
    prefix = fields.String()
    revoked_at = UtcTime()


ACCOUNT_VIEW = AccountViewSchema()
MINTED_KEY = MintedKeySchema()
REVOKED_KEY = RevokedKeySchema()


class PlatformSchema(Schema):
    maintenance = StrictBool()
    daily_limit = StrictInt(minimum=0, allow_none=True)


class PlatformViewSchema(Schema):
    """The platform settings as the admin API answers them."""

    maintenance = fields.Boolean()
    daily_limit = fields.Integer(allow_none=True)


PLATFORM_VIEW = PlatformViewSchema()


class AccountQuerySchema(Schema):
    """The account listing's query (issue 31 §8): strings, as a query string gives them."""

    search = Text(validate=validate.Length(min=1, max=SEARCH_MAX_LEN))
    status = fields.String(validate=validate.OneOf(STATUSES))
    limit = QueryInt(minimum=1, maximum=MAX_LIMIT, load_default=DEFAULT_LIMIT)
    cursor = Cursor()


ACCOUNT_QUERY = AccountQuerySchema()


class AccountsHandler(AdminHandler):
    route_name = "admin_accounts"

    async def get(self) -> None:
        """Accounts newest first: `search` an exact id or part of a name, any case."""
        raw = {n: self.get_query_argument(n, strip=False) for n in self.request.query_arguments}
        query = self.load(ACCOUNT_QUERY, raw)
        search = AccountSearch(text=query.get("search"), status=query.get("status"))
        found = await self.services.admin.list_accounts(search, query.get("cursor"), query["limit"])
        self.send_page(ACCOUNT_VIEW, found)

    async def post(self) -> None:
        account = await self.services.admin.create_account(self.body(AccountSchema()))
        self.send_json(201, ACCOUNT_VIEW.dump(account))


class AccountHandler(AdminHandler):
    route_name = "admin_account"

    async def get(self, account_id: str) -> None:
        self.send_json(200, ACCOUNT_VIEW.dump(await self.services.admin.get_account(account_id)))

    async def patch(self, account_id: str) -> None:
        fields_ = self.body(AccountSchema(partial=True))
        account = await self.services.admin.patch_account(account_id, fields_)
        self.send_json(200, ACCOUNT_VIEW.dump(account))


class KeysHandler(AdminHandler):
    route_name = "admin_keys"

    async def post(self, account_id: str) -> None:
        body = self.body(KeySchema())
        minted = await self.services.admin.mint_key(account_id, body.get("label"), body["mode"])
        self.send_json(201, MINTED_KEY.dump(minted))


class KeyRevokeHandler(AdminHandler):
    route_name = "admin_key_revoke"

    async def post(self, key_id: str) -> None:
        self.send_json(200, REVOKED_KEY.dump(await self.services.admin.revoke_key(key_id)))


class PlatformHandler(AdminHandler):
    route_name = "admin_platform"

    async def get(self) -> None:
        self.send_json(200, PLATFORM_VIEW.dump(await self.services.admin.set_platform({})))

    async def put(self) -> None:
        changes = self.body(PlatformSchema())
        self.send_json(200, PLATFORM_VIEW.dump(await self.services.admin.set_platform(changes)))


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/admin/v1/accounts", AccountsHandler, kw),
        url(r"/admin/v1/accounts/([^/]+)", AccountHandler, kw),
        url(r"/admin/v1/accounts/([^/]+)/keys", KeysHandler, kw),
        url(r"/admin/v1/keys/([^/]+)/revoke", KeyRevokeHandler, kw),
        url(r"/admin/v1/platform", PlatformHandler, kw),
    ]
