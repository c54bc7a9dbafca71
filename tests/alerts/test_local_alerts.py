"""Alerts tried locally (issue 32): `claimsvc dev` catches its own alert emails and plays the
Telegram Bot API; the inspector shows both, and lets the developer write to the bot and press
its buttons as a merchant does in Telegram."""

from __future__ import annotations

import asyncio
import smtplib
import urllib.parse
from collections.abc import AsyncIterator
from email.message import EmailMessage

import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPResponse
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from claimsvc.devstack.local_alerts import CHAT_ID, LocalAlerts, catch_alerts, for_inspector
from claimsvc.inspector.app import make_inspector
from tests.conftest import make_settings

BUTTONS = {"inline_keyboard": [[{"text": "Confirm", "callback_data": "c:1"}]]}


async def no_secrets(event_id: str) -> None:
    return None


@pytest.fixture
async def caught() -> AsyncIterator[tuple[LocalAlerts, str]]:
    """The catchers as `claimsvc dev` starts them with no SMTP server or bot configured, and
    the address of an inspector that shows them."""
    settings, local = await catch_alerts(make_settings())
    assert (settings.smtp_host, settings.smtp_security) == ("127.0.0.1", "none")
    assert local.telegram is not None and settings.telegram_api_url == local.telegram.url
    assert settings.telegram_bot_token and settings.telegram_bot_username is None
    sock, port = bind_unused_port()
    server = HTTPServer(make_inspector(no_secrets, caught=for_inspector(local)))
    server.add_sockets([sock])
    yield local, f"http://127.0.0.1:{port}"
    server.stop()
    await local.stop()


async def get(url: str, lang: str = "en") -> str:
    reply = await AsyncHTTPClient().fetch(url, headers={"Accept-Language": lang})
    assert reply.code == 200
    return reply.body.decode()


async def post(url: str, headers: dict[str, str] | None = None, **form: str) -> HTTPResponse:
    return await AsyncHTTPClient().fetch(
        url,
        method="POST",
        body=urllib.parse.urlencode(form),
        headers=headers or {},
        follow_redirects=False,
        raise_error=False,
    )


async def test_an_alert_email_is_caught_and_shown_in_both_languages(caught):
    local, base = caught
    assert local.mail is not None
    message = EmailMessage()
    message["From"], message["To"] = "alerts@localhost", "owner@shop.example.com"
    message["Subject"] = "A payment waits for you"
    message.set_content("Confirm it in the portal.")
    port = local.mail.port

    def send() -> None:  # in a thread: the catcher answers in this test's event loop
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
            smtp.send_message(message)

    await asyncio.to_thread(send)
    page = await get(f"{base}/emails")
    assert "owner@shop.example.com" in page and "A payment waits for you" in page
    assert "Confirm it in the portal." in page
    assert "CLAIMSVC_SMTP_HOST" in page
    assert "প্রাপক" in await get(f"{base}/emails", "bn")


async def test_the_developer_writes_to_the_stand_in_bot_and_presses_its_buttons(caught):
    local, base = caught
    bot = local.telegram
    assert bot is not None
    reply = await post(f"{base}/telegram/send", text="/start 123456")
    assert (reply.code, reply.headers["Location"]) == (303, "/telegram")
    (update,) = bot.updates
    assert update["message"]["text"] == "/start 123456"
    assert update["message"]["chat"] == {"id": CHAT_ID, "type": "private"}
    # What the bot sent shows with its buttons, which press as in Telegram.
    sent = bot.answer("sendMessage", {"chat_id": CHAT_ID, "text": "Held", "reply_markup": BUTTONS})
    page = await get(f"{base}/telegram")
    assert "Held" in page and ">Confirm</button>" in page
    await post(f"{base}/telegram/press", message_id=str(sent["message_id"]), data="c:1")
    pressed = bot.updates[-1]["callback_query"]
    assert (pressed["data"], pressed["from"]["id"]) == ("c:1", CHAT_ID)
    # An edit replaces the message the page shows (the bot writes the result under it).
    bot.answer("editMessageText", {"message_id": sent["message_id"], "text": "Confirmed"})
    page = await get(f"{base}/telegram")
    assert "Confirmed" in page and ">Confirm</button>" not in page


async def test_another_site_cannot_write_to_the_bot(caught):
    local, base = caught
    reply = await post(
        f"{base}/telegram/send", headers={"Origin": "https://evil.example"}, text="/stop"
    )
    assert reply.code == 403
    reply = await post(f"{base}/telegram/send", headers={"Sec-Fetch-Site": "cross-site"}, text="x")
    assert reply.code == 403
    assert local.telegram is not None and local.telegram.updates == []


async def test_configured_channels_are_sent_for_real_not_caught():
    configured = make_settings(
        smtp_host="smtp.example.com", smtp_from="a@example.com", telegram_bot_token="1:real"
    )
    settings, local = await catch_alerts(configured)
    assert (local.mail, local.telegram) == (None, None)
    assert settings == configured
    assert for_inspector(local).sections() == []
