"""The OpenAPI document against the running app: schemathesis finds no 500 and no answer that
contradicts the document. Deterministic (derandomized hypothesis), a few seconds per operation.

An operation added to the document goes in COVERED_OPERATIONS once the app serves it, in
PENDING_OPERATIONS until then. The live app has one account (allowed host shop.example.com) and
its key; `live.run(coroutine)` runs seeding code (e.g. opening a session through `live.deps`) on
the app's own event loop.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
import schemathesis

# Imported with the module, before any test runs: schemathesis loads these lazily (the schema's
# classes when a document is loaded, its report writers at session end), and on CPython 3.11.7 an
# import that pytest's assertion rewriter parses after the HA tests have run in the same worker
# fails with "SystemError: AST constructor recursion depth mismatch" (seen here in whole-suite
# runs; run alone, each passes).
import schemathesis.reporting.html.writer
import schemathesis.reporting.junitxml
import schemathesis.specs.openapi.schemas
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi import checks as oas
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from claimsvc.api.app import make_app
from claimsvc.api.ops import OPENAPI_PATH
from claimsvc.bootstrap import open_deps
from claimsvc.clock import FrozenClock
from claimsvc.domain.checkout import InitializeRequest
from claimsvc.domain.platform import Platform
from tests.api import hostile
from tests.conftest import ADMIN_TOKEN, ALLOWED_HOST, make_settings

# Issue 23: every date-time the document names is also drawn at the edges of time, with the
# offsets that once made a conversion to UTC overflow (valid RFC 3339 all the same).
EDGE_TIMES = [
    "9999-12-31T23:59:59-12:00",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59Z",
    "0001-01-01T00:00:00Z",
    "9999-12-31T23:59:59.999999+23:59",
    "1999-12-31T23:59:59Z",
    "2100-01-01T00:00:00+00:00",
]
schemathesis.openapi.format(
    "date-time",
    st.sampled_from(EDGE_TIMES)
    | st.datetimes(
        min_value=datetime(2020, 1, 1),
        timezones=st.sampled_from(
            [UTC, timezone(timedelta(hours=14)), timezone(-timedelta(hours=12))]
        ),
    ).map(lambda moment: moment.isoformat()),
)

# (method, path) of every operation of the document the app serves today.
COVERED_OPERATIONS: list[tuple[str, str]] = [
    ("POST", "/api/v1/checkout/initialize"),
    ("POST", "/api/v1/checkout/verify"),
    ("POST", "/api/v1/checkout/submit"),
    ("POST", "/api/v1/checkout/cancel"),
    ("GET", "/api/v1/checkout/session/{session_id}"),
    ("GET", "/api/v1/checkout/sessions"),
    ("GET", "/api/v1/checkout/sessions/{session_id}"),
    ("GET", "/healthz"),
    ("GET", "/readyz"),
    ("POST", "/admin/v1/messages/reparse"),
    ("POST", "/api/v1/payment-links"),
    ("GET", "/api/v1/payment-links"),
    ("GET", "/api/v1/payment-links/{link_id}"),
    ("POST", "/api/v1/payment-links/{link_id}/disable"),
    ("POST", "/api/v1/test/payments"),
    ("POST", "/admin/v1/accounts/{account_id}/sessions/{session_id}/settle"),
    ("GET", "/api/v1/transactions"),
    ("GET", "/api/v1/transactions/{transaction_id}"),
    ("GET", "/api/v1/webhook-events"),
    ("GET", "/api/v1/webhook-events/{event_id}"),
    ("POST", "/api/v1/webhook-events/{event_id}/redeliver"),
    ("POST", "/checkout/{session_id}/arrival"),
    ("GET", "/checkout/{session_id}/amount-note"),
    ("GET", "/admin/v1/accounts"),
    ("GET", "/admin/v1/accounts/{account_id}"),
    ("GET", "/admin/v1/platform"),
]
# (method, path) of every operation the document describes that the app does not serve yet.
PENDING_OPERATIONS: list[tuple[str, str]] = []
# Operations the document describes that are not fuzzed here, and why (issue 31: the document
# lists every route the API process answers; tests/api/test_openapi_routes.py holds that).
NOT_FUZZED: dict[tuple[str, str], str] = {
    ("GET", "/metrics"): "not JSON: Prometheus text (tests/api/test_health.py)",
    ("GET", "/openapi.yaml"): "this document itself (test_the_api_serves_the_document...)",
    **{
        operation: "an operator's write: fuzzing it would change the live app's account, "
        "keys, devices or platform under the other operations (tests/api/test_admin*.py)"
        for operation in [
            ("POST", "/admin/v1/accounts"),
            ("PATCH", "/admin/v1/accounts/{account_id}"),
            ("POST", "/admin/v1/accounts/{account_id}/keys"),
            ("POST", "/admin/v1/keys/{key_id}/revoke"),
            ("PUT", "/admin/v1/platform"),
            ("POST", "/admin/v1/events/{event_id}/redeliver"),
            ("POST", "/admin/v1/accounts/{account_id}/devices"),
            ("POST", "/admin/v1/devices/{device_id}/revoke"),
            ("PUT", "/admin/v1/accounts/{account_id}/wallet-balances"),
            ("POST", "/admin/v1/transactions/{transaction_id}/confirm"),
            ("POST", "/admin/v1/accounts/{account_id}/users"),
            ("POST", "/admin/v1/accounts/{account_id}/users/{user_id}/disable"),
            ("POST", "/admin/v1/accounts/{account_id}/users/{user_id}/invite"),
            ("POST", "/admin/v1/wordings/{wording_id}/global"),
            ("POST", "/admin/v1/wordings/{wording_id}/remove"),
            ("POST", "/admin/v1/test-payments"),
        ]
    },
    **{
        operation: "an operator's listing described by its envelope only (items as "
        "docs/operations.md has them); tests/api/test_admin*.py hold its fields"
        for operation in [
            ("GET", "/admin/v1/events"),
            ("GET", "/admin/v1/devices"),
            ("GET", "/admin/v1/transactions"),
            ("GET", "/admin/v1/messages"),
            ("GET", "/admin/v1/accounts/{account_id}/users"),
            ("GET", "/admin/v1/wordings"),
        ]
    },
}
EXAMPLES_PER_MODE = 40
# positive_data_acceptance is left out on purpose: a body the schema allows is still refused
# when its URLs are not on the account's allowed hosts (account state, not request shape).
CHECKS = [
    not_a_server_error,
    oas.status_code_conformance,
    oas.content_type_conformance,
    oas.response_schema_conformance,
    oas.response_headers_conformance,
    oas.negative_data_rejection,
]
KEY_CHOICES = ["valid", "valid", "valid", "missing", "unknown"]
SEEDED_ORDER = InitializeRequest(
    order_id="schema-order-1",
    amount_poisha=1_999,
    success_url=f"https://{ALLOWED_HOST}/success",
    cancel_url=f"https://{ALLOWED_HOST}/cancel",
    webhook_url=f"https://{ALLOWED_HOST}/webhook",
    metadata={"cart": "7"},
)


@dataclass
class LiveApp:
    """The real app on the embedded stores, served from its own thread and event loop."""

    url: str
    api_key: str
    deps: Any
    loop: asyncio.AbstractEventLoop

    def run(self, coroutine: Any) -> Any:
        """Run `coroutine` on the app's loop (its clients belong there) and return its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(30)


