"""POST/redirect/GET for the portal's forms that make a secret (an API key, a callback secret, a
device token, a set-password link): the POST holds it for one view and redirects, the page it
redirects to shows it once. A reload shows the page without it and makes nothing new."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from claimsvc.api.portal.base import PortalHandler

SHOWN = "shown"
"""The query argument naming the held secret (services/one_view.py)."""


async def hold_and_redirect(
    handler: PortalHandler, kind: str, values: dict[str, str], path: str
) -> None:
    """Hold `values` for the signed-in user's one view, then 303 to `path` naming them."""
    name = await handler.services.one_view.hold(handler.user.id, kind, values)
    separator = "&" if "?" in path else "?"
    handler.see_other(f"{path}{separator}{SHOWN}={name}")


async def take_shown(handler: PortalHandler, kind: str, path: str) -> dict[str, str] | None:
    """What the page should show once: the held values (the answer then `no-store`), or {} when
    the address names none. When it names one already viewed, expired or not this user's,
    it redirects to `path` with a note and returns None (the caller then stops)."""
    name = handler.get_query_argument(SHOWN, None)
    if name is None:
        return {}
    held = await handler.services.one_view.take(handler.user.id, kind, name)
    if held is None:
        handler.see_other(path, flash="frame.view_gone")
        return None
    handler.set_header("Cache-Control", "no-store")
    return held
