"""Alerts tried locally: `claimsvc dev` catches its own alert emails (an SMTP server on
loopback) and plays the Telegram Bot API (a stand-in on loopback), as the inspector catches
webhooks; the inspector shows both. Only while CLAIMSVC_SMTP_HOST / CLAIMSVC_TELEGRAM_BOT_TOKEN
are unset: set, they send for real (docs/operations.md, "Merchant alerts")."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from claimsvc.devstack import mail_catcher
from claimsvc.devstack.telegram_standin import TelegramStandIn
from claimsvc.inspector.alerts import Caught, Message
from claimsvc.runtime.runner import bind
from claimsvc.settings import Settings

LOCAL = ("127.0.0.1",)
SENDER = "alerts@localhost"
"""The From address of the caught emails."""
CHAT_ID = 1001
"""The Telegram chat the inspector writes to the bot from (one local user)."""


@dataclass
class LocalAlerts:
    """What the stack catches (None: that channel sends for real, or is unavailable)."""

    mail: mail_catcher.Inbox | None = None
    telegram: TelegramStandIn | None = None
    stops: list[Callable[[], Awaitable[None]]] = field(default_factory=list)

    async def stop(self) -> None:
        for hook in reversed(self.stops):
            await hook()


async def catch_alerts(settings: Settings) -> tuple[Settings, LocalAlerts]:
    """Start the catchers the settings leave room for, and the settings that point at them."""
    caught = LocalAlerts()
    changes: dict[str, object] = {}
    if not settings.smtp_host and _has_aiosmtpd():
        caught.mail = mail_catcher.Inbox()
        sockets = bind(0, "the local mail catcher", LOCAL)
        caught.stops.append(await mail_catcher.serve(caught.mail, sockets))
        changes.update(
            smtp_host=LOCAL[0],
            smtp_port=caught.mail.port,
            smtp_security="none",
            smtp_from=SENDER,
            smtp_username=None,
            smtp_password=None,
        )
    if not settings.telegram_bot_token:
        from claimsvc.devstack import telegram_standin

        token = f"0:local-{secrets.token_urlsafe(16)}"
        standin, runner = await telegram_standin.start(
            token, bind(0, "the Telegram stand-in", LOCAL)
        )
        caught.telegram = standin

        async def stop_standin() -> None:
            standin.release_updates()
            await runner.cleanup()

        caught.stops.append(stop_standin)
        changes.update(
            telegram_bot_token=token, telegram_api_url=standin.url, telegram_bot_username=None
        )
    return settings.replace(**changes), caught


def _has_aiosmtpd() -> bool:
    """aiosmtpd comes with the test tools (make dev installs them); without it, no catcher."""
    try:
        import aiosmtpd  # noqa: F401
    except ImportError:
        return False
    return True


def for_inspector(caught: LocalAlerts) -> Caught:
    """The inspector's view of what the stack caught."""
    mail, bot = caught.mail, caught.telegram

    def emails() -> list[Message]:
        assert mail is not None
        return [
            {
                "fields": [
                    ("inspector.from", str(m["From"])),
                    ("inspector.to", str(m["To"])),
                    ("inspector.subject", str(m["Subject"])),
                ],
                "text": mail_catcher.text_of(m),
            }
            for m in mail.latest
        ]

    def bot_messages() -> list[Message]:
        assert bot is not None
        return [
            {
                "id": m["message_id"],
                "fields": [("inspector.chat", str(m["chat"]["id"]))],
                "text": m["text"],
                "buttons": [
                    {"text": button["text"], "data": button["callback_data"]}
                    for row in m.get("reply_markup", {}).get("inline_keyboard", [])
                    for button in row
                    if "callback_data" in button
                ],
            }
            for m in bot.sent()
        ]

    def write(text: str) -> None:
        assert bot is not None
        bot.user_sends(CHAT_ID, text)

    def press(message_id: int, data: str) -> None:
        assert bot is not None
        if message_id in bot.messages:
            bot.user_presses(CHAT_ID, message_id, data)

    return Caught(
        emails=emails if mail is not None else None,
        bot_messages=bot_messages if bot is not None else None,
        write_to_bot=write if bot is not None else None,
        press=press if bot is not None else None,
    )