def _serve(ready: threading.Event, out: dict[str, Any]) -> None:
    async def main() -> None:
        deps = await open_deps(make_settings(), FrozenClock())
        account = await deps.services.admin.create_account(
            {
                "name": "Schema Shop",
                "allowed_hosts": [ALLOWED_HOST],
                "rate_limit_per_minute": 1_000_000,
            }
        )
        minted = await deps.services.admin.mint_key(account.id, "schemathesis")
        # One session, so the merchant's session listing answers items to check (issue 30).
        await deps.services.checkout.initialize(account, SEEDED_ORDER, Platform())
        sock, port = bind_unused_port()
        server = HTTPServer(make_app(deps), max_body_size=4 << 20)
        server.add_sockets([sock])
        halt = asyncio.Event()
        out.update(
            url=f"http://127.0.0.1:{port}",
            key=minted.secret,
            deps=deps,
            loop=asyncio.get_running_loop(),
            halt=halt,
        )
        ready.set()
        await halt.wait()
        server.stop()
        await server.close_all_connections()
        await deps.close()

    asyncio.run(main())


@pytest.fixture(scope="module")
def live() -> Iterator[LiveApp]:
    ready, out = threading.Event(), {}
    thread = threading.Thread(target=_serve, args=(ready, out), daemon=True)
    thread.start()
    assert ready.wait(30), "the app did not start"
    yield LiveApp(out["url"], out["key"], out["deps"], out["loop"])
    out["loop"].call_soon_threadsafe(out["halt"].set)
    thread.join(30)


@pytest.fixture(scope="module")
def schema() -> Any:
    return schemathesis.openapi.from_path(str(OPENAPI_PATH))


