"""The merchant portal under /portal: joins each page module's route list."""

from __future__ import annotations

from typing import Any

from tornado import template
from tornado.routing import URLSpec

from claimsvc.api.page import TEMPLATES
from claimsvc.api.portal import (
    alerts,
    audit,
    auth,
    devices,
    export,
    keys,
    links,
    overview,
    payments,
    security,
    team,
    transactions,
    view,
    wallets,
    webhooks,
    wordings,
)
from claimsvc.api.portal.base import HomeRedirect, PortalNotFound, SlashRedirect
from claimsvc.api.routing import route


def routes(deps: Any) -> list[URLSpec]:
    """Every portal route; each page module's `routes(kw)` takes the handlers' arguments."""
    kw = {"deps": deps, "loader": template.Loader(str(TEMPLATES / "portal"))}
    found = [view.static_route()]
    found += auth.routes(kw)
    found += overview.routes(kw)
    found += payments.routes(kw)
    found += webhooks.routes(kw)
    found += keys.routes(kw)
    found += security.routes(kw)
    found += team.routes(kw)
    found += audit.routes(kw)
    found += links.routes(kw)
    found += devices.routes(kw)
    found += transactions.routes(kw)
    found += export.routes(kw)
    found += wallets.routes(kw)
    found += wordings.routes(kw)
    found += alerts.routes(kw)
    found += [route(r"/portal", HomeRedirect, kw), route(r"/portal/(.+)/", SlashRedirect, kw)]
    found += [route(r"/portal/(.*)", PortalNotFound, kw)]  # last: after every portal page
    return found
