"""The API application: joins each resource's route list, and records one metric per request."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from tornado.web import Application, RequestHandler

from claimsvc.api import admin, admin_deliveries, admin_events, checkout, claims, ops, page
from claimsvc.api import devices as admin_devices
from claimsvc.api.base import NotFoundHandler
from claimsvc.metrics import HTTP_LATENCY, HTTP_REQUESTS

if TYPE_CHECKING:
    from claimsvc.bootstrap import Deps

access_log = logging.getLogger("claimsvc.access")


def log_request(handler: RequestHandler) -> None:
    """One metric sample and one log line per request, labelled by route name, never by path."""
    route = getattr(handler, "route_name", "unknown")
    status = handler.get_status()
    seconds = handler.request.request_time()
    method = handler.request.method or "?"
    HTTP_REQUESTS.labels(route=route, method=method, status=str(status)).inc()
    HTTP_LATENCY.labels(route=route, method=method).observe(seconds)
    level = logging.ERROR if status >= 500 else logging.INFO
    access_log.log(
        level,
        "request",
        extra={
            "fields": {
                "route": route,
                "method": method,
                "status": status,
                "ms": round(seconds * 1000, 2),
            }
        },
    )


def make_app(deps: Deps, extra_routes: list[Any] | None = None) -> Application:
    """The Tornado application of the API process."""
    routes = ops.routes(deps) + checkout.routes(deps) + admin.routes(deps) + (extra_routes or [])
    routes += claims.routes(deps) + admin_events.routes(deps)
    routes += page.routes(deps)
    routes += admin_deliveries.routes(deps)
    routes += admin_devices.routes(deps)
    return Application(
        routes,
        default_handler_class=NotFoundHandler,
        default_handler_args={"deps": deps},
        log_function=log_request,
        compress_response=False,
    )
