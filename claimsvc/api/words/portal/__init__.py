"""The portal's words modules, one per page (claimsvc/api/words/__init__.py merges them)."""

from __future__ import annotations

from types import ModuleType

from claimsvc.api.words.portal import (
    alerts,
    core,
    delivery,
    event,
    hooks,
    keys,
    links,
    money,
    phone,
    settle,
    testmode,
    webhooks,
    wordings,
)

MODULES: tuple[ModuleType, ...] = (
    core,
    money,
    hooks,
    links,
    phone,
    wordings,
    settle,
    testmode,
    delivery,
    alerts,
    webhooks,
    event,
    keys,
)
"""Every words module; a part adds its module here (one line)."""
