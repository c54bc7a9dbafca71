"""The API application: joins each resource's route list, and records one metric per request."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tornado.web import Application

from claimsvc.api import (
    admin,
    checkout,
    claims,
    home,
    links,
    ops,
    page,
    pay,
    portal,
    sessions,
    simulated_payments,
    transactions,
    webhook_events,
)
from claimsvc.metrics import HTTP_LATENCY, HTTP_REQUESTS

if TYPE_CHECKING:
    from claimsvc.bootstrap import Deps

log_request = ops.request_logger(HTTP_REQUESTS, HTTP_LATENCY, "claimsvc.access")


def make_app(deps: Deps, extra_routes: list[Any] | None = None) -> Application:
    """The Tornado application of the API process."""
    routes = ops.routes(deps) + checkout.routes(deps) + admin.routes(deps) + (extra_routes or [])
    routes += claims.routes(deps) + sessions.routes(deps)
    routes += transactions.routes(deps) + webhook_events.routes(deps)
    routes += page.routes(deps)
    routes += links.routes(deps) + pay.routes(deps)
    routes += simulated_payments.routes(deps)
    routes += portal.routes(deps)
    routes += home.routes(deps)
    return ops.json_application(deps, routes, log_request, home.not_found(deps))
