"""`Idempotency-Key` on creating a payment link (issue 31 §3): the same key and body within 24
hours answers the first link again (201, `Idempotent-Replayed: true`), another body is 409, a
bad key is 400, and two concurrent first requests make one link (a unique index decides)."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.api.test_links_api import LINKS, link_body, links_in_store

REUSED = {"error": "Idempotency-Key was already used with a different request body"}
BAD_KEY = {"error": "Invalid Idempotency-Key header"}


@pytest.fixture
async def merchant(make_account):
    return await make_account()


async def post(fetch, merchant, key, body=None, **overrides):
    return await fetch(
        LINKS,
        body=json.dumps(body if body is not None else link_body(**overrides)),
        key=merchant.key,
        headers={"content-type": "application/json", "Idempotency-Key": key},
    )


async def test_the_same_key_and_body_answer_the_first_link_again(fetch, deps, merchant):
    first = await post(fetch, merchant, "order-77-link")
    assert first.code == 201 and "Idempotent-Replayed" not in first.headers
    again = await fetch(
        LINKS,
        body='{ "description": "Blue kurta, size M",  "amount": 750.5 }',  # same, reordered
        key=merchant.key,
        headers={"content-type": "application/json", "Idempotency-Key": "order-77-link"},
    )
    assert again.code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert await links_in_store(deps, merchant) == 1


async def test_the_same_key_with_another_body_is_refused(fetch, deps, merchant):
    assert (await post(fetch, merchant, "k-1")).code == 201
    reply = await post(fetch, merchant, "k-1", amount=999)
    assert (reply.code, reply.json()) == (409, REUSED)
    invalid = await post(fetch, merchant, "k-1", amount=-1)  # a key's answer comes first
    assert (invalid.code, invalid.json()) == (409, REUSED)
    assert await links_in_store(deps, merchant) == 1


@pytest.mark.wire  # also on a real MongoDB-wire server: its unique index decides
async def test_two_concurrent_first_requests_make_one_link(fetch, deps, merchant):
    replies = await asyncio.gather(*(post(fetch, merchant, "race-1") for _ in range(6)))
    assert [r.code for r in replies] == [201] * 6
    assert len({r.json()["id"] for r in replies}) == 1
    assert sum(r.headers.get("Idempotent-Replayed") == "true" for r in replies) == 5
    assert await links_in_store(deps, merchant) == 1


async def test_keys_are_per_account_and_other_keys_make_other_links(
    fetch, deps, merchant, make_account
):
    other = await make_account()
    a = (await post(fetch, merchant, "shared")).json()
    b = (await post(fetch, other, "shared")).json()
    c = (await post(fetch, merchant, "shared-2")).json()
    assert len({a["id"], b["id"], c["id"]}) == 3
    plain = [await fetch(LINKS, json=link_body(), key=merchant.key) for _ in range(2)]
    assert [r.code for r in plain] == [201, 201] and plain[0].json()["id"] != plain[1].json()["id"]


async def test_after_24_hours_the_key_makes_a_new_link(fetch, deps, merchant, clock):
    first = (await post(fetch, merchant, "daily")).json()
    clock.advance(hours=24)
    again = await post(fetch, merchant, "daily", amount=12)  # another body is fine now
    assert again.code == 201 and "Idempotent-Replayed" not in again.headers
    assert again.json()["id"] != first["id"]
    replay = await post(fetch, merchant, "daily", amount=12)
    assert replay.json()["id"] == again.json()["id"]


@pytest.mark.parametrize("key", ["", "x" * 256, "caf\u00e9", "tab\there"])
async def test_a_bad_key_is_refused(fetch, deps, merchant, key):
    reply = await post(fetch, merchant, key.encode("utf-8").decode("latin-1"))
    assert (reply.code, reply.json()) == (400, BAD_KEY)
    assert await links_in_store(deps, merchant) == 0


async def test_an_invalid_body_with_a_new_key_is_told_its_reasons(fetch, deps, merchant):
    reply = await post(fetch, merchant, "fresh", amount=-1)
    assert reply.code == 400 and reply.json()["error"] == "Invalid request body"
    ok = await post(fetch, merchant, "fresh")  # nothing was kept for the key
    assert ok.code == 201 and "Idempotent-Replayed" not in ok.headers
