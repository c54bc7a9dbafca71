"""The portal's first page: today's payments (the Asia/Dhaka day) and what needs attention, each
figure linking to the page that acts on it when the user's role may open that page."""

from __future__ import annotations

from dataclasses import dataclass

from tornado.routing import URLSpec

from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.words import Words
from claimsvc.domain.devices import quiet_after
from claimsvc.domain.first_steps import STEPS, FirstSteps
from claimsvc.domain.payments import ATTENTION_CAP, Overview
from claimsvc.domain.users import can


@dataclass(frozen=True)
class Figure:
    """One attention line: its count, its words, and where to act on it (None: not allowed)."""

    count: int
    words_key: str
    link: str | None

    @property
    def capped(self) -> bool:
        return self.count >= ATTENTION_CAP


# (figure, words key, page, permission that page needs)
ATTENTION = (
    ("differing", "overview.differing", "/portal/payments#differing", "payments"),
    ("held", "overview.held", "/portal/transactions?status=held", "payments"),
    ("suspect", "overview.suspect", "/portal/transactions?status=suspect", "payments"),
    ("stopped_events", "overview.stopped", "/portal/webhooks?status=stopped", "webhooks"),
    ("dead_events", "overview.dead", "/portal/webhooks?status=dead", "webhooks"),
)
DEVICES_PATH, WALLETS_PATH = "/portal/devices", "/portal/wallets"


def attention(seen: Overview, role: str) -> list[Figure]:
    """The non-zero attention counts, in the order above."""
    figures = []
    for name, key, path, permission in ATTENTION:
        count = int(getattr(seen, name))
        if count:
            figures.append(Figure(count, key, path if can(role, permission) else None))
    return figures


@dataclass(frozen=True)
class Checkbox:
    """One first step as the checklist shows it: done or not, and its page (None: the role
    may not open it; someone else on the team does that step)."""

    name: str
    done: bool
    link: str | None


def checklist(steps: FirstSteps, role: str) -> list[Checkbox]:
    return [
        Checkbox(s.name, s.name in steps.done, s.path if can(role, s.permission) else None)
        for s in STEPS
    ]


class OverviewHandler(PortalHandler):
    permission = "overview"
    route_name = "portal_overview"

    async def get(self) -> None:
        role = self.user.role
        quiet = quiet_after(self.account.phone_quiet_minutes)
        seen = await self.services.payments.overview(self.user.account_id, quiet)
        steps = await self.services.payments.first_steps(self.user.account_id)
        self.render_portal(
            "overview.html",
            title=Words(self.lang)("overview.title"),
            seen=seen,
            figures=attention(seen, role),
            payments_link="/portal/payments" if can(role, "payments") else None,
            devices_link=DEVICES_PATH if can(role, "devices") else None,
            wallets_link=WALLETS_PATH if can(role, "wallets") else None,
            cap=ATTENTION_CAP,
            steps=None if steps.finished else checklist(steps, role),
        )


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [URLSpec(r"/portal/", OverviewHandler, kw, name="portal_overview")]
