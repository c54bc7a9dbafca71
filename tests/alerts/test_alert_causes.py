"""The other causes: an SMS from a wallet not understood, a claim of another amount; and
linking a chat (a code once, private chats only, the user's language)."""

from __future__ import annotations

from claimsvc.domain import alerts as al
from tests.alerts.conftest import link
from tests.alerts.test_telegram_alerts import CHAT, make_user, setup
from tests.claims_support import claim_body, open_session, pay
from tests.portal.phone_support import all_documents, store_message

SMS_TEXT = "You have received Tk 500.00 from 01712345678. Ref 95. Fee Tk 0.00. Balance Tk 9,999"


async def test_an_sms_not_understood_is_alerted_without_its_text_or_number(
    deps, make_account, worker, telegram
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    await store_message(deps, merchant.id, "unparsed", "no_rule", text=SMS_TEXT)
    await store_message(deps, merchant.id, "ignored", "not_a_payment")
    await worker.run()
    [sent] = [m for m in telegram.of("sendMessage") if m["text"].startswith("SMS from")]
    assert sent["text"].startswith("SMS from a wallet that we could not read (1):")
    assert "bKash" in sent["text"] and "/portal/transactions" in sent["text"]
    assert "01712345678" not in sent["text"] and "Tk 500" not in sent["text"]
    assert "reply_markup" not in sent
    # Stored alerts hold neither the SMS nor the number either.
    assert not any("01712345678" in doc for doc in await all_documents(deps) if "alr_" in doc)


async def test_a_claim_of_another_amount_is_alerted_once(
    deps, fetch, make_account, worker, telegram
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, amount_poisha=40_000)
    for _ in range(2):
        answer = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
        assert answer.code == 400
    await worker.run()
    [sent] = [m for m in telegram.of("sendMessage") if m["text"].startswith("A buyer")]
    assert tx.trx_id in sent["text"] and "৳ 500" in sent["text"]
    assert len(await deps.stores.alerts.of_account(merchant.id, al.AMOUNT_DIFFERS)) == 1


async def test_alerts_come_in_the_language_the_code_was_made_in(
    deps, make_account, worker, telegram
):
    merchant = await make_account()
    user = await make_user(deps, merchant.id)
    await link(deps, worker, telegram, user, CHAT, lang="bn")
    assert telegram.of("sendMessage")[-1]["text"].startswith("যুক্ত হয়েছে।")
    await store_message(deps, merchant.id, "unparsed", "no_rule")
    await worker.run()
    assert telegram.of("sendMessage")[-1]["text"].startswith("ওয়ালেটের যে SMS")
    assert "(১)" in telegram.of("sendMessage")[-1]["text"]


async def test_a_link_code_works_once_and_only_in_a_private_chat(
    deps, make_account, worker, telegram
):
    merchant = await make_account()
    user = await make_user(deps, merchant.id)
    code = await deps.services.alert_channels.new_code(user, "en")
    telegram.user_sends(-100123, code, chat_type="group")
    telegram.user_sends(CHAT, "AAAAAAAAAA")
    telegram.user_sends(CHAT, code.lower())
    telegram.user_sends(CHAT + 1, code)
    await worker.poller.poll_once()
    texts = [m["text"] for m in telegram.of("sendMessage")]
    assert texts[0].startswith("Link alerts in a private chat")
    assert texts[1].startswith("That code is not valid")
    assert texts[2].startswith("Linked. Alerts of Test Shop")
    assert texts[3].startswith("That code is not valid")
    [channel] = await deps.stores.alert_channels.of_account(merchant.id)
    # Every kind but the optional ones (each completed payment, the daily summary).
    assert channel.address == str(CHAT) and channel.kinds == al.DEFAULT_KINDS
    stored = await all_documents(deps)
    assert not any(code in doc for doc in stored)


async def test_an_expired_code_links_nothing(deps, make_account, worker, telegram, clock):
    merchant = await make_account()
    user = await make_user(deps, merchant.id)
    code = await deps.services.alert_channels.new_code(user, "en")
    clock.advance(minutes=15)
    telegram.user_sends(CHAT, code)
    await worker.poller.poll_once()
    assert telegram.of("sendMessage")[-1]["text"].startswith("That code is not valid")
    assert await deps.stores.alert_channels.of_account(merchant.id) == []


async def test_unchosen_kinds_are_not_sent(deps, make_account, worker, telegram):
    merchant, user = await setup(deps, make_account, worker, telegram)
    [channel] = await deps.services.alert_channels.of_user(user.id)
    await deps.services.alert_channels.choose(user, channel.id, [al.PAYMENT_HELD, "bogus"])
    await store_message(deps, merchant.id, "unparsed", "no_rule")
    before = len(telegram.of("sendMessage"))
    await worker.run()
    assert len(telegram.of("sendMessage")) == before
    [channel] = await deps.services.alert_channels.of_user(user.id)
    assert channel.kinds == (al.PAYMENT_HELD,)


async def test_a_disabled_users_linked_chat_gets_nothing(deps, make_account, worker, telegram):
    merchant, user = await setup(deps, make_account, worker, telegram)
    await make_user(deps, merchant.id)  # an owner remains, so this one may be disabled
    await deps.services.users.disable(merchant.id, user.id)
    before = len(telegram.of("sendMessage"))
    await store_message(deps, merchant.id, "unparsed", "no_rule")
    await worker.run()
    assert len(telegram.of("sendMessage")) == before
