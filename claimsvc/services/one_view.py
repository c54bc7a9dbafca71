"""POST/redirect/GET for portal forms that make a secret: the POST holds the secret for one
view and redirects; the GET it redirects to shows it once (docs/decisions.md, issue 25)."""

from __future__ import annotations

import re

from claimsvc.store.one_view import OneViewStore

HOLD_SECONDS = 600
"""How long a made secret waits for its one view (the redirect is followed at once)."""
NAME = re.compile(r"[A-Za-z0-9_-]{22}")
"""What `OneViewStore.hold` names an entry (16 random bytes, URL-safe base64)."""


class OneViewService:
    def __init__(self, store: OneViewStore) -> None:
        self._store = store

    async def hold(self, user_id: str, kind: str, values: dict[str, str]) -> str:
        """Hold `values` (a `kind` of secret) for `user_id`'s one view; the name for the URL."""
        return await self._store.hold(user_id, {**values, "kind": kind}, HOLD_SECONDS)

    async def take(self, user_id: str, kind: str, name: str | None) -> dict[str, str] | None:
        """The held values of this kind, once; None when absent, viewed or of another kind."""
        if name is None or not NAME.fullmatch(name):
            return None
        values = await self._store.take(user_id, name)
        if values is None or values.pop("kind", None) != kind:
            return None
        return values
