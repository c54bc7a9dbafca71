"""Concurrent first initializes of one order_id: one session, one creation, the rest replays."""

import asyncio

import pytest

from tests.conftest import initialize_body

# The store, race, crash and outbox paths also run on the real wire (SecantusDB).
pytestmark = pytest.mark.wire

INIT = "/api/v1/checkout/initialize"


async def test_twenty_concurrent_first_calls_create_one_session(fetch, make_account, deps):
    merchant = await make_account(daily_limit=1)
    body = initialize_body()
    replies = await asyncio.gather(*(fetch(INIT, json=body, key=merchant.key) for _ in range(20)))
    codes = sorted(r.code for r in replies)
    assert codes == [200] * 19 + [201]
    assert len({r.body for r in replies}) == 1
    sessions = await deps.db["sessions"].find({"account_id": merchant.id}).to_list(None)
    assert [s["_id"] for s in sessions] == [replies[0].json()["session_id"]]


async def test_losers_of_the_race_give_back_their_daily_allowance(fetch, make_account):
    merchant = await make_account(daily_limit=2)
    body = initialize_body()
    await asyncio.gather(*(fetch(INIT, json=body, key=merchant.key) for _ in range(20)))
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert reply.code == 201


async def test_concurrent_first_calls_with_different_bodies_create_one_session(
    fetch, make_account, deps
):
    merchant = await make_account()
    order = initialize_body()
    bodies = [{**order, "amount": 100 + i % 2} for i in range(20)]
    replies = await asyncio.gather(*(fetch(INIT, json=b, key=merchant.key) for b in bodies))
    created = [(b, r) for b, r in zip(bodies, replies, strict=True) if r.code == 201]
    assert len(created) == 1
    winner_body, winner = created[0]
    for body, reply in zip(bodies, replies, strict=True):
        if reply is winner:
            continue
        if body["amount"] == winner_body["amount"]:
            assert (reply.code, reply.json()) == (200, winner.json())
        else:
            assert reply.code == 409
            assert reply.json()["details"] == ["amount differs from the existing session"]
    assert await deps.db["sessions"].count_documents({"account_id": merchant.id}) == 1
