"""The admin API's SMS forwarder devices: register one (its token is in that answer only),
list them, revoke one."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc.api.admin.base import AdminHandler, ListHandler
from claimsvc.api.fields import UtcTime
from claimsvc.api.schemas import DeviceSchema


class RegisteredSchema(Schema):
    """The answer to registering a device: the only one that holds its token."""

    id = fields.String(attribute="device.id")
    token = fields.String()
    name = fields.String(attribute="device.name")


class DeviceViewSchema(Schema):
    """A device as the admin API shows it: never its token or signing key."""

    id = fields.String()
    account_id = fields.String()
    name = fields.String()
    token_prefix = fields.String()
    has_signing_key = fields.Function(lambda device: bool(device.signing_key))
    created_at = UtcTime()
    revoked_at = UtcTime()
    last_seen_at = UtcTime()


DEVICE_VIEW = DeviceViewSchema()


class AccountDevicesHandler(AdminHandler):
    route_name = "admin_account_devices"

    async def post(self, account_id: str) -> None:
        body = self.body(DeviceSchema())
        registered = await self.services.devices.register(
            account_id, body["name"], body.get("signing_key")
        )
        self.send_json(201, RegisteredSchema().dump(registered))


class DevicesHandler(ListHandler):
    route_name = "admin_devices"
    filters = {"account_id": None}

    async def get(self) -> None:
        q = self.query()
        found = await self.services.devices.list(q["account_id"], q["cursor"], q.get("limit"))
        self.send_page(DEVICE_VIEW, found)


class DeviceRevokeHandler(AdminHandler):
    route_name = "admin_device_revoke"

    async def post(self, device_id: str) -> None:
        device = await self.services.devices.revoke(device_id)
        self.send_json(200, DeviceViewSchema().dump(device))


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/admin/v1/accounts/([^/]+)/devices", AccountDevicesHandler, kw),
        url(r"/admin/v1/devices", DevicesHandler, kw),
        url(r"/admin/v1/devices/([^/]+)/revoke", DeviceRevokeHandler, kw),
    ]
