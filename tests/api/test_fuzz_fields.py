"""Every JSON field, form field and query parameter of both ports fed the values of issue 23
(tests/api/hostile.py): extreme dates with offsets, huge digit strings, numbers out of every
range, other scripts' digits, CR/LF, NUL, very long strings and wrong types. No answer is a 5xx.

Each field of a valid request is replaced in turn by each listed value (the rest kept valid, so
the value reaches every stage: validation, the store, the page that shows it); then Hypothesis
composes more (several fields at once, values of the same kinds). The routes come from the
applications themselves: a route no table here knows fails `test_every_route_is_fuzzed`.

The two-factor code fields are fuzzed at enrolment here (every code path reads them through
`totp.typed_code`); the code step, turning two-factor off and new recovery codes, which need a
user with two-factor on, and malformed sign-in cookies are in
tests/portal/test_signin_hostile_input.py. The POST that signs out is left out (it would end the
fuzzing session).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimsvc.api.app import make_app
from claimsvc.domain.modes import TEST
from tests.api import hostile
from tests.conftest import ADMIN_TOKEN, ALLOWED_HOST, Fetch, Reply, initialize_body
from tests.portal import test_wordings_pages as wordings
from tests.portal.conftest import PortalClient, make_user  # noqa: F401
from tests.portal.conftest import portal_client as portal_client
from tests.portal.phone_support import store_message
from tests.sms.conftest import make_device, post_sms, sms, sms_server  # noqa: F401

pytestmark = pytest.mark.timeout(600)

UNKNOWN_UUID = "3f1c2a9e-5b7d-4e11-9a0b-2c4d6e8f0a1b"
QUERY_NAMES = (
    "limit",
    "order_id",
    "cursor",
    "mcursor",
    "status",
    "result",
    "q",
    "lang",
    "account_id",
    "session_id",
    "session",
    "provider",
    "since",
    "token",
    "next",
    "message",
    "search",
    "trx_id",
    "direction",
)
HYPOTHESIS = settings(
    max_examples=40,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


@dataclass
class World:
    """What the requests name: an account and its key, a second account to change, a device,
    an open session, a link, a message not understood and a signed-in owner's portal client."""

    account: str
    key: str
    other_account: str
    device: str
    device_token: str
    session: str
    link: str
    slug: str
    message: str
    """A message not understood, to teach a wording from."""
    portal: PortalClient
    fetch: Fetch
    bad: list[str] = field(default_factory=list)
    test_key: str = ""
    test_session: str = ""
    """A test key of the account and an open test session it made (test mode)."""

    def admin(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {ADMIN_TOKEN}"}

    async def call(
        self, method: str, path: str, body: bytes | None, headers: dict[str, str], what: str
    ) -> Reply:
        """The answer; a 5xx is noted (`what` says which value caused it)."""
        reply = await self.fetch(path, method=method, body=body, headers=headers)
        self.note(what, reply.code, reply.body)
        return reply

    def note(self, what: str, code: int, body: bytes) -> None:
        if code >= 500:
            self.bad.append(f"{what}: {code} {body[:160]!r}")


@pytest.fixture
async def world(server, fetch, deps, make_account, make_user) -> World:  # noqa: F811
    merchant = await make_account(rate_limit_per_minute=1_000_000)
    other = await make_account(name="Other Shop")
    device = await deps.services.devices.register(merchant.id, "phone", None)
    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=merchant.key)
    link = await fetch(
        "/api/v1/payment-links", json={"amount": 500, "description": "Kurta"}, key=merchant.key
    )
    unread = await store_message(deps, merchant.id, "unparsed", "no_pattern", wordings.FIRST)
    user = await make_user(merchant.id)
    portal = PortalClient(server, origin=deps.settings.public_base_url)
    page = await portal.sign_in(user.email, user.password)
    assert page.code == 200 and "/portal/login" not in page.url
    made = link.json()
    test_key = (await deps.services.admin.mint_key(merchant.id, "fuzz test", TEST)).secret
    tested = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=test_key)
    return World(
        merchant.id,
        merchant.key,
        other.id,
        device.device.id,
        device.token,
        opened.json()["session_id"],
        made["id"],
        made["url"].rsplit("/", 1)[1],
        unread.id,
        portal,
        fetch,
        test_key=test_key,
        test_session=tested.json()["session_id"],
    )


