"""The API client: sessions and payment links over HTTPS, retried only where it is safe."""

from __future__ import annotations

import json
import random
import secrets
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import Any, Callable

from claimsvc_sdk.errors import (
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    ClaimsvcError,
    error_from_response,
)
from claimsvc_sdk.models import (
    Cancellation,
    Claim,
    InitializeResult,
    LinkPage,
    PaymentLink,
    Session,
    SessionDetails,
    SessionPage,
)
from claimsvc_sdk.money import Amount, check_poisha, taka_text, to_poisha

VERSION = "0.1.0"
DEFAULT_TIMEOUT = 10.0
DEFAULT_MAX_RETRIES = 2
PROVIDERS = ("bkash", "nagad", "rocket", "upay", "cellfin")


class _Number:
    """A JSON number written from exact text (an amount), never through a float."""

    def __init__(self, text: str) -> None:
        self.text = text


def _dumps(body: Mapping[str, Any]) -> bytes:
    marks: dict[str, str] = {}

    def default(value: Any) -> Any:
        if isinstance(value, _Number):
            mark = f"@@number-{secrets.token_hex(8)}@@"
            marks[json.dumps(mark)] = value.text
            return mark
        raise TypeError(f"cannot send {type(value).__name__} as JSON")

    text = json.dumps(body, default=default, ensure_ascii=False, separators=(",", ":"))
    for mark, number in marks.items():
        text = text.replace(mark, number, 1)
    return text.encode("utf-8")


def _amount(amount: Amount | None, amount_poisha: int | None) -> _Number:
    if (amount is None) == (amount_poisha is None):
        raise TypeError("give exactly one of amount (taka) and amount_poisha")
    poisha = to_poisha(amount) if amount is not None else check_poisha(amount_poisha)  # type: ignore[arg-type]
    return _Number(taka_text(poisha))


class Client:
    """`Client(api_key, base_url)`; `timeout` seconds per attempt; `max_retries` further
    attempts of a call that is safe to repeat (see the README's "Retries")."""

    def __init__(
        self,
        api_key: str | None,
        base_url: str = "http://localhost:8080",
        *,
        timeout: float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        backoff: float = 0.5,
        max_backoff: float = 8.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if timeout <= 0 or max_retries < 0:
            raise ValueError("timeout must be positive and max_retries at least 0")
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self._sleep = sleep
        self.sessions = Sessions(self)
        self.links = PaymentLinks(self)

    def request(
        self, method: str, path: str, body: Mapping[str, Any] | None = None, *, idempotent: bool
    ) -> tuple[int, Any]:
        """(status, decoded JSON) of a 2xx answer; raises the typed ApiError otherwise.

        The same bytes and X-Request-Id are sent on every attempt. Only an idempotent call is
        retried: on 500, 503, a daily-limit 429, or no answer at all (a time-out, a reset)."""
        data = _dumps(body) if body is not None else None
        request_id = secrets.token_hex(8)
        attempt = 0
        while True:
            attempt += 1
            try:
                return self._send(method, path, data, request_id)
            except (ApiError, ApiConnectionError) as exc:
                if isinstance(exc, ApiError):
                    exc.attempts = attempt
                worth = exc.retryable if isinstance(exc, ApiError) else True
                if not (idempotent and worth and attempt <= self.max_retries):
                    raise
                self._sleep(self._delay(attempt, exc))

    def _delay(self, attempt: int, exc: ClaimsvcError) -> float:
        """Exponential backoff with jitter (half fixed, half random); a Retry-After the server
        sent is honoured when it is longer."""
        ceiling = min(self.max_backoff, self.backoff * 2.0 ** (attempt - 1))
        delay = ceiling / 2 + random.uniform(0, ceiling / 2)
        after = exc.retry_after if isinstance(exc, ApiError) else None
        return max(delay, float(after)) if after else delay

    def _send(self, method: str, path: str, data: bytes | None, request_id: str) -> tuple[int, Any]:
        req = urllib.request.Request(self.base_url + path, data=data, method=method)
        req.add_header("accept", "application/json")
        req.add_header("user-agent", f"claimsvc-sdk-python/{VERSION}")
        req.add_header("x-request-id", request_id)
        if data is not None:
            req.add_header("content-type", "application/json")
        if self.api_key:
            req.add_header("x-api-key", self.api_key)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                raw = resp.read()
                status = resp.status
        except urllib.error.HTTPError as err:
            raw = err.read()
            if 200 <= err.code < 300:  # pragma: no cover - urllib raises only for errors
                status = err.code
            else:
                raise error_from_response(err.code, raw, dict(err.headers), request_id) from None
        except (socket.timeout, TimeoutError) as exc:
            raise ApiTimeoutError(f"no answer within {self.timeout} s: {method} {path}") from exc
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, (socket.timeout, TimeoutError)):
                raise ApiTimeoutError(
                    f"no answer within {self.timeout} s: {method} {path}"
                ) from exc
            raise ApiConnectionError(f"{method} {path}: {exc.reason}") from exc
        except OSError as exc:
            raise ApiConnectionError(f"{method} {path}: {exc}") from exc
        return status, json.loads(raw.decode("utf-8"), parse_float=Decimal) if raw else None


