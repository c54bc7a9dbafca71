"""The portal's words modules, one per page (claimsvc/api/words/__init__.py merges them)."""

from __future__ import annotations

from types import ModuleType

from claimsvc.api.words.portal import (
    alerts,
    audit,
    delivery,
    frame,
    hooks,
    links,
    money,
    overview,
    phone,
    security,
    settle,
    signin,
    team,
    testmode,
    wordings,
)

MODULES: tuple[ModuleType, ...] = (
    frame,
    signin,
    security,
    team,
    audit,
    overview,
    money,
    hooks,
    links,
    phone,
    wordings,
    settle,
    testmode,
    delivery,
    alerts,
)
"""Every words module; a part adds its module here (one line)."""
