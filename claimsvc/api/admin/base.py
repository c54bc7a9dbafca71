"""What every admin API handler shares: the bearer token, the JSON body, and list queries."""

from __future__ import annotations

import hmac
from typing import Any

from marshmallow import Schema

from claimsvc import errors
from claimsvc.api.base import BaseHandler
from claimsvc.domain import bounds
from claimsvc.domain.paging import CURSOR_PROBLEM, MAX_LIMIT, is_cursor


class AdminHandler(BaseHandler):
    """Bearer-token authentication; the whole admin API is 404 when no token is configured."""

    def prepare(self) -> None:
        super().prepare()
        token = self.deps.settings.admin_token
        if not token:
            raise errors.NotFound()
        scheme, _, given = self.request.headers.get("Authorization", "").partition(" ")
        # The scheme is case-insensitive (RFC 9110 §11.1) and followed by one or more spaces
        # (§11.4). The token is compared in constant time whatever the scheme.
        token_ok = hmac.compare_digest(given.lstrip(" ").encode(), token.encode())
        if not (token_ok and scheme.lower() == "bearer"):
            raise errors.AdminUnauthorized()

    def body(self, schema: Schema) -> dict[str, Any]:
        raw = self.json_body() if self.request.body else {}
        return self.load(schema, raw)


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