# JSON endpoints: (method, path, auth, a valid body) ---------------------------------------------

Auth = str  # "key", "test" (a test key), "admin" or "none"


def json_targets(w: World) -> list[tuple[str, str, Auth, dict[str, Any]]]:
    wallet = {"provider": "bkash", "number": "01700000001", "kind": "personal"}
    account = {
        "name": "Shop",
        "allowed_hosts": [ALLOWED_HOST],
        "status": "active",
        "callback_secret": "s" * 16,
        "balance_verification": False,
        "daily_limit": 10,
        "rate_limit_per_minute": 100,
        "max_failed_attempts": 5,
        "fee_due": 0,
        "fee_limit": 10,
        "archived": False,
        "wallets": [wallet],
    }
    claim = {"sessionId": w.session, "trxId": "ABC123DEF", "provider": "bkash"}
    init = initialize_body(
        expires_in=600,
        customer={"name": "R", "email": "r@example.com", "phone": "01811122233"},
        metadata={"k": "v"},
    )
    acc = f"/admin/v1/accounts/{w.account}"
    return [
        ("POST", "/api/v1/checkout/initialize", "key", init),
        ("POST", "/api/v1/checkout/verify", "key", claim),
        ("POST", "/api/v1/checkout/submit", "none", claim),
        ("POST", "/api/v1/checkout/cancel", "none", {"sessionId": UNKNOWN_UUID}),
        (
            "POST",
            f"/checkout/{w.session}/arrival",
            "none",
            {"trxId": "ABC123DEF", "provider": "bkash"},
        ),
        (
            "POST",
            "/api/v1/payment-links",
            "key",
            {
                "amount": 500,
                "description": "Kurta",
                "order_ref": "ref-1",
                "single_use": False,
                "expires_at": "2026-12-01T00:00:00Z",
                "webhook_url": f"https://{ALLOWED_HOST}/hook",
            },
        ),
        ("POST", f"/api/v1/payment-links/{w.link}/disable", "key", {}),
        ("POST", "/api/v1/webhook-events/1/redeliver", "key", {}),
        ("POST", "/admin/v1/accounts", "admin", account),
        ("PATCH", f"/admin/v1/accounts/{w.other_account}", "admin", account),
        ("POST", f"{acc}/keys", "admin", {"label": "k"}),
        ("POST", "/admin/v1/keys/key_nope/revoke", "admin", {}),
        ("POST", f"{acc}/devices", "admin", {"name": "p", "signing_key": "k" * 8}),
        ("POST", "/admin/v1/devices/dev_nope/revoke", "admin", {}),
        (
            "PUT",
            f"{acc}/wallet-balances",
            "admin",
            {
                "provider": "bkash",
                "device_id": w.device,
                "balance": 100,
                "sim_slot": 1,
                "gap_recovery": True,
            },
        ),
        ("POST", "/admin/v1/transactions/trx_nope/confirm", "admin", {"override_suspect": False}),
        (
            "POST",
            "/admin/v1/messages/reparse",
            "admin",
            {"account_id": w.account, "provider": "bkash", "since": "2026-01-01T00:00:00Z"},
        ),
        ("POST", "/admin/v1/events/1/redeliver", "admin", {}),
        ("POST", f"{acc}/users", "admin", {"email": "a@b.example", "role": "staff", "name": "n"}),
        ("POST", f"{acc}/users/usr_nope/disable", "admin", {}),
        ("POST", f"{acc}/users/usr_nope/invite", "admin", {}),
        ("POST", "/admin/v1/wordings/wd_nope/global", "admin", {}),
        ("POST", "/admin/v1/wordings/wd_nope/remove", "admin", {}),
        # "late_sms" sends nothing yet (no wait for the SMS worker on each valid body).
        ("POST", "/api/v1/test/payments", "test", {**late(w), "wait": False}),
        ("POST", "/admin/v1/test-payments", "admin", {**late(w), "wait": False}),
        (
            "POST",
            f"{acc}/sessions/{w.session}/settle",
            "admin",
            {"action": "leave", "transaction_id": "trx_nope"},
        ),
        # Last: maintenance on would answer 503 everywhere (on purpose), so it is never sent.
        ("PUT", "/admin/v1/platform", "admin", {"maintenance": False, "daily_limit": None}),
    ]


