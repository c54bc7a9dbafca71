"""Alerts through Telegram, end to end on the embedded stores: a held payment's claim becomes
one alert, sent once by the worker to the stand-in Bot API, grouped, retried as Telegram asks,
and confirmed (or not) from its buttons exactly as the portal confirms."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest

from claimsvc.domain import alerts as al
from claimsvc.domain.users import PortalUser
from claimsvc.worker.alerts import LEASED, POLL_RETRY_S
from tests.alerts.conftest import TOKEN, link
from tests.claims_support import claim_body, open_session, pay

pytestmark = pytest.mark.wire

CHAT = 5_550_001
OTHER_CHAT = 5_550_002


async def make_user(deps: Any, account_id: str, role: str = "owner") -> PortalUser:
    email = f"u-{uuid.uuid4().hex[:8]}@shop.example.com"
    invited = await deps.services.users.invite(account_id, email, role)
    user = await deps.services.users.accept_invite(invited.token, "a long enough password 1")
    return user.public()


async def held_claim(deps: Any, fetch: Any, merchant: Any) -> tuple[str, Any]:
    """A buyer's claim waiting on a held transaction (202 PENDING_VERIFICATION)."""
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="held")
    answer = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert answer.code == 202
    return session_id, tx


async def setup(deps, make_account, worker, telegram, role: str = "owner"):
    merchant = await make_account(balance_verification=True)
    user = await make_user(deps, merchant.id, role)
    await link(deps, worker, telegram, user, CHAT)
    assert telegram.of("sendMessage")[-1]["text"].startswith("Linked.")
    return merchant, user


def alert_messages(telegram) -> list[dict[str, Any]]:
    return [m for m in telegram.of("sendMessage") if "reply_markup" in m or "(" in m["text"]]


