"""Decoding a JSON request body exactly: shared by the API and the SMS intake."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

from claimsvc import errors


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


# Built once: json.loads with these options would build a new decoder on every call.
_DECODER = json.JSONDecoder(parse_float=Decimal, parse_constant=_reject_constant)
# A \uD800-\uDFFF escape: the only way a lone surrogate gets into a decoded string.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def parse_json(body: bytes) -> Any:
    """Decode a body exactly: decimals as Decimal, NaN, Infinity and lone surrogates refused."""
    try:
        value = _DECODER.decode(body.decode("utf-8"))
        if _SURROGATE_ESCAPE.search(body):
            # A lone surrogate cannot be written back as UTF-8: the answer echoing it would
            # fail with 500 after the session was stored. Pairs (emoji) encode fine.
            json.dumps(value, ensure_ascii=False, default=str).encode("utf-8")
    except (UnicodeError, ValueError, RecursionError):
        raise errors.InvalidJson() from None
    return value
