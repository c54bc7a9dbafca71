"""marshmallow fields stricter than the stock ones (JSON types are not coerced), and the
fields dump schemas write money and times with."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from marshmallow import ValidationError, fields

from claimsvc.domain import bounds
from claimsvc.domain.checkout import iso_or_none
from claimsvc.domain.money import MAX_FIGURE_TAKA, amount_problem, parse_taka, to_number, to_poisha
from claimsvc.domain.paging import CURSOR_PROBLEM, is_cursor


class StrictBool(fields.Field[bool]):
    """A JSON true or false; never 1, "true" or "yes"."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("must be true or false")
        return value


class StrictInt(fields.Field[int]):
    """A JSON integer (not a boolean, string or fraction), bounded (by default, by MongoDB's)."""

    def __init__(
        self, *, minimum: int = bounds.MIN_INT64, maximum: int = bounds.MAX_INT64, **kw: Any
    ):
        super().__init__(**kw)
        self.minimum, self.maximum = minimum, maximum

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError("must be an integer")
        if value < self.minimum:
            raise ValidationError(f"must be at least {self.minimum}")
        if not bounds.is_int(value, self.minimum, self.maximum):
            raise ValidationError(f"must be at most {self.maximum}")
        return value


class QueryInt(fields.Field[int]):
    """An integer query parameter: ASCII digits only (no sign, `_`, space or other script's
    digits), from `minimum` to `maximum`; never converted when longer than int64's digits."""

    def __init__(self, *, minimum: int, maximum: int, **kw: Any):
        super().__init__(**kw)
        self.minimum, self.maximum = minimum, maximum

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        number = bounds.digits(value, self.maximum) if isinstance(value, str) else None
        if number is None or number < self.minimum:
            raise ValidationError(f"must be an integer from {self.minimum} to {self.maximum}")
        return number


class BoundedTime(fields.AwareDateTime):
    """An ISO 8601 time with an offset, within claimsvc.domain.bounds' window; loads in UTC."""

    def __init__(self, **kw: Any):
        super().__init__(format="iso", **kw)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> datetime:
        if isinstance(value, str) and len(value) > bounds.MAX_TIME_TEXT:
            raise ValidationError("Not a valid datetime.")
        moment = super()._deserialize(value, attr, data, **kwargs)
        utc = bounds.in_window(moment)
        if utc is None:
            raise ValidationError(f"must be {bounds.WINDOW}")
        return utc


class Amount(fields.Field[int]):
    """A session amount: JSON number, positive, 2 decimals at most; loads as integer poisha."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        problem = amount_problem(value)
        if problem:
            raise ValidationError(problem.removeprefix("amount "))
        return to_poisha(value)


class Fee(fields.Field[int]):
    """A non-negative money figure (fees): JSON number, 2 decimals at most; loads as poisha."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise ValidationError("must be a JSON number")
        if value > MAX_FIGURE_TAKA:  # compared exactly, before any product could overflow
            raise ValidationError(f"must be at most {MAX_FIGURE_TAKA}")
        poisha = parse_taka(str(value))
        if poisha is None:
            raise ValidationError("must be zero or more, with at most 2 decimal places")
        return poisha


class Text(fields.String):
    """A string without control characters."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        if any(ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0 for ch in text):
            raise ValidationError("must not contain control characters")
        return text


class Money(fields.Field[int]):
    """Dumps integer poisha as a JSON number of taka (None stays null): money is poisha up to
    the moment it is written."""

    def _serialize(self, value: Any, attr: Any, obj: Any, **kwargs: Any) -> int | float | None:
        return None if value is None else to_number(value)


class UtcTime(fields.Field[datetime]):
    """Dumps a time as ISO 8601 in UTC with a Z, to the second (None stays null)."""

    def _serialize(self, value: Any, attr: Any, obj: Any, **kwargs: Any) -> str | None:
        return iso_or_none(value)


class Cursor(fields.String):
    """A page cursor this service wrote for the listing (`by_id`: one sorted by id)."""

    def __init__(self, *, by_id: bool = False, **kw: Any):
        super().__init__(**kw)
        self.by_id = by_id

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        text: str = super()._deserialize(value, attr, data, **kwargs)
        if not is_cursor(text, self.by_id):
            raise ValidationError(CURSOR_PROBLEM)
        return text
