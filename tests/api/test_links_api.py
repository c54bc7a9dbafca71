"""The payment-link API (`/api/v1/payment-links`): what a merchant server sees, errors first."""

from __future__ import annotations

import pytest

from tests.api.test_initialize_errors import (
    ARCHIVED,
    BAD_KEY,
    INVALID_JSON,
    MISSING_KEY,
    NOT_ACTIVE,
    RATE_LIMITED,
    invalid,
)
from tests.conftest import ALLOWED_HOST

LINKS = "/api/v1/payment-links"


def link_body(**overrides):
    return {"amount": 750.5, "description": "Blue kurta, size M", **overrides}


async def create(fetch, merchant, **overrides):
    reply = await fetch(LINKS, json=link_body(**overrides), key=merchant.key)
    assert reply.code == 201, reply.body
    return reply.json()


async def links_in_store(deps, merchant):
    return await deps.db["payment_links"].count_documents({"account_id": merchant.id})


async def test_a_created_link_answers_its_address_terms_and_zero_payments(fetch, make_account):
    merchant = await make_account()
    link = await create(fetch, merchant, order_ref="INV-7", single_use=True)
    assert link["url"] == f"https://pay.example.test/pay/{link['url'].rsplit('/', 1)[1]}"
    assert {k: link[k] for k in ("amount", "description", "order_ref", "single_use")} == {
        "amount": 750.5,
        "description": "Blue kurta, size M",
        "order_ref": "INV-7",
        "single_use": True,
    }
    assert (link["status"], link["payments"], link["paid_amount"]) == ("active", 0, 0)
    assert link["expires_at"] is None and link["webhook_url"] is None
    assert link["id"].startswith("lnk_")


async def test_a_link_is_reusable_by_default_and_keeps_its_expiry_and_webhook(fetch, make_account):
    merchant = await make_account()
    hook = f"https://{ALLOWED_HOST}/hook"
    link = await create(fetch, merchant, expires_at="2030-01-02T03:04:05+06:00", webhook_url=hook)
    assert link["single_use"] is False
    assert (link["expires_at"], link["webhook_url"]) == ("2030-01-01T21:04:05Z", hook)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"amount": 0}, "amount: must be a positive number"),
        ({"amount": "5"}, "amount: must be a JSON number"),
        ({"description": ""}, "description: Length must be between 1 and 500."),
        ({"description": "x" * 501}, "description: Length must be between 1 and 500."),
        ({"order_ref": "a\nb"}, "order_ref: must not contain control characters"),
        ({"order_ref": "r" * 65}, "order_ref: Length must be between 1 and 64."),
        ({"single_use": "yes"}, "single_use: must be true or false"),
        ({"expires_at": "2030-01-01T00:00:00"}, "expires_at: Not a valid aware datetime."),
        ({"expires_at": "2020-01-01T00:00:00Z"}, "expires_at must be in the future"),
        ({"colour": "blue"}, "colour: Unknown field."),
    ],
)
async def test_each_field_rule_gives_its_reason_and_creates_nothing(
    fetch, make_account, deps, change, reason
):
    merchant = await make_account()
    reply = await fetch(LINKS, json=link_body(**change), key=merchant.key)
    assert reply.code == 400
    assert reason in reply.json()["details"], reply.json()
    assert await links_in_store(deps, merchant) == 0


async def test_missing_fields_are_each_named(fetch, make_account):
    merchant = await make_account()
    reply = await fetch(LINKS, json={}, key=merchant.key)
    assert (reply.code, reply.json()) == (
        400,
        invalid(
            "amount: Missing data for required field.",
            "description: Missing data for required field.",
        ),
    )


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://shop.example.com/hook", "webhook_url must use https"),
        ("https://evil.example.net/hook", "webhook_url host is not in the account's allowed hosts"),
        ("https://u:p@shop.example.com/hook", "webhook_url must not contain credentials"),
        (7, "webhook_url must be a string"),
    ],
)
async def test_a_webhook_url_follows_initializes_url_rules(fetch, make_account, deps, url, message):
    merchant = await make_account()
    reply = await fetch(LINKS, json=link_body(webhook_url=url), key=merchant.key)
    assert (reply.code, reply.json()) == (400, {"error": message})
    assert await links_in_store(deps, merchant) == 0


async def test_a_body_that_is_not_json_is_invalid_json(fetch, make_account):
    merchant = await make_account()
    reply = await fetch(LINKS, body="{nope", key=merchant.key)
    assert (reply.code, reply.json()) == (400, INVALID_JSON)


# Authentication, account state and rate limits: as initialize ----------------------------------


async def test_no_key_or_an_unknown_key_is_refused_everywhere(fetch, make_account):
    merchant = await make_account()
    link = await create(fetch, merchant)
    for path, method in (
        (LINKS, "POST"),
        (LINKS, "GET"),
        (f"{LINKS}/{link['id']}", "GET"),
        (f"{LINKS}/{link['id']}/disable", "POST"),
    ):
        body = "{}" if method == "POST" else None
        missing = await fetch(path, method=method, body=body)
        unknown = await fetch(path, method=method, body=body, key="sk_nope")
        assert (missing.code, missing.json()) == (401, MISSING_KEY)
        assert (unknown.code, unknown.json()) == (401, BAD_KEY)


