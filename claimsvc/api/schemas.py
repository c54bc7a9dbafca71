"""Input schemas both the admin API and the portal load: a wallet, a device, a balance anchor.

They live here, beside neither, so that the admin API (`api/admin/`) and the portal
(`api/portal/`) never import each other (tests/unit/test_layers.py)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from claimsvc.api.fields import Fee, StrictBool, StrictInt, Text
from claimsvc.domain.accounts import PROVIDERS, WALLET_KINDS


class WalletSchema(Schema):
    provider = fields.String(required=True, validate=validate.OneOf(PROVIDERS))
    number = fields.String(required=True, validate=validate.Regexp(r"^\+?[0-9]{6,20}$"))
    kind = fields.String(required=True, validate=validate.OneOf(WALLET_KINDS))


class DeviceSchema(Schema):
    name = Text(required=True, validate=validate.Length(min=1, max=100))
    signing_key = Text(allow_none=True, validate=validate.Length(min=8, max=256))


class AnchorSchema(Schema):
    provider = Text(required=True, validate=validate.OneOf(PROVIDERS))
    device_id = Text(required=True, validate=validate.Length(min=1, max=64))
    balance = Fee(required=True, data_key="balance", attribute="balance_poisha")
    sim_slot = StrictInt(minimum=0, maximum=16, allow_none=True)
    gap_recovery = StrictBool()
    """Whether the chain re-anchors by itself at a run after a missed SMS (default on)."""
