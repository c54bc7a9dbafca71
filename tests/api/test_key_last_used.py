"""API keys as the merchant's portal sees them (issue 16): listed with their last use, which
the admission script stamps; revoked by their own account only."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from claimsvc import errors
from claimsvc.domain.accounts import last_used_stamp
from tests.conftest import initialize_body

INIT = "/api/v1/checkout/initialize"


def minute(now: datetime) -> datetime:
    return datetime.fromtimestamp(last_used_stamp(now), UTC)


async def test_a_key_never_used_has_no_last_use(deps, make_account):
    merchant = await make_account()
    (key,) = await deps.services.admin.list_keys(merchant.id)
    assert (key.id, key.last_used_at, key.revoked_at) == (merchant.key_id, None, None)


async def test_a_request_stamps_the_keys_last_use_to_the_minute(deps, make_account, fetch, clock):
    merchant = await make_account()
    clock.advance(seconds=95)
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    (key,) = await deps.services.admin.list_keys(merchant.id)
    assert key.last_used_at == minute(clock.now) == datetime(2026, 11, 21, 6, 1, tzinfo=UTC)
    clock.advance(minutes=5)
    assert (await fetch(INIT, json={}, key=merchant.key)).code == 400  # a bad body still used it
    (key,) = await deps.services.admin.list_keys(merchant.id)
    assert key.last_used_at == minute(clock.now)


async def test_only_the_key_that_called_is_stamped(deps, make_account, fetch):
    merchant = await make_account()
    other = await deps.services.admin.mint_key(merchant.id, "spare")
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    keys = {k.id: k for k in await deps.services.admin.list_keys(merchant.id)}
    assert keys[merchant.key_id].last_used_at is not None
    assert keys[other.key.id].last_used_at is None


async def test_the_last_use_survives_redis_losing_it_once_listed(deps, make_account, fetch, clock):
    merchant = await make_account()
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    seen = minute(clock.now)
    assert (await deps.services.admin.list_keys(merchant.id))[0].last_used_at == seen
    await deps.redis.flushall()
    assert (await deps.services.admin.list_keys(merchant.id))[0].last_used_at == seen
    stored = await deps.stores.api_keys.get(merchant.key_id)
    assert stored is not None and stored.last_used_at == seen


async def test_an_older_stamp_never_moves_the_stored_last_use_back(deps, make_account, clock):
    merchant = await make_account()
    later = clock.now + timedelta(hours=1)
    await deps.stores.api_keys.record_last_used({merchant.key_id: later})
    await deps.stores.api_keys.record_last_used({merchant.key_id: clock.now})
    stored = await deps.stores.api_keys.get(merchant.key_id)
    assert stored is not None and stored.last_used_at == later


async def test_a_key_revoked_by_its_account_is_refused_on_the_next_initialize(
    deps, make_account, fetch
):
    merchant = await make_account()
    assert (await fetch(INIT, json=initialize_body(), key=merchant.key)).code == 201
    revoked = await deps.services.admin.revoke_key(merchant.key_id, merchant.id)
    assert revoked.revoked_at is not None
    reply = await fetch(INIT, json=initialize_body(), key=merchant.key)
    assert (reply.code, reply.json()) == (401, {"error": "Unauthorized API Key"})
    (key,) = await deps.services.admin.list_keys(merchant.id)
    assert key.revoked_at == revoked.revoked_at


async def test_another_accounts_key_cannot_be_revoked_or_seen(deps, make_account, fetch):
    mine, theirs = await make_account(), await make_account()
    with pytest.raises(errors.NotFound):
        await deps.services.admin.revoke_key(theirs.key_id, mine.id)
    assert (await fetch(INIT, json=initialize_body(), key=theirs.key)).code == 201
    assert [k.id for k in await deps.services.admin.list_keys(mine.id)] == [mine.key_id]


async def test_a_minted_key_carries_its_label_and_works_at_once(deps, make_account, fetch):
    merchant = await make_account()
    minted = await deps.services.admin.mint_key(merchant.id, "shop server")
    assert (await fetch(INIT, json=initialize_body(), key=minted.secret)).code == 201
    listed = {k.id: k for k in await deps.services.admin.list_keys(merchant.id)}
    assert listed[minted.key.id].label == "shop server"
    assert listed[minted.key.id].prefix == minted.secret[:12]


async def test_save_last_used_keeps_every_accounts_uses_never_listed_before_redis_goes(
    deps, make_account, fetch, clock
):
    """Issue 32: the dev stack's Redis lives in its process; its clean stop saves the uses
    nobody listed yet, so the portal shows them after the restart."""
    used, idle = await make_account(), await make_account()
    assert (await fetch(INIT, json=initialize_body(), key=used.key)).code == 201
    await deps.services.admin.save_last_used()
    await deps.redis.flushall()  # the in-process Redis of the next start is empty
    (key,) = await deps.services.admin.list_keys(used.id)
    assert key.last_used_at == minute(clock.now)
    (never,) = await deps.services.admin.list_keys(idle.id)
    assert never.last_used_at is None
