"""The asyncio client over aiohttp (`pip install "claimsvc-sdk[async]"`): the same calls,
answers, errors and retries as `Client`, each awaited; lists iterate with `async for`.

    async with AsyncClient(api_key="sk_...", base_url="https://pay.example.com") as client:
        result = await client.sessions.initialize("order-1", amount="10", success_url=...)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from types import TracebackType
from typing import Any, Callable, TypeVar

try:
    import aiohttp
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError('AsyncClient needs aiohttp: pip install "claimsvc-sdk[async]"') from exc

from claimsvc_sdk._bind import AsyncMode
from claimsvc_sdk._call import Answer, Call, Request, RetryPolicy, attempt_failed
from claimsvc_sdk._call import read as read_answer
from claimsvc_sdk.client import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT, Settings
from claimsvc_sdk.errors import ApiConnectionError, ApiTimeoutError, ClaimsvcError
from claimsvc_sdk.resources import PaymentLinks, Sessions, TestPayments, Transactions, WebhookEvents

__all__ = ["AsyncClient"]

T = TypeVar("T")


class AsyncClient:
    """`AsyncClient(api_key, base_url)`, the options of `Client`. Use it as `async with`, or
    call `await client.aclose()`: it holds one aiohttp session (a connection pool) opened on
    the first call, in the running event loop."""

    def __init__(
        self,
        api_key: str | None,
        base_url: str = "http://localhost:8080",
        *,
        timeout: float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        backoff: float = 0.5,
        max_backoff: float = 8.0,
        max_retry_wait: float = 10.0,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        retry = RetryPolicy(max_retries, backoff, max_backoff, max_retry_wait)
        self.settings = Settings(api_key, base_url, timeout, retry)
        self._sleep = sleep
        self._http: aiohttp.ClientSession | None = None
        self.sessions: Sessions[AsyncMode] = Sessions(self)
        self.links: PaymentLinks[AsyncMode] = PaymentLinks(self)
        self.transactions: Transactions[AsyncMode] = Transactions(self)
        self.webhook_events: WebhookEvents[AsyncMode] = WebhookEvents(self)
        self.test_payments: TestPayments[AsyncMode] = TestPayments(self)

    asynchronous = True

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Closes the connection pool; a later call opens a new one."""
        if self._http is not None:
            http, self._http = self._http, None
            await http.close()

    async def run(self, call: Call[T]) -> T:
        """Sends `call` (retrying it where the policy allows) and reads its answer."""
        request = self.settings.prepare(call)
        attempt = 0
        while True:
            attempt += 1
            try:
                return call.parse(await self._send(request))
            except ClaimsvcError as exc:
                await self._sleep(attempt_failed(self.settings.retry, call, attempt, exc))

    async def _send(self, request: Request) -> Answer:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(trust_env=True)
        where = f"{request.method} {request.url}"
        options: dict[str, Any] = {"data": request.data, "headers": request.headers}
        try:
            async with self._http.request(
                request.method,
                request.url,
                timeout=aiohttp.ClientTimeout(total=request.timeout),
                **options,
            ) as resp:
                status, raw, headers = resp.status, await resp.read(), dict(resp.headers)
        except asyncio.TimeoutError as exc:
            raise ApiTimeoutError(f"no answer within {request.timeout} s: {where}") from exc
        except aiohttp.ClientError as exc:
            raise ApiConnectionError(f"{where}: {exc}") from exc
        return read_answer(status, raw, headers, request)
