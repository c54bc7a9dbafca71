"""Routes named once: a route's name is its handler's `route_name` (also the metrics label),
so a link is built with `reverse_url(name, *args)` and never by writing a path again."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec
from tornado.web import RequestHandler


def route(pattern: str, handler: type[RequestHandler], kw: dict[str, Any]) -> URLSpec:
    """The route of `pattern` to `handler`, named by the handler's `route_name`."""
    name = getattr(handler, "route_name", None)
    if not name:
        raise ValueError(f"{handler.__name__} has no route_name")
    return URLSpec(pattern, handler, kw, name=name)
