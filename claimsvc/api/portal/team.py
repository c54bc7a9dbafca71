"""The team page (owners only): the account's users, and the actions on them: invite, change a
role, disable, make a new sign-in link."""

from __future__ import annotations

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalAction, PortalHandler, PortalPage
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.routing import route
from claimsvc.domain.users import ROLES, parse_invite_form
from claimsvc.services.users import Invited

INVITE_FIELDS = ("email", "name", "role")
INVITE_IDS = {"email": "invite-email", "name": "invite-name", "role": "invite-role"}
"""The invite form's fields and their ids on the page (the members' forms come first)."""
MEMBER_REFUSALS = (errors.InvalidBody, errors.LastOwner, errors.SelfAction)
"""What an action on a member can be refused for, shown beside that member's control."""


class TeamView(PortalHandler):
    permission = "team"

    async def show(
        self,
        status: int = 200,
        invite: FormErrors | None = None,
        members_form: FormErrors | None = None,
        shown: dict[str, str] | None = None,
    ) -> None:
        """The page: the invite form's and the members' problems (by control id), and `shown`,
        a new set-password link to show once (`email`, `link`)."""
        members = await self.services.users.of_account(self.user.account_id)
        self.render_portal(
            "team.html",
            status,
            title=self.t("team.title"),
            members=members,
            roles=ROLES,
            invite=invite or FormErrors(),
            members_form=members_form or FormErrors(),
            invite_ids=INVITE_IDS,
            shown=shown,
        )

    async def show_link(self, invited: Invited) -> None:
        """Redirect to the page that shows the new link once (a reload invites no one again)."""
        link = invited.url(self.deps.settings.public_base_url)
        held = {"email": invited.user.email, "link": link}
        await hold_and_redirect(self, "set_password_link", held, self.reverse_url("portal_team"))

    async def refuse_member(self, control: str, exc: errors.ServiceError) -> None:
        """The page again with the refusal beside the member's control (`role-usr_…`)."""
        key = exc.code if isinstance(exc, errors.PortalError) and exc.code else "team.bad_role"
        await self.show(exc.status, members_form=FormErrors().add(control, key))


class TeamPage(TeamView, PortalPage):
    route_name = "portal_team"

    async def get(self) -> None:
        held = await take_shown(self, "set_password_link", self.reverse_url("portal_team"))
        if held is None:
            return
        await self.show(shown=held or None)


class TeamInvite(TeamView, PortalAction):
    route_name = "portal_team_invite"

    async def post(self) -> None:
        submitted = self.form_values(INVITE_FIELDS)
        req, problems = parse_invite_form(submitted)
        if req is None:
            await self.show(400, FormErrors.of(submitted, INVITE_FIELDS, problems))
            return
        try:
            invited = await self.services.users.invite(
                self.user.account_id, req.email, req.role, req.name
            )
        except errors.UserExists as exc:
            taken = {"email": exc.code or "team.user_exists"}
            await self.show(exc.status, FormErrors.of(submitted, INVITE_FIELDS, taken))
            return
        await self.audit("user.invite", invited.user.email, role=invited.user.role)
        await self.show_link(invited)


class MemberRole(TeamView, PortalAction):
    route_name = "portal_team_role"

    async def post(self, user_id: str) -> None:
        role = self.form("role") or ""
        try:
            changed = await self.services.users.set_role(
                self.user.account_id, user_id, role, self.user.id
            )
        except MEMBER_REFUSALS as exc:
            await self.refuse_member(f"role-{user_id}", exc)
            return
        await self.audit("user.set_role", changed.email, role=role)
        self.see_other(self.reverse_url("portal_team"), flash="team.role_changed")


class MemberDisable(TeamView, PortalAction):
    route_name = "portal_team_disable"

    async def post(self, user_id: str) -> None:
        try:
            changed = await self.services.users.disable(self.user.account_id, user_id, self.user.id)
        except MEMBER_REFUSALS as exc:
            await self.refuse_member(f"disable-{user_id}", exc)
            return
        await self.audit("user.disable", changed.email)
        self.see_other(self.reverse_url("portal_team"), flash="team.user_disabled")


class MemberLink(TeamView, PortalAction):
    route_name = "portal_team_link"

    async def post(self, user_id: str) -> None:
        try:
            invited = await self.services.users.reissue(self.user.account_id, user_id, self.user.id)
        except MEMBER_REFUSALS as exc:
            await self.refuse_member(f"link-{user_id}", exc)
            return
        await self.audit("user.reissue_link", invited.user.email)
        await self.show_link(invited)


def routes(kw: dict[str, object]) -> list[URLSpec]:
    member = r"/portal/team/(usr_[0-9a-f]{24})"
    return [
        route(r"/portal/team", TeamPage, kw),
        route(r"/portal/team/invite", TeamInvite, kw),
        route(member + r"/role", MemberRole, kw),
        route(member + r"/disable", MemberDisable, kw),
        route(member + r"/link", MemberLink, kw),
    ]
