"""Every initialize answer interface.md lists, with its exact status and body, in §3's order.

Longer than our usual module on purpose: it is the executable form of one table (interface.md
§7, initialize), and a reader checks the table against it in one place.
"""

import json

import pytest

from tests.conftest import initialize_body

INIT = "/api/v1/checkout/initialize"
MISSING_KEY = {"error": "Missing API Key"}
BAD_KEY = {"error": "Unauthorized API Key"}
NOT_ACTIVE = {"error": "Vendor account is not active to process payments"}
ARCHIVED = {"error": "This brand is archived and accepts no new payments."}
MAINTENANCE = {
    "error": "Checkout is temporarily unavailable for maintenance. Please try again shortly."
}
INVALID_JSON = {"error": "Invalid JSON body"}
VENDOR_DAY = {
    "error": "The vendor daily transaction limit has been reached. Please try again tomorrow."
}
PLATFORM_DAY = {
    "error": "The platform daily transaction limit has been reached. Please try again tomorrow."
}
FEE_DUE = {
    "error": {
        "code": "PLATFORM_FEE_DUE",
        "message": "Unpaid platform fees are above the account's limit; "
        "no new session can be opened.",
    }
}
RATE_LIMITED = {
    "error": {
        "code": "RATE_LIMITED",
        "message": "Too many requests. Wait a minute and retry with backoff.",
    }
}


def invalid(*details):
    return {"error": "Invalid request body", "details": list(details)}


async def sessions_of(deps, merchant):
    return await deps.db["sessions"].find({"account_id": merchant.id}).to_list(None)


# Authentication and account state ---------------------------------------------------------------


async def test_no_key_header_is_missing_api_key(fetch, make_account):
    await make_account()
    reply = await fetch(INIT, json=initialize_body())
    assert (reply.code, reply.json()) == (401, MISSING_KEY)


async def test_an_empty_key_header_is_missing_api_key(fetch):
    reply = await fetch(INIT, json=initialize_body(), key="")
    assert (reply.code, reply.json()) == (401, MISSING_KEY)


async def test_an_unknown_key_is_unauthorized(fetch, make_account):
    merchant = await make_account()
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key + "x")
    assert (reply.code, reply.json()) == (401, BAD_KEY)


async def test_a_revoked_key_is_unauthorized_on_its_next_request(fetch, make_account, deps):
    merchant = await make_account()
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    await deps.services.admin.revoke_key(merchant.key_id)
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (401, BAD_KEY)


async def test_a_key_whose_account_is_gone_is_unauthorized(fetch, make_account, deps):
    merchant = await make_account()
    await deps.db["accounts"].delete_one({"_id": merchant.id})
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (401, BAD_KEY)


@pytest.mark.parametrize("status", ["pending_kyc", "suspended"])
async def test_an_account_that_is_not_active_is_refused(fetch, make_account, status):
    merchant = await make_account(status=status)
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (403, NOT_ACTIVE)


async def test_an_archived_brand_is_refused(fetch, make_account):
    merchant = await make_account(archived=True)
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (403, ARCHIVED)


async def test_maintenance_answers_503(fetch, make_account, deps):
    merchant = await make_account()
    await deps.services.admin.set_platform({"maintenance": True})
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (503, MAINTENANCE)


# The order of checks (contract §3) ---------------------------------------------------------------


async def test_maintenance_beats_a_missing_key(fetch, deps):
    await deps.services.admin.set_platform({"maintenance": True})
    reply = await fetch(INIT, body="{not json")
    assert (reply.code, reply.json()) == (503, MAINTENANCE)


async def test_a_missing_key_beats_a_body_that_is_not_json(fetch):
    reply = await fetch(INIT, body="{not json")
    assert (reply.code, reply.json()) == (401, MISSING_KEY)


async def test_a_suspended_account_with_a_bad_body_is_told_it_is_not_active(fetch, make_account):
    merchant = await make_account(status="suspended", archived=True)
    reply = await fetch(INIT, body="{not json", key=merchant.key)
    assert (reply.code, reply.json()) == (403, NOT_ACTIVE)


async def test_an_archived_brand_with_a_bad_body_is_told_it_is_archived(fetch, make_account):
    merchant = await make_account(archived=True)
    reply = await fetch(INIT, json={"amount": "x"}, key=merchant.key)
    assert (reply.code, reply.json()) == (403, ARCHIVED)


