"""The portal's wallets page: the wallets buyers pay into (add, remove; the admin API's rules),
and balance verification (each phone's chains, and setting a balance anchor)."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.phone_view import decimal_or_text, int_or_text, load_form, masked
from claimsvc.api.schemas import AnchorSchema, WalletSchema
from claimsvc.api.words import Words
from claimsvc.domain.accounts import PROVIDERS, WALLET_KINDS, ShopWallet
from claimsvc.domain.paging import MAX_LIMIT
from claimsvc.errors import WalletListed

PATH = "/portal/wallets"
FIELD_WORDS = {
    "provider": "ph_provider",
    "number": "ph_number",
    "kind": "ph_kind",
    "device_id": "ph_device",
    "balance": "ph_balance",
    "sim_slot": "ph_sim_slot",
}


class WalletsHandler(PortalHandler):
    """GET the page; POST adds a wallet."""

    permission = "wallets"
    route_name = "portal_wallets"

    async def get(self) -> None:
        await self.show()

    async def show(self, status: int = 200, problems: list[str] | None = None) -> None:
        words = Words(self.lang)
        account = await self.services.admin.get_account(self.account.id)
        devices = (await self.services.devices.list(self.account.id, None, MAX_LIMIT)).items
        self.render_portal(
            "wallets.html",
            status,
            title=words("ph_wallets_title"),
            wallets=account.wallets,
            chains=await self.services.wallet_admin.chains(self.account.id),
            devices=[d for d in devices if d.active],
            device_names={d.id: d.name for d in devices},
            providers=PROVIDERS,
            kinds=WALLET_KINDS,
            problem=problems
            and words(
                "ph_form_problem", fields=", ".join(words(FIELD_WORDS.get(p, p)) for p in problems)
            ),
        )

    async def post(self) -> None:
        values = {name: self.form(name) for name in ("provider", "number", "kind")}
        body, problems = load_form(WalletSchema(), values)
        if problems:
            await self.show(400, problems)
            return
        wallet = ShopWallet(body["provider"], body["number"], body["kind"])
        try:
            await self.services.admin.add_wallet(self.account.id, wallet)
        except WalletListed:
            self.see_other(PATH, "ph_wallet_listed")
            return
        except errors.InvalidBody:
            self.see_other(PATH, "ph_wallets_full")
            return
        await self.audit("wallet.add", wallet.provider, **_wallet_details(wallet))
        self.see_other(PATH, "ph_wallet_added")


def _wallet_details(wallet: ShopWallet) -> dict[str, str]:
    """A wallet as the audit log keeps it: the number masked (no full phone number in a log)."""
    return {"provider": wallet.provider, "number": masked(wallet.number), "kind": wallet.kind}


class WalletRemoveHandler(PortalHandler):
    permission = "wallets"
    route_name = "portal_wallet_remove"

    async def post(self) -> None:
        provider, number = self.form("provider") or "", self.form("number") or ""
        try:
            await self.services.admin.remove_wallet(self.account.id, provider, number)
        except errors.NotFound:
            self.see_other(PATH, "ph_wallet_not_listed")
            return
        await self.audit("wallet.remove", provider, provider=provider, number=masked(number))
        self.see_other(PATH, "ph_wallet_removed")


class AnchorHandler(WalletsHandler):
    """POST sets a balance anchor on one of the account's phones (the admin API's rules)."""

    route_name = "portal_wallet_anchor"

    async def post(self) -> None:
        body, problems = load_form(AnchorSchema(), self.anchor_values())
        if problems:
            await self.show(400, problems)
            return
        try:
            await self.services.wallet_admin.anchor(self.account.id, body)
        except errors.InvalidBody:  # another account's device, or one since removed
            await self.show(400, ["device_id"])
            return
        await self.audit(
            "wallet.anchor",
            body["device_id"],
            provider=body["provider"],
            sim_slot=str(body.get("sim_slot", "")),
            gap_recovery="yes" if body.get("gap_recovery") else "no",
        )
        self.see_other(PATH, "ph_anchor_set")

    def anchor_values(self) -> dict[str, Any]:
        """The form as the admin API's anchor body: a number, an integer, a boolean."""
        return {
            "provider": self.form("provider"),
            "device_id": self.form("device_id"),
            "balance": decimal_or_text(self.form("balance")),
            "sim_slot": int_or_text(self.form("sim_slot")),
            "gap_recovery": self.form("gap_recovery") == "1",
        }


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        URLSpec(PATH, WalletsHandler, kw, name="portal_wallets"),
        URLSpec(PATH + "/remove", WalletRemoveHandler, kw),
        URLSpec(PATH + "/anchor", AnchorHandler, kw),
    ]
