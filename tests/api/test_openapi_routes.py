"""The OpenAPI document against the API process's routes (issue 31): every route the app
answers is a path of the document with the same methods, or is an HTML page or static file
listed below with its reason; every documented path is routed. And every error text the
document declares for the merchant API has its row, with a specific code, in
`sdk/error-cases.json` (the libraries' own tests hold that they map every row)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from tornado.routing import URLSpec
from tornado.web import RequestHandler

from claimsvc.api.app import make_app
from claimsvc.api.ops import OPENAPI_PATH
from tests.route_samples import groups_of

ROOT = Path(__file__).parents[2]
DOCUMENT = yaml.safe_load(OPENAPI_PATH.read_text())
CASES = json.loads((ROOT / "sdk" / "error-cases.json").read_text())["cases"]

NOT_IN_THE_DOCUMENT = {
    r"^/$": "the home page (HTML)",
    r"^/checkout/": "the hosted checkout page (HTML); its JSON calls are documented",
    r"^/static/": "static files of the pages",
    r"^/\{\}$": "the favicon (`/(favicon\\.ico)`)",
    r"^/pay/": "a payment link's pages (HTML forms)",
    r"^/portal": "the merchant portal's pages (HTML forms, cookies and CSRF)",
}
"""Routes of the API app that are pages, not API operations, by pattern, and why."""

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")


def template(pattern: str) -> str:
    """A route's path with each group as `{}`: `/api/v1/transactions/{}`."""
    path = pattern.removesuffix("$")
    for group in groups_of(URLSpec(pattern, RequestHandler)):
        path = path.replace(group, "{}", 1)
    return path.replace("\\", "")


def methods(handler: type[RequestHandler]) -> set[str]:
    return {
        m for m in METHODS if getattr(handler, m.lower()) is not getattr(RequestHandler, m.lower())
    }


def api_routes(deps: Any) -> Iterator[tuple[str, set[str]]]:
    """(pattern, methods) of every route of the API app, nested routers opened."""
    app = make_app(deps)
    pending = list(app.wildcard_router.rules)
    while pending:
        rule = pending.pop(0)
        target = rule.target
        if hasattr(target, "rules"):
            pending[:0] = target.rules
        elif isinstance(target, type) and issubclass(target, RequestHandler):
            yield rule.matcher.regex.pattern, methods(target)


def documented() -> dict[str, set[str]]:
    """Each documented path as a template, and its methods."""
    return {
        re.sub(r"\{[^}]+\}", "{}", path): {m.upper() for m in item if m.upper() in METHODS}
        for path, item in DOCUMENT["paths"].items()
    }


def is_page(pattern: str) -> bool:
    return any(re.match(prefix, template(pattern)) for prefix in NOT_IN_THE_DOCUMENT)


async def test_every_route_of_the_api_app_is_documented_with_its_methods(deps):
    paths = documented()
    missing = []
    for pattern, served in api_routes(deps):
        path = template(pattern)
        if is_page(pattern) and path not in paths:
            continue
        if paths.get(path) != served:
            missing.append((path, sorted(served), sorted(paths.get(path, ()))))
    assert missing == []


async def test_every_documented_path_is_routed_with_its_methods(deps):
    served: dict[str, set[str]] = {}
    for pattern, methods_ in api_routes(deps):
        served.setdefault(template(pattern), set()).update(methods_)
    unrouted = {
        path: sorted(methods_ - served.get(path, set()))
        for path, methods_ in documented().items()
        if methods_ - served.get(path, set())
    }
    assert unrouted == {}


async def test_each_page_left_out_is_a_route_of_the_app(deps):
    pages = [template(pattern) for pattern, _ in api_routes(deps)]
    for prefix in NOT_IN_THE_DOCUMENT:
        assert any(re.match(prefix, page) for page in pages), prefix


