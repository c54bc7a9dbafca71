"""The merchant's wallet transactions over the API (`x-api-key`, issue 31):
`GET /api/v1/transactions?status=&provider=&direction=&trx_id=&session_id=&limit=&cursor=` and
`GET /api/v1/transactions/{id}`, in the key's ledger: another account's transaction, or the
other mode's, is 404 exactly as an unknown one."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc.api.fields import Cursor, Money, QueryInt, UtcTime
from claimsvc.api.reads import ReadHandler
from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.claims import session_id_of, trx_id_of
from claimsvc.domain.merchant_reads import DIRECTIONS, TransactionQuery
from claimsvc.domain.session_reads import LIMIT_DEFAULT, LIMIT_MAX
from claimsvc.domain.statuses import TRANSACTION_STATUSES


class TrxIdFilter(fields.String):
    """A TrxID as verify reads it: trimmed and upper-cased, then 6 to 20 letters and digits."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        trx_id = trx_id_of(super()._deserialize(value, attr, data, **kwargs))
        if trx_id is None:
            raise ValidationError("must be 6 to 20 letters and digits")
        return trx_id


class SessionIdFilter(fields.String):
    """A session id: a UUID, any case."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        session_id = session_id_of(super()._deserialize(value, attr, data, **kwargs))
        if session_id is None:
            raise ValidationError("must be a UUID")
        return session_id


class TransactionQuerySchema(Schema):
    status = fields.String(validate=validate.OneOf(TRANSACTION_STATUSES))
    provider = fields.String(validate=validate.OneOf(PROVIDERS))
    direction = fields.String(validate=validate.OneOf(DIRECTIONS))
    trx_id = TrxIdFilter()
    session_id = SessionIdFilter()
    limit = QueryInt(minimum=1, maximum=LIMIT_MAX, load_default=LIMIT_DEFAULT)
    cursor = Cursor()


class TransactionSchema(Schema):
    """A `MerchantTransaction` as JSON: money in taka, exact; times ISO 8601 UTC."""

    id = fields.String()
    mode = fields.String()
    provider = fields.String()
    direction = fields.String()
    trx_id = fields.String()
    amount = Money(attribute="amount_poisha")
    fee = Money(attribute="fee_poisha", allow_none=True)
    balance = Money(attribute="balance_poisha", allow_none=True)
    counterparty = fields.String(allow_none=True)
    received_at = UtcTime()
    status = fields.String()
    session_id = fields.String(allow_none=True)


TRANSACTION_QUERY = TransactionQuerySchema()
TRANSACTION = TransactionSchema()


class TransactionItemHandler(ReadHandler):
    route_name = "merchant_transaction"

    async def get(self, transaction_id: str) -> None:
        caller = await self.caller()
        found = await self.services.merchant_reads.transaction(caller.account_id, transaction_id)
        self.send_json(200, TRANSACTION.dump(found))


class TransactionListHandler(ReadHandler):
    route_name = "merchant_transactions"

    async def get(self) -> None:
        caller = await self.caller()
        loaded = self.strict_query(TRANSACTION_QUERY)
        query = TransactionQuery(
            status=loaded.get("status"),
            provider=loaded.get("provider"),
            direction=loaded.get("direction"),
            trx_id=loaded.get("trx_id"),
            session_id=loaded.get("session_id"),
            limit=loaded["limit"],
            cursor=loaded.get("cursor"),
        )
        found = await self.services.merchant_reads.transactions(caller.account_id, query)
        self.send_page(TRANSACTION, found)


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/api/v1/transactions", TransactionListHandler, kw, name="merchant_transactions"),
        url(
            r"/api/v1/transactions/([^/]+)",
            TransactionItemHandler,
            kw,
            name="merchant_transaction",
        ),
    ]