def late(w: World) -> dict[str, str]:
    """A test payment body whose SMS waits to be let in: nothing is sent or waited for."""
    return {"session_id": w.test_session, "outcome": "late_sms", "provider": "bkash"}


def headers_for(w: World, auth: Auth) -> dict[str, str]:
    keys = {"key": {"x-api-key": w.key}, "test": {"x-api-key": w.test_key}}
    return {**keys, "admin": w.admin(), "none": {}}[auth]


def json_bytes(body: dict[str, Any]) -> bytes:
    return json.dumps(body, ensure_ascii=True).encode()


def allowed(path: str, name: str, value: Any) -> bool:
    """Platform maintenance on answers 503 on purpose; nothing else is held back."""
    return not (path == "/admin/v1/platform" and name == "maintenance" and value is True)


async def test_every_json_field_takes_every_listed_value_without_a_5xx(world: World) -> None:
    w = world
    for method, path, auth, base in json_targets(w):
        headers = {**headers_for(w, auth), "content-type": "application/json"}
        names = list(base) or ["anything"]
        for name in names:
            for value in hostile.CORE_JSON:
                if not allowed(path, name, value):
                    continue
                body = json_bytes({**base, name: value})
                await w.call(method, path, body, headers, f"{method} {path} {name}={value!r:.60}")
    assert w.bad == []


@HYPOTHESIS
@given(data=st.data())
async def test_any_mix_of_hostile_json_fields_gets_no_5xx(world: World, data: Any) -> None:
    w = world
    method, path, auth, base = data.draw(st.sampled_from(json_targets(w)))
    names = data.draw(st.lists(st.sampled_from([*base, "extra"]), min_size=1, unique=True))
    changed = {n: data.draw(hostile.json_values()) for n in names}
    changed = {n: v for n, v in changed.items() if allowed(path, n, v)}
    headers = {**headers_for(w, auth), "content-type": "application/json"}
    await w.call(method, path, json_bytes({**base, **changed}), headers, f"{path} {changed}")
    assert w.bad == []


# Query parameters of every GET route ------------------------------------------------------------


