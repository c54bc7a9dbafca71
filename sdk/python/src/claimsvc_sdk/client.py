"""The API client over urllib (the standard library only), retried only where it is safe."""

from __future__ import annotations

import socket
import time
import urllib.error
import urllib.request
import warnings
from typing import Any, Callable, TypeVar

from claimsvc_sdk import _bind, calls
from claimsvc_sdk._call import VERSION, Answer, Call, Request, RetryPolicy, attempt_failed
from claimsvc_sdk._call import prepare as prepare_request
from claimsvc_sdk._call import read as read_answer
from claimsvc_sdk.errors import ApiConnectionError, ApiTimeoutError, ClaimsvcError
from claimsvc_sdk.models import SessionDetails

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


class Sessions(_bind.Resource):
    """Checkout sessions: open one per order, claim its payment, cancel it, read them."""

    initialize = _bind.call(calls.initialize)
    verify = _bind.call(calls.verify)
    cancel = _bind.call(calls.cancel)
    retrieve = _bind.call(calls.retrieve_session)
    retrieve_public = _bind.call(calls.retrieve_public)
    list = _bind.call(calls.list_sessions)
    iterate = _bind.pages(calls.list_sessions)

    def find_by_order(self, order_id: str) -> SessionDetails | None:
        """The session of `order_id` (initialize keeps one per order), or None."""
        page = self.list(order_id=order_id, limit=1)
        return page.items[0] if page.items else None

    def get(self, session_id: str) -> dict[str, Any]:
        """Deprecated: `retrieve_public` gives the same read as a typed PublicSession."""
        warnings.warn(
            "sessions.get is deprecated: use sessions.retrieve_public", DeprecationWarning, 2
        )
        return dict(self.retrieve_public(session_id).raw)


class PaymentLinks(_bind.Resource):
    """Payment links: an address to share in a chat; every buyer opening it gets a session."""

    create = _bind.call(calls.create_link)
    list = _bind.call(calls.list_links)
    iterate = _bind.pages(calls.list_links)
    retrieve = _bind.call(calls.retrieve_link)
    get = _bind.deprecated(retrieve, "links.retrieve")
    disable = _bind.call(calls.disable_link)


class Transactions(_bind.Resource):
    """Money that moved in your wallets, read from the SMS your phone forwards."""

    list = _bind.call(calls.list_transactions)
    iterate = _bind.pages(calls.list_transactions)
    retrieve = _bind.call(calls.retrieve_transaction)


class WebhookEvents(_bind.Resource):
    """The webhook events sent to you, their delivery, and redelivery."""

    list = _bind.call(calls.list_events)
    iterate = _bind.pages(calls.list_events)
    retrieve = _bind.call(calls.retrieve_event)
    redeliver = _bind.call(calls.redeliver_event)


class TestPayments(_bind.Resource):
    """Test payments for test sessions (test keys, `sk_test_...`, only)."""

    __test__ = False  # not a pytest test class

    create = _bind.call(calls.create_test_payment)


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
        self.sessions = Sessions(self)
        self.links = PaymentLinks(self)
        self.transactions = Transactions(self)
        self.webhook_events = WebhookEvents(self)
        self.test_payments = TestPayments(self)

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