async def test_the_rate_limit_counts_requests_before_their_body_is_read(fetch, make_account):
    merchant = await make_account(rate_limit_per_minute=2)
    for _ in range(2):
        assert (await fetch(INIT, body="{not json", key=merchant.key)).code == 400
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (429, RATE_LIMITED)


async def test_a_bad_body_is_refused_even_for_an_existing_order(fetch, make_account):
    merchant = await make_account()
    body = initialize_body()
    assert (await fetch(INIT, json=body, key=merchant.key)).code == 201
    reply = await fetch(INIT, json={**body, "colour": "red"}, key=merchant.key)
    assert (reply.code, reply.json()) == (400, invalid("colour: Unknown field."))


async def test_the_fee_ceiling_beats_the_daily_limits(fetch, make_account):
    merchant = await make_account(fee_due_poisha=10_000, fee_limit_poisha=5_000, daily_limit=0)
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (402, FEE_DUE)


async def test_the_vendor_limit_is_named_before_the_platform_limit(fetch, make_account, deps):
    merchant = await make_account(daily_limit=0)
    await deps.services.admin.set_platform({"daily_limit": 0})
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (429, VENDOR_DAY)


# Body: JSON and fields ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"{",
        b"{'order_id': 1}",
        b'{"amount": NaN}',
        b'{"amount": Infinity}',
        b"\xff\xfe",
        b"[" * 30_000 + b"]" * 30_000,
        b'{"a": 1} trailing',
    ],
    ids=["empty", "truncated", "single-quotes", "nan", "infinity", "not-utf8", "deep", "trailing"],
)
async def test_a_body_that_is_not_json_is_invalid_json(fetch, make_account, raw):
    merchant = await make_account()
    reply = await fetch(INIT, body=raw, key=merchant.key)
    assert (reply.code, reply.json()) == (400, INVALID_JSON)


@pytest.mark.parametrize("raw", ["[]", "null", '"text"', "5"])
async def test_a_body_that_is_not_an_object_is_invalid(fetch, make_account, raw):
    merchant = await make_account()
    reply = await fetch(INIT, body=raw, key=merchant.key)
    assert (reply.code, reply.json()) == (400, invalid("body must be a JSON object"))


async def test_missing_required_fields_are_each_named(fetch, make_account):
    merchant = await make_account()
    reply = await fetch(INIT, json={}, key=merchant.key)
    assert (reply.code, reply.json()) == (
        400,
        invalid(
            "order_id: Missing data for required field.",
            "amount: Missing data for required field.",
        ),
    )


async def test_unknown_fields_are_rejected_naming_each(fetch, make_account):
    merchant = await make_account()
    body = initialize_body(currency="BDT", customer={"name": "Rahim", "age": 30})
    reply = await fetch(INIT, json=body, key=merchant.key)
    assert reply.code == 400
    assert sorted(reply.json()["details"]) == [
        "currency: Unknown field.",
        "customer.age: Unknown field.",
    ]


KEY_LENGTH = "Length must be between 1 and 40."
FIELD_CASES = [
    ('"amount": "500"', "amount: must be a JSON number"),
    ('"amount": true', "amount: must be a JSON number"),
    ('"amount": null', "amount: Field may not be null."),
    ('"amount": 0', "amount: must be a positive number"),
    ('"amount": -5', "amount: must be a positive number"),
    ('"amount": 10.555', "amount: must have at most 2 decimal places"),
    ('"amount": 0.30000000000000004', "amount: must have at most 2 decimal places"),
    ('"amount": 10000000.01', "amount: must be at most 10000000"),
    ('"amount": 1e400', "amount: must be at most 10000000"),
    ('"amount": 1e999999', "amount: must be at most 10000000"),
    ('"amount": 1.00000000000000000000000000000001', "amount: must have at most 2 decimal places"),
    ('"order_id": ""', "order_id: Length must be between 1 and 128."),
    ('"order_id": "' + "o" * 129 + '"', "order_id: Length must be between 1 and 128."),
    ('"order_id": "a\\u0000b"', "order_id: must not contain control characters"),
    ('"order_id": 42', "order_id: Not a valid string."),
    ('"expires_in": 299', "expires_in: must be at least 300"),
    ('"expires_in": 86401', "expires_in: must be at most 86400"),
    ('"expires_in": "600"', "expires_in: must be an integer"),
    ('"expires_in": 600.0', "expires_in: must be an integer"),
    ('"expires_in": true', "expires_in: must be an integer"),
    ('"customer": "Rahim"', "customer: Invalid input type."),
    ('"customer": {"name": "' + "n" * 257 + '"}', "customer.name: Longer than maximum length 256."),
    ('"customer": {"email": 5}', "customer.email: Not a valid string."),
    ('"metadata": [1]', "metadata: Not a valid mapping type."),
    ('"metadata": {"k": 1}', "metadata.k.value: Not a valid string."),
    ('"metadata": {"k": "' + "v" * 501 + '"}', "metadata.k.value: Longer than maximum length 500."),
    ('"metadata": {"' + "k" * 41 + '": "v"}', f"metadata.{'k' * 41}.key: {KEY_LENGTH}"),
    (
        '"metadata": {' + ", ".join(f'"k{i}": "v"' for i in range(21)) + "}",
        "metadata: must have at most 20 keys",
    ),
]


