"""The portal's words modules, one per page (claimsvc/api/words/__init__.py merges them)."""

from __future__ import annotations

from types import ModuleType

from claimsvc.api.words.portal import (
    alerts,
    core,
    delivery,
    devices,
    event,
    hooks,
    keys,
    links,
    money,
    settle,
    teach,
    testmode,
    transactions,
    wallets,
    webhooks,
    wordings,
)

MODULES: tuple[ModuleType, ...] = (
    core,
    money,
    hooks,
    links,
    devices,
    transactions,
    wallets,
    wordings,
    teach,
    settle,
    testmode,
    delivery,
    alerts,
    webhooks,
    event,
    keys,
)
"""Every words module; a part adds its module here (one line)."""
