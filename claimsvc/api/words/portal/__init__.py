"""The portal's words modules, one per page (claimsvc/api/words/__init__.py merges them)."""

from __future__ import annotations

from types import ModuleType

from claimsvc.api.words.portal import (
    alerts,
    core,
    delivery,
    export,
    hooks,
    links,
    money,
    payment,
    payments,
    phone,
    settle,
    test_mode,
    testmode,
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
    payments,
    payment,
    export,
    test_mode,
)
"""Every words module; a part adds its module here (one line)."""
