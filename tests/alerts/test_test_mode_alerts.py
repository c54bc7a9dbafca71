"""Test mode and alerts: a merchant testing with a test key is never paged. Test payments held
on the chain or of another amount, their webhooks and the test phone alert nothing; the same
things live still do, and a held live payment is still confirmed from Telegram."""

from __future__ import annotations

from claimsvc.domain import alerts as al
from claimsvc.domain.delivery import attempt_record
from claimsvc.domain.modes import TEST, ledger_id
from claimsvc.domain.simulated_payments import TEST_DEVICE_ID
from tests.alerts.test_telegram_alerts import CHAT, alert_messages, held_claim, setup
from tests.alerts.test_telegram_buttons import buttons_of
from tests.claims_support import events_of, session_doc
from tests.sms.test_test_payments import mint_test_key, open_test, paid_and_claimed, pay, verify


async def test_held_and_wrong_amount_test_payments_alert_nothing_and_a_live_one_still_does(
    deps, fetch, make_account, drain, worker, telegram, clock
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    key = await mint_test_key(deps, merchant)
    test_ledger = ledger_id(merchant.id, TEST)
    await paid_and_claimed(fetch, key, drain)  # chains from the test phone's anchor

    held_id = await open_test(fetch, key)
    held = (await pay(fetch, key, held_id, "held")).json()
    wrong_id = await open_test(fetch, key)
    wrong = (await pay(fetch, key, wrong_id, "wrong_amount")).json()
    await drain()
    assert (await verify(fetch, key, held_id, held["trx_id"])).code == 202
    assert (await verify(fetch, key, wrong_id, wrong["trx_id"])).code == 400
    # The causes happened: a claim waiting on a held transaction, a differing amount, a chain
    # holding an entry for a balance it has not seen.
    assert (await session_doc(deps, held_id))["pending_claim"] is not None
    held_tx = await deps.db["transactions"].find_one({"trx_id": held["trx_id"]})
    assert held_tx["status"] == "held" and held_tx["account_id"] == test_ledger

    await worker.run()
    clock.advance(hours=2)  # long past the test phone's "quiet" hour
    await worker.run()
    assert alert_messages(telegram) == []
    assert await deps.stores.alerts.of_account(test_ledger) == []
    assert await deps.stores.alerts.of_account(merchant.id) == []
    # Nothing is left marked for a later pass to trip over.
    for name in ("sessions", "messages", "balances", "events"):
        assert await deps.db[name].count_documents({"alert_due": {"$exists": True}}) == 0, name
    assert await deps.db["devices"].count_documents({"_id": TEST_DEVICE_ID}) == 0

    session_id, tx = await held_claim(deps, fetch, merchant)
    await worker.run()
    [sent] = alert_messages(telegram)
    assert tx.trx_id in sent["text"] and held["trx_id"] not in sent["text"]
    [alert] = await deps.stores.alerts.of_account(merchant.id)
    assert (alert.kind, alert.facts["session_id"]) == (al.PAYMENT_HELD, session_id)


async def test_a_live_held_payment_is_confirmed_from_telegram_beside_the_test_ledger(
    deps, fetch, make_account, drain, worker, telegram
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    key = await mint_test_key(deps, merchant)
    await paid_and_claimed(fetch, key, drain)  # the account's test ledger is in use
    session_id, tx = await held_claim(deps, fetch, merchant)
    await worker.run()
    message_id, confirm, _ = buttons_of(telegram)
    telegram.user_presses(CHAT, message_id, confirm)
    await worker.run()
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    stored = await deps.db["transactions"].find_one({"_id": tx.id})
    assert stored["status"] == "confirmed" and stored["account_id"] == merchant.id
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]
    [answer] = telegram.of("answerCallbackQuery")
    assert answer["text"].startswith(f"✓ {tx.trx_id} confirmed; order")


async def test_a_test_sessions_dead_webhook_owes_no_alert_a_live_ones_does(
    deps, fetch, make_account, drain, worker, telegram
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    key = await mint_test_key(deps, merchant)
    session_id = await open_test(fetch, key)
    paid = (await pay(fetch, key, session_id, "paid")).json()
    await drain()
    assert (await verify(fetch, key, session_id, paid["trx_id"])).code == 200
    [doc] = await events_of(deps, session_id)
    event = await deps.stores.events.get(doc["_id"])
    assert event is not None and event.account_id == ledger_id(merchant.id, TEST)
    began = await deps.stores.events.begin_attempt(event, deps.clock())
    assert began is not None
    assert await deps.stores.events.mark_dead(
        began, attempt_record(1, deps.clock(), 500, "HTTP 500", 0.1)
    )
    stored = await deps.db["events"].find_one({"_id": event.id})
    assert stored["status"] == "dead" and "alert_due" not in stored
    await worker.run()
    assert [m for m in telegram.of("sendMessage") if m["text"].startswith("Webhooks")] == []