def get_targets(w: World) -> list[tuple[str, dict[str, str], tuple[str, ...]]]:
    """(path, headers, parameter names left out) of every page and listing."""
    key, admin, none = {"x-api-key": w.key}, w.admin(), {}
    portal = {"Cookie": "; ".join(f"{k}={v}" for k, v in w.portal.cookies.items())}
    api = [
        ("/", none),
        ("/", {"Accept": "text/html"}),
        ("/healthz", none),
        ("/readyz", none),
        ("/openapi.yaml", none),
        ("/favicon.ico", none),
        ("/admin/v1/events", admin),
        ("/admin/v1/devices", admin),
        ("/admin/v1/transactions", admin),
        ("/admin/v1/messages", admin),
        ("/admin/v1/platform", admin),
        ("/admin/v1/wordings", admin),
        ("/admin/v1/accounts", admin),
        (f"/admin/v1/accounts/{w.account}", admin),
        (f"/admin/v1/accounts/{w.account}/users", admin),
        ("/api/v1/payment-links", key),
        (f"/api/v1/payment-links/{w.link}", key),
        ("/api/v1/checkout/sessions", key),
        ("/api/v1/checkout/sessions", {"x-api-key": w.test_key}),
        (f"/api/v1/checkout/sessions/{w.session}", key),
        (f"/api/v1/checkout/sessions/{w.test_session}", {"x-api-key": w.test_key}),
        ("/api/v1/transactions", key),
        ("/api/v1/transactions/trx_nope", key),
        ("/api/v1/webhook-events", key),
        ("/api/v1/webhook-events/1", key),
        (f"/api/v1/checkout/session/{w.session}", none),
        (f"/checkout/{w.session}/amount-note", none),
        (f"/checkout/{w.session}", none),
        (f"/pay/{w.slug}", none),
        (f"/pay/result/{w.session}", none),
        ("/portal/invite", none),
    ]
    pages = [
        "/portal/",
        "/portal/payments",
        f"/portal/payments/{w.session}",
        "/portal/webhooks",
        "/portal/webhooks/events/1",
        "/portal/keys",
        "/portal/keys/key_nope",
        "/portal/security",
        "/portal/team",
        "/portal/audit",
        "/portal/links",
        f"/portal/links/{w.link}",
        "/portal/devices",
        "/portal/devices/paired",
        "/portal/transactions",
        "/portal/export",
        "/portal/export.csv?what=payments&from=2026-11-01&to=2026-11-21",
        "/portal/wallets",
        "/portal/wordings",
        f"/portal/wordings/teach?message={w.message}",
        "/portal/alerts",
        "/portal/alerts/email/verify/" + "A" * 43,
    ]
    out = [(path, headers, ()) for path, headers in api]
    out += [(path, portal, ()) for path in pages]
    out.append(("/portal/login", none, ()))
    return out


LISTINGS = (
    "/admin/v1/events",
    "/admin/v1/devices",
    "/admin/v1/transactions",
    "/admin/v1/messages",
    "/api/v1/payment-links",
    "/api/v1/checkout/sessions",
    "/api/v1/transactions",
    "/api/v1/webhook-events",
    "/admin/v1/accounts",
    "/portal/payments",
    "/portal/webhooks",
    "/portal/audit",
    "/portal/links",
    "/portal/devices",
    "/portal/transactions",
)


async def test_every_query_parameter_takes_every_listed_value_without_a_5xx(
    world: World,
) -> None:
    w = world
    for path, headers, left_out in get_targets(w):
        names = [n for n in QUERY_NAMES if n not in left_out]
        for value in hostile.CORE_STRINGS:
            # All at once (each handler reads its own; short values only, or the query would
            # pass Tornado's header limit), then one at a time for the listings.
            if len(value) < 1000:
                query = urlencode(dict.fromkeys(names, value))
                await w.call("GET", f"{path}?{query}", None, headers, f"{path}?*={value!r:.60}")
            for name in ("limit", "cursor") if path in LISTINGS else ():
                query = urlencode({name: value})
                await w.call("GET", f"{path}?{query}", None, headers, f"{path}?{query:.60}")
    assert w.bad == []


@pytest.mark.wire  # a query the fake store takes may not encode for the real server
async def test_every_listing_takes_hostile_cursors_and_limits_on_the_real_wire(
    world: World,
) -> None:
    w = world
    targets = {path: headers for path, headers, _ in get_targets(w) if path in LISTINGS}
    assert set(targets) == set(LISTINGS)
    for path, headers in targets.items():
        for name in ("cursor", "mcursor"):
            for value in hostile.CURSORS:
                await w.call("GET", f"{path}?{name}={value}", None, headers, f"{path}?{name}")
        for value in ("9" * 25, str(2**63), "\u0661\u0660"):
            query = urlencode({"limit": value})
            await w.call("GET", f"{path}?{query}", None, headers, f"{path}?{query}")
    assert w.bad == []


