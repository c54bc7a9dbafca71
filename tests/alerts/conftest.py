"""Alert tests: the worker's alert loops against the Telegram stand-in, on the embedded stores."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

from claimsvc.bootstrap import Deps
from claimsvc.devstack.telegram_standin import TelegramStandIn, start
from claimsvc.settings import Settings
from claimsvc.worker.alerts import AlertLoop, TelegramPoller, alert_loops
from claimsvc.worker.webhooks import close_http
from tests.conftest import make_settings

TOKEN = "123456789:TEST-bot-token-do-not-log"


@pytest.fixture
async def telegram() -> AsyncIterator[TelegramStandIn]:
    standin, runner = await start(TOKEN)
    yield standin
    standin.release_updates()
    await runner.cleanup()


@pytest.fixture
def settings(telegram: TelegramStandIn) -> Settings:
    return make_settings(
        telegram_bot_token=TOKEN,
        telegram_bot_username="shop_alerts_bot",
        telegram_api_url=telegram.url,
        telegram_poll_s=0,
        webhook_allow_private=True,  # the stand-in listens on 127.0.0.1
    )


@dataclass
class Worker:
    """The worker's two alert loops, run a pass at a time by the test."""

    deps: Deps
    loop: AlertLoop
    poller: TelegramPoller

    async def run(self) -> None:
        """What the worker does within a second or two: read the bot's updates, then passes
        until nothing more is due."""
        await self.poller.poll_once()
        for _ in range(5):
            await self.loop.one_pass()


@pytest.fixture
async def worker(deps: Deps) -> AsyncIterator[Worker]:
    loop, poller = alert_loops(deps)
    assert isinstance(loop, AlertLoop) and isinstance(poller, TelegramPoller)
    yield Worker(deps, loop, poller)
    await close_http(deps)


async def link(
    deps: Deps, worker: Worker, telegram: TelegramStandIn, user: Any, chat: int, lang: str = "en"
) -> None:
    """The user makes a code in the portal and sends it to the bot from chat `chat`."""
    code = await deps.services.alert_channels.new_code(user, lang)
    telegram.user_sends(chat, f"/start {code}")
    await worker.poller.poll_once()


# The SMS process's fixtures, for alerts whose cause is an SMS run through the real pipeline.
from tests.sms.conftest import drain, make_device, post_sms, sms, sms_server  # noqa: E402

__all__ = ["drain", "make_device", "post_sms", "sms", "sms_server"]
