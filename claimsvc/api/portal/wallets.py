"""The portal's wallets page: the wallets buyers pay into (add, remove; the admin API's rules),
and balance verification (each phone's chains, and setting a balance anchor)."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalAction, PortalHandler, PortalPage
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.portal.phone_view import load_form, masked
from claimsvc.api.routing import route
from claimsvc.api.schemas import AnchorSchema, WalletSchema
from claimsvc.domain.accounts import PROVIDERS, WALLET_KINDS, ShopWallet
from claimsvc.domain.paging import MAX_LIMIT
from claimsvc.domain.users import can
from claimsvc.errors import WalletListed

WALLET_FIELDS = ("provider", "number", "kind")
WALLET_PROBLEMS = {
    "provider": "wallets.bad_provider",
    "number": "wallets.bad_number",
    "kind": "wallets.bad_kind",
}
ANCHOR_FIELDS = ("device_id", "provider", "balance", "sim_slot", "gap_recovery")
ANCHOR_PROBLEMS = {
    "device_id": "wallets.bad_device",
    "provider": "wallets.bad_provider",
    "balance": "wallets.bad_balance",
    "sim_slot": "wallets.bad_sim_slot",
    "gap_recovery": "wallets.bad_gap_recovery",
}
"""Each form's problems (the admin API's rules for a wallet and an anchor) by field."""
VERIFICATION_CHOICES = {"on": True, "off": False}
"""The balance verification form's values."""

_DECIMAL = re.compile(r"[0-9]{1,15}(\.[0-9]{1,15})?")
_INTEGER = re.compile(r"[0-9]{1,6}")


def decimal_or_text(raw: str | None) -> Decimal | str | None:
    """A form's money figure as the JSON number the admin schema takes (text stays text, for
    the schema to refuse)."""
    if raw is None or raw.strip() == "":
        return None
    text = raw.strip().replace(",", "")
    try:
        return Decimal(text) if _DECIMAL.fullmatch(text) else raw
    except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
        return raw


def int_or_text(raw: str | None) -> int | str | None:
    """A form's small integer as the JSON integer the admin schema takes."""
    if raw is None or raw.strip() == "":
        return None
    return int(raw.strip()) if _INTEGER.fullmatch(raw.strip()) else raw


def _wallet_details(wallet: ShopWallet) -> dict[str, str]:
    """A wallet as the audit log keeps it: the number masked (no full phone number in a log)."""
    return {"provider": wallet.provider, "number": masked(wallet.number), "kind": wallet.kind}


class WalletsView(PortalHandler):
    """What the wallets page shows: the wallets with the add form, the balance chains with the
    anchor form (each form with its own problems)."""

    permission = "wallets"

    async def show(
        self,
        status: int = 200,
        wallet_form: FormErrors | None = None,
        anchor_form: FormErrors | None = None,
    ) -> None:
        account = await self.services.admin.get_account(self.account.id)
        devices = (await self.services.devices.list(self.account.id, None, MAX_LIMIT)).items
        self.render_portal(
            "wallets.html",
            status,
            title=self.t("wallets.title"),
            verifying=account.balance_verification,
            may_set_verification=can(self.user.role, "verification"),
            wallets=account.wallets,
            chains=await self.services.wallet_admin.chains(self.account.id),
            devices=[d for d in devices if d.active],
            device_names={d.id: d.name for d in devices},
            providers=PROVIDERS,
            kinds=WALLET_KINDS,
            wallet_form=wallet_form or FormErrors(),
            anchor_form=anchor_form or FormErrors(),
        )