@HYPOTHESIS
@given(data=st.data())
async def test_any_mix_of_hostile_query_parameters_gets_no_5xx(world: World, data: Any) -> None:
    w = world
    path, headers, left_out = data.draw(st.sampled_from(get_targets(w)))
    names = [n for n in QUERY_NAMES if n not in left_out]
    chosen = data.draw(st.lists(st.sampled_from(names), min_size=1, unique=True))
    query = urlencode({n: data.draw(hostile.strings()) for n in chosen})
    await w.call("GET", f"{path}?{query}", None, headers, f"{path}?{query:.300}")
    assert w.bad == []


# Portal forms (a signed-in owner, its CSRF token) -----------------------------------------------


def form_targets(w: World) -> list[tuple[str, dict[str, str]]]:
    """(path, a valid form) of every portal form but the two-factor codes and sign-out."""
    return [
        ("/portal/keys", {"label": "k"}),
        ("/portal/keys/key_nope/revoke", {}),
        (
            "/portal/links",
            {
                "amount": "500",
                "description": "Kurta",
                "order_ref": "",
                "expires_at": "2026-12-01T10:00",
                "single_use": "",
                "webhook_url": "",
            },
        ),
        (f"/portal/links/{w.link}/disable", {}),
        ("/portal/devices", {"name": "phone", "signing_key": ""}),
        ("/portal/devices/dev_nope/revoke", {}),
        ("/portal/alerts/quiet", {"minutes": "15"}),
        ("/portal/alerts/summary", {"hour": "21"}),
        ("/portal/wallets", {"provider": "bkash", "number": "01700000002", "kind": "personal"}),
        ("/portal/wallets/remove", {"provider": "nagad", "number": "01700000009"}),
        ("/portal/wallets/verification", {"balance_verification": "on"}),
        (
            "/portal/wallets/anchor",
            {
                "provider": "bkash",
                "device_id": w.device,
                "balance": "100",
                "sim_slot": "1",
                "gap_recovery": "1",
            },
        ),
        ("/portal/team/invite", {"email": "x@y.example", "role": "staff", "name": "n"}),
        (f"/portal/team/usr_{'0' * 24}/role", {"role": "staff"}),
        ("/portal/transactions/trx_nope/confirm", {"override_suspect": "1"}),
        (f"/portal/payments/{w.session}/settle", {"action": "accept", "transaction_id": "t"}),
        ("/portal/webhooks/test", {"url": f"https://{ALLOWED_HOST}/x"}),
        ("/portal/webhooks/secret", {"grace": "24"}),
        ("/portal/webhooks/secret/reveal", {}),
        ("/portal/webhooks/test-secret", {"grace": "24"}),
        ("/portal/webhooks/test-secret/reveal", {}),
        ("/portal/webhooks/hosts", {"host": "more.example.com", "remove": ""}),
        (f"/portal/payments/{w.test_session}/test-payment", {"outcome": "late_sms", "trx_id": ""}),
        ("/portal/webhooks/events/1/redeliver", {}),
        ("/portal/security/totp/start", {}),
        # post_form starts a set-up before each: five wrong codes end one.
        ("/portal/security/totp/confirm", {"code": "123456"}),
        ("/portal/security/totp/cancel", {}),
        ("/portal/wordings/teach", wordings.form(w.message)),
        ("/portal/wordings/teach", wordings.form(w.message, action="save")),
        ("/portal/wordings/wd_nope/remove", {}),
        ("/portal/alerts/telegram", {}),
        ("/portal/alerts/chn_nope/kinds", {"kind_payment_held": "1", "kind_bogus": "1"}),
        ("/portal/alerts/chn_nope/unlink", {}),
        ("/portal/alerts/email", {"address": "someone@shop.example.com"}),
        ("/portal/alerts/email/verify/" + "A" * 43 + "/confirm", {}),
        (f"/pay/{w.slug}", {"token": "0123456789abcdef"}),
    ]


