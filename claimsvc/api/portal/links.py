"""The portal's payment links (permission "links"): the list with payments and amounts, the
create form, one link's page with its address and QR code, and disable. Everything goes through
services/links.py, scoped to the signed-in user's account."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalAction, PortalHandler, PortalPage
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.portal.view import qr_data_uri
from claimsvc.api.routing import route
from claimsvc.domain.links import LinkView, parse_link_form, portal_state

FORM_FIELDS = ("amount", "description", "order_ref", "single_use", "expires_at")
"""No webhook_url: a link's webhook is set with the API only (docs/decisions.md, issue 23)."""


class LinksView(PortalHandler):
    """What the links pages show: the list with its create form, and a link's state."""

    permission = "links"

    def state_of(self, view: LinkView) -> str:
        """active, used, disabled or expired (domain.links.PORTAL_STATES)."""
        return portal_state(view, self.deps.clock())

    async def show_list(self, status: int = 200, form: FormErrors | None = None) -> None:
        found = await self.services.links.list(self.user.account_id, self.cursor(), None)
        self.render_portal(
            "links.html",
            status,
            title=self.t("links.title"),
            links=found.items,
            next_cursor=found.next_cursor,
            form=form or FormErrors(),
            state_of=self.state_of,
        )


class LinksPage(LinksView, PortalPage):
    route_name = "portal_links"

    async def get(self) -> None:
        await self.show_list()

    async def post(self) -> None:
        submitted = self.form_values(FORM_FIELDS)
        req, problems = parse_link_form(submitted, self.deps.clock())
        if req is None:
            await self.show_list(400, FormErrors.of(submitted, FORM_FIELDS, problems))
            return
        try:
            view = await self.services.links.create(self.account, req)
        except errors.InvalidBody:
            bad = {"expires_at": "links.bad_expiry"}
            await self.show_list(400, FormErrors.of(submitted, FORM_FIELDS, bad))
            return
        link = view.link
        await self.audit(
            "link.create",
            link.id,
            amount=str(link.amount_poisha),
            single_use=str(link.single_use).lower(),
        )
        self.see_other(self.reverse_url("portal_link", link.id), flash="link.created")


class LinkPage(LinksView, PortalPage):
    route_name = "portal_link"

    async def get(self, link_id: str) -> None:
        view: LinkView = await self.services.links.get(self.user.account_id, link_id)
        self.render_portal(
            "link.html",
            title=view.link.description,
            view=view,
            qr=qr_data_uri(view.url),
            state_of=self.state_of,
        )


class LinkDisable(LinksView, PortalAction):
    route_name = "portal_link_disable"

    async def post(self, link_id: str) -> None:
        before = await self.services.links.get(self.user.account_id, link_id)
        await self.services.links.disable(self.user.account_id, link_id)
        if before.link.status != "disabled":
            await self.audit("link.disable", link_id)
        self.see_other(self.reverse_url("portal_link", link_id), flash="link.disabled")


def routes(kw: dict[str, Any]) -> list[URLSpec]:
    return [
        route(r"/portal/links", LinksPage, kw),
        route(r"/portal/links/([^/]+)", LinkPage, kw),
        route(r"/portal/links/([^/]+)/disable", LinkDisable, kw),
    ]
