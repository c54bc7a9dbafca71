"""Webhooks that stopped or died, and a phone gone quiet and back: each alerted once, grouped,
with no URL, body or full phone number in the message."""

from __future__ import annotations

from claimsvc.domain import alerts as al
from claimsvc.domain.delivery import NO_SECRET, attempt_record
from tests.alerts.test_telegram_alerts import setup
from tests.claims_support import open_session, pay, relay_owed


def texts(telegram, head: str) -> list[str]:
    return [m["text"] for m in telegram.of("sendMessage") if m["text"].startswith(head)]


async def ended_event(deps, merchant):
    """A completed session's webhook event, as the outbox relay writes it."""
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="confirmed")
    await deps.services.transactions.confirm(tx.id)
    session = await deps.stores.sessions.get(session_id)
    return await deps.services.outbox.record(session), session


async def test_stopped_and_dead_webhooks_are_one_message_once(deps, make_account, worker, telegram):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    first, s1 = await ended_event(deps, merchant)
    second, s2 = await ended_event(deps, merchant)
    now = deps.clock()
    assert await deps.stores.events.mark_stopped(first, NO_SECRET, now, None)
    began = await deps.stores.events.begin_attempt(second, now)
    assert await deps.stores.events.mark_dead(began, attempt_record(1, now, 500, "HTTP 500", 0.1))
    await worker.run()
    await worker.run()
    [text] = texts(telegram, "Webhooks your server did not get (2):")
    assert f"order {s1.order_id}: not sent" in text
    assert f"order {s2.order_id}: gave up after 1 attempts" in text
    assert "https://" + "shop.example.com" not in text and "/portal/webhooks" in text
    assert len(await deps.stores.alerts.of_account(merchant.id, al.WEBHOOK_FAILED)) == 2


async def test_a_test_webhook_owes_no_alert(deps, make_account, worker, telegram):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    event = await deps.services.outbox.record_test(merchant.account, "https://shop.example.com/x")
    began = await deps.stores.events.begin_attempt(event, deps.clock())
    await deps.stores.events.mark_dead(began, attempt_record(1, deps.clock(), 500, "x", 0.1))
    await worker.run()
    assert texts(telegram, "Webhooks") == []
    assert await relay_owed(deps) == 0


async def test_a_quiet_phone_is_alerted_once_then_back_once(
    deps, make_account, worker, telegram, clock
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    phone = (await deps.services.devices.register(merchant.id, "Shop 01712345678", None)).device
    await deps.services.devices.seen(phone)
    clock.advance(minutes=59)
    await worker.run()
    assert texts(telegram, "Phones not heard") == []
    clock.advance(minutes=2)
    await worker.run()
    clock.advance(minutes=30)
    await worker.run()
    [quiet] = texts(telegram, "Phones not heard from (1):")
    assert "Shop 017****5678" in quiet and "01712345678" not in quiet
    await deps.services.devices.seen(await deps.stores.devices.get(phone.id))
    clock.advance(minutes=1)  # phones are looked at once a minute
    await worker.run()
    await worker.run()
    [back] = texts(telegram, "Phones forwarding again (1):")
    assert "Shop 017****5678" in back and "/portal/devices" in back
    # Quiet again later: a new silence, a new alert.
    clock.advance(minutes=61)
    await worker.run()
    assert len(texts(telegram, "Phones not heard")) == 2


async def test_each_account_has_its_own_threshold(deps, make_account, worker, telegram, clock):
    """Issue 27: a shop that set 15 minutes hears of a phone 16 minutes quiet; a shop on the
    default hour does not; back again, it is told once."""
    merchant, _ = await setup(deps, make_account, worker, telegram)
    await deps.services.admin.patch_account(merchant.id, {"phone_quiet_minutes": 15})
    default = await make_account()
    phone = (await deps.services.devices.register(merchant.id, "Shop 01712345678", None)).device
    other = (await deps.services.devices.register(default.id, "Other phone", None)).device
    await deps.services.devices.seen(phone)
    await deps.services.devices.seen(other)
    clock.advance(minutes=14)
    await worker.run()
    assert texts(telegram, "Phones not heard") == []
    clock.advance(minutes=2)  # 16 minutes quiet
    await worker.run()
    await worker.run()
    [quiet] = texts(telegram, "Phones not heard from (1):")
    assert "Shop 017****5678" in quiet
    assert len(await deps.stores.alerts.of_account(merchant.id, al.PHONE_QUIET)) == 1
    assert await deps.stores.alerts.of_account(default.id, al.PHONE_QUIET) == []
    await deps.services.devices.seen(await deps.stores.devices.get(phone.id))
    for _ in range(3):
        clock.advance(minutes=1)
        await worker.run()
    assert len(texts(telegram, "Phones forwarding again (1):")) == 1
    assert len(texts(telegram, "Phones not heard")) == 1
    clock.advance(minutes=50)  # the default shop's phone: 69 minutes quiet now
    await worker.run()
    assert len(await deps.stores.alerts.of_account(default.id, al.PHONE_QUIET)) == 1


async def test_a_revoked_phone_is_never_alerted(deps, make_account, worker, telegram, clock):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    phone = (await deps.services.devices.register(merchant.id, "old phone", None)).device
    await deps.services.devices.revoke(phone.id)
    clock.advance(hours=2)
    await worker.run()
    assert texts(telegram, "Phones") == []