async def test_a_revoked_key_is_unauthorized(fetch, make_account, deps):
    merchant = await make_account()
    await deps.services.admin.revoke_key(merchant.key_id)
    reply = await fetch(LINKS, key=merchant.key)
    assert (reply.code, reply.json()) == (401, BAD_KEY)


@pytest.mark.parametrize(
    ("fields", "answer"),
    [
        ({"status": "suspended"}, NOT_ACTIVE),
        ({"status": "pending_kyc"}, NOT_ACTIVE),
        ({"archived": True}, ARCHIVED),
    ],
)
async def test_an_account_that_may_not_take_payments_cannot_create_links_but_can_list_them(
    fetch, make_account, deps, fields, answer
):
    merchant = await make_account()
    link = await create(fetch, merchant)
    await deps.services.admin.patch_account(merchant.id, fields)
    reply = await fetch(LINKS, json=link_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (403, answer)
    assert (await fetch(LINKS, key=merchant.key)).code == 200
    disabled = await fetch(f"{LINKS}/{link['id']}/disable", body="", key=merchant.key)
    assert (disabled.code, disabled.json()["status"]) == (200, "disabled")


async def test_a_key_over_its_rate_gets_429_with_its_headers(fetch, make_account):
    merchant = await make_account(rate_limit_per_minute=2)
    for _ in range(2):
        assert (await fetch(LINKS, key=merchant.key)).code == 200
    reply = await fetch(LINKS, key=merchant.key)
    assert (reply.code, reply.json()) == (429, RATE_LIMITED)
    assert reply.headers["RateLimit-Limit"] == "2" and "Retry-After" in reply.headers
    # Per endpoint: creating is counted apart from listing.
    assert (await fetch(LINKS, json=link_body(), key=merchant.key)).code == 201


# Reading, listing, disabling ----------------------------------------------------------------------


async def test_a_link_reads_back_as_created(fetch, make_account):
    merchant = await make_account()
    link = await create(fetch, merchant)
    reply = await fetch(f"{LINKS}/{link['id']}", key=merchant.key)
    assert (reply.code, reply.json()) == (200, link)


async def test_the_list_pages_newest_first_with_a_cursor(fetch, make_account, clock):
    merchant = await make_account()
    made = []
    for i in range(5):
        made.append((await create(fetch, merchant, description=f"item {i}"))["id"])
        clock.advance(seconds=1)
    first = (await fetch(f"{LINKS}?limit=3", key=merchant.key)).json()
    second = (
        await fetch(f"{LINKS}?limit=3&cursor={first['next_cursor']}", key=merchant.key)
    ).json()
    assert [k["id"] for k in first["items"] + second["items"]] == made[::-1]
    assert second["next_cursor"] is None


@pytest.mark.parametrize("query", ["limit=0", "limit=201", "limit=x", "cursor=nope"])
async def test_bad_list_parameters_are_400(fetch, make_account, query):
    merchant = await make_account()
    reply = await fetch(f"{LINKS}?{query}", key=merchant.key)
    assert reply.code == 400 and reply.json()["error"] == "Invalid request body"


async def test_disabling_is_idempotent_and_keeps_the_first_time(fetch, make_account, clock):
    merchant = await make_account()
    link = await create(fetch, merchant)
    first = await fetch(f"{LINKS}/{link['id']}/disable", body="", key=merchant.key)
    clock.advance(minutes=5)
    again = await fetch(f"{LINKS}/{link['id']}/disable", body="", key=merchant.key)
    assert first.code == again.code == 200
    assert first.json()["status"] == "disabled"
    assert first.json()["disabled_at"] == again.json()["disabled_at"]


async def test_another_accounts_link_is_not_found_and_unchanged(fetch, make_account, deps):
    owner, stranger = await make_account(), await make_account()
    link = await create(fetch, owner)
    read = await fetch(f"{LINKS}/{link['id']}", key=stranger.key)
    disable = await fetch(f"{LINKS}/{link['id']}/disable", body="", key=stranger.key)
    listed = await fetch(LINKS, key=stranger.key)
    assert (read.code, read.json()) == (404, {"error": "Not found"})
    assert (disable.code, disable.json()) == (404, {"error": "Not found"})
    assert listed.json() == {"items": [], "next_cursor": None}
    assert (await fetch(f"{LINKS}/{link['id']}", key=owner.key)).json()["status"] == "active"


async def test_an_unknown_link_is_not_found(fetch, make_account):
    merchant = await make_account()
    reply = await fetch(f"{LINKS}/lnk_nope", key=merchant.key)
    assert (reply.code, reply.json()) == (404, {"error": "Not found"})