@pytest.mark.parametrize(("field", "reason"), FIELD_CASES, ids=[c[1] for c in FIELD_CASES])
async def test_each_field_rule_gives_its_reason(fetch, make_account, deps, field, reason):
    merchant = await make_account()
    name = field.split('"')[1]
    base = {k: v for k, v in initialize_body().items() if k != name}
    raw = json.dumps(base)[:-1] + ", " + field + "}"
    reply = await fetch(INIT, body=raw, key=merchant.key)
    assert (reply.code, reply.json()) == (400, invalid(reason))
    assert await sessions_of(deps, merchant) == []


async def test_decimal_amounts_are_kept_exactly(fetch, make_account, deps):
    merchant = await make_account()
    answers = []
    for text in ("0.1", "0.2", "0.3", "10.550", "1e2", "10000000"):
        raw = json.dumps(initialize_body())[:-1] + f', "amount": {text}}}'
        raw = raw.replace('"amount": 500, ', "")
        reply = await fetch(INIT, body=raw, key=merchant.key)
        assert reply.code == 201, reply.body
        answers.append(json.loads(reply.body)["amount"])
    assert answers == [0.1, 0.2, 0.3, 10.55, 100, 10_000_000]
    stored = sorted(s["amount_poisha"] for s in await sessions_of(deps, merchant))
    assert stored == [10, 20, 30, 1055, 10_000, 1_000_000_000]


async def test_optional_fields_within_their_rules_are_stored(fetch, make_account, deps):
    merchant = await make_account()
    extra = {
        "expires_in": 300,
        "customer": {"name": "Rahim", "email": "r@example.com", "phone": "01700000000"},
        "metadata": {f"k{i}": "v" * 500 for i in range(20)},
    }
    reply = await fetch(INIT, json=initialize_body(**extra), key=merchant.key)
    assert reply.code == 201
    assert reply.json()["expires_at"] == "2026-11-21T06:05:00Z"
    (session,) = await sessions_of(deps, merchant)
    assert (session["customer"], session["metadata"]) == (extra["customer"], extra["metadata"])


# URL rules: each field, each rule, its own message ------------------------------------------------

URL_CASES = [
    (None, "{} is required"),
    ("https://shop.example.com/" + "a" * 2048, "{} must be at most 2048 characters"),
    ("https//shop.example.com/x", "{} is not a well-formed URL"),
    ("https://user:pw@shop.example.com/x", "{} must not contain credentials"),
    ("http://shop.example.com/x", "{} must use https"),
    ("https://evil.example/x", "{} host is not in the account's allowed hosts"),
]


@pytest.mark.parametrize("name", ["success_url", "cancel_url", "webhook_url"])
@pytest.mark.parametrize(("url", "message"), URL_CASES, ids=[m for _, m in URL_CASES])
async def test_each_url_rule_has_its_own_message(fetch, make_account, deps, name, url, message):
    merchant = await make_account()
    body = initialize_body()
    if url is None:
        del body[name]
    else:
        body[name] = url
    reply = await fetch(INIT, json=body, key=merchant.key)
    assert (reply.code, reply.json()) == (400, {"error": message.format(name)})
    assert await sessions_of(deps, merchant) == []


