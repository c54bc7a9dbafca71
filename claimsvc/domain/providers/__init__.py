"""The wallet providers: one module per provider holds its whole spec (names, senders, TrxID
shape, test-payment wording, parse rules); `registry` builds every per-provider list from the
registered specs. Importing this package registers the five built in."""

from __future__ import annotations

from claimsvc.domain.providers import bkash, cellfin, nagad, rocket, upay
from claimsvc.domain.providers.registry import (
    BY_NAME,
    NAMES,
    NAMES_BY_LANGUAGE,
    SPECS,
    TRX_PATTERNS,
    TRX_SHAPES,
    ProviderSpec,
    on_register,
    register,
)

BKASH, NAGAD, ROCKET, UPAY, CELLFIN = (m.SPEC for m in (bkash, nagad, rocket, upay, cellfin))

for _spec in (BKASH, NAGAD, ROCKET, UPAY, CELLFIN):
    register(_spec)

__all__ = [
    "BKASH",
    "BY_NAME",
    "CELLFIN",
    "NAGAD",
    "NAMES",
    "NAMES_BY_LANGUAGE",
    "ROCKET",
    "SPECS",
    "TRX_PATTERNS",
    "TRX_SHAPES",
    "UPAY",
    "ProviderSpec",
    "on_register",
    "register",
]
