"""The Telegram Bot API over the worker's one outbound session: a method called with a JSON
body, its answer read as an `Outcome`.

Shapes (core.telegram.org/bots/api, "Making requests"; the fields as the aiogram and grammY
references quote them): every answer is `{"ok": bool, "result"?, "description"?, "error_code"?,
"parameters"?: {"retry_after"?}}`; `parameters.retry_after` is "in case of exceeding flood
control, the number of seconds left to wait before the request can be repeated" (429). The bot
token is part of the URL (`/bot<token>/<method>`), so neither the URL nor an aiohttp error that
could quote it is ever logged or stored: only the method, the status and an error class name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import aiohttp

from claimsvc.domain.alerts import Outcome

REFUSING = (400, 401, 403, 404)
"""Answers no retry of the same request changes: a chat that blocked the bot or is gone, a bad
token (the operator must act)."""


@dataclass(frozen=True)
class Reply:
    """A method's answer: `ok` with `result`, or the failure as an `Outcome`."""

    ok: bool
    result: Any
    outcome: Outcome


def read_reply(status: int, body: bytes) -> Reply:
    """The Bot API's answer (pure: the stand-in's tests feed it documented shapes)."""
    try:
        data = json.loads(body)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        data = {}
    if status == 200 and data.get("ok") is True:
        result = data.get("result")
        message_id = result.get("message_id") if isinstance(result, dict) else None
        return Reply(True, result, Outcome(True, message_id=message_id))
    params = data.get("parameters")
    params = params if isinstance(params, dict) else {}
    retry_after = params.get("retry_after")
    if status == 429 and isinstance(retry_after, int) and not isinstance(retry_after, bool):
        return Reply(False, None, Outcome(False, retry_after_s=retry_after, error="HTTP 429"))
    return Reply(False, None, Outcome(False, refused=status in REFUSING, error=f"HTTP {status}"))


class TelegramClient:
    """Calls Bot API methods as one bot (the operator's token)."""

    def __init__(self, http: Any, api_url: str, token: str) -> None:
        self._http = http
        self._base = f"{api_url.rstrip('/')}/bot{token}/"

    async def call(self, method: str, body: dict[str, Any], timeout_s: float = 10.0) -> Reply:
        """POST `body` as JSON to `method`; network failures come back as a retryable Outcome."""
        try:
            async with self._http.post(
                self._base + method,
                json=body,
                allow_redirects=False,
                timeout=aiohttp.ClientTimeout(total=timeout_s),
            ) as response:
                return read_reply(response.status, await response.read())
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            # The class name only: an aiohttp error's text may quote the URL, token included.
            return Reply(False, None, Outcome(False, error=type(exc).__name__))