async def test_a_wildcard_host_entry_allows_subdomains(fetch, make_account):
    merchant = await make_account(allowed_hosts=["*.brand.example"])
    names = ("success_url", "cancel_url", "webhook_url")
    urls = {n: f"https://pay.brand.example/{n}" for n in names}
    assert (await fetch(INIT, json=initialize_body(**urls), key=merchant.key)).code == 201
    urls["webhook_url"] = "https://brand.example/hook"
    reply = await fetch(INIT, json=initialize_body(**urls), key=merchant.key)
    assert reply.json() == {"error": "webhook_url host is not in the account's allowed hosts"}


# Size and server failures ------------------------------------------------------------------------


async def test_a_body_over_64_kib_gets_413(fetch, make_account):
    merchant = await make_account()
    raw = json.dumps(initialize_body())
    at_limit = raw + " " * (64 * 1024 - len(raw))
    assert (await fetch(INIT, body=at_limit, key=merchant.key)).code == 201
    reply = await fetch(INIT, body=at_limit + " ", key=merchant.key)
    assert (reply.code, reply.json()) == (413, {"error": "Request body too large"})


async def test_a_failing_store_gives_500_without_detail(fetch, make_account, deps, monkeypatch):
    merchant = await make_account()

    async def broken(*args, **kwargs):
        raise RuntimeError("mongo at 10.0.0.7 said: secret detail")

    monkeypatch.setattr(deps.stores.sessions, "insert", broken)
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (500, {"error": "Internal server error"})
    assert b"secret" not in reply.body and b"Traceback" not in reply.body


async def test_a_failed_insert_gives_back_the_days_allowance(
    fetch, make_account, deps, monkeypatch
):
    merchant = await make_account(daily_limit=1)
    real_insert = deps.stores.sessions.insert

    async def fails_once(doc):
        monkeypatch.setattr(deps.stores.sessions, "insert", real_insert)
        raise RuntimeError("connection reset")

    monkeypatch.setattr(deps.stores.sessions, "insert", fails_once)
    body = initialize_body()
    assert (await fetch(INIT, json=body, key=merchant.key)).code == 500
    assert (await fetch(INIT, json=body, key=merchant.key)).code == 201


# Idempotency -------------------------------------------------------------------------------------


async def test_a_replay_with_different_parameters_conflicts_naming_each_field(
    fetch, make_account, deps
):
    merchant = await make_account()
    body = initialize_body(amount=500)
    first = await fetch(INIT, json=body, key=merchant.key)
    before = await sessions_of(deps, merchant)
    changed = {
        **body,
        "amount": 500.01,
        "cancel_url": "https://shop.example.com/other",
        "webhook_url": "https://shop.example.com/hook2",
        "expires_in": 900,
    }
    reply = await fetch(INIT, json=changed, key=merchant.key)
    assert (reply.code, reply.json()) == (
        409,
        {
            "error": "order_id was already used with different parameters",
            "details": [
                "amount differs from the existing session",
                "cancel_url differs from the existing session",
                "webhook_url differs from the existing session",
            ],
        },
    )
    assert await sessions_of(deps, merchant) == before
    again = await fetch(INIT, json=body, key=merchant.key)
    assert (again.code, again.json()) == (200, first.json())


async def test_the_same_order_id_on_two_accounts_opens_two_sessions(fetch, make_account):
    one, two = await make_account(), await make_account()
    body = initialize_body()
    first = await fetch(INIT, json=body, key=one.key)
    second = await fetch(INIT, json=body, key=two.key)
    assert (first.code, second.code) == (201, 201)
    assert first.json()["session_id"] != second.json()["session_id"]


# Limits ------------------------------------------------------------------------------------------


async def test_replays_are_not_counted_against_the_daily_limit(fetch, make_account):
    merchant = await make_account(daily_limit=2)
    body = initialize_body()
    assert (await fetch(INIT, json=body, key=merchant.key)).code == 201
    for _ in range(3):
        assert (await fetch(INIT, json=body, key=merchant.key)).code == 200
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (429, VENDOR_DAY)
    assert (await fetch(INIT, json=body, key=merchant.key)).code == 200


async def test_the_vendor_limit_resets_at_dhaka_midnight(fetch, make_account, clock):
    merchant = await make_account(daily_limit=1)
    clock.now = clock.now.replace(hour=17, minute=59, second=59)
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (429, VENDOR_DAY)
    clock.advance(seconds=1)  # 18:00 UTC is midnight in Dhaka
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201


