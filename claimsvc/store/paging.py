"""Cursor pagination, newest first, over (a time field, _id): stable under concurrent inserts."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from claimsvc import errors

MAX_LIMIT = 200
DEFAULT_LIMIT = 50

T = TypeVar("T")
U = TypeVar("U")


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of documents (or of the records a store made of them) and the cursor of the
    next, None on the last page."""

    items: list[T]
    next_cursor: str | None

    def map(self, convert: Callable[[T], U]) -> Page[U]:
        """The same page with each item converted (a store's documents into its records)."""
        return Page([convert(item) for item in self.items], self.next_cursor)


def encode_cursor(moment: datetime, doc_id: str) -> str:
    raw = json.dumps([int(moment.timestamp() * 1000), doc_id]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    """The position a cursor names; 400 when it is not one of ours."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        millis, doc_id = json.loads(raw)
        if not isinstance(millis, int) or not isinstance(doc_id, str):
            raise ValueError
        return datetime.fromtimestamp(millis / 1000, UTC), doc_id
    except (ValueError, TypeError, UnicodeDecodeError):
        raise errors.InvalidBody(details=["cursor: not a valid cursor"]) from None


def clamp_limit(limit: int | None) -> int:
    if limit is None:
        return DEFAULT_LIMIT
    return max(1, min(MAX_LIMIT, limit))


async def page(
    coll: Any, query: dict[str, Any], field: str, cursor: str | None, limit: int | None
) -> Page[dict[str, Any]]:
    """Documents matching `query`, newest `field` first, after `cursor`."""
    size = clamp_limit(limit)
    if cursor:
        moment, doc_id = decode_cursor(cursor)
        after = {"$or": [{field: {"$lt": moment}}, {field: moment, "_id": {"$lt": doc_id}}]}
        query = {"$and": [query, after]} if query else after
    docs = await coll.find(query).sort([(field, -1), ("_id", -1)]).limit(size + 1).to_list(None)
    more = len(docs) > size
    docs = docs[:size]
    last = docs[-1] if more else None
    return Page(docs, encode_cursor(last[field], last["_id"]) if last else None)
