"""The paging vocabulary of every admin listing: page sizes, and the one cursor format.

A cursor is the sort key of the last item of a page, a JSON array in unpadded base64url: the
moment (epoch milliseconds) and id of a listing sorted by a time field, or the id alone of one
sorted by id. Callers treat it as opaque. A page has more after it exactly when the query found
more than the page size (one extra document is read to know).
"""

from __future__ import annotations

import base64
import binascii
import json
from datetime import UTC, datetime

from claimsvc.domain import bounds

MAX_LIMIT = 200
"""The most items one page may hold (`limit`)."""
DEFAULT_LIMIT = 50
"""Items per page when `limit` is not given."""

CURSOR_PROBLEM = "not a valid cursor"
"""The reason a listing gives for a cursor it did not write."""


class BadCursor(ValueError):
    """A cursor this service did not write."""


def clamp_limit(limit: int | None) -> int:
    """The page size for a requested `limit` (None: the default)."""
    if limit is None:
        return DEFAULT_LIMIT
    return max(1, min(MAX_LIMIT, limit))


def encode_cursor(*position: datetime | int | str) -> str:
    """The cursor of a page ending at `position`: (moment, id) for a time-sorted listing, the
    id alone for an id-sorted one."""
    values = [int(v.timestamp() * 1000) if isinstance(v, datetime) else v for v in position]
    raw = json.dumps(values).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _values(cursor: str) -> object:
    try:
        return json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (ValueError, TypeError, binascii.Error):
        raise BadCursor(cursor) from None


def time_position(cursor: str) -> tuple[datetime, str]:
    """The (moment, id) a cursor of a time-sorted listing names; BadCursor if not one."""
    match _values(cursor):
        case [int() as millis, str() as doc_id] if not isinstance(millis, bool):
            try:
                return datetime.fromtimestamp(millis / 1000, UTC), doc_id
            except (ValueError, OverflowError, OSError):
                pass
    raise BadCursor(cursor)


def id_position(cursor: str) -> int | str:
    """The id a cursor of an id-sorted listing names; BadCursor if not one."""
    match _values(cursor):
        case [str() as doc_id]:
            return doc_id
        case [int() as doc_id] if bounds.is_int(doc_id):  # beyond int64 no query can be sent
            return doc_id
    raise BadCursor(cursor)


def is_cursor(cursor: str, by_id: bool = False) -> bool:
    """Whether `cursor` is one this service wrote for a time-sorted (`by_id`: id-sorted)
    listing; the API refuses others with a 400."""
    try:
        id_position(cursor) if by_id else time_position(cursor)
    except BadCursor:
        return False
    return True
