"""The portal's words modules, one per page (claimsvc/api/words/__init__.py merges them)."""

from __future__ import annotations

from types import ModuleType

from claimsvc.api.words.portal import (
    alerts,
    audit,
    delivery,
    devices,
    event,
    export,
    frame,
    keys,
    links,
    live_or_test,
    overview,
    payment,
    payments,
    security,
    signin,
    teach,
    team,
    transactions,
    wallets,
    webhooks,
    wordings,
)

MODULES: tuple[ModuleType, ...] = (
    frame,
    signin,
    security,
    team,
    audit,
    overview,
    links,
    devices,
    transactions,
    wallets,
    wordings,
    teach,
    delivery,
    alerts,
    webhooks,
    event,
    keys,
    payments,
    payment,
    export,
    live_or_test,
)
"""Every words module; a part adds its module here (one line)."""
