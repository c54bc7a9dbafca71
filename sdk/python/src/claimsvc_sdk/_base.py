"""What `Client` and `AsyncClient` share: their options, checked once, and their resources."""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

from claimsvc_sdk._bind import M
from claimsvc_sdk._call import Call, Request, RetryPolicy, prepare
from claimsvc_sdk.resources import PaymentLinks, Sessions, TestPayments, Transactions, WebhookEvents

DEFAULT_TIMEOUT = 10.0
DEFAULT_MAX_RETRIES = 2
W = TypeVar("W")


class Settings:
    """A client's key, address, time-out per attempt and retry policy; checked once."""

    def __init__(self, api_key: str | None, base_url: str, timeout: float, retry: RetryPolicy):
        if timeout <= 0 or retry.max_retries < 0 or retry.max_wait < 0:
            raise ValueError("timeout must be positive, max_retries and max_retry_wait >= 0")
        if not base_url.startswith(("https://", "http://")):
            raise ValueError(f"base_url must be an http(s) URL, not {base_url!r}")
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.retry = retry

    def prepare(self, call: Call[Any]) -> Request:
        return prepare(call, self.base_url, self.api_key, self.timeout)


class ClientBase(Generic[M, W]):
    """`(api_key, base_url)`. `timeout`: seconds per attempt; `max_retries`: further attempts
    of a call that is safe to repeat; `backoff` and `max_backoff`: the doubling wait between
    them; `max_retry_wait`: the longest Retry-After waited out before raising instead (see the
    README's "Retries"); `sleep`: how to wait (tests pass their own)."""

    asynchronous = False

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
        sleep: Callable[[float], W] | None = None,
    ) -> None:
        retry = RetryPolicy(max_retries, backoff, max_backoff, max_retry_wait)
        self.settings = Settings(api_key, base_url, timeout, retry)
        self._sleep: Callable[[float], W] = sleep or self._default_sleep()
        self.sessions: Sessions[M] = Sessions(self)
        self.links: PaymentLinks[M] = PaymentLinks(self)
        self.transactions: Transactions[M] = Transactions(self)
        self.webhook_events: WebhookEvents[M] = WebhookEvents(self)
        self.test_payments: TestPayments[M] = TestPayments(self)

    @property
    def timeout(self) -> float:
        return self.settings.timeout

    def _default_sleep(self) -> Callable[[float], W]:
        raise NotImplementedError
