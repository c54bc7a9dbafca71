"""What the devices, transactions & SMS, wallets and wordings pages share: masked phone numbers,
and form fields checked by the admin API's schemas (the same rules as the admin API)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError

from claimsvc.logs import mask_phone


def masked(text: str | None) -> str:
    """A counterparty or SMS text with its phone numbers' middle digits hidden (contract §8)."""
    return mask_phone(text) if text else ""


def load_form(
    schema: Schema, values: Mapping[str, Any], problem_keys: Mapping[str, str]
) -> tuple[dict[str, Any], dict[str, str]]:
    """The values loaded by an admin API schema, and each refused field's words key
    (`problem_keys[field]`) by field name: empty when the schema took them all."""
    given = {k: v for k, v in values.items() if v is not None}
    try:
        return schema.load(given), {}
    except ValidationError as exc:
        messages = exc.messages if isinstance(exc.messages, dict) else {}
        return {}, {str(name): problem_keys[str(name)] for name in messages}
