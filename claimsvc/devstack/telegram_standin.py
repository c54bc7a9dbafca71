"""A local stand-in for the Telegram Bot API: `POST /bot<token>/<method>` with a JSON body,
answered in the documented shapes (core.telegram.org/bots/api, "Making requests"):
`{"ok": true, "result": ...}`, or `{"ok": false, "error_code", "description", "parameters"?}`.

It speaks sendMessage (the Message it made: message_id, chat, date, text, reply_markup),
editMessageText and answerCallbackQuery (true), and getUpdates (the queued Update objects from
`offset` on, waiting up to its `timeout` seconds for one, as the Bot API's long poll does). A
test queues failures per method and updates as a user would send them; `claimsvc dev` runs one
on loopback as its bot, and the inspector shows what the bot sent and lets you write to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import socket
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
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when an update is queued (or the stand-in stops): wakes long polls."""

    def fail_next(self, method: str, status: int, **extra: Any) -> None:
        """The next call of `method` answers `status` (429 with retry_after=..., 500 ...)."""
        body: dict[str, Any] = {"ok": False, "error_code": status, "description": "stand-in"}
        if "retry_after" in extra:
            body["parameters"] = {"retry_after": extra["retry_after"]}
        self.failures.setdefault(method, []).append((status, body))

    def release_updates(self) -> None:
        """Answer every getUpdates held or long-polling so far, and hold no more (a request
        left waiting would keep the stand-in's shutdown waiting for its 60-second grace)."""
        if self.hold_updates is not None:
            self.hold_updates.set()
        self.hold_updates = None
        self.arrived.set()

    def answer(self, method: str, body: dict[str, Any]) -> Any:
        """What `method` answers `body`, as if the bot's server had called it (a test's
        sendMessage or editMessageText without going through HTTP)."""
        return self._result(method, body)

    def sent(self) -> list[dict[str, Any]]:
        """The messages the bot sent, newest first."""
        return list(reversed(self.messages.values()))

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

    def user_presses(
        self, from_id: int, message_id: int, data: str, chat_id: int | None = None
    ) -> None:
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
        self.arrived.set()

    async def _long_poll(self, body: dict[str, Any]) -> None:
        """getUpdates with a `timeout` and nothing from `offset` on: wait for an update."""
        wait = body.get("timeout") or 0
        if wait and not [u for u in self.updates if u["update_id"] >= body.get("offset", 0)]:
            self.arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), float(wait))

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
        if method == "getUpdates":
            await self._long_poll(body)
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
        if method == "editMessageText" and body.get("message_id") in self.messages:
            edited = self.messages[body["message_id"]]
            edited["text"] = body.get("text", edited["text"])
            if "reply_markup" in body:
                edited["reply_markup"] = body["reply_markup"]
            else:
                edited.pop("reply_markup", None)
        if method == "getUpdates":
            offset = body.get("offset", 0)
            return [u for u in self.updates if u["update_id"] >= offset]
        return True


async def start(
    token: str, sockets: list[socket.socket] | None = None
) -> tuple[TelegramStandIn, web.AppRunner]:
    """Serve a stand-in for the bot `token` on `sockets` (bound by the caller), or on a free
    127.0.0.1 port; its Bot API URL is `standin.url`."""
    standin = TelegramStandIn(token)
    app = web.Application()
    app.router.add_post("/bot{token}/{method}", standin.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    if sockets is None:
        sockets = [socket.create_server(("127.0.0.1", 0))]
    for sock in sockets:
        await web.SockSite(runner, sock).start()
    port = sockets[0].getsockname()[1]
    standin.url = f"http://127.0.0.1:{port}"
    return standin, runner
