"""The optional alerts (issue 27): each completed live payment, for a user who chose it, once per
payment and grouped; the daily summary at the hour the owner picked (Dhaka time), once per
account and day, in each user's language, by Telegram and by email."""

from __future__ import annotations

from typing import Any

import pytest

from claimsvc.domain import alerts as al
from claimsvc.worker.alerts import alert_loops
from tests.alerts.conftest import link
from tests.alerts.smtp_server import smtp
from tests.alerts.test_email_alerts import settings, verified  # noqa: F401  (fixture: Telegram and SMTP)
from tests.alerts.test_telegram_alerts import CHAT, held_claim, make_user, setup
from tests.claims_support import claim_body, open_session, pay
from tests.sms.test_test_payments import mint_test_key, paid_and_claimed

__all__ = ["smtp"]
pytestmark = pytest.mark.wire

BN_CHAT = 5_550_009


async def completed_claim(deps: Any, fetch: Any, merchant: Any) -> tuple[str, Any]:
    """A buyer's claim of a confirmed transaction: the session completes (200)."""
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="confirmed")
    answer = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert answer.code == 200
    return session_id, tx


async def choose(deps: Any, user: Any, kind: str, *kinds: str) -> al.Channel:
    [channel] = [c for c in await deps.services.alert_channels.of_user(user.id) if c.kind == kind]
    return await deps.services.alert_channels.choose(user, channel.id, list(kinds))


def texts(telegram, chat: int = CHAT) -> list[str]:
    return [m["text"] for m in telegram.of("sendMessage") if m["chat_id"] == chat]


async def test_each_completed_payment_is_alerted_once_grouped_to_who_chose_it(
    deps, fetch, make_account, worker, telegram
):
    merchant, user = await setup(deps, make_account, worker, telegram)
    await choose(deps, user, al.TELEGRAM, al.PAYMENT_COMPLETED)
    other = await make_user(deps, merchant.id)
    await link(deps, worker, telegram, other, BN_CHAT, "bn")  # kept the default kinds
    paid = [await completed_claim(deps, fetch, merchant) for _ in range(3)]
    await worker.run()
    await worker.run()
    [sent] = [t for t in texts(telegram) if t.startswith("Payments completed")]
    lines = sent.splitlines()
    assert lines[0] == "Payments completed (3):"
    for session_id, tx in paid:
        order = (await deps.stores.sessions.get(session_id)).order_id
        link_line = f"https://pay.example.test/portal/payments/{session_id}"
        assert any(tx.trx_id in ln and order in ln and ln.endswith(link_line) for ln in lines)
    assert lines[-1] == "All payments: https://pay.example.test/portal/payments"
    assert not [t for t in texts(telegram, BN_CHAT) if "(" in t]
    written = await deps.stores.alerts.of_account(merchant.id, al.PAYMENT_COMPLETED)
    assert len(written) == 3


