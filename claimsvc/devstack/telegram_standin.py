"""A local stand-in for the Telegram Bot API: `POST /bot<token>/<method>` with a JSON body,
answered in the documented shapes (core.telegram.org/bots/api, "Making requests"):
`{"ok": true, "result": ...}`, or `{"ok": false, "error_code", "description", "parameters"?}`.

It speaks sendMessage (the Message it made: message_id, chat, date, text, reply_markup),
editMessageText and answerCallbackQuery (true), and getUpdates (the queued Update objects from
`offset` on). A test queues failures per method and updates as a user would send them.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web


@dataclass
class Call:
    method: str
    body: dict[str, Any]


@dataclass
class TelegramStandIn:
    token: str
    calls: list[Call] = field(default_factory=list)
    failures: dict[str, list[tuple[int, dict[str, Any]]]] = field(default_factory=dict)
    updates: list[dict[str, Any]] = field(default_factory=list)
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    _ids: Any = field(default_factory=lambda: itertools.count(1))
    url: str = ""
    hold_updates: asyncio.Event | None = None
    """While set to an event, getUpdates waits for it (a long poll in progress)."""

    def fail_next(self, method: str, status: int, **extra: Any) -> None:
        """The next call of `method` answers `status` (429 with retry_after=..., 500 ...)."""
        body: dict[str, Any] = {"ok": False, "error_code": status, "description": "stand-in"}
        if "retry_after" in extra:
            body["parameters"] = {"retry_after": extra["retry_after"]}
        self.failures.setdefault(method, []).append((status, body))

    def release_updates(self) -> None:
        """Answer every getUpdates held so far, and hold no more (a held request left waiting
        would keep the stand-in's shutdown waiting for its 60-second grace)."""
        if self.hold_updates is not None:
            self.hold_updates.set()
        self.hold_updates = None

    def of(self, method: str) -> list[dict[str, Any]]:
        return [c.body for c in self.calls if c.method == method]

    def user_sends(self, chat_id: int, text: str, chat_type: str = "private") -> None:
        """An Update with a Message, as a user typing `text` to the bot."""
        message = {
            "message_id": next(self._ids),
            "from": {"id": chat_id, "is_bot": False, "first_name": "Merchant"},
            "chat": {"id": chat_id, "type": chat_type},
            "date": 1_764_000_000,
            "text": text,
        }
        self._update({"message": message})

    def user_presses(self, from_id: int, message_id: int, data: str, chat_id: int | None = None):
        """An Update with a CallbackQuery: `from_id` pressed a button of the bot's message."""
        message = dict(self.messages[message_id])
        if chat_id is not None:  # the message as it looks where it was forwarded to
            message["chat"] = {"id": chat_id, "type": "private"}
        query = {
            "id": f"cq{next(self._ids)}",
            "from": {"id": from_id, "is_bot": False, "first_name": "Someone"},
            "message": message,
            "chat_instance": "ci",
            "data": data,
        }
        self._update({"callback_query": query})

    def _update(self, item: dict[str, Any]) -> None:
        self.updates.append({"update_id": 1000 + len(self.updates), **item})

    async def handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        method = request.match_info["method"]
        body = await request.json()
        self.calls.append(Call(method, body))
        if method == "getUpdates" and self.hold_updates is not None:
            await self.hold_updates.wait()
        queued = self.failures.get(method)
        if queued:
            status, answer = queued.pop(0)
            return web.json_response(answer, status=status)
        return web.json_response({"ok": True, "result": self._result(method, body)})

    def _result(self, method: str, body: dict[str, Any]) -> Any:
        if method == "sendMessage":
            message = {
                "message_id": next(self._ids),
                "from": {"id": 1, "is_bot": True, "first_name": "Alerts"},
                "chat": {"id": body["chat_id"], "type": "private"},
                "date": 1_764_000_000,
                "text": body["text"],
            }
            if "reply_markup" in body:
                message["reply_markup"] = body["reply_markup"]
            self.messages[message["message_id"]] = message
            return message
        if method == "getUpdates":
            offset = body.get("offset", 0)
            return [u for u in self.updates if u["update_id"] >= offset]
        return True


async def start(token: str) -> tuple[TelegramStandIn, web.AppRunner]:
    standin = TelegramStandIn(token)
    app = web.Application()
    app.router.add_post("/bot{token}/{method}", standin.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    standin.url = f"http://127.0.0.1:{port}"
    return standin, runner
