"""The portal's first page: today's payments (the Asia/Dhaka day) and what needs attention, each
figure linking to the page that acts on it when the user's role may open that page."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tornado.routing import URLSpec

from claimsvc.api.portal.base import PortalPage
from claimsvc.api.routing import route
from claimsvc.domain.devices import quiet_after
from claimsvc.domain.first_steps import STEPS, FirstSteps
from claimsvc.domain.payments import ATTENTION_CAP, Overview
from claimsvc.domain.users import can

Reverse = Callable[..., str]


@dataclass(frozen=True)
class Figure:
    """One attention line: its count, its words, and where to act on it (None: not allowed)."""

    count: int
    words_key: str
    link: str | None

    @property
    def capped(self) -> bool:
        return self.count >= ATTENTION_CAP


ATTENTION = (
    ("differing", "overview.differing", "portal_payments", "#differing", "payments"),
    ("held", "overview.held", "portal_transactions", "?status=held", "payments"),
    ("suspect", "overview.suspect", "portal_transactions", "?status=suspect", "payments"),
    ("stopped_events", "overview.stopped", "portal_webhooks", "?status=stopped", "webhooks"),
    ("dead_events", "overview.dead", "portal_webhooks", "?status=dead", "webhooks"),
)
"""(figure, words key, the page that acts on it, the page's filter, the permission it needs)."""

STEP_PAGES = {
    "key": ("portal_keys", "overview.step_key", "overview.step_key_hint"),
    "webhook": ("portal_webhooks", "overview.step_webhook", "overview.step_webhook_hint"),
    "phone": ("portal_devices", "overview.step_phone", "overview.step_phone_hint"),
    "anchor": ("portal_wallets", "overview.step_anchor", "overview.step_anchor_hint"),
    "session": ("portal_links", "overview.step_session", "overview.step_session_hint"),
}
"""Each first step (domain/first_steps.py): the page where it is done, its words and hint."""


def attention(seen: Overview, role: str, reverse: Reverse) -> list[Figure]:
    """The non-zero attention counts, in the order above."""
    figures = []
    for name, key, page, filtered, permission in ATTENTION:
        count = int(getattr(seen, name))
        if count:
            link = reverse(page) + filtered if can(role, permission) else None
            figures.append(Figure(count, key, link))
    return figures


@dataclass(frozen=True)
class Checkbox:
    """One first step as the checklist shows it: done or not, its words, and its page (None:
    the role may not open it; someone else on the team does that step)."""

    name: str
    done: bool
    words_key: str
    hint_key: str
    link: str | None


def checklist(steps: FirstSteps, role: str, reverse: Reverse) -> list[Checkbox]:
    boxes = []
    for s in STEPS:
        page, key, hint = STEP_PAGES[s.name]
        link = reverse(page) if can(role, s.permission) else None
        boxes.append(Checkbox(s.name, s.name in steps.done, key, hint, link))
    return boxes


class OverviewPage(PortalPage):
    permission = "overview"
    route_name = "portal_overview"

    def link(self, route_name: str, permission: str) -> str | None:
        """The page's address when the user's role may open it."""
        return self.reverse_url(route_name) if can(self.user.role, permission) else None

    async def get(self) -> None:
        role = self.user.role
        quiet = quiet_after(self.account.phone_quiet_minutes)
        seen = await self.services.payments.overview(self.user.account_id, quiet)
        steps = await self.services.payments.first_steps(self.user.account_id)
        self.render_portal(
            "overview.html",
            title=self.t("overview.title"),
            seen=seen,
            figures=attention(seen, role, self.reverse_url),
            payments_link=self.link("portal_payments", "payments"),
            devices_link=self.link("portal_devices", "devices"),
            wallets_link=self.link("portal_wallets", "wallets"),
            cap=ATTENTION_CAP,
            steps=None if steps.finished else checklist(steps, role, self.reverse_url),
        )


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [route(r"/portal/", OverviewPage, kw)]
