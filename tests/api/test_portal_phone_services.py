"""The account-scoped service calls behind the portal's devices, transactions & SMS and wallets
pages: another account's object is not found and left as it was; the rules are the admin API's."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from claimsvc import errors
from claimsvc.domain.accounts import MAX_WALLETS, ShopWallet
from claimsvc.domain.statuses import NOT_UNDERSTOOD
from claimsvc.errors import WalletListed
from tests.claims_support import claim_body, events_of, open_session, pay, session_doc
from tests.portal.phone_support import store_message

NAGAD = ShopWallet("nagad", "01800000002", "merchant")


async def test_a_device_of_another_account_is_not_revoked(make_account, deps):
    mine, theirs = await make_account(), await make_account()
    device = (await deps.services.devices.register(theirs.id, "Their phone", None)).device
    with pytest.raises(errors.NotFound):
        await deps.services.devices.revoke(device.id, mine.id)
    stored = await deps.stores.devices.get(device.id)
    assert stored is not None and stored.active
    # Nothing was revoked in the intake's gate either.
    assert await deps.redis.hget(deps.keys.sms_device_gate, device.id) is None


async def test_a_device_of_the_account_is_revoked_and_its_token_refused(make_account, deps):
    merchant = await make_account()
    registered = await deps.services.devices.register(merchant.id, "Shop phone", None)
    revoked = await deps.services.devices.revoke(registered.device.id, merchant.id)
    assert not revoked.active
    with pytest.raises(errors.ServiceError) as refused:
        await deps.services.devices.authenticate(registered.token)
    assert refused.value.status == 401


async def test_an_unknown_device_is_not_found_for_an_account(make_account, deps):
    merchant = await make_account()
    with pytest.raises(errors.NotFound):
        await deps.services.devices.revoke("dev_missing", merchant.id)


async def test_a_device_is_quiet_an_hour_after_it_was_last_heard(make_account, deps):
    merchant = await make_account()
    device = (await deps.services.devices.register(merchant.id, "Shop phone", None)).device
    now = deps.clock()
    assert not device.quiet(now + timedelta(minutes=59))
    assert device.quiet(now + timedelta(minutes=61))
    await deps.services.devices.seen(device)
    [seen] = (await deps.services.devices.list(merchant.id, None, None)).items
    assert seen.last_seen_at == now and not seen.quiet(now + timedelta(minutes=59))
    revoked = await deps.services.devices.revoke(device.id, merchant.id)
    assert not revoked.quiet(now + timedelta(days=1))  # a revoked phone is gone, not quiet


async def test_a_transaction_of_another_account_is_not_confirmed(make_account, deps):
    mine, theirs = await make_account(), await make_account()
    tx = await pay(deps, theirs, status="held")
    with pytest.raises(errors.NotFound):
        await deps.services.wallet_admin.confirm(tx.id, True, mine.id)
    stored = await deps.stores.transactions.get(tx.id)
    assert stored is not None and stored.status == "held"


async def test_confirming_a_held_payment_completes_its_waiting_claim_once(
    fetch, make_account, deps
):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="held")
    submitted = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert submitted.code == 202  # PENDING_VERIFICATION: the claim waits on the transaction
    confirm = deps.services.wallet_admin.confirm
    done = await asyncio.gather(*(confirm(tx.id, False, merchant.id) for _ in range(3)))
    assert {d.transaction.status for d in done} == {"confirmed"}
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    assert len(await events_of(deps, session_id)) == 1


async def test_a_suspect_payment_is_refused_without_the_override(fetch, make_account, deps):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="suspect")
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    with pytest.raises(errors.TransactionSuspect):
        await deps.services.wallet_admin.confirm(tx.id, False, merchant.id)
    assert (await session_doc(deps, session_id))["status"] == "OPEN"
    done = await deps.services.wallet_admin.confirm(tx.id, True, merchant.id)
    assert done.transaction.status == "confirmed"
    assert done.transaction.confirmed_by == "merchant"


async def test_the_admin_api_still_confirms_any_accounts_transaction(make_account, deps):
    merchant = await make_account()
    tx = await pay(deps, merchant)
    done = await deps.services.wallet_admin.confirm(tx.id, False)
    assert done.transaction.status == "confirmed"


async def test_listings_hold_only_the_accounts_own_transactions(make_account, deps):
    mine, theirs = await make_account(), await make_account()
    own = await pay(deps, mine, status="held")
    await pay(deps, mine)
    await pay(deps, theirs, status="held")
    query = {"account_id": mine.id, "status": "held"}
    found = await deps.services.wallet_admin.transactions(query)
    assert [tx.id for tx in found.items] == [own.id]


async def test_messages_not_understood_are_listed_with_their_reason(make_account, deps):
    mine, theirs = await make_account(), await make_account()
    unparsed = await store_message(deps, mine.id, "unparsed", "no_pattern")
    ignored = await store_message(deps, mine.id, "ignored", "otp")
    await store_message(deps, mine.id, "parsed", None)
    await store_message(deps, theirs.id, "unparsed", "no_trx_id")
    query = {"account_id": mine.id, "result": NOT_UNDERSTOOD}
    found = (await deps.services.wallet_admin.messages(query)).items
    assert {(m.id, m.reason) for m in found} == {(unparsed.id, "no_pattern"), (ignored.id, "otp")}


async def test_a_wallet_is_added_once_and_shown_to_buyers(fetch, make_account, deps):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    account = await deps.services.admin.add_wallet(merchant.id, NAGAD)
    assert account.wallets[-1] == NAGAD
    with pytest.raises(WalletListed):
        await deps.services.admin.add_wallet(merchant.id, NAGAD)
    read = (await fetch(f"/api/v1/checkout/session/{session_id}")).json()
    assert read["wallets"][-1] == {"provider": "nagad", "number": "01800000002", "kind": "merchant"}
    assert len(read["wallets"]) == 2


async def test_concurrent_adds_of_one_wallet_list_it_once(make_account, deps):
    merchant = await make_account()
    add = deps.services.admin.add_wallet
    added = await asyncio.gather(
        *(add(merchant.id, NAGAD) for _ in range(5)), return_exceptions=True
    )
    assert sum(not isinstance(a, Exception) for a in added) == 1
    assert (await deps.services.admin.get_account(merchant.id)).wallets.count(NAGAD) == 1


async def test_an_account_lists_at_most_the_wallet_limit(make_account, deps):
    wallets = [
        {"provider": "bkash", "number": f"0170000{i:04d}", "kind": "personal"}
        for i in range(MAX_WALLETS)
    ]
    merchant = await make_account(wallets=wallets)
    with pytest.raises(errors.InvalidBody) as refused:
        await deps.services.admin.add_wallet(merchant.id, NAGAD)
    assert refused.value.details == [f"wallets: at most {MAX_WALLETS}"]
    assert len((await deps.services.admin.get_account(merchant.id)).wallets) == MAX_WALLETS


async def test_a_wallet_is_removed_and_a_missing_one_is_not_found(fetch, make_account, deps):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    account = await deps.services.admin.remove_wallet(merchant.id, "bkash", "01700000001")
    assert account.wallets == ()
    with pytest.raises(errors.NotFound):
        await deps.services.admin.remove_wallet(merchant.id, "bkash", "01700000001")
    read = (await fetch(f"/api/v1/checkout/session/{session_id}")).json()
    assert read["wallets"] == []


async def test_an_unknown_account_gets_no_wallet(deps):
    with pytest.raises(errors.NotFound):
        await deps.services.admin.add_wallet("acc_missing", NAGAD)


async def test_an_anchor_starts_a_chain_listed_for_the_account_only(make_account, deps):
    mine, theirs = await make_account(), await make_account()
    device = (await deps.services.devices.register(mine.id, "Shop phone", None)).device
    body = {"provider": "bkash", "device_id": device.id, "balance_poisha": 1_250_075}
    await deps.services.wallet_admin.anchor(mine.id, body)
    [chain] = await deps.services.wallet_admin.chains(mine.id)
    assert (chain.stored_key.device_id, chain.running, chain.anchor_balance) == (
        device.id,
        1_250_075,
        1_250_075,
    )
    assert await deps.services.wallet_admin.chains(theirs.id) == []
    with pytest.raises(errors.InvalidBody):
        await deps.services.wallet_admin.anchor(theirs.id, body)
