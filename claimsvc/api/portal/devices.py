"""The portal's devices page: the account's phones with last seen and a quiet mark, pairing a
phone (its token, intake address and QR code shown once, on the page the POST redirects to),
revoking."""

from __future__ import annotations

from tornado.routing import URLSpec

from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.portal.phone_view import cursor_arg, listing_link, load_form
from claimsvc.api.portal.view import qr_data_uri
from claimsvc.api.schemas import DeviceSchema
from claimsvc.api.words import Words
from claimsvc.domain.devices import intake_url, phone_cannot_reach, quiet_after

PATH = "/portal/devices"
PAIRED_PATH = PATH + "/paired"


def unreachable_intake(handler: PortalHandler) -> str | None:
    """The intake address when a phone cannot open it (the pages then say how to set
    CLAIMSVC_PUBLIC_SMS_URL); None when it can."""
    url: str = handler.deps.settings.public_sms_url
    return url if phone_cannot_reach(url) else None


class DevicesHandler(PortalHandler):
    permission = "devices"
    route_name = "portal_devices"

    async def get(self) -> None:
        await self.show()

    async def show(self, status: int = 200, problems: tuple[str, ...] = (), **form: str) -> None:
        cursor = cursor_arg(self.get_query_argument("cursor", None))
        found = await self.services.devices.list(self.account.id, cursor, None)
        self.render_portal(
            "devices.html",
            status,
            title=Words(self.lang)("ph_devices_title"),
            devices=found.items,
            now=self.deps.clock(),
            quiet_after=quiet_after(self.account.phone_quiet_minutes),
            next_link=found.next_cursor and listing_link(PATH, cursor=found.next_cursor),
            first_link=cursor and PATH,
            problems=problems,
            form=form,
            unreachable=unreachable_intake(self),
        )

    async def post(self) -> None:
        """Pair a phone; the page this redirects to is the only one that ever holds its token."""
        values = {"name": self.form("name"), "signing_key": self.form("signing_key") or None}
        body, problems = load_form(DeviceSchema(), values)
        if problems:
            await self.show(400, tuple(problems), name=values["name"] or "")
            return
        registered = await self.services.devices.register(
            self.account.id, body["name"], body.get("signing_key")
        )
        device = registered.device
        await self.audit("device.pair", device.id, name=device.name)
        # A reload after this shows the token page once, never pairs a second phone.
        held = {"device_id": device.id, "token": registered.token}
        await hold_and_redirect(self, "device_token", held, PAIRED_PATH)


class DevicePairedHandler(PortalHandler):
    """GET: the page that holds a newly paired phone's token, intake address and QR code, once
    (the pairing POST redirects here)."""

    permission = "devices"
    route_name = "portal_device_paired"

    async def get(self) -> None:
        held = await take_shown(self, "device_token", PATH)
        if held is None:
            return
        if not held:
            self.see_other(PATH)
            return
        device = await self.services.devices.get(held["device_id"], self.account.id)
        url = intake_url(self.deps.settings.public_sms_url, held["token"])
        self.render_portal(
            "device_paired.html",
            title=Words(self.lang)("ph_paired_title"),
            device=device,
            token=held["token"],
            intake_url=url,
            qr=qr_data_uri(url),
            unreachable=unreachable_intake(self),
        )


class DeviceRevokeHandler(PortalHandler):
    """GET asks for confirmation; POST revokes. Another account's device: 404."""

    permission = "devices"
    route_name = "portal_device_revoke"

    async def get(self, device_id: str) -> None:
        device = await self.services.devices.get(device_id, self.account.id)
        self.render_portal(
            "device_revoke.html", title=Words(self.lang)("ph_revoke_title"), device=device
        )

    async def post(self, device_id: str) -> None:
        device = await self.services.devices.revoke(device_id, self.account.id)
        await self.audit("device.revoke", device.id, name=device.name)
        self.see_other(PATH, "ph_device_revoked")


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        URLSpec(PATH, DevicesHandler, kw, name="portal_devices"),
        URLSpec(PAIRED_PATH, DevicePairedHandler, kw, name="portal_device_paired"),
        URLSpec(PATH + r"/([^/]+)/revoke", DeviceRevokeHandler, kw),
    ]
