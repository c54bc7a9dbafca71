"""Alerts by email through a real SMTP server (aiosmtpd): sent once and grouped like Telegram's,
no buttons (a link to the portal instead), no SMS text; a refusing server breaks the channel, a
busy one is retried; each user chooses which alerts go to which channel."""

from __future__ import annotations

import re

import pytest

from claimsvc.domain import alerts as al
from tests.alerts.smtp_server import smtp, smtp_settings
from tests.alerts.test_telegram_alerts import alert_messages, held_claim, make_user, setup
from tests.conftest import make_settings
from tests.portal.phone_support import store_message

__all__ = ["smtp"]

ADDRESS = "owner@shop.example.com"


@pytest.fixture
def settings(telegram, smtp):
    return make_settings(
        telegram_bot_token="123456789:TEST-bot-token-do-not-log",
        telegram_api_url=telegram.url,
        telegram_poll_s=0,
        webhook_allow_private=True,
        **smtp_settings(smtp),
    )


async def verified(deps, smtp, user, address: str = ADDRESS) -> al.Channel:
    """The user's alert address, verified through the link the server received."""
    base = deps.settings.public_base_url + "/portal/alerts/email/verify"
    await deps.services.alert_channels.add_email(user, address, "en", base)
    token = re.search(r"verify/([A-Za-z0-9_-]+)", smtp.to(address)[-1].get_content()).group(1)
    return await deps.services.alert_channels.verify_email(user, token)


async def test_alerts_go_by_email_once_grouped_without_buttons(
    deps, fetch, make_account, worker, smtp
):
    merchant = await make_account(balance_verification=True)
    user = await make_user(deps, merchant.id)
    await verified(deps, smtp, user)
    held = [await held_claim(deps, fetch, merchant) for _ in range(2)]
    await store_message(deps, merchant.id, "unparsed", "no_rule", text="Tk 500 from 01712345678")
    await worker.run()
    await worker.run()
    subjects = sorted(m["Subject"] for m in smtp.to(ADDRESS)[1:])
    assert subjects == [
        "Payments waiting for you to confirm (2)",
        "SMS from a wallet that we could not read (1)",
    ]
    [payments] = [m for m in smtp.to(ADDRESS) if m["Subject"].startswith("Payments")]
    body = payments.get_content()
    assert all(tx.trx_id in body for _, tx in held)
    assert "https://pay.example.test/portal/transactions" in body
    assert payments["From"] == "Payment alerts <alerts@pay.example.test>"
    every = "".join(m.get_content() for m in smtp.messages)
    assert "01712345678" not in every and "Tk 500" not in every


async def test_each_channel_gets_the_alerts_its_user_chose(
    deps, fetch, make_account, worker, telegram, smtp
):
    merchant, user = await setup(deps, make_account, worker, telegram)
    email = await verified(deps, smtp, user)
    [tg] = [c for c in await deps.services.alert_channels.of_user(user.id) if c.kind == "telegram"]
    await deps.services.alert_channels.choose(user, tg.id, [al.PAYMENT_HELD])
    await deps.services.alert_channels.choose(user, email.id, [al.SMS_NOT_UNDERSTOOD])
    await held_claim(deps, fetch, merchant)
    await store_message(deps, merchant.id, "unparsed", "no_rule")
    await worker.run()
    [sent] = alert_messages(telegram)
    assert sent["text"].startswith("Payments waiting")
    assert [m["Subject"] for m in smtp.to(ADDRESS)[1:]] == [
        "SMS from a wallet that we could not read (1)"
    ]


async def test_a_refused_address_breaks_the_channel_and_a_busy_server_is_retried(
    deps, make_account, worker, smtp, clock
):
    merchant = await make_account()
    user = await make_user(deps, merchant.id)
    await verified(deps, smtp, user)
    smtp.refuse_next.append("451 4.3.0 try again later")
    await store_message(deps, merchant.id, "unparsed", "no_rule")
    await worker.run()
    assert len(smtp.to(ADDRESS)) == 1  # the verification only
    clock.advance(minutes=2)
    await worker.run()
    assert len(smtp.to(ADDRESS)) == 2
    smtp.refuse_next.append("550 5.1.1 mailbox gone")
    await store_message(deps, merchant.id, "unparsed", "no_rule")
    await worker.run()
    [channel] = await deps.services.alert_channels.of_user(user.id)
    assert (channel.status, channel.last_error) == (al.BROKEN, "SMTP 550")