async def test_a_completion_nobody_chose_writes_no_alert(
    deps, fetch, make_account, worker, telegram
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    await completed_claim(deps, fetch, merchant)
    await worker.run()
    assert await deps.stores.alerts.of_account(merchant.id, al.PAYMENT_COMPLETED) == []
    assert await deps.db["sessions"].count_documents({"alert_due": {"$exists": True}}) == 0
    assert texts(telegram)[-1].startswith("Linked.")


async def test_a_completed_test_payment_is_never_alerted(
    deps, fetch, make_account, drain, worker, telegram
):
    merchant, user = await setup(deps, make_account, worker, telegram)
    await choose(deps, user, al.TELEGRAM, al.PAYMENT_COMPLETED)
    key = await mint_test_key(deps, merchant)
    await paid_and_claimed(fetch, key, drain)
    await worker.run()
    assert not [t for t in texts(telegram) if t.startswith("Payments completed")]
    await completed_claim(deps, fetch, merchant)
    await worker.run()
    [sent] = [t for t in texts(telegram) if t.startswith("Payments completed")]
    assert sent.startswith("Payments completed (1):")


async def set_summary(deps: Any, merchant: Any, hour: int, starts: str | None = None) -> None:
    fields = {"alert_summary_hour": hour, "alert_summary_from": starts}
    await deps.services.admin.patch_account(merchant.id, fields)


async def test_the_daily_summary_goes_once_a_day_in_each_users_language(
    deps, fetch, make_account, worker, telegram, smtp
):
    # The clock starts at 06:00 UTC: 12:00 in Dhaka; the summary's hour is 13:00.
    merchant, user = await setup(deps, make_account, worker, telegram)
    await choose(deps, user, al.TELEGRAM, al.DAILY_SUMMARY)
    other = await make_user(deps, merchant.id, "staff")
    email = await verified(deps, smtp, other, "staff@shop.example.com")
    await deps.db["alert_channels"].update_one({"_id": email.id}, {"$set": {"lang": "bn"}})
    await choose(deps, other, al.EMAIL, al.DAILY_SUMMARY)
    [await completed_claim(deps, fetch, merchant) for _ in range(2)]
    await held_claim(deps, fetch, merchant)
    await set_summary(deps, merchant, 13)
    deps.clock.advance(hours=1)
    await worker.run()
    [summary] = [t for t in texts(telegram) if t.startswith("Your day")]
    assert summary.splitlines()[:3] == [
        "Your day to 1:00 PM, 21 Nov (Dhaka time):",
        "2 payments completed, ৳ 1,000.",
        "• Waiting for you to confirm: 1",
    ]
    [mail] = [m for m in smtp.to("staff@shop.example.com") if "দিন" in m["Subject"]]
    assert "২টি পেমেন্ট সম্পন্ন" in mail.get_content()
    # A second worker, or a restart, the same day: nothing more.
    again = alert_loops(deps)[0]
    deps.clock.advance(hours=5)
    await again.one_pass()
    await worker.run()
    assert len([t for t in texts(telegram) if t.startswith("Your day")]) == 1
    # The next day at 13:00 Dhaka: the next one, of the 24 hours since.
    deps.clock.advance(hours=18, minutes=59)
    await worker.run()
    assert len([t for t in texts(telegram) if t.startswith("Your day")]) == 1
    deps.clock.advance(minutes=1)
    await worker.run()
    days = [t for t in texts(telegram) if t.startswith("Your day")]
    assert len(days) == 2 and days[1].startswith("Your day to 1:00 PM, 22 Nov")
    assert "0 payments completed" in days[1]


async def test_a_summary_missed_for_days_is_sent_once_when_the_worker_is_back(
    deps, fetch, make_account, worker, telegram
):
    merchant, user = await setup(deps, make_account, worker, telegram)
    await choose(deps, user, al.TELEGRAM, al.DAILY_SUMMARY)
    await set_summary(deps, merchant, 9, "2026-11-01")  # 09:00 Dhaka: 03:00 UTC
    deps.clock.advance(days=4)  # the worker was down; back at 12:00 Dhaka on the 25th
    fresh = alert_loops(deps)[0]
    await fresh.one_pass()
    await worker.run()
    [summary] = [t for t in texts(telegram) if t.startswith("Your day")]
    assert summary.startswith("Your day to 9:00 AM, 25 Nov")
    summaries = await deps.stores.alerts.of_account(merchant.id, al.DAILY_SUMMARY)
    assert [a.cause for a in summaries] == ["summary:2026-11-25"]


async def test_nobody_gets_a_summary_without_an_hour_or_without_choosing_it(
    deps, fetch, make_account, worker, telegram
):
    merchant, user = await setup(deps, make_account, worker, telegram)
    await worker.run()
    await choose(deps, user, al.TELEGRAM, al.PAYMENT_HELD)
    await set_summary(deps, merchant, 12)
    deps.clock.advance(hours=1)
    await worker.run()
    assert not [t for t in texts(telegram) if t.startswith("Your day")]
    # Written once for the account all the same: a user who chooses it later gets tomorrow's.
    summaries = await deps.stores.alerts.of_account(merchant.id, al.DAILY_SUMMARY)
    assert [a.cause for a in summaries] == ["summary:2026-11-21"]
