"""The portal's words modules, one per page (claimsvc/api/words/__init__.py merges them)."""

from __future__ import annotations

from types import ModuleType

from claimsvc.api.words.portal import (
    alerts,
    core,
    delivery,
    devices,
    event,
    export,
    hooks,
    keys,
    links,
    money,
    payment,
    payments,
    settle,
    teach,
    test_mode,
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
    payments,
    payment,
    export,
    test_mode,
)
"""Every words module; a part adds its module here (one line)."""