async def test_a_held_payment_is_alerted_once_with_its_buttons(
    deps, fetch, make_account, worker, telegram
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    session_id, tx = await held_claim(deps, fetch, merchant)
    await worker.run()
    await worker.run()
    [sent] = alert_messages(telegram)
    assert sent["chat_id"] == CHAT
    assert tx.trx_id in sent["text"] and "৳ 500" in sent["text"]
    assert "https://pay.example.test/portal/transactions" in sent["text"]
    [[confirm, reject]] = sent["reply_markup"]["inline_keyboard"]
    assert confirm["callback_data"].startswith("c:") and reject["callback_data"].startswith("r:")
    assert len(confirm["callback_data"].encode()) <= 64
    # The same cause marked again (the claim repeated) is refused by the unique index.
    again = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert again.code == 202
    await worker.run()
    assert len(alert_messages(telegram)) == 1
    assert len(await deps.stores.alerts.of_account(merchant.id)) == 1


async def test_many_held_payments_at_once_are_one_message(
    deps, fetch, make_account, worker, telegram
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    held = [await held_claim(deps, fetch, merchant) for _ in range(3)]
    await worker.run()
    [sent] = alert_messages(telegram)
    assert sent["text"].startswith("Payments waiting for you to confirm (3):")
    assert all(tx.trx_id in sent["text"] for _, tx in held)
    assert len(sent["reply_markup"]["inline_keyboard"]) == 3


async def test_a_429_waits_for_retry_after_then_sends(
    deps, fetch, make_account, worker, telegram, clock
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    telegram.fail_next("sendMessage", 429, retry_after=7)
    await held_claim(deps, fetch, merchant)
    await worker.run()
    assert len(alert_messages(telegram)) == 1  # the refused attempt
    clock.advance(seconds=6)
    await worker.run()
    assert len(alert_messages(telegram)) == 1  # not before retry_after
    clock.advance(seconds=1)
    await worker.run()
    assert len(alert_messages(telegram)) == 2
    [channel] = await deps.stores.alert_channels.of_account(merchant.id)
    assert channel.status == al.LINKED and channel.failures == 0


async def test_a_5xx_is_retried_on_the_webhook_schedule(
    deps, fetch, make_account, worker, telegram, clock
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    telegram.fail_next("sendMessage", 502)
    await held_claim(deps, fetch, merchant)
    await worker.run()
    clock.advance(seconds=119)
    await worker.run()
    assert len(alert_messages(telegram)) == 1
    clock.advance(seconds=1)  # retry.next_delay(1): 2 minutes
    await worker.run()
    assert len(alert_messages(telegram)) == 2
    sends = await deps.stores.alert_sends.of_channel(
        (await deps.stores.alert_channels.of_account(merchant.id))[0].id
    )
    assert [(s.status, s.attempts) for s in sends] == [(al.SENT, 2)]


async def test_a_channel_that_keeps_failing_is_broken_and_gets_nothing_more(
    deps, fetch, make_account, worker, telegram, clock
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    for _ in range(al.BROKEN_AFTER):
        telegram.fail_next("sendMessage", 500)
    await held_claim(deps, fetch, merchant)
    for _ in range(al.BROKEN_AFTER):
        await worker.run()
        clock.advance(hours=1)
    [channel] = await deps.stores.alert_channels.of_account(merchant.id)
    assert channel.status == al.BROKEN and channel.last_error == "HTTP 500"
    before = len(telegram.of("sendMessage"))
    await held_claim(deps, fetch, merchant)
    await worker.run()
    assert len(telegram.of("sendMessage")) == before


async def test_a_chat_that_blocked_the_bot_is_broken_at_once(
    deps, fetch, make_account, worker, telegram
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    telegram.fail_next("sendMessage", 403)
    await held_claim(deps, fetch, merchant)
    await worker.run()
    [channel] = await deps.stores.alert_channels.of_account(merchant.id)
    assert channel.status == al.BROKEN


async def test_the_bot_token_is_never_logged(deps, fetch, make_account, worker, telegram, caplog):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    telegram.fail_next("sendMessage", 500)
    await held_claim(deps, fetch, merchant)
    caplog.set_level("DEBUG")
    await worker.run()
    assert "alert send failed" in caplog.text
    assert TOKEN not in caplog.text and TOKEN.split(":")[1] not in caplog.text
    assert TOKEN not in repr(deps.settings)


async def test_sigterm_during_a_long_poll_stops_the_poller_without_losing_updates(
    deps, worker, telegram
):
    telegram.hold_updates = asyncio.Event()  # getUpdates long-polls until released
    telegram.user_sends(CHAT, "/stop")
    stop = asyncio.Event()
    running = asyncio.ensure_future(worker.poller.run(stop))
    while not telegram.of("getUpdates"):
        await asyncio.sleep(0.01)
    stop.set()
    await running  # returns without waiting for the poll
    telegram.release_updates()  # the abandoned poll is answered to no one
    await worker.poller.poll_once()  # the next worker gets the update that was in flight
    assert telegram.of("sendMessage")[-1]["text"] == "Unlinked: no more alerts here."


async def test_two_workers_passing_at_once_send_each_alert_once(
    deps, fetch, make_account, worker, telegram
):
    from claimsvc.worker.alerts import alert_loops

    merchant, _ = await setup(deps, make_account, worker, telegram)
    for _ in range(3):
        await held_claim(deps, fetch, merchant)
    other = alert_loops(deps)[0]
    for _ in range(3):
        await asyncio.gather(worker.loop.one_pass(), other.one_pass())  # type: ignore[attr-defined]
    sent = alert_messages(telegram)
    assert sum(len(m["reply_markup"]["inline_keyboard"]) for m in sent) == 3
    assert len(await deps.stores.alerts.of_account(merchant.id)) == 3


async def test_a_failed_poll_is_retried_after_a_second_not_the_idle_alert_pass(
    deps, worker, telegram
):
    poller = worker.poller
    assert poller.pause_after(None) == POLL_RETRY_S == 1.0  # getUpdates failed
    assert poller.pause_after(LEASED) == deps.settings.alert_pass_ms / 1000  # another polls
    telegram.fail_next("getUpdates", 502)
    telegram.user_sends(CHAT, "/stop")
    stop = asyncio.Event()
    running = asyncio.ensure_future(poller.run(stop))
    try:
        # The reply reaches the user after the retry: a second, not the 30 s idle alert pass.
        async def answered() -> None:
            while not telegram.of("sendMessage"):
                await asyncio.sleep(0.01)

        await asyncio.wait_for(answered(), 20)
    finally:
        stop.set()
        await running
    assert len(telegram.of("getUpdates")) >= 2
