"""The portal's API keys page: the account's keys with their last use, minting one (the POST
redirects, and the page it redirects to shows the key once), and revoking one after a
confirmation."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec

from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.words import Words
from claimsvc.domain.accounts import LABEL_MAX_LEN, ApiKey, clean_label
from claimsvc.errors import NotFound

PATH = "/portal/keys"


class KeysHandler(PortalHandler):
    """GET: the keys, newest first; POST: mint one with a label."""

    permission = "keys"
    route_name = "portal_keys"

    async def get(self) -> None:
        held = await take_shown(self, "api_key", PATH)
        if held is not None:
            await self.show_page(minted=held.get("secret"))

    async def show_page(self, status: int = 200, **extra: Any) -> None:
        keys = await self.services.admin.list_keys(self.account.id)
        forms: dict[str, Any] = {"minted": None, "confirm": None, "label_problem": None}
        self.render_portal(
            "keys.html",
            status=status,
            title=Words(self.lang)("keys_title"),
            keys=keys,
            label_max=LABEL_MAX_LEN,
            **(forms | extra),
        )

    async def post(self) -> None:
        try:
            label = clean_label(self.form("label"))
        except ValueError:
            await self.show_page(400, label_problem="keys_bad_label")
            return
        minted = await self.services.admin.mint_key(self.account.id, label, self.mode)
        key = minted.key
        await self.audit("key.mint", f"key:{key.id}", prefix=key.prefix, mode=key.mode)
        # A reload after this shows the key page, never a second key (POST/redirect/GET).
        await hold_and_redirect(self, "api_key", {"secret": minted.secret}, PATH)


class RevokeHandler(KeysHandler):
    """GET: the confirmation; POST: revoke (another account's key: 404 either way)."""

    route_name = "portal_key_revoke"

    async def get(self, key_id: str) -> None:  # type: ignore[override]
        await self.show_page(confirm=await self._key(key_id))

    async def post(self, key_id: str) -> None:  # type: ignore[override]
        key = await self.services.admin.revoke_key(key_id, self.account.id)
        await self.audit("key.revoke", f"key:{key.id}", prefix=key.prefix)
        self.see_other(PATH, flash="keys_revoked")

    async def _key(self, key_id: str) -> ApiKey:
        for key in await self.services.admin.list_keys(self.account.id):
            if key.id == key_id and key.revoked_at is None:
                return key
        raise NotFound()


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        URLSpec(r"/portal/keys", KeysHandler, kw, name="portal_keys"),
        URLSpec(
            r"/portal/keys/([A-Za-z0-9_-]{1,64})/revoke",
            RevokeHandler,
            kw,
            name="portal_key_revoke",
        ),
    ]