class Sessions:
    """Checkout sessions: open one per order, claim its payment, cancel it."""

    def __init__(self, client: Client) -> None:
        self._client = client

    def initialize(
        self,
        order_id: str,
        success_url: str,
        cancel_url: str,
        webhook_url: str,
        amount: Amount | None = None,
        *,
        amount_poisha: int | None = None,
        expires_in: int | None = None,
        customer: Mapping[str, str] | None = None,
        metadata: Mapping[str, str] | None = None,
    ) -> InitializeResult:
        """Open the session of `order_id`, or get the one already open for it (`replayed`)."""
        body: dict[str, Any] = {
            "order_id": order_id,
            "amount": _amount(amount, amount_poisha),
            "success_url": success_url,
            "cancel_url": cancel_url,
            "webhook_url": webhook_url,
        }
        for key, value in (
            ("expires_in", expires_in),
            ("customer", customer),
            ("metadata", metadata),
        ):
            if value is not None:
                body[key] = dict(value) if isinstance(value, Mapping) else value
        status, doc = self._client.request(
            "POST", "/api/v1/checkout/initialize", body, idempotent=True
        )
        return InitializeResult(Session.from_json(doc), replayed=status == 200)

    def verify(self, session_id: str, trx_id: str, provider: str) -> Claim:
        """Claim the buyer's payment by its wallet TrxID: COMPLETED, or PENDING_VERIFICATION
        (`claim.pending`) while your balance verification confirms it; raises otherwise."""
        body = {"sessionId": session_id, "trxId": trx_id, "provider": provider}
        _, doc = self._client.request("POST", "/api/v1/checkout/verify", body, idempotent=True)
        return Claim.from_json(doc)

    def cancel(self, session_id: str) -> Cancellation:
        """Cancel an open session (again: the same answer)."""
        body = {"sessionId": session_id}
        _, doc = self._client.request("POST", "/api/v1/checkout/cancel", body, idempotent=True)
        return Cancellation(doc["status"], doc["redirect_url"], doc)

    def get(self, session_id: str) -> dict[str, Any]:
        """The session as its buyer sees it (status, amount, merchant), from the public read."""
        path = "/api/v1/checkout/session/" + urllib.parse.quote(session_id, safe="")
        _, doc = self._client.request("GET", path, idempotent=True)
        return doc  # type: ignore[no-any-return]

    def retrieve(self, session_id: str) -> SessionDetails:
        """One of your sessions with its state, mode, paid amount, wallet and TrxID. A session
        of another account or of the other mode than the key's raises SessionNotFoundError."""
        path = "/api/v1/checkout/sessions/" + urllib.parse.quote(session_id, safe="")
        _, doc = self._client.request("GET", path, idempotent=True)
        return SessionDetails.from_json(doc)

    def list(
        self,
        *,
        order_id: str | None = None,
        status: str | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> SessionPage:
        """One page of your sessions of the key's mode, newest first, filtered by order id
        and status; pass `next_cursor` on for the next."""
        given = (("order_id", order_id), ("status", status), ("limit", limit), ("cursor", cursor))
        query = {k: v for k, v in given if v is not None}
        path = "/api/v1/checkout/sessions" + ("?" + urllib.parse.urlencode(query) if query else "")
        _, doc = self._client.request("GET", path, idempotent=True)
        items = [SessionDetails.from_json(i) for i in doc["items"]]
        return SessionPage(items, doc.get("next_cursor"))

    def find_by_order(self, order_id: str) -> SessionDetails | None:
        """The session of `order_id` (initialize keeps one per order), or None."""
        page = self.list(order_id=order_id, limit=1)
        return page.items[0] if page.items else None


class PaymentLinks:
    """Payment links: an address to share in a chat; every buyer opening it gets a session."""

    def __init__(self, client: Client) -> None:
        self._client = client

    def create(
        self,
        description: str,
        amount: Amount | None = None,
        *,
        amount_poisha: int | None = None,
        order_ref: str | None = None,
        single_use: bool = False,
        expires_at: str | None = None,
        webhook_url: str | None = None,
    ) -> PaymentLink:
        """A new link. Not retried on a 5xx or a time-out: creating twice makes two links."""
        body: dict[str, Any] = {
            "amount": _amount(amount, amount_poisha),
            "description": description,
            "single_use": single_use,
        }
        for key, value in (
            ("order_ref", order_ref),
            ("expires_at", expires_at),
            ("webhook_url", webhook_url),
        ):
            if value is not None:
                body[key] = value
        _, doc = self._client.request("POST", "/api/v1/payment-links", body, idempotent=False)
        return PaymentLink.from_json(doc)

    def list(self, limit: int | None = None, cursor: str | None = None) -> LinkPage:
        """One page, newest first; pass `next_cursor` on for the next."""
        query = {k: v for k, v in (("limit", limit), ("cursor", cursor)) if v is not None}
        path = "/api/v1/payment-links" + ("?" + urllib.parse.urlencode(query) if query else "")
        _, doc = self._client.request("GET", path, idempotent=True)
        return LinkPage([PaymentLink.from_json(i) for i in doc["items"]], doc.get("next_cursor"))

    def iterate(self, page_size: int = 100) -> Iterator[PaymentLink]:
        """Every link, page after page."""
        cursor: str | None = None
        while True:
            page = self.list(limit=page_size, cursor=cursor)
            yield from page.items
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    def get(self, link_id: str) -> PaymentLink:
        _, doc = self._client.request("GET", self._path(link_id), idempotent=True)
        return PaymentLink.from_json(doc)

    def disable(self, link_id: str) -> PaymentLink:
        """Turn the link off (again: unchanged). Sessions already opened can still be paid."""
        _, doc = self._client.request("POST", self._path(link_id) + "/disable", idempotent=True)
        return PaymentLink.from_json(doc)

    @staticmethod
    def _path(link_id: str) -> str:
        return "/api/v1/payment-links/" + urllib.parse.quote(link_id, safe="")