def _with_key(case: Any, choice: str, live: LiveApp) -> None:
    """The operation's key header: the merchant's (mostly), none, or one nobody minted; the
    admin token (or none, or a wrong one) on admin paths."""
    headers = dict(case.headers or {})
    headers.pop("x-api-key", None)
    headers.pop("Authorization", None)
    admin = case.path.startswith("/admin/")
    name, value = (
        ("Authorization", f"Bearer {ADMIN_TOKEN}") if admin else ("x-api-key", live.api_key)
    )
    if choice == "valid":
        headers[name] = value
    elif choice == "unknown":
        headers[name] = "Bearer not-the-token" if admin else "sk_not-a-key"
    case.headers = headers


def _swap(case: Any, at: int, value: Any) -> bool:
    """Put one of issue 23's hostile values (tests/api/hostile.py) in place of one body field
    or query parameter of the drawn case; whether one was swapped."""
    if isinstance(case.body, dict) and case.body:
        name = sorted(case.body)[at % len(case.body)]
        case.body = {**case.body, name: value}
        return True
    if case.query:
        name = sorted(case.query)[at % len(case.query)]
        case.query = {**case.query, name: value if isinstance(value, str) else json.dumps(value)}
        return True
    return False


@pytest.mark.parametrize(
    "mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=["positive", "negative"]
)
@pytest.mark.parametrize(
    ("method", "path"), COVERED_OPERATIONS, ids=[f"{m} {p}" for m, p in COVERED_OPERATIONS]
)
def test_the_app_keeps_to_its_openapi_document(live, schema, method, path, mode):
    operation = schema[path][method]
    if mode == GenerationMode.NEGATIVE and not (operation.body or any(operation.iter_parameters())):
        pytest.skip("the operation takes no input to make invalid")

    @settings(
        max_examples=EXAMPLES_PER_MODE,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(
        case=operation.as_strategy(generation_mode=mode),
        key=st.sampled_from(KEY_CHOICES),
        swap=st.none() | st.tuples(st.integers(0, 99), hostile.json_values()),
    )
    def run(case: Any, key: str, swap: tuple[int, Any] | None) -> None:
        _with_key(case, key, live)
        swapped = swap is not None and _swap(case, *swap)
        response = case.call(base_url=live.url, timeout=30)
        # A swapped value may make any client error: only a 5xx would be wrong.
        case.validate_response(response, checks=[not_a_server_error] if swapped else CHECKS)

    run()


def test_the_document_is_valid_openapi_3_1():
    from schemathesis.specs.openapi import definitions

    document = yaml.safe_load(OPENAPI_PATH.read_text())
    assert document["openapi"] == "3.1.0"
    assert list(definitions.OPENAPI_31_VALIDATOR.iter_errors(document)) == []


def test_every_operation_of_the_document_is_listed_or_known_to_be_pending(schema):
    documented = {(r.ok().method.upper(), r.ok().path) for r in schema.get_all_operations()}
    covered, pending, unfuzzed = set(COVERED_OPERATIONS), set(PENDING_OPERATIONS), set(NOT_FUZZED)
    assert not covered & pending and not covered & unfuzzed and not pending & unfuzzed
    assert documented == covered | pending | unfuzzed


async def test_the_api_serves_the_document_that_docs_links_to(fetch):
    reply = await fetch("/openapi.yaml")
    assert reply.code == 200
    assert reply.headers["Content-Type"].startswith("application/yaml")
    docs_copy = Path(__file__).parents[2] / "docs" / "openapi.yaml"
    assert reply.body == OPENAPI_PATH.read_bytes() == docs_copy.read_bytes()


def test_a_seeded_session_is_listed_and_read_as_the_document_describes(live, schema):
    """The listing and the read answer a real session (the generated cases mostly see none)."""
    listing = schema["/api/v1/checkout/sessions"]["GET"]
    case = listing.Case(headers={"x-api-key": live.api_key}, query={"order_id": "schema-order-1"})
    response = case.call(base_url=live.url, timeout=30)
    case.validate_response(response, checks=CHECKS)
    [item] = response.json()["items"]
    assert (item["order_id"], item["amount"], item["metadata"]) == (
        "schema-order-1",
        19.99,
        {"cart": "7"},
    )
    read = schema["/api/v1/checkout/sessions/{session_id}"]["GET"]
    case = read.Case(
        headers={"x-api-key": live.api_key}, path_parameters={"session_id": item["session_id"]}
    )
    response = case.call(base_url=live.url, timeout=30)
    case.validate_response(response, checks=CHECKS)
    assert response.json() == item
