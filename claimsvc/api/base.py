"""The base handler: JSON in and out, request ids, and the one error renderer."""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

from marshmallow import Schema, ValidationError
from tornado.httputil import HTTPServerRequest
from tornado.web import HTTPError, RequestHandler

from claimsvc import errors
from claimsvc.api.json_body import parse_json
from claimsvc.domain.client_address import client_address
from claimsvc.logs import accept_request_id

if TYPE_CHECKING:
    from claimsvc.bootstrap import Deps
    from claimsvc.store.paging import Page

log = logging.getLogger("claimsvc.api")

PLAIN, CLAIM = "plain", "claim"


def query_word(handler: RequestHandler, name: str) -> str | None:
    """A query argument that only ever picks a word of a small vocabulary (a language, a
    mode): None when absent or when its bytes are not UTF-8. Never an error, since every
    error page reads these too (issue 33: `?lang=%ff` made the 400 page fail)."""
    try:
        return handler.get_query_argument(name, None)
    except HTTPError:
        return None


def _no_form_parsing() -> None:
    """Stands in for HTTPServerRequest._parse_body on every request our handlers serve."""


def flatten_messages(messages: Any, path: str = "") -> list[str]:
    """marshmallow's nested error dict as readable `field: reason` strings."""
    if isinstance(messages, dict):
        out: list[str] = []
        for key, value in messages.items():
            name = str(key) if key != "_schema" else ""
            out += flatten_messages(value, f"{path}.{name}" if path and name else (name or path))
        return out
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return [f"{path}: {m}" if path else m for m in messages]
    if isinstance(messages, list):
        return [line for m in messages for line in flatten_messages(m, path)]
    return [f"{path}: {messages}" if path else str(messages)]


class BaseHandler(RequestHandler):
    """Every handler: route name for metrics, error body shape, dependencies."""

    route_name = "unknown"
    error_shape = PLAIN
    internal_message = "Internal server error"

    def __init__(self, application: Any, request: HTTPServerRequest, **kwargs: Any) -> None:
        # Bodies are JSON, read by json_body(). Tornado would first parse a form-typed body
        # (urlencoded, multipart) that nothing here reads: CPU spent on up to 16x the size
        # limit, and a malformed one answered with a bare 400 before the key or the size was
        # checked (issue 14 sweep). The body stays in request.body, untouched.
        setattr(request, "_parse_body", _no_form_parsing)  # noqa: B010 - a private hook
        super().__init__(application, request, **kwargs)

    def initialize(self, deps: Deps) -> None:
        self.deps = deps
        self.services = deps.services

    def keep_header(self, name: str, value: str) -> None:
        """Set a header that an error answer carries too (send_error clears all others)."""
        # Created on first use: subclasses may override initialize() without calling it.
        self.__dict__.setdefault("_kept_headers", {})[name] = value
        self.set_header(name, value)

    def restore_kept_headers(self) -> None:
        """Set again the headers keep_header set, after send_error cleared them."""
        for name, value in self.__dict__.get("_kept_headers", {}).items():
            self.set_header(name, value)

    def set_default_headers(self) -> None:
        self.clear_header("Server")  # no version banner for scanners
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")

    def prepare(self) -> None:
        rid = accept_request_id(self.request.headers.get("X-Request-Id"))
        self.request_id = rid
        self.keep_header("X-Request-Id", rid)
        if len(self.request.body or b"") > self.deps.settings.max_body_bytes:
            raise errors.BodyTooLarge()

    def client_address(self) -> str:
        """The client's address by the one rule (domain/client_address.py): the socket's peer,
        or the value the configured header holds at the trusted proxy's place."""
        s = self.deps.settings
        forwarded = self.request.headers.get_list(s.client_address_header)
        return client_address(self.request.remote_ip, forwarded, s.trusted_proxy_hops)

    def json_body(self) -> Any:
        return parse_json(self.request.body or b"")

    def load(self, schema: Schema, data: Any) -> dict[str, Any]:
        """Validate `data` with `schema`, or 400 Invalid request body with the reasons."""
        if not isinstance(data, dict):
            raise errors.InvalidBody(details=["body must be a JSON object"])
        try:
            loaded: dict[str, Any] = schema.load(data)
            return loaded
        except ValidationError as exc:
            raise errors.InvalidBody(details=flatten_messages(exc.messages)) from None

    def send_json(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        self.set_status(status)
        for name, value in (headers or {}).items():
            self.set_header(name, value)
        self.finish(json.dumps(body, separators=(",", ":"), ensure_ascii=False))

    def send_page(self, view: Schema, page: Page[Any]) -> None:
        """One page of a listing: its items as `view` dumps them, and the next page's cursor."""
        items = view.dump(page.items, many=True)
        self.send_json(200, {"items": items, "next_cursor": page.next_cursor})

    def error_body(self, err: errors.ServiceError) -> dict[str, Any]:
        """The body of `err`, chosen by its kind; only request errors take the endpoint's shape.

        An API-key failure is the plain §5 body even on a claim endpoint (interface.md §5, §7).
        """
        if err.kind == errors.CODED:
            return {"error": {"code": err.code, "message": err.message}}
        if err.kind == errors.OUTCOME or (err.kind == errors.REQUEST and self.error_shape == CLAIM):
            return {"success": False, "error": err.code or err.message, "message": err.message}
        body: dict[str, Any] = {"error": err.message}
        if err.details is not None:
            body["details"] = err.details
        return body

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, errors.ServiceError):
            err = exc
        elif isinstance(exc, HTTPError) or status_code < 500:
            err = self._http_error(status_code)
        else:
            err = errors.ServiceError(self.internal_message)
        self.clear_header("Retry-After")
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.restore_kept_headers()
        self.send_json(err.status, self.error_body(err), err.headers)

    def _http_error(self, status: int) -> errors.ServiceError:
        err = errors.ServiceError(self._reason if status != 404 else "Not found")
        err.status = status
        if status == 405:
            err.headers["Allow"] = ", ".join(self._allowed_methods())
        return err

    def _allowed_methods(self) -> list[str]:
        return [
            m
            for m in self.SUPPORTED_METHODS
            if getattr(type(self), m.lower()) is not getattr(RequestHandler, m.lower())
        ]

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        if isinstance(value, errors.ServiceError | HTTPError):
            return  # an answer, not a fault
        log.error("unhandled error in %s", self.route_name, exc_info=(typ, value, tb))


class NotFoundHandler(BaseHandler):
    """Any path no route matches."""

    route_name = "not_found"

    def prepare(self) -> None:
        super().prepare()
        raise errors.NotFound()
