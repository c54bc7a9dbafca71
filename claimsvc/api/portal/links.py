"""The portal's payment links (permission "links"): the list with payments and amounts, the
create form, one link's page with its address and QR code, and disable. Everything goes through
services/links.py, scoped to the signed-in user's account."""

from __future__ import annotations

from typing import Any

import segno
from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.words import Words
from claimsvc.domain.links import DISABLED, LinkView, PaymentLink, is_expired, parse_link_form

FORM_FIELDS = ("amount", "description", "order_ref", "single_use", "expires_at")
"""No webhook_url: a link's webhook is set with the API only (docs/decisions.md, issue 23)."""


def qr_data_uri(url: str) -> str:
    """The link's address as a QR code: an SVG data: URI (the CSP allows data: images)."""
    return str(segno.make(url, error="m").svg_data_uri(scale=4, border=2))


class LinksPortalHandler(PortalHandler):
    permission = "links"

    def words(self) -> Words:
        return Words(self.lang)

    def state_of(self, link: PaymentLink) -> str:
        """active, disabled or expired (a words suffix: link_status_*)."""
        if link.status == DISABLED:
            return DISABLED
        return "expired" if is_expired(link, self.deps.clock()) else link.status

    def render_portal(self, template_name: str, status: int = 200, **ns: Any) -> None:
        super().render_portal(template_name, status, state_of=self.state_of, **ns)


class LinksPageHandler(LinksPortalHandler):
    route_name = "portal_links"

    async def get(self) -> None:
        await self.show_list()

    async def show_list(self, status: int = 200, problems: tuple[str, ...] = ()) -> None:
        cursor = self.get_query_argument("cursor", None)
        try:
            found = await self.services.links.list(self.user.account_id, cursor, None)
        except ValueError:  # a cursor this listing did not write
            raise errors.NotFound() from None
        form = {name: self.form(name) or "" for name in FORM_FIELDS} if problems else {}
        self.render_portal(
            "links.html",
            status,
            title=self.words()("links_title"),
            links=found.items,
            next_cursor=found.next_cursor,
            problems=problems,
            form=form,
        )

    async def post(self) -> None:
        form = {name: self.form(name) for name in FORM_FIELDS}
        req, problems = parse_link_form(form, self.deps.clock())
        if req is None:
            await self.show_list(400, tuple(problems))
            return
        try:
            view = await self.services.links.create(self.account, req)
        except errors.InvalidBody:
            await self.show_list(400, ("link_bad_expiry",))
            return
        link = view.link
        await self.audit(
            "link.create",
            link.id,
            amount=str(link.amount_poisha),
            single_use=str(link.single_use).lower(),
        )
        self.see_other(f"/portal/links/{link.id}", flash="link_created")


class LinkPageHandler(LinksPortalHandler):
    route_name = "portal_link"

    async def get(self, link_id: str) -> None:
        view: LinkView = await self.services.links.get(self.user.account_id, link_id)
        self.render_portal(
            "link.html",
            title=view.link.description,
            view=view,
            qr=qr_data_uri(view.url),
        )


class LinkDisableHandler(LinksPortalHandler):
    route_name = "portal_link_disable"

    async def post(self, link_id: str) -> None:
        before = await self.services.links.get(self.user.account_id, link_id)
        await self.services.links.disable(self.user.account_id, link_id)
        if before.link.status != "disabled":
            await self.audit("link.disable", link_id)
        self.see_other(f"/portal/links/{link_id}", flash="link_disabled")


def routes(kw: dict[str, Any]) -> list[URLSpec]:
    return [
        URLSpec(r"/portal/links/?", LinksPageHandler, kw, name="portal_links"),
        URLSpec(r"/portal/links/([^/]+)/?", LinkPageHandler, kw, name="portal_link"),
        URLSpec(
            r"/portal/links/([^/]+)/disable",
            LinkDisableHandler,
            kw,
            name="portal_link_disable",
        ),
    ]