async def post_form(w: World, path: str, form: dict[str, str], what: str) -> None:
    if path == "/portal/security/totp/confirm":
        await w.portal.post("/portal/security/totp/start")  # a live set-up: the code is read
    page = await w.portal.post(path, form)
    w.note(what, page.code, page.body)


async def test_every_portal_form_field_takes_every_listed_value_without_a_5xx(
    world: World,
) -> None:
    w = world
    await w.portal.get("/portal/")  # a CSRF token
    for path, base in form_targets(w):
        for name in list(base) or ["anything"]:
            for value in hostile.CORE_STRINGS:
                await post_form(w, path, {**base, name: value}, f"{path} {name}={value!r:.60}")
    assert w.bad == []
    assert (await w.portal.get("/portal/", follow=False)).code == 200  # still signed in


@HYPOTHESIS
@given(data=st.data())
async def test_any_mix_of_hostile_portal_form_fields_gets_no_5xx(world: World, data: Any) -> None:
    w = world
    if w.portal.csrf is None:
        await w.portal.get("/portal/")
    path, base = data.draw(st.sampled_from(form_targets(w)))
    names = data.draw(st.lists(st.sampled_from([*base, "extra"]), min_size=1, unique=True))
    form = {**base, **{n: data.draw(hostile.strings()) for n in names}}
    await post_form(w, path, form, f"{path} {form}")
    assert w.bad == []


PASSWORD_VALUES = ["", "a\r\nb", "a\x00b", "x" * 10_000]
"""Fewer: each sign-in or password change hashes (a quarter second)."""


async def test_sign_in_and_password_forms_take_hostile_values_without_a_5xx(
    world: World, portal_client: Callable[[], PortalClient]
) -> None:
    """The password fields (each checked against a slow hash), and the sign-in form's `next` and
    `code` (the form asks for a code past the per-user limit)."""
    w = world
    await w.portal.get("/portal/security")
    for name in ("current_password", "new_password", "new_password_again"):
        for value in PASSWORD_VALUES:
            form = {"current_password": "x", "new_password": "y" * 12, "new_password_again": "z"}
            what = f"/portal/security/password {name}={value!r:.40}"
            await post_form(w, "/portal/security/password", {**form, name: value}, what)
    stranger = portal_client()
    await stranger.get("/portal/login")
    for name in ("email", "password", "next", "code"):
        for value in PASSWORD_VALUES if name in ("email", "password") else hostile.CORE_STRINGS:
            form = {"email": "nobody@example.com", "password": "x" * 12, name: value}
            page = await stranger.post("/portal/login", form)
            w.note(f"POST /portal/login {name}={value!r:.40}", page.code, page.body)
    assert w.bad == []


# The SMS intake: every field of every forwarder's form ------------------------------------------


def sms_forms() -> list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], bytes], str]]:
    """(name, a valid body, how it is written, its Content-Type)."""
    generic = {
        "sender": "bKash",
        "message": "hello",
        "received_at": "2026-11-21T12:00:00+06:00",
        "sim_slot": 1,
    }
    capcom6 = {
        "phoneNumber": "bKash",
        "message": "hello",
        "receivedAt": "2026-11-21T12:00:00.000+06:00",
        "simNumber": 1,
    }
    income = {
        "from": "bKash",
        "text": "hello",
        "sentStamp": 1795240800000,
        "receivedStamp": 1795240801000,
        "sim": "sim1",
    }
    forwarder = {
        "from": "bKash",
        "content": "bKash\nhello\nSIM1_\n2026-11-21 12:00:00\nphone",
        "timestamp": "1795240800000",
    }
    as_json: Callable[[dict[str, Any]], bytes] = json_bytes

    def capcom6_body(payload: dict[str, Any]) -> bytes:
        return json_bytes({"event": "sms:received", "payload": payload})

    def form_body(fields: dict[str, Any]) -> bytes:
        return urlencode(
            {k: v if isinstance(v, str) else json.dumps(v) for k, v in fields.items()}
        ).encode()

    return [
        ("generic", generic, as_json, "application/json"),
        ("capcom6", capcom6, capcom6_body, "application/json"),
        ("incoming", income, as_json, "application/json"),
        ("forwarder json", forwarder, as_json, "application/json"),
        ("forwarder form", forwarder, form_body, "application/x-www-form-urlencoded"),
    ]


