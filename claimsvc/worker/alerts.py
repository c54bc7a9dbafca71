"""The worker's alert loops: one pass of collect, fan out and send when a session's transition
wakes it (store/wake.py) and every CLAIMSVC_ALERT_PASS_MS (the SMS path's marks wait for that),
and (with a bot token) the Telegram poller reading what users send the bot (getUpdates, one
worker at a time by a lease in MongoDB)."""

from __future__ import annotations

import asyncio
import logging
import secrets
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from claimsvc.clients.telegram import Reply, TelegramClient
from claimsvc.runtime.runner import Loop, pause, unless_stopped
from claimsvc.services.alert_channels import ChannelService
from claimsvc.services.alerts import AlertService, Call
from claimsvc.store.alert_channels import PollerStore
from claimsvc.worker.webhooks import open_http

if TYPE_CHECKING:
    from claimsvc.bootstrap import Deps

log = logging.getLogger("claimsvc.worker.alerts")

BATCH = 100
"""Marks, alerts or sends one pass takes of each."""
UPDATES = ["message", "callback_query"]
"""The update types the bot asks getUpdates for."""
POLL_RETRY_S = 1.0
"""Pause after a failed getUpdates (Telegram or the way out failing) and between short polls
(CLAIMSVC_TELEGRAM_POLL_SECONDS=0): a user's message or button waits at most this long once
Telegram answers again. Not the alert pass interval, which is 30 s since the pass is woken."""


class AlertLoop:
    """Collect, fan out, send (services/alerts.py); a pass at once again after a full one."""

    name = "alerts"

    def __init__(self, alerts: AlertService, call: Call | None, interval_s: float) -> None:
        self._alerts = alerts
        self._call = call
        self._interval_s = interval_s
        self._owner = secrets.token_hex(8)
        self._wake = asyncio.Event()

    def wake(self) -> None:
        """Alerts are owed: pass now (the wake listener calls this)."""
        self._wake.set()

    async def one_pass(self) -> int:
        """Everything one pass does; how much it found (a full batch means more is waiting)."""
        found = max(await self._alerts.collect(BATCH), await self._alerts.watch_phones(BATCH))
        await self._alerts.send_summaries()  # once a Dhaka hour: never a full batch
        found = max(found, await self._alerts.fan_out(BATCH))
        return max(found, await self._alerts.send_due(self._call, self._owner, BATCH))

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            self._wake.clear()  # before the pass: a wake during it makes another pass
            full = False
            try:
                full = await self.one_pass() >= BATCH
            except Exception:
                log.exception("alert pass failed")  # marks and sends stay; the next pass retries
            await (asyncio.sleep(0) if full else pause(stop, self._interval_s, self._wake))


LEASED = -1
"""poll_once's answer when another worker holds the poller lease."""


class TelegramPoller:
    """getUpdates in a loop, each update handed to the channel service, the offset saved."""

    name = "telegram-poller"

    def __init__(
        self, client: TelegramClient, channels: ChannelService, poller: PollerStore, deps: Deps
    ) -> None:
        self._client = client
        self._channels = channels
        self._poller = poller
        self._clock = deps.clock
        self._poll_s = deps.settings.telegram_poll_s
        self._retry_s = POLL_RETRY_S
        self._lease_retry_s = deps.settings.alert_pass_ms / 1000
        self._owner = secrets.token_hex(8)

    async def poll_once(self) -> int | None:
        """One getUpdates and its updates; how many, None when getUpdates failed, or LEASED
        when another worker polls."""
        hold = timedelta(seconds=self._poll_s + 30)
        offset = await self._poller.lease(self._owner, self._clock(), hold)
        if offset is None:
            return LEASED
        body: dict[str, Any] = {"timeout": self._poll_s, "allowed_updates": UPDATES}
        if offset:
            body["offset"] = offset
        reply = await self._client.call("getUpdates", body, timeout_s=self._poll_s + 10)
        updates = reply.result if reply.ok and isinstance(reply.result, list) else []
        for update in updates:
            if not isinstance(update, dict) or not isinstance(update.get("update_id"), int):
                continue
            try:
                await self._channels.on_update(self._client.call, update)
            except Exception:
                # One bad update must not stop the bot: it is skipped (its effects are atomic).
                log.exception("telegram update failed")
            await self._poller.advance(self._owner, update["update_id"] + 1)
        if not reply.ok:
            log.warning("getUpdates failed", extra={"fields": {"error": reply.outcome.error}})
            return None
        return len(updates)

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            got: int | None = None
            # SIGTERM during a long poll: nothing is lost (the offset moves only after an
            # update is handled), so the poll is dropped rather than held past the grace.
            poll = await unless_stopped(stop, self.poll_once())
            if poll is None:
                return
            try:
                got = poll.result()
            except Exception:
                log.exception("telegram poll failed")
            if wait_s := self.pause_after(got):
                await pause(stop, wait_s)

    def pause_after(self, got: int | None) -> float:
        """The pause before the next poll after one that got `got` (poll_once's answer)."""
        if got == LEASED:
            # Another worker polls: its lease (poll + 30 s) bounds a takeover, not this pause,
            # and a second worker asks MongoDB for the lease only at the alert pass interval.
            return self._lease_retry_s
        if got is None or (got == 0 and self._poll_s == 0):
            return self._retry_s
        return 0.0


def telegram_client(deps: Deps) -> TelegramClient | None:
    """The bot's client over the worker's one session; None without a token."""
    token = deps.settings.telegram_bot_token
    if not token:
        return None
    open_http(deps)
    return TelegramClient(deps.http, deps.settings.telegram_api_url, token)


def alert_loops(deps: Deps) -> list[Loop]:
    client = telegram_client(deps)

    async def call(method: str, body: dict[str, Any]) -> Reply:
        assert client is not None
        return await client.call(method, body)

    interval = deps.settings.alert_pass_ms / 1000
    loops: list[Loop] = [
        AlertLoop(deps.services.alerts, call if client is not None else None, interval)
    ]
    if client is not None:
        services, stores = deps.services, deps.stores
        loops.append(TelegramPoller(client, services.alert_channels, stores.alert_poller, deps))
    return loops
