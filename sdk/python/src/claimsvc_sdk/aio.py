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

from claimsvc_sdk._base import ClientBase
from claimsvc_sdk._bind import AsyncMode
from claimsvc_sdk._call import Answer, Call, Request, attempt_failed
from claimsvc_sdk._call import read as read_answer
from claimsvc_sdk.errors import ApiConnectionError, ApiTimeoutError, ClaimsvcError

__all__ = ["AsyncClient"]

T = TypeVar("T")


class AsyncClient(ClientBase[AsyncMode, Awaitable[None]]):
    """`AsyncClient(api_key, base_url)`, the options of `Client`. Use it as `async with`, or
    call `await client.aclose()`: it holds one aiohttp session (a connection pool) opened on
    the first call, in the running event loop."""

    asynchronous = True
    _http: aiohttp.ClientSession | None = None

    def _default_sleep(self) -> Callable[[float], Awaitable[None]]:
        return asyncio.sleep

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
            # As urllib does for Client: the proxy variables (HTTPS_PROXY, NO_PROXY) apply, and
            # no cookie is kept between calls.
            jar = aiohttp.DummyCookieJar()
            self._http = aiohttp.ClientSession(trust_env=True, cookie_jar=jar)
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
