"""Round trips per request path, counted exactly (MongoDB commands, Redis calls).

Counts are the same on every machine, so these are assertions, unlike timings (bench/ prints
those). A test warms the path first (script loads, this process's key index, the Redis auth
entries), then counts one request.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from claimsvc.bootstrap import Deps
from tests.claims_support import claim_body, open_session, pay
from tests.conftest import initialize_body, open_counted_deps

INIT = "/api/v1/checkout/initialize"
VERIFY = "/api/v1/checkout/verify"
SUBMIT = "/api/v1/checkout/submit"
SCRIPT = {"evalsha": 1}


@pytest.fixture
async def deps(settings, clock, tally) -> AsyncIterator[Deps]:
    deps = await open_counted_deps(settings, clock, tally)
    # The platform settings are cached for a second; a slow test machine must not see expiry.
    deps.stores.platform.monotonic = lambda: 0.0
    with tally.ignored():
        await deps.stores.platform.get(cached=True)
    yield deps
    await deps.close()


async def counted(tally, request):
    tally.reset()
    reply = await request
    return reply, dict(tally.mongo), dict(tally.redis)


async def test_a_new_session_is_one_script_and_one_insert(fetch, make_account, tally):
    merchant = await make_account()
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    reply, mongo, redis = await counted(
        tally, fetch(INIT, json=initialize_body(), key=merchant.key)
    )
    assert reply.code == 201
    assert (mongo, redis) == ({"insert_one:sessions": 1}, SCRIPT)


async def test_a_replay_is_one_script_and_one_read(fetch, make_account, tally):
    merchant = await make_account(daily_limit=5)
    body = initialize_body()
    assert (await fetch(INIT, json=body, key=merchant.key)).code == 201
    reply, mongo, redis = await counted(tally, fetch(INIT, json=body, key=merchant.key))
    assert reply.code == 200
    assert (mongo, redis) == ({"find_one:sessions": 1}, SCRIPT)


async def test_a_bad_body_costs_the_script_alone(fetch, make_account, tally):
    merchant = await make_account()
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    reply, mongo, redis = await counted(tally, fetch(INIT, json={}, key=merchant.key))
    assert reply.code == 400
    assert (mongo, redis) == ({}, SCRIPT)


async def test_a_revoked_key_is_refused_by_the_script_alone(fetch, make_account, deps, tally):
    merchant = await make_account()
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    await deps.services.admin.revoke_key(merchant.key_id)
    reply, mongo, redis = await counted(
        tally, fetch(INIT, json=initialize_body(), key=merchant.key)
    )
    assert reply.code == 401
    assert (mongo, redis) == ({}, SCRIPT)


async def test_a_key_new_to_this_process_is_read_once(fetch, make_account, deps, tally):
    other, merchant = await make_account(), await make_account()
    assert (await fetch(INIT, json=initialize_body(), key=other.key)).code == 201
    reply, mongo, redis = await counted(
        tally, fetch(INIT, json=initialize_body(), key=merchant.key)
    )
    # Its unchanging facts (id, account) by hash, then one script that misses the account
    # entry, the key and the account from MongoDB, one script with what was read, the day
    # (the account's hosts were not known before the script), the insert.
    assert reply.code == 201
    assert mongo == {"find_one:api_keys": 2, "find_one:accounts": 1, "insert_one:sessions": 1}
    assert redis == {"evalsha": 3}


async def test_redis_losing_the_auth_entries_costs_two_reads_once(fetch, make_account, deps, tally):
    merchant = await make_account()
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    with tally.ignored():
        await deps.redis.flushall()
    reply, mongo, redis = await counted(
        tally, fetch(INIT, json=initialize_body(), key=merchant.key)
    )
    assert reply.code == 201
    assert mongo == {"find_one:api_keys": 1, "find_one:accounts": 1, "insert_one:sessions": 1}
    assert redis == {"evalsha": 2}
    reply, mongo, redis = await counted(
        tally, fetch(INIT, json=initialize_body(), key=merchant.key)
    )
    assert (reply.code, mongo, redis) == (201, {"insert_one:sessions": 1}, SCRIPT)


CLAIM_COMMANDS = {
    "find_one:sessions": 1,
    "find_one_and_update:transactions": 1,
    "find_one_and_update:sessions": 1,
}
"""A successful claim, verify or submit: the session read, the transaction reserved and read in
one conditional update, the transition."""


async def test_a_verify_that_completes_a_session(fetch, make_account, deps, tally):
    merchant = await make_account()
    warm, session_id = await open_session(deps, merchant), await open_session(deps, merchant)
    warm_tx, tx = await pay(deps, merchant), await pay(deps, merchant)
    warm_claim = claim_body(warm, warm_tx.trx_id)
    assert (await fetch(VERIFY, json=warm_claim, key=merchant.key)).code == 200
    reply, mongo, redis = await counted(
        tally, fetch(VERIFY, json=claim_body(session_id, tx.trx_id), key=merchant.key)
    )
    assert reply.code == 200
    # Issue 12's goal (at most 3 and 1): the admission script; the session read, the
    # transaction reserved and read in one conditional update that matches it to the session,
    # and the transition, which marks the webhook event owed (the outbox relay writes it).
    assert mongo == CLAIM_COMMANDS
    assert redis == SCRIPT


async def test_a_submit_that_completes_a_session(fetch, make_account, deps, tally):
    merchant = await make_account()
    warm, session_id = await open_session(deps, merchant), await open_session(deps, merchant)
    warm_tx, tx = await pay(deps, merchant), await pay(deps, merchant)
    assert (await fetch(SUBMIT, json=claim_body(warm, warm_tx.trx_id))).code == 200
    reply, mongo, redis = await counted(
        tally, fetch(SUBMIT, json=claim_body(session_id, tx.trx_id))
    )
    assert reply.code == 200
    # The same three commands; one script: the per-address and per-session limits on the
    # session's account and that account's state (its Redis entry: no read of `accounts`).
    assert mongo == CLAIM_COMMANDS
    assert redis == SCRIPT


async def test_a_submit_whose_account_entry_is_missing_reads_the_account_once(
    fetch, make_account, deps, tally
):
    merchant = await make_account()
    warm, session_id = await open_session(deps, merchant), await open_session(deps, merchant)
    warm_tx, tx = await pay(deps, merchant), await pay(deps, merchant)
    assert (await fetch(SUBMIT, json=claim_body(warm, warm_tx.trx_id))).code == 200
    with tally.ignored():
        await deps.redis.delete(deps.keys.auth_account(merchant.id))
    reply, mongo, redis = await counted(
        tally, fetch(SUBMIT, json=claim_body(session_id, tx.trx_id))
    )
    # A miss, never an admission: the account read, and the script again with what was read.
    assert reply.code == 200
    assert mongo["find_one:accounts"] == 1 and redis == {"evalsha": 2}


async def test_the_relay_writes_a_batch_of_events_in_four_commands_and_one_script(
    fetch, make_account, deps, tally
):
    merchant = await make_account()
    for n in (1, 5):  # the first pass warms the scheduling script
        for _ in range(n):
            session_id, tx = await open_session(deps, merchant), await pay(deps, merchant)
            assert (await fetch(SUBMIT, json=claim_body(session_id, tx.trx_id))).code == 200
        tally.reset()
        assert await deps.services.outbox.relay(100) == n
    # The owed sessions, their five event ids, the events, the flags cleared; one schedule.
    assert dict(tally.mongo) == {
        "find:sessions": 1,
        "find_one_and_update:counters": 1,
        "insert_many:events": 1,
        "update_many:sessions": 1,
    }
    assert dict(tally.redis) == SCRIPT


async def test_an_arrival_check_is_two_reads_and_one_script(fetch, make_account, deps, tally):
    # The hosted page asks this every 5 seconds while a buyer waits for the SMS.
    merchant = await make_account()
    sid = await open_session(deps, merchant)
    arrival = f"/checkout/{sid}/arrival"
    body = {"trxId": "AAAAAA11", "provider": "bkash"}
    assert (await fetch(arrival, json=body)).json() == {"next": "wait"}
    reply, mongo, redis = await counted(tally, fetch(arrival, json=body))
    assert reply.json() == {"next": "wait"}
    assert (mongo, redis) == ({"find_one:sessions": 1, "find_one:transactions": 1}, SCRIPT)


async def test_a_short_payment_claim_records_its_mismatch_with_no_command_more(
    fetch, make_account, deps, tally
):
    merchant = await make_account()
    warm, session_id = await open_session(deps, merchant), await open_session(deps, merchant)
    warm_tx = await pay(deps, merchant, amount_poisha=49_900)
    tx = await pay(deps, merchant, amount_poisha=49_900)
    assert (await fetch(SUBMIT, json=claim_body(warm, warm_tx.trx_id))).code == 400
    reply, mongo, redis = await counted(
        tally, fetch(SUBMIT, json=claim_body(session_id, tx.trx_id))
    )
    assert reply.code == 400
    # As any claim whose transaction does not match: the session, the reservation refused, the
    # transaction read, and the failure's update, which also records the mismatch.
    assert mongo == {
        "find_one:sessions": 1,
        "find_one_and_update:transactions": 1,
        "find_one:transactions": 1,
        "find_one_and_update:sessions": 1,
    }
    assert redis == SCRIPT
    assert (await deps.stores.sessions.get(session_id)).mismatch is not None


async def test_accepting_a_different_amount_is_five_commands(fetch, make_account, deps, tally):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, amount_poisha=49_900)
    assert (await fetch(SUBMIT, json=claim_body(session_id, tx.trx_id))).code == 400
    tally.reset()
    await deps.services.settlement.settle(merchant.id, session_id, tx.id, "accept", "o@shop")
    # Read the session, its transaction and account; reserve the transaction; complete the
    # session (the event owed in the same update); record the acceptance on the transaction.
    assert dict(tally.mongo) == {
        "find_one:sessions": 1,
        "find_one:transactions": 1,
        "find_one:accounts": 1,
        "find_one_and_update:transactions": 2,
        "find_one_and_update:sessions": 1,
    }
    assert dict(tally.redis) == {}


async def test_a_merchant_read_of_a_session_is_one_script_and_one_read(fetch, make_account, tally):
    merchant = await make_account()
    made = (await fetch(INIT, json=initialize_body(), key=merchant.key)).json()
    path = f"/api/v1/checkout/sessions/{made['session_id']}"
    assert (await fetch(path, key=merchant.key)).code == 200
    reply, mongo, redis = await counted(tally, fetch(path, key=merchant.key))
    # The admission script (key, rate limit, the account's state), then the session read by
    # _id and the key's ledger in one find_one: another account's is not found by the query.
    assert reply.code == 200
    assert (mongo, redis) == ({"find_one:sessions": 1}, SCRIPT)


async def test_a_merchant_listing_by_order_is_one_script_and_one_query(fetch, make_account, tally):
    merchant = await make_account()
    made = (await fetch(INIT, json=initialize_body(), key=merchant.key)).json()
    path = f"/api/v1/checkout/sessions?order_id={made['order_id']}"
    assert (await fetch(path, key=merchant.key)).code == 200
    reply, mongo, redis = await counted(tally, fetch(path, key=merchant.key))
    # One find (the unique (account, order) index holds the order's one session), whatever
    # the page size: the extra document that tells "more" comes in the same reply.
    assert reply.code == 200 and len(reply.json()["items"]) == 1
    assert (mongo, redis) == ({"find:sessions": 1}, SCRIPT)
    reply, mongo, redis = await counted(
        tally, fetch("/api/v1/checkout/sessions?status=OPEN&limit=1", key=merchant.key)
    )
    assert reply.code == 200 and (mongo, redis) == ({"find:sessions": 1}, SCRIPT)


async def test_a_bad_listing_query_costs_the_script_alone(fetch, make_account, tally):
    merchant = await make_account()
    assert (await fetch("/api/v1/checkout/sessions", key=merchant.key)).code == 200
    reply, mongo, redis = await counted(
        tally, fetch("/api/v1/checkout/sessions?cursor=nope", key=merchant.key)
    )
    assert (reply.code, mongo, redis) == (400, {}, SCRIPT)