async def test_every_forwarder_field_takes_every_listed_value_without_a_5xx(
    post_sms,  # noqa: F811
    make_account,
    make_device,  # noqa: F811
) -> None:
    device = await make_device(await make_account())
    bad = []
    for form, base, write, ctype in sms_forms():
        for name in base:
            for value in hostile.CORE_JSON:
                body = write({**base, name: value})
                reply = await post_sms(
                    raw=body, token=device.token, headers={"content-type": ctype}
                )
                if reply.code >= 500:
                    bad.append(f"{form} {name}={value!r:.60}: {reply.code} {reply.body[:120]!r}")
    assert bad == []


SIGNING_KEY = "fuzz-signing-key-0123"
LATIN1 = [v for v in hostile.STRINGS if v.isprintable() and all(ord(c) < 256 for c in v)]


async def test_signature_headers_take_hostile_values_without_a_5xx(
    post_sms,  # noqa: F811
    make_account,
    make_device,  # noqa: F811
) -> None:
    device = await make_device(await make_account(), signing_key=SIGNING_KEY)
    body = json_bytes({"sender": "bKash", "message": "hello"})
    bad = []
    for name in ("X-Timestamp", "X-Signature"):
        for value in LATIN1:
            other = {"X-Timestamp": "1795240800", "X-Signature": "0" * 64}
            reply = await post_sms(raw=body, token=device.token, headers={**other, name: value})
            if reply.code >= 500:
                bad.append(f"{name}={value!r:.60}: {reply.code} {reply.body[:120]!r}")
    assert bad == []


# Coverage: a route added later is fuzzed, or this fails -----------------------------------------

NOT_FUZZED = {
    "/metrics": "no input",
    "/static/checkout/(.*)": "files",
    "/static/portal/(.*)": "files",
    "/portal/logout": "ends the fuzzing session",
    "/portal/login/code": "needs two-factor on: tests/portal/test_signin_hostile_input.py",
    "/portal/security/totp/disable": "needs two-factor on: the same reader as totp/confirm",
    "/portal/security/recovery": "needs two-factor on: the same reader as totp/confirm",
    "/portal/invite/([A-Za-z0-9_-]{20,100})": "sets a cookie from its path only",
    "/portal/team/(usr_[0-9a-f]{24})/disable": "takes no field; its path is fuzzed through /role",
    "/portal/team/(usr_[0-9a-f]{24})/link": "takes no field; its path is fuzzed through /role",
    "/portal": "redirects to the overview, keeping the query: tests/portal/test_every_route.py",
    "/portal/(.+)/": "redirects without its slash: tests/portal/test_every_route.py",
}


def test_every_route_is_fuzzed(deps) -> None:
    import re

    app = make_app(deps)
    w = World(
        "a",
        "k",
        "a2",
        "d",
        "t",
        UNKNOWN_UUID,
        "l",
        "s",
        "m",
        PortalClient(""),
        fetch=None,
        test_session="ts",
    )  # type: ignore[arg-type]
    fuzzed = [p for _, p, _, _ in json_targets(w)] + [p for p, _, _ in get_targets(w)]
    fuzzed += [p for p, _ in form_targets(w)] + ["/portal/security/password"]
    missing = []
    for rule in app.wildcard_router.rules:
        pattern = rule.matcher.regex.pattern.removesuffix("$")  # type: ignore[attr-defined]
        if pattern in NOT_FUZZED:
            continue
        if not any(re.fullmatch(pattern, path.split("?")[0]) for path in fuzzed):
            missing.append(pattern)
    assert missing == [], missing
