"""The API client over urllib (the standard library only), retried only where it is safe."""

from __future__ import annotations

import socket
import time
import urllib.error
import urllib.request
from typing import Any, Callable, TypeVar

from claimsvc_sdk._bind import SyncMode
from claimsvc_sdk._call import VERSION, Answer, Call, Request, RetryPolicy, attempt_failed
from claimsvc_sdk._call import prepare as prepare_request
from claimsvc_sdk._call import read as read_answer
from claimsvc_sdk.errors import ApiConnectionError, ApiTimeoutError, ClaimsvcError
from claimsvc_sdk.resources import PaymentLinks, Sessions, TestPayments, Transactions, WebhookEvents

__all__ = ["DEFAULT_MAX_RETRIES", "DEFAULT_TIMEOUT", "VERSION", "Client"]

DEFAULT_TIMEOUT = 10.0
DEFAULT_MAX_RETRIES = 2
T = TypeVar("T")


class Settings:
    """What both clients are configured with; checked once."""

    def __init__(
        self,
        api_key: str | None,
        base_url: str,
        timeout: float,
        retry: RetryPolicy,
    ) -> None:
        if timeout <= 0 or retry.max_retries < 0 or retry.max_wait < 0:
            raise ValueError("timeout must be positive, max_retries and max_retry_wait >= 0")
        if not base_url.startswith(("https://", "http://")):
            raise ValueError(f"base_url must be an http(s) URL, not {base_url!r}")
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.retry = retry

    def prepare(self, call: Call[Any]) -> Request:
        return prepare_request(call, self.base_url, self.api_key, self.timeout)


class Client:
    """`Client(api_key, base_url)`. `timeout`: seconds per attempt; `max_retries`: further
    attempts of a call that is safe to repeat; `max_retry_wait`: the longest Retry-After the
    client waits out before raising instead (see the README's "Retries")."""

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
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        retry = RetryPolicy(max_retries, backoff, max_backoff, max_retry_wait)
        self.settings = Settings(api_key, base_url, timeout, retry)
        self._sleep = sleep
        self.sessions: Sessions[SyncMode] = Sessions(self)
        self.links: PaymentLinks[SyncMode] = PaymentLinks(self)
        self.transactions: Transactions[SyncMode] = Transactions(self)
        self.webhook_events: WebhookEvents[SyncMode] = WebhookEvents(self)
        self.test_payments: TestPayments[SyncMode] = TestPayments(self)

    asynchronous = False

    @property
    def timeout(self) -> float:
        return self.settings.timeout

    def run(self, call: Call[T]) -> T:
        """Sends `call` (retrying it where the policy allows) and reads its answer."""
        request = self.settings.prepare(call)
        attempt = 0
        while True:
            attempt += 1
            try:
                return call.parse(self._send(request))
            except ClaimsvcError as exc:
                self._sleep(attempt_failed(self.settings.retry, call, attempt, exc))

    def _send(self, request: Request) -> Answer:
        req = urllib.request.Request(
            request.url, data=request.data, method=request.method, headers=request.headers
        )
        where = f"{request.method} {request.url}"
        try:
            with urllib.request.urlopen(req, timeout=request.timeout) as resp:
                status, raw, headers = resp.status, resp.read(), dict(resp.headers)
        except urllib.error.HTTPError as err:  # any answer but 2xx and a followed redirect
            status, raw, headers = err.code, err.read(), dict(err.headers)
        except (socket.timeout, TimeoutError) as exc:
            raise ApiTimeoutError(f"no answer within {request.timeout} s: {where}") from exc
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, (socket.timeout, TimeoutError)):
                raise ApiTimeoutError(f"no answer within {request.timeout} s: {where}") from exc
            raise ApiConnectionError(f"{where}: {exc.reason}") from exc
        except OSError as exc:
            raise ApiConnectionError(f"{where}: {exc}") from exc
        return read_answer(status, raw, headers, request)
