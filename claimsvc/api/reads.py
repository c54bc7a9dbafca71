"""What the merchant's read endpoints share (sessions, transactions, webhook events): the key,
its per-key rate limit and the account's state, then a query read strictly, as sent."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError

from claimsvc import errors
from claimsvc.api.base import flatten_messages
from claimsvc.api.checkout import MerchantHandler
from claimsvc.domain.accounts import is_active
from claimsvc.services.auth import Caller


class ReadHandler(MerchantHandler):
    """Key, rate limit (per key and endpoint, never a daily limit), account state, then the
    read, in the key's ledger."""

    async def caller(self) -> Caller:
        caller = await self.authenticate(self.request.headers.get("x-api-key"))
        if not is_active(caller.account):
            raise errors.VendorNotActive()
        return caller

    def strict_query(self, schema: Schema) -> dict[str, Any]:
        """The query loaded by `schema`, or 400 Invalid request with the reasons: an unknown or
        repeated parameter is refused (a misspelt filter must not list every record instead)."""
        # Read as sent: Tornado's own accessors strip spaces and drop control characters, so
        # an order id would be looked up as another one.
        raw: dict[str, str] = {}
        problems = []
        for name, got in self.request.query_arguments.items():
            if len(got) > 1:
                problems.append(f"{name}: given more than once")
            try:
                raw[name] = got[-1].decode("utf-8")
            except UnicodeDecodeError:
                problems.append(f"{name}: not UTF-8 text")
        try:
            loaded: dict[str, Any] = schema.load(raw)
        except ValidationError as exc:
            problems += flatten_messages(exc.messages)
            loaded = {}
        if problems:
            raise errors.InvalidRequest(details=problems)
        return loaded
