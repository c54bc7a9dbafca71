"""What the devices, transactions & SMS and wallets pages share: reasons in words, masked phone
numbers, listing links, and form fields read as the admin API's schemas expect them."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any
from urllib.parse import urlencode

from marshmallow import Schema, ValidationError

from claimsvc import errors
from claimsvc.api.words import Words
from claimsvc.domain.paging import CURSOR_PROBLEM, is_cursor
from claimsvc.logs import mask_phone

_DECIMAL = re.compile(r"[0-9]{1,15}(\.[0-9]{1,15})?")
_INTEGER = re.compile(r"[0-9]{1,6}")


def reason(words: Words, code: str | None) -> str:
    """Why a message or transaction is what it is, in words (the stored code when unknown)."""
    if not code:
        return ""
    key = "ph_why_" + code.split(":", 1)[0]
    return words(key) if words.has(key) else words("ph_why_other", code=code)


def masked(text: str | None) -> str:
    """A counterparty or SMS text with its phone numbers' middle digits hidden (contract §8)."""
    return mask_phone(text) if text else ""


def listing_link(path: str, **params: str | None) -> str:
    """`path` with the given non-empty query parameters."""
    query = urlencode({k: v for k, v in params.items() if v})
    return f"{path}?{query}" if query else path


def cursor_arg(value: str | None) -> str | None:
    """A page cursor from the query string; 400 for one this service did not write."""
    if value and not is_cursor(value):
        raise errors.InvalidBody(details=[f"cursor: {CURSOR_PROBLEM}"])
    return value or None


def choice(value: str | None, allowed: tuple[str, ...]) -> str | None:
    """A filter value from the query string if it is one of `allowed`, else no filter."""
    return value if value in allowed else None


def decimal_or_text(raw: str | None) -> Decimal | str | None:
    """A form's money figure as the JSON number the admin schema takes (text stays text, for
    the schema to refuse)."""
    if raw is None or raw.strip() == "":
        return None
    text = raw.strip().replace(",", "")
    try:
        return Decimal(text) if _DECIMAL.fullmatch(text) else raw
    except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
        return raw


def int_or_text(raw: str | None) -> int | str | None:
    """A form's small integer as the JSON integer the admin schema takes."""
    if raw is None or raw.strip() == "":
        return None
    return int(raw.strip()) if _INTEGER.fullmatch(raw.strip()) else raw


def load_form(schema: Schema, values: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The values loaded by an admin API schema (the same rules), and the names of the fields
    it refused (empty when none)."""
    given = {k: v for k, v in values.items() if v is not None}
    try:
        return schema.load(given), []
    except ValidationError as exc:
        messages = exc.messages if isinstance(exc.messages, dict) else {}
        return {}, sorted(str(name) for name in messages)