async def test_the_platform_limit_counts_every_account(fetch, make_account, deps):
    one, two = await make_account(), await make_account()
    await deps.services.admin.set_platform({"daily_limit": 2})
    assert (await fetch(INIT, json=initialize_body(), key=one.key)).code == 201
    assert (await fetch(INIT, json=initialize_body(), key=two.key)).code == 201
    reply = await fetch(INIT, json=initialize_body(), key=one.key)
    assert (reply.code, reply.json()) == (429, PLATFORM_DAY)


async def test_a_refused_session_uses_none_of_the_days_allowance(fetch, make_account, deps):
    merchant = await make_account(daily_limit=1)
    await deps.services.admin.set_platform({"daily_limit": 0})
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).json() == PLATFORM_DAY
    await deps.services.admin.set_platform({"daily_limit": None})
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201


async def test_fees_above_the_ceiling_block_new_sessions_but_not_replays(fetch, make_account, deps):
    merchant = await make_account(fee_due_poisha=5_000, fee_limit_poisha=5_000)
    body = initialize_body()
    assert (await fetch(INIT, json=body, key=merchant.key)).code == 201
    await deps.services.admin.patch_account(merchant.id, {"fee_due_poisha": 5001})
    assert (await fetch(INIT, json=body, key=merchant.key)).code == 200
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (402, FEE_DUE)


async def test_a_key_over_its_rate_is_told_when_to_come_back(fetch, make_account, clock):
    merchant = await make_account(rate_limit_per_minute=2)
    first = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert [first.headers[h] for h in ("RateLimit-Limit", "RateLimit-Remaining")] == ["2", "1"]
    assert first.headers["RateLimit-Reset"] == "60"
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (429, RATE_LIMITED)
    headers = {
        h: reply.headers[h]
        for h in ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After")
    }
    # Two requests at the start of a minute still weigh 2 at the next minute's first instant.
    assert headers == {
        "RateLimit-Limit": "2",
        "RateLimit-Remaining": "0",
        "RateLimit-Reset": "60",
        "Retry-After": "61",
    }
    clock.advance(seconds=60)
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 429
    clock.advance(seconds=1)
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201


async def test_rate_limits_are_per_key(fetch, make_account, deps):
    merchant = await make_account(rate_limit_per_minute=1)
    other = await deps.services.admin.mint_key(merchant.id, "second")
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 429
    assert (await fetch(INIT, json=initialize_body(), key=other.secret)).code == 201


async def test_error_answers_keep_the_request_id_and_rate_headers(fetch, make_account):
    merchant = await make_account(rate_limit_per_minute=5)
    reply = await fetch(
        INIT, json={"amount": 1}, key=merchant.key, headers={"X-Request-Id": "req-123"}
    )
    assert reply.code == 400
    assert reply.headers["X-Request-Id"] == "req-123"
    assert (reply.headers["RateLimit-Limit"], reply.headers["RateLimit-Remaining"]) == ("5", "4")
    assert "Retry-After" not in reply.headers
    unauthorized = await fetch(INIT, json={}, headers={"X-Request-Id": "req-456"})
    assert unauthorized.headers["X-Request-Id"] == "req-456"


async def test_a_lone_surrogate_is_invalid_json_but_an_escaped_emoji_is_fine(
    fetch, make_account, deps
):
    merchant = await make_account()
    base = json.dumps(initialize_body())[:-1]
    for extra in ('"metadata": {"k": "\\udfff"}', '"customer": {"name": "x\\ud83d"}'):
        reply = await fetch(INIT, body=f"{base}, {extra}}}", key=merchant.key)
        assert (reply.code, reply.json()) == (400, INVALID_JSON)
    assert await sessions_of(deps, merchant) == []
    emoji = json.dumps(initialize_body(order_id="order-\U0001f600"))
    assert "\\ud83d\\ude00" in emoji
    reply = await fetch(INIT, body=emoji, key=merchant.key)
    assert (reply.code, reply.json()["order_id"]) == (201, "order-\U0001f600")


async def test_maintenance_set_by_another_process_applies_within_a_second(
    fetch, make_account, deps, monkeypatch
):
    merchant = await make_account()
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    await deps.db["platform"].update_one(
        {"_id": "platform"}, {"$set": {"maintenance": True}}, upsert=True
    )
    platform = deps.stores.platform
    later = platform.monotonic() + 1.01
    monkeypatch.setattr(platform, "monotonic", lambda: later)
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (503, MAINTENANCE)
