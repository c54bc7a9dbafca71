"""The admin API's portal users of an account: invite (the one-time link is in the answer
only), list, disable, and a new link (a reset)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc.api.admin.base import AdminHandler
from claimsvc.api.fields import Text, UtcTime
from claimsvc.domain.audit import OPERATOR
from claimsvc.domain.checkout import iso_or_none
from claimsvc.domain.users import EMAIL_MAX, NAME_MAX, ROLES, User
from claimsvc.services.users import Invited


class InviteSchema(Schema):
    email = Text(required=True, validate=validate.Length(min=3, max=EMAIL_MAX))
    role = fields.String(required=True, validate=validate.OneOf(ROLES))
    name = Text(allow_none=True, validate=validate.Length(max=NAME_MAX))


class UserViewSchema(Schema):
    """A portal user as the admin API answers it: never a hash, a secret or a link."""

    id = fields.String()
    account_id = fields.String()
    email = fields.String()
    role = fields.String()
    name = fields.String(allow_none=True)
    status = fields.String()
    two_factor = fields.Method("_two_factor")
    created_at = UtcTime()

    def _two_factor(self, user: User) -> bool:
        return user.totp_secret is not None


USER_VIEW = UserViewSchema()


class UsersAdminHandler(AdminHandler):
    """The operator's actions on portal users are in the account's audit log too."""

    def send_invite(self, status: int, invited: Invited) -> None:
        body = USER_VIEW.dump(invited.user)
        body["invite_url"] = invited.url(self.deps.settings.public_base_url)
        body["invite_expires_at"] = iso_or_none(invited.user.invite_expires_at)
        self.send_json(status, body)

    async def record(self, user: User, action: str, **details: str) -> None:
        await self.services.audit.record(
            user.account_id,
            OPERATOR,
            OPERATOR,
            action,
            user.email,
            details,
            self.client_address(),
        )


class UsersHandler(UsersAdminHandler):
    route_name = "admin_users"

    async def get(self, account_id: str) -> None:
        await self.services.admin.get_account(account_id)  # 404 for an unknown account
        found = await self.services.users.of_account(account_id)
        self.send_json(200, {"items": USER_VIEW.dump(found, many=True)})

    async def post(self, account_id: str) -> None:
        body = self.body(InviteSchema())
        invited = await self.services.users.invite(
            account_id, body["email"], body["role"], body.get("name")
        )
        await self.record(invited.user, "user.invite", role=invited.user.role)
        self.send_invite(201, invited)


class UserDisableHandler(UsersAdminHandler):
    route_name = "admin_user_disable"

    async def post(self, account_id: str, user_id: str) -> None:
        user = await self.services.users.disable(account_id, user_id)
        await self.record(user, "user.disable")
        self.send_json(200, USER_VIEW.dump(user))


class UserInviteHandler(UsersAdminHandler):
    route_name = "admin_user_invite"

    async def post(self, account_id: str, user_id: str) -> None:
        invited = await self.services.users.reissue(account_id, user_id)
        await self.record(invited.user, "user.reissue_link")
        self.send_invite(200, invited)


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    base = r"/admin/v1/accounts/([^/]+)/users"
    return [
        url(base, UsersHandler, kw),
        url(base + r"/([^/]+)/disable", UserDisableHandler, kw),
        url(base + r"/([^/]+)/invite", UserInviteHandler, kw),
    ]
