"""What every portal page shows besides its own content: the menu, formatting, static files."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import segno
from tornado.web import HTTPError, RequestHandler

from claimsvc.api.page import StaticHandler
from claimsvc.api.words import Words
from claimsvc.api.words.wallets import BRANDS
from claimsvc.domain import i18n
from claimsvc.domain.accounts import PROVIDER_NAMES
from claimsvc.domain.attempt_failures import failure_of, stop_of
from claimsvc.domain.users import can

STATIC = Path(__file__).resolve().parents[1] / "static" / "portal"
STATIC_PREFIX = "/static/portal/"

NAV = (
    ("portal_overview", "overview", "frame.nav_overview"),
    ("portal_payments", "payments", "frame.nav_payments"),
    ("portal_transactions", "payments", "frame.nav_transactions"),
    ("portal_export", "payments", "frame.nav_export"),
    ("portal_links", "links", "frame.nav_links"),
    ("portal_webhooks", "webhooks", "frame.nav_webhooks"),
    ("portal_keys", "keys", "frame.nav_keys"),
    ("portal_devices", "devices", "frame.nav_devices"),
    ("portal_wallets", "wallets", "frame.nav_wallets"),
    ("portal_wordings", "wordings", "frame.nav_wordings"),
    ("portal_alerts", "overview", "frame.nav_alerts"),
    ("portal_team", "team", "frame.nav_team"),
    ("portal_audit", "audit", "frame.nav_audit"),
    ("portal_security", "overview", "frame.nav_security"),
)
"""The menu: (route name, permission, words key). An entry shows when its route exists and the
user's role has its permission, so a part's page appears once its routes are joined; its path
is the route's own (`reverse_url`)."""


@dataclass(frozen=True)
class NavItem:
    name: str
    path: str
    words_key: str


def nav(handler: RequestHandler, role: str) -> list[NavItem]:
    """The menu entries `role` may open, in menu order."""
    routes = handler.application.wildcard_router.named_rules
    return [
        NavItem(name, handler.reverse_url(name), key)
        for name, permission, key in NAV
        if name in routes and can(role, permission)
    ]


def brand(lang: str) -> Callable[[str], str]:
    """A wallet provider's name as the buyer's page writes it, in `lang` (bKash, বিকাশ): the
    one way every portal page names a wallet; a provider with no brand words by its spec's
    name (claimsvc/domain/providers.py), an unknown name as it is."""
    return lambda provider: (
        BRANDS[provider].name[lang]
        if provider in BRANDS
        else PROVIDER_NAMES.get(provider, {}).get(lang, provider)
    )


def failure_words(words: Words, status_code: int | None, error: str | None) -> str:
    """What failed, in words (domain/attempt_failures.py); empty when nothing did (delivered,
    or not tried yet)."""
    failure = failure_of(status_code, error)
    return "" if failure is None else words(failure.key, **failure.values)


def outcome_words(words: Words, status_code: int | None, error: str | None) -> str:
    """An attempt's outcome in the page's language: delivered, or what failed in words."""
    return failure_words(words, status_code, error) or words("delivery.delivered")


def stop_words(words: Words, reason: str | None) -> str:
    """Why an event stopped, in words (domain/attempt_failures.py); empty when it did not."""
    key = stop_of(reason)
    return "" if key is None else words(key)


@dataclass(frozen=True)
class Fmt:
    """Numbers, money and times in the page's language (Dhaka time)."""

    lang: str

    def money(self, poisha: int) -> str:
        """৳ and the amount, grouped the South Asian way: ৳ 1,00,000.50."""
        return f"৳ {i18n.taka(poisha, self.lang)}"

    def number(self, value: int) -> str:
        return i18n.digits(i18n.group_lakh(value), self.lang)

    def time(self, moment: datetime | None) -> str:
        """The wall-clock time and date in Dhaka; an empty string for no moment."""
        return i18n.clock_time(moment, self.lang) if moment is not None else ""

    def date(self, moment: datetime | None) -> str:
        if moment is None:
            return ""
        local = moment.astimezone(i18n.DHAKA)
        month = i18n.MONTHS[self.lang][local.month - 1]
        return i18n.digits(f"{local.day} {month} {local.year}", self.lang)


QR_SCALE, QR_BORDER = 4, 4
"""Module size in pixels and the quiet zone (4 modules, as the QR standard asks)."""


def qr_data_uri(text: str) -> str:
    """`text` as the portal's one kind of QR code: an SVG data: image (the CSP allows img-src
    data:), black on white whatever the page's colours, with the standard quiet zone."""
    qr = segno.make(text, error="m")
    uri: str = qr.svg_data_uri(scale=QR_SCALE, dark="#000000", light="#ffffff", border=QR_BORDER)
    return uri


def asset(name: str) -> str:
    """The URL of a portal static file, versioned by its content hash."""
    version = PortalStaticHandler.get_version({"static_path": str(STATIC)}, name)
    return f"{STATIC_PREFIX}{name}?v={version}"


class PortalStaticHandler(StaticHandler):
    """The portal's CSS and images (static/portal/): as the checkout page's static files."""

    route_name = "portal_static"

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        kinds = (".css", ".svg", ".js")
        if not absolute_path.endswith(kinds) or Path(absolute_path).parent != STATIC:
            raise HTTPError(404)
        return super(StaticHandler, self).validate_absolute_path(root, absolute_path)


def static_route() -> Any:
    from tornado.web import url

    return url(STATIC_PREFIX + r"(.*)", PortalStaticHandler, {"path": str(STATIC)})
