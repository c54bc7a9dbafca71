"""No body, header or URL makes initialize fail with 500 or store a session that breaks a rule."""

import json
from datetime import timedelta
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimsvc.domain.money import MAX_AMOUNT_POISHA
from claimsvc.domain.urls import check_url
from tests.conftest import ALLOWED_HOST, initialize_body

INIT = "/api/v1/checkout/initialize"
FIELDS = [
    "order_id",
    "amount",
    "success_url",
    "cancel_url",
    "webhook_url",
    "expires_in",
    "customer",
    "metadata",
]
HOSTS = [ALLOWED_HOST]

# The fixtures (one app, one account) are shared by the examples of a test on purpose: stored
# sessions accumulate, and each example re-checks all of them.
EXAMPLES = settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Text with lone surrogates too: JSON can carry them as \uD800-style escapes.
texts = st.text(max_size=40) | st.text(st.characters(categories=["Cs", "Lu", "Nd"]), max_size=5)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | texts,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
amounts = st.one_of(
    st.integers(-5, MAX_AMOUNT_POISHA // 100 + 5),
    st.decimals(min_value=-1, max_value=10_000_001, places=3).map(str),
    st.sampled_from(["0.1", "0.30000000000000004", "1e2", "1E-2", "10000000.00", "-0"]),
)
urls = st.one_of(
    st.just(f"https://{ALLOWED_HOST}/ok"),
    st.text(max_size=60),
    st.builds(
        "{}{}{}{}{}".format,
        st.sampled_from(["https://", "HTTPS://", "http://", "ftp://", "https:/", "//", ""]),
        st.sampled_from(["", "user@", "u:p@", ":@"]),
        st.sampled_from(
            [
                ALLOWED_HOST,
                "SHOP.example.com.",
                "evil.example",
                "127.0.0.1",
                "[::1]",
                "shop.example.com.evil.example",
                "\u0455hop.example.com",  # Cyrillic dze: a look-alike host
                "",
            ]
        ),
        st.sampled_from(["", ":443", ":0", ":99999", ":x"]),
        st.text(max_size=30),
    ),
)


def raw_amount_body(body, amount):
    """`body` as JSON text with `amount` written verbatim, as a client might send it."""
    return (
        json.dumps({k: v for k, v in body.items() if k != "amount"})[:-1]
        + f', "amount": {amount}}}'
    )


def _text_ok(value, low, high):
    return isinstance(value, str) and low <= len(value) <= high


def _extras_problems(session):
    problems = []
    customer = session["customer"] or {}
    if set(customer) - {"name", "email", "phone"} or any(
        not _text_ok(v, 0, 256) for v in customer.values()
    ):
        problems.append("customer")
    meta = session["metadata"]
    if len(meta) > 20 or any(
        not (_text_ok(k, 1, 40) and _text_ok(v, 0, 500)) for k, v in meta.items()
    ):
        problems.append("metadata")
    return problems


def session_problems(session, hosts):
    """Every rule of contract §3 a stored session breaks."""
    problems = []
    poisha = session["amount_poisha"]
    if not (isinstance(poisha, int) and 0 < poisha <= MAX_AMOUNT_POISHA):
        problems.append("amount")
    order = session["order_id"]
    if not _text_ok(order, 1, 128) or any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in order):
        problems.append("order_id")
    for name in ("success_url", "cancel_url", "webhook_url"):
        if check_url(session[name], hosts, name) is not None:
            problems.append(name)
    lifetime = session["expires_at"] - session["created_at"]
    if not timedelta(seconds=300) <= lifetime <= timedelta(seconds=86_400):
        problems.append("expires_in")
    return problems + _extras_problems(session)


@pytest.fixture
async def merchant(make_account):
    return await make_account(rate_limit_per_minute=1_000_000)


async def check(fetch, deps, merchant, reply):
    """The answer is one initialize promises, and every stored session keeps every rule."""
    assert reply.code in (200, 201, 400, 409), reply.body
    body = reply.json()
    if reply.code >= 400:
        assert isinstance(body["error"], str) and body["error"] != "Internal server error"
    stored = await deps.db["sessions"].find({"account_id": merchant.id}).to_list(None)
    assert [
        (s["_id"], session_problems(s, HOSTS)) for s in stored if session_problems(s, HOSTS)
    ] == []


@EXAMPLES
@given(body=json_values)
async def test_any_json_body_gets_a_client_answer(fetch, deps, merchant, body):
    reply = await fetch(INIT, body=json.dumps(body), key=merchant.key)
    await check(fetch, deps, merchant, reply)


@EXAMPLES
@given(fields=st.dictionaries(st.sampled_from([*FIELDS, "extra"]), json_values, max_size=8))
async def test_any_mix_of_fields_and_values_gets_a_client_answer(fetch, deps, merchant, fields):
    reply = await fetch(INIT, json=initialize_body(**fields), key=merchant.key)
    await check(fetch, deps, merchant, reply)


@EXAMPLES
@given(amount=amounts, expires_in=st.integers(0, 100_000) | st.none())
async def test_any_amount_is_stored_exactly_or_refused(fetch, deps, merchant, amount, expires_in):
    body = initialize_body() if expires_in is None else initialize_body(expires_in=expires_in)
    reply = await fetch(INIT, body=raw_amount_body(body, amount), key=merchant.key)
    await check(fetch, deps, merchant, reply)
    if reply.code == 201:
        answer = json.loads(reply.body, parse_float=Decimal)
        stored = await deps.db["sessions"].find_one({"_id": answer["session_id"]})
        assert stored["amount_poisha"] == Decimal(str(amount)) * 100
        assert answer["amount"] == Decimal(str(amount))


@EXAMPLES
@given(success=urls, cancel=urls, webhook=urls)
async def test_any_url_is_stored_only_when_it_keeps_the_rules(
    fetch, deps, merchant, success, cancel, webhook
):
    body = initialize_body(success_url=success, cancel_url=cancel, webhook_url=webhook)
    reply = await fetch(INIT, json=body, key=merchant.key)
    await check(fetch, deps, merchant, reply)


@EXAMPLES
@given(raw=st.binary(max_size=200))
async def test_any_bytes_get_a_client_answer(fetch, deps, merchant, raw):
    reply = await fetch(INIT, body=raw, key=merchant.key)
    await check(fetch, deps, merchant, reply)


header_text = st.text(
    st.characters(min_codepoint=0x20, max_codepoint=0xFF, exclude_characters="\x7f"), max_size=60
)


@EXAMPLES
@given(
    api_key=header_text,
    extra=st.dictionaries(
        st.from_regex(r"\AX-[A-Za-z][A-Za-z0-9-]{0,15}\Z"), header_text, max_size=3
    ),
)
async def test_any_key_header_is_missing_or_unauthorized(fetch, merchant, api_key, extra):
    headers = {**extra, "x-api-key": api_key}
    reply = await fetch(INIT, json=initialize_body(), headers=headers)
    if api_key.strip() == merchant.key:
        assert reply.code == 201
    else:
        assert reply.code == 401
        assert reply.json()["error"] in ("Missing API Key", "Unauthorized API Key")
