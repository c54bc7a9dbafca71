"""The portal's API keys pages: the account's keys with their last use, making one (the POST
redirects, and the page it redirects to shows the key once), and one key's page asking before
it is revoked."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec

from claimsvc.api.portal.base import PortalAction, PortalHandler, PortalPage
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.routing import route
from claimsvc.domain.accounts import LABEL_MAX_LEN, ApiKey, clean_label
from claimsvc.errors import NotFound

FORM_FIELDS = ("label", "mode")


class KeysView(PortalHandler):
    """What the keys page shows: the keys, newest first, the form to make one, and a key
    shown once or a key to confirm revoking."""

    permission = "keys"

    async def show(
        self,
        status: int = 200,
        *,
        form: FormErrors | None = None,
        made: str | None = None,
        confirm: ApiKey | None = None,
    ) -> None:
        keys = await self.services.admin.list_keys(self.account.id)
        self.render_portal(
            "keys.html",
            status,
            title=self.t("keys.title"),
            keys=keys,
            label_max=LABEL_MAX_LEN,
            form=form or FormErrors(),
            minted=made,
            confirm=confirm,
        )


class KeysPage(KeysView, PortalPage):
    """The keys; POST (the page's own form): make one with a label, in live or test mode."""

    route_name = "portal_keys"

    async def get(self) -> None:
        held = await take_shown(self, "api_key", self.reverse_url("portal_keys"))
        if held is not None:
            await self.show(made=held.get("secret"))

    async def post(self) -> None:
        submitted = self.form_values(FORM_FIELDS)
        try:
            label = clean_label(submitted["label"])
        except ValueError:
            problems = {"label": "keys.bad_label"}
            await self.show(400, form=FormErrors.of(submitted, FORM_FIELDS, problems))
            return
        minted = await self.services.admin.mint_key(self.account.id, label, self.mode)
        key = minted.key
        await self.audit("key.mint", f"key:{key.id}", prefix=key.prefix, mode=key.mode)
        # A reload after this shows the key page, never a second key (POST/redirect/GET).
        page = self.reverse_url("portal_keys")
        await hold_and_redirect(self, "api_key", {"secret": minted.secret}, page)


class KeyPage(KeysView, PortalPage):
    """One live key of the account, asking whether to revoke it (another account's: 404)."""

    route_name = "portal_key"

    async def get(self, key_id: str) -> None:
        for key in await self.services.admin.list_keys(self.account.id):
            if key.id == key_id and key.revoked_at is None:
                await self.show(confirm=key)
                return
        raise NotFound()


class KeyRevoke(KeysView, PortalAction):
    """Revoke the key (another account's: 404)."""

    route_name = "portal_key_revoke"

    async def post(self, key_id: str) -> None:
        key = await self.services.admin.revoke_key(key_id, self.account.id)
        await self.audit("key.revoke", f"key:{key.id}", prefix=key.prefix)
        self.see_other(self.reverse_url("portal_keys"), flash="keys.revoked")


KEY = r"/portal/keys/([A-Za-z0-9_-]{1,64})"


def routes(kw: dict[str, Any]) -> list[URLSpec]:
    return [
        route(r"/portal/keys", KeysPage, kw),
        route(KEY, KeyPage, kw),
        route(KEY + "/revoke", KeyRevoke, kw),
    ]
