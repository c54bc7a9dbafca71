"""The team page (owners only): the account's users, invite, role, disable, new link."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec
from tornado.web import HTTPError

from claimsvc import errors
from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.words import Words
from claimsvc.domain.users import ROLES
from claimsvc.services.users import Invited

PATH = "/portal/team"


class TeamHandler(PortalHandler):
    permission = "team"
    route_name = "portal_team"

    async def show(self, status: int = 200, **ns: Any) -> None:
        """The page; `invited` and `link` (in `ns`) show a new set-password link once."""
        words = Words(self.lang)
        ns.setdefault("error", None)
        ns.setdefault("invited", None)
        ns.setdefault("link", None)
        members = await self.services.users.of_account(self.user.account_id)
        self.render_portal(
            "team.html", status, title=words("team_title"), members=members, roles=ROLES, **ns
        )

    async def get(self) -> None:
        held = await take_shown(self, "set_password_link", PATH)
        if held is None:
            return
        if not held:
            await self.show()
            return
        await self.show(invited={"email": held["email"]}, link=held["link"])

    async def show_link(self, invited: Invited) -> None:
        """Redirect to the page that shows the new link once (a reload invites no one again)."""
        link = invited.url(self.deps.settings.public_base_url)
        held = {"email": invited.user.email, "link": link}
        await hold_and_redirect(self, "set_password_link", held, PATH)

    async def refuse(self, exc: errors.ServiceError) -> None:
        key = exc.code if isinstance(exc, errors.PortalError) else "team_invalid"
        await self.show(exc.status, error=Words(self.lang)(key or "error"))


class InviteMemberHandler(TeamHandler):
    route_name = "portal_team_invite"

    async def post(self) -> None:
        try:
            invited = await self.services.users.invite(
                self.user.account_id,
                self.form("email") or "",
                self.form("role") or "",
                self.form("name") or None,
            )
        except (errors.InvalidBody, errors.UserExists) as exc:
            await self.refuse(exc)
            return
        await self.audit("user_invited", invited.user.email, role=invited.user.role)
        await self.show_link(invited)


class MemberHandler(TeamHandler):
    """An action on one member: `role`, `disable` or `link` (a new set-password link)."""

    route_name = "portal_team_member"

    async def get(self, *_: str) -> None:
        """An action answers only POST (it inherits the team page's GET, which takes no path
        arguments: a GET here was a 500)."""
        raise HTTPError(405)

    async def post(self, user_id: str, action: str) -> None:
        account_id, me = self.user.account_id, self.user.id
        try:
            if action == "role":
                role = self.form("role") or ""
                changed = await self.services.users.set_role(account_id, user_id, role, me)
                await self.audit("user_role_changed", changed.email, role=role)
                self.see_other(PATH, flash="role_changed")
            elif action == "disable":
                changed = await self.services.users.disable(account_id, user_id, me)
                await self.audit("user_disabled", changed.email)
                self.see_other(PATH, flash="user_disabled")
            else:
                invited = await self.services.users.reissue(account_id, user_id, me)
                await self.audit("user_link_reissued", invited.user.email)
                await self.show_link(invited)
        except (errors.InvalidBody, errors.LastOwner, errors.SelfAction) as exc:
            await self.refuse(exc)


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        URLSpec(PATH, TeamHandler, kw, name="portal_team"),
        URLSpec(PATH + "/invite", InviteMemberHandler, kw),
        URLSpec(PATH + r"/(usr_[0-9a-f]{24})/(role|disable|link)", MemberHandler, kw),
    ]