def resolve(node: Any) -> Any:
    """`node` with a local `$ref` followed (JSON pointer into this document)."""
    while isinstance(node, dict) and "$ref" in node:
        target: Any = DOCUMENT
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def error_texts(schema: Any) -> Iterator[str]:
    """Every fixed value the `error` property of a schema may take, however nested."""
    schema = resolve(schema)
    if isinstance(schema, dict):
        error = resolve((schema.get("properties") or {}).get("error"))
        if isinstance(error, dict):
            if isinstance(error.get("const"), str):
                yield error["const"]
            yield from (v for v in error.get("enum", ()) if isinstance(v, str))
        for key in ("allOf", "anyOf", "oneOf"):
            for part in schema.get(key, ()):
                yield from error_texts(part)
    elif isinstance(schema, list):
        for part in schema:
            yield from error_texts(part)


def documented_errors() -> Iterator[tuple[str, str, int, str]]:
    """(method, path, status, error text) of every error the merchant API documents. The
    admin API (`/admin/`) is the operator's, answered to the CLI, not to the libraries."""
    for path, item in DOCUMENT["paths"].items():
        if path.startswith("/admin/"):
            continue
        for method, operation in item.items():
            for status, response in (operation.get("responses") or {}).items():
                if not status.isdigit() or int(status) < 400:
                    continue
                for media in (resolve(response).get("content") or {}).values():
                    for text in error_texts(media.get("schema")):
                        yield method.upper(), path, int(status), text


def test_every_documented_error_of_the_merchant_api_has_a_specific_code():
    rows = {
        (case["status"], case["body"]["error"])
        for case in CASES
        if isinstance(case.get("body"), dict) and isinstance(case["body"].get("error"), str)
    }
    found = list(documented_errors())
    assert len(found) > 40  # the walk reaches the document's errors
    missing = sorted({(s, t) for _, _, s, t in found if (s, t) not in rows})
    assert missing == []


@pytest.mark.parametrize(
    "text",
    [
        "Transaction not found",
        "Event not found",
        "Event is already queued for delivery",
        "Idempotency-Key was already used with a different request body",
        "Invalid Idempotency-Key header",
        "INVALID_WAIT",
        "Payment links are live only; use a live key",
        "Test payments need a test key (sk_test_...); a live key cannot make one",
        "This test session is not open; a test payment needs an open session",
    ],
)
def test_the_issue_31_refusals_are_documented(text):
    assert text in {t for _, _, _, t in documented_errors()}


def test_every_code_names_one_kind_of_refusal():
    generic = {"INTERNAL_ERROR", "URL_REJECTED", "RATE_LIMITED", "INVALID_REQUEST", "NOT_FOUND"}
    by_code: dict[str, set[tuple[int, str]]] = {}
    for case in CASES:
        body = case.get("body")
        if case["code"].startswith("HTTP_") or not isinstance(body, dict):
            continue
        text = body["error"] if isinstance(body["error"], str) else body["error"]["code"]
        by_code.setdefault(case["code"], set()).add((case["status"], text))
    assert {c for c, seen in by_code.items() if len(seen) > 1} <= generic


def test_the_webhook_the_service_sends_is_in_the_document():
    post = DOCUMENT["webhooks"]["paymentOutcome"]["post"]
    headers = {p["name"] for p in post["parameters"] if p["in"] == "header"}
    assert headers == {"x-svc-signature", "x-svc-event-id", "x-svc-attempt"}
    body = resolve(post["requestBody"]["content"]["application/json"]["schema"])
    assert set(body["required"]) == {"order_id", "payment_status", "trid", "amount"}


def test_every_reference_of_the_document_resolves():
    def refs(node: Any) -> Iterator[str]:
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                yield node["$ref"]
            for value in node.values():
                yield from refs(value)
        elif isinstance(node, list):
            for value in node:
                yield from refs(value)

    for ref in refs(DOCUMENT):
        assert resolve({"$ref": ref}) is not None, ref
