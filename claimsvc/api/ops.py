"""Operations endpoints (/healthz, /readyz, /metrics, /openapi.yaml), and what every process's
HTTP application shares: the JSON 404 and one metric sample and log line per request."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from prometheus_client import REGISTRY, Counter, Histogram
from prometheus_client.exposition import choose_encoder
from tornado.routing import URLSpec
from tornado.web import Application, RequestHandler, url

from claimsvc.api.base import BaseHandler, NotFoundHandler
from claimsvc.logs import accept_request_id

OPENAPI_PATH = Path(__file__).with_name("openapi.yaml")


class HealthHandler(BaseHandler):
    """The process is up and its event loop answers."""

    route_name = "healthz"

    def get(self) -> None:
        self.send_json(200, {"status": "ok"})


class ReadyHandler(BaseHandler):
    """The process can serve: MongoDB and Redis answer within a second."""

    route_name = "readyz"

    async def get(self) -> None:
        checks = await self.deps.check_ready()
        ok = all(checks.values())
        self.send_json(
            200 if ok else 503, {"status": "ok" if ok else "unavailable", "checks": checks}
        )


class PlainHandler(RequestHandler):
    """A non-JSON endpoint that still gets a request id, in its log line and its answer."""

    def prepare(self) -> None:
        self.set_header("X-Request-Id", accept_request_id(self.request.headers.get("X-Request-Id")))


class MetricsHandler(PlainHandler):
    """Prometheus exposition, in the format the scraper asks for."""

    route_name = "metrics"

    def get(self) -> None:
        encoder, content_type = choose_encoder(self.request.headers.get("Accept", ""))
        self.set_header("Content-Type", content_type)
        self.finish(encoder(REGISTRY))


class OpenApiHandler(PlainHandler):
    """The merchant API's OpenAPI 3.1 document."""

    route_name = "openapi"

    def get(self) -> None:
        self.set_header("Content-Type", "application/yaml; charset=utf-8")
        self.set_header("Cache-Control", "public, max-age=300")
        self.finish(OPENAPI_PATH.read_bytes())


def probe_routes(deps: Any) -> list[URLSpec]:
    """/healthz, /readyz and /metrics: what every process serves."""
    kw = {"deps": deps}
    return [
        url(r"/healthz", HealthHandler, kw),
        url(r"/readyz", ReadyHandler, kw),
        url(r"/metrics", MetricsHandler),
    ]


def routes(deps: Any) -> list[URLSpec]:
    """The probes and the OpenAPI document: the API process's ops routes."""
    return [*probe_routes(deps), url(r"/openapi.yaml", OpenApiHandler)]


RequestLog = Callable[[RequestHandler], None]
LABEL_SETS_REMEMBERED = 1000
"""Label sets whose samples request_logger keeps at hand (routes x methods x statuses)."""


def request_logger(requests: Counter, latency: Histogram, logger: str) -> RequestLog:
    """Tornado's log_function: one sample of `requests` and `latency` and one line on `logger`
    per request, labelled by route name, never by path (paths carry ids and tokens)."""
    access_log = logging.getLogger(logger)
    # Each label set's samples, looked up once: labels() validates and locks on every call.
    counts: dict[tuple[str, str, int], Any] = {}
    timings: dict[tuple[str, str], Any] = {}

    def log_request(handler: RequestHandler) -> None:
        route = getattr(handler, "route_name", "unknown")
        status = handler.get_status()
        seconds = handler.request.request_time()
        method = handler.request.method or "?"
        count = counts.get((route, method, status))
        if count is None:
            count = requests.labels(route=route, method=method, status=str(status))
            if len(counts) < LABEL_SETS_REMEMBERED:
                counts[(route, method, status)] = count
        timing = timings.get((route, method))
        if timing is None:
            timing = latency.labels(route=route, method=method)
            if len(timings) < LABEL_SETS_REMEMBERED:
                timings[(route, method)] = timing
        count.inc()
        timing.observe(seconds)
        fields = {
            "route": route,
            "method": method,
            "status": status,
            "ms": round(seconds * 1000, 2),
        }
        level = logging.ERROR if status >= 500 else logging.INFO
        access_log.log(level, "request", extra={"fields": fields})

    return log_request


def json_application(
    deps: Any,
    routes: list[Any],
    log_function: RequestLog,
    not_found: tuple[type[Any], dict[str, Any]] | None = None,
) -> Application:
    """An application of JSON handlers: any path no route matches answers the JSON 404 (or
    `not_found`'s handler, given with its arguments)."""
    handler, args = not_found or (NotFoundHandler, {"deps": deps})
    return Application(
        routes,
        default_handler_class=handler,
        default_handler_args=args,
        log_function=log_function,
        compress_response=False,
    )