class WalletsPage(WalletsView, PortalPage):
    """The page; its own form (a new wallet) posts back to it."""

    route_name = "portal_wallets"

    async def get(self) -> None:
        await self.show()

    async def post(self) -> None:
        submitted = self.form_values(WALLET_FIELDS)
        body, problems = load_form(WalletSchema(), submitted, WALLET_PROBLEMS)
        if problems:
            await self.show(400, FormErrors.of(submitted, WALLET_FIELDS, problems))
            return
        wallet = ShopWallet(body["provider"], body["number"], body["kind"])
        try:
            await self.services.admin.add_wallet(self.account.id, wallet)
        except WalletListed:
            bad = {"number": "wallets.listed"}
            await self.show(400, FormErrors.of(submitted, WALLET_FIELDS, bad))
            return
        except errors.InvalidBody:
            bad = {"number": "wallets.full"}
            await self.show(400, FormErrors.of(submitted, WALLET_FIELDS, bad))
            return
        await self.audit("wallet.add", wallet.provider, **_wallet_details(wallet))
        self.see_other(self.reverse_url("portal_wallets"), "wallets.added")


class WalletRemove(WalletsView, PortalAction):
    route_name = "portal_wallet_remove"

    async def post(self) -> None:
        provider, number = self.form("provider") or "", self.form("number") or ""
        back = self.reverse_url("portal_wallets")
        try:
            await self.services.admin.remove_wallet(self.account.id, provider, number)
        except errors.NotFound:
            self.see_other(back, "wallets.not_listed")
            return
        await self.audit("wallet.remove", provider, provider=provider, number=masked(number))
        self.see_other(back, "wallets.removed")


class WalletAnchor(WalletsView, PortalAction):
    """Sets a balance anchor on one of the account's phones (the admin API's rules); a refused
    form shows the wallets page again with its problems (400)."""

    route_name = "portal_wallet_anchor"

    async def post(self) -> None:
        submitted = self.form_values(ANCHOR_FIELDS)
        body, problems = load_form(AnchorSchema(), self.anchor_values(submitted), ANCHOR_PROBLEMS)
        if not problems:
            try:
                await self.services.wallet_admin.anchor(self.account.id, body)
            except errors.InvalidBody:  # another account's device, or one since removed
                problems = {"device_id": "wallets.bad_device"}
        if problems:
            await self.show(400, anchor_form=FormErrors.of(submitted, ANCHOR_FIELDS, problems))
            return
        await self.audit(
            "wallet.anchor",
            body["device_id"],
            provider=body["provider"],
            sim_slot=str(body.get("sim_slot", "")),
            gap_recovery="yes" if body.get("gap_recovery") else "no",
        )
        self.see_other(self.reverse_url("portal_wallets"), "wallets.anchor_set")

    @staticmethod
    def anchor_values(form: dict[str, str | None]) -> dict[str, Any]:
        """The form as the admin API's anchor body: a number, an integer, a boolean."""
        return {
            "provider": form["provider"],
            "device_id": form["device_id"],
            "balance": decimal_or_text(form["balance"]),
            "sim_slot": int_or_text(form["sim_slot"]),
            "gap_recovery": form["gap_recovery"] == "1",
        }


class WalletVerification(WalletsView, PortalAction):
    """Turns the account's balance verification on or off (owners only): the admin API's
    `balance_verification`, audited with the new value. A claim read after it follows it
    (the account's terms are written through to the cache the claims read)."""

    permission = "verification"
    route_name = "portal_wallet_verification"

    async def post(self) -> None:
        back = self.reverse_url("portal_wallets")
        chosen = VERIFICATION_CHOICES.get(self.form("balance_verification") or "")
        if chosen is None:
            self.see_other(back, "wallets.verification_bad")
            return
        await self.services.admin.patch_account(self.account.id, {"balance_verification": chosen})
        await self.audit(
            "wallet.verification", self.account.id, balance_verification="on" if chosen else "off"
        )
        done = "wallets.verification_now_on" if chosen else "wallets.verification_now_off"
        self.see_other(back, done)


def routes(kw: dict[str, Any]) -> list[URLSpec]:
    return [
        route(r"/portal/wallets", WalletsPage, kw),
        route(r"/portal/wallets/verification", WalletVerification, kw),
        route(r"/portal/wallets/remove", WalletRemove, kw),
        route(r"/portal/wallets/anchor", WalletAnchor, kw),
    ]
