"""Cursor pagination, newest first, stable under concurrent inserts: the Mongo side of
`claimsvc.domain.paging` (its cursor format and its rule for "is there more")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from claimsvc.domain.paging import clamp_limit, encode_cursor, id_position, time_position

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


def _after(field: str, cursor: str) -> dict[str, Any]:
    """The filter for documents past `cursor` in (field, _id) descending order."""
    if field == "_id":
        return {"_id": {"$lt": id_position(cursor)}}
    moment, doc_id = time_position(cursor)
    return {"$or": [{field: {"$lt": moment}}, {field: moment, "_id": {"$lt": doc_id}}]}


async def page(
    coll: Any, query: dict[str, Any], field: str, cursor: str | None, limit: int | None
) -> Page[dict[str, Any]]:
    """Documents matching `query`, newest `field` first, after `cursor`."""
    size = clamp_limit(limit)
    if cursor:
        after = _after(field, cursor)
        query = {"$and": [query, after]} if query else after
    order = [("_id", -1)] if field == "_id" else [(field, -1), ("_id", -1)]
    docs = await coll.find(query).sort(order).limit(size + 1).to_list(None)
    items = docs[:size]
    if len(docs) <= size:
        return Page(items, None)
    last = items[-1]
    position = (last["_id"],) if field == "_id" else (last[field], last["_id"])
    return Page(items, encode_cursor(*position))
