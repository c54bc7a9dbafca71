"""The portal's devices pages: the account's phones with last seen and a quiet mark, pairing a
phone (its token, intake address and QR code shown once, on the page the POST redirects to),
revoking."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec

from claimsvc.api.portal.base import PortalAction, PortalHandler, PortalPage
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.portal.phone_view import load_form
from claimsvc.api.portal.view import qr_data_uri
from claimsvc.api.routing import route
from claimsvc.api.schemas import DeviceSchema
from claimsvc.domain.devices import intake_url, phone_cannot_reach, quiet_after
from claimsvc.domain.providers import SPECS

PAIRING_FIELDS = ("name", "signing_key")
PAIRING_PROBLEMS = {"name": "devices.bad_name", "signing_key": "devices.bad_signing_key"}
"""The pairing form's problems (the admin API's rules for a device) by field."""
KEPT = ("name",)
"""What a refused pairing form shows again: the name, never the signing key."""

SETUP_APPS = (
    (
        "devices.app_bog",
        ("devices.app_bog_1", "devices.app_bog_2", "devices.app_bog_3", "devices.app_bog_4"),
    ),
    (
        "devices.app_pppscn",
        (
            "devices.app_pppscn_1",
            "devices.app_pppscn_2",
            "devices.app_pppscn_3",
            "devices.app_pppscn_4",
        ),
    ),
    (
        "devices.app_capcom",
        (
            "devices.app_capcom_1",
            "devices.app_capcom_2",
            "devices.app_capcom_3",
            "devices.app_capcom_4",
        ),
    ),
)
"""The forwarder apps the paired page explains: each app's name and its steps."""


class DevicesView(PortalHandler):
    """What the devices pages show: the list with its pairing form."""

    permission = "devices"

    def unreachable_intake(self) -> str | None:
        """The intake address when a phone cannot open it (the pages then say how to set
        CLAIMSVC_PUBLIC_SMS_URL); None when it can."""
        url: str = self.deps.settings.public_sms_url
        return url if phone_cannot_reach(url) else None

    async def show_list(self, status: int = 200, form: FormErrors | None = None) -> None:
        found = await self.services.devices.list(self.account.id, self.cursor(), None)
        self.render_portal(
            "devices.html",
            status,
            title=self.t("devices.title"),
            devices=found.items,
            next_cursor=found.next_cursor,
            now=self.deps.clock(),
            quiet_after=quiet_after(self.account.phone_quiet_minutes),
            form=form or FormErrors(),
            unreachable=self.unreachable_intake(),
        )


class DevicesPage(DevicesView, PortalPage):
    route_name = "portal_devices"

    async def get(self) -> None:
        await self.show_list()

    async def post(self) -> None:
        """Pair a phone; the page this redirects to is the only one that ever holds its token."""
        submitted = self.form_values(PAIRING_FIELDS)
        values = {"name": submitted["name"], "signing_key": submitted["signing_key"] or None}
        body, problems = load_form(DeviceSchema(), values, PAIRING_PROBLEMS)
        if problems:
            await self.show_list(400, FormErrors.of(submitted, KEPT, problems))
            return
        registered = await self.services.devices.register(
            self.account.id, body["name"], body.get("signing_key")
        )
        device = registered.device
        await self.audit("device.pair", device.id, name=device.name)
        # A reload after this shows the token page once, never pairs a second phone.
        held = {"device_id": device.id, "token": registered.token}
        paired = self.reverse_url("portal_device_paired")
        await hold_and_redirect(self, "device_token", held, paired)


class DevicePairedPage(DevicesView, PortalPage):
    """The page that holds a newly paired phone's token, intake address and QR code, once
    (the pairing POST redirects here)."""

    route_name = "portal_device_paired"

    async def get(self) -> None:
        devices = self.reverse_url("portal_devices")
        held = await take_shown(self, "device_token", devices)
        if held is None:
            return
        if not held:
            self.see_other(devices)
            return
        device = await self.services.devices.get(held["device_id"], self.account.id)
        url = intake_url(self.deps.settings.public_sms_url, held["token"])
        self.render_portal(
            "device_paired.html",
            title=self.t("devices.paired_title"),
            device=device,
            token=held["token"],
            intake_url=url,
            qr=qr_data_uri(url),
            unreachable=self.unreachable_intake(),
            apps=SETUP_APPS,
            senders=", ".join(spec.test_sender for spec in SPECS),
        )


class DevicePage(DevicesView, PortalPage):
    """One phone's page, which asks before revoking it (its form posts to `DeviceRevoke`).
    Another account's device: 404."""

    route_name = "portal_device"

    async def get(self, device_id: str) -> None:
        device = await self.services.devices.get(device_id, self.account.id)
        self.render_portal(
            "device_revoke.html", title=self.t("devices.revoke_title"), device=device
        )


class DeviceRevoke(DevicesView, PortalAction):
    """Revokes a phone: its token stops working at once. Another account's device: 404."""

    route_name = "portal_device_revoke"

    async def post(self, device_id: str) -> None:
        device = await self.services.devices.revoke(device_id, self.account.id)
        await self.audit("device.revoke", device.id, name=device.name)
        self.see_other(self.reverse_url("portal_devices"), "devices.revoked")


def routes(kw: dict[str, Any]) -> list[URLSpec]:
    return [
        route(r"/portal/devices", DevicesPage, kw),
        route(r"/portal/devices/paired", DevicePairedPage, kw),
        route(r"/portal/devices/([^/]+)", DevicePage, kw),
        route(r"/portal/devices/([^/]+)/revoke", DeviceRevoke, kw),
    ]
