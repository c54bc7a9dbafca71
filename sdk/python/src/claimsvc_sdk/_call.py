"""One API call as data, and the rules both clients apply to it: how its request is written,
how its answer is read, and whether and when it is sent again. No I/O here: the sync client
(urllib) and the async one (aiohttp) only move bytes."""

from __future__ import annotations

import json
import random
import secrets
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Callable, Generic, TypeVar

from claimsvc_sdk.errors import (
    ApiConnectionError,
    ApiError,
    ClaimsvcError,
    error_from_response,
    header,
)

VERSION = "0.2.0"
T = TypeVar("T")
U = TypeVar("U")


@dataclass(frozen=True)
class Answer:
    """A 2xx answer, decoded: `doc` is the JSON (numbers with a fraction as Decimal)."""

    status: int
    doc: Any
    headers: Mapping[str, str]


@dataclass(frozen=True)
class Call(Generic[T]):
    """One logical call: what to send, how to read a 2xx answer, and whether sending it twice
    is harmless (`idempotent`: only then is it retried). An `idempotency_key` is chosen once
    here, so the library's own retries carry the same one."""

    method: str
    path: str
    parse: Callable[[Answer], T] = field(repr=False)
    query: tuple[tuple[str, str], ...] = ()
    body: Mapping[str, Any] | None = None
    idempotent: bool = True
    idempotency_key: str | None = None
    min_timeout: float = 0.0

    @property
    def target(self) -> str:
        return self.path + ("?" + urllib.parse.urlencode(self.query) if self.query else "")

    def reading(self, parse: Callable[[Answer], U]) -> Call[U]:
        """The same request, its answer read by `parse` instead."""
        return Call(
            self.method,
            self.path,
            parse,
            self.query,
            self.body,
            self.idempotent,
            self.idempotency_key,
            self.min_timeout,
        )

    def with_cursor(self, cursor: str) -> Call[T]:
        """The same list call for the page after the one that gave `cursor`."""
        kept = tuple((k, v) for k, v in self.query if k != "cursor")
        return replace(self, query=(*kept, ("cursor", cursor)))


class Number:
    """A JSON number written from exact text (an amount), never through a float."""

    def __init__(self, text: str) -> None:
        self.text = text


def dumps(body: Mapping[str, Any]) -> bytes:
    """Compact UTF-8 JSON; a `Number` goes out as its own digits."""
    marks: dict[str, str] = {}

    def default(value: Any) -> Any:
        if isinstance(value, Number):
            mark = f"@@number-{secrets.token_hex(8)}@@"
            marks[json.dumps(mark)] = value.text
            return mark
        raise TypeError(f"cannot send {type(value).__name__} as JSON")

    text = json.dumps(body, default=default, ensure_ascii=False, separators=(",", ":"))
    for mark, number in marks.items():
        text = text.replace(mark, number, 1)
    return text.encode("utf-8")


@dataclass(frozen=True)
class Request:
    """The bytes of one attempt; every attempt of a call sends the same."""

    method: str
    url: str
    headers: dict[str, str]
    data: bytes | None
    timeout: float


def prepare(call: Call[Any], base_url: str, api_key: str | None, timeout: float) -> Request:
    """The request of `call`: its headers (key, request id, idempotency key), its JSON body,
    and its time-out per attempt (a verify that waits gets its wait and 10 s more)."""
    data = dumps(call.body) if call.body is not None else None
    headers = {
        "accept": "application/json",
        "user-agent": f"claimsvc-sdk-python/{VERSION}",
        "x-request-id": secrets.token_hex(8),
    }
    if data is not None:
        headers["content-type"] = "application/json"
    if api_key:
        headers["x-api-key"] = api_key
    if call.idempotency_key is not None:
        headers["idempotency-key"] = call.idempotency_key
    return Request(
        call.method, base_url + call.target, headers, data, max(timeout, call.min_timeout)
    )


def read(status: int, raw: bytes, headers: Mapping[str, str], request: Request) -> Answer:
    """The decoded 2xx answer, or the typed ApiError of any other."""
    request_id = request.headers["x-request-id"]
    if not 200 <= status < 300:
        raise error_from_response(status, raw, headers, request_id)
    try:
        doc = json.loads(raw.decode("utf-8"), parse_float=Decimal) if raw else None
    except ValueError:  # a proxy's page, a cut answer: an answer none of ours
        raise ApiError(
            f"HTTP_{status}", "the answer is not JSON", status, request_id=request_id
        ) from None
    return Answer(status, doc, headers)


@dataclass(frozen=True)
class RetryPolicy:
    """When a failed attempt is sent again (contract §6): only an idempotent call; only a 429
    RATE_LIMITED (after its Retry-After, when that is at most `max_wait`), a 500, 502, 503 or
    504, or no answer at all. Never a daily limit, never another 4xx. Backoff doubles from
    `backoff` up to `max_backoff`, half fixed and half random."""

    max_retries: int = 2
    backoff: float = 0.5
    max_backoff: float = 8.0
    max_wait: float = 10.0

    def wait_before_retry(
        self,
        call: Call[Any],
        attempt: int,
        error: ClaimsvcError,
        rand: Callable[[float, float], float] = random.uniform,
    ) -> float | None:
        """Seconds to wait before attempt `attempt + 1`, or None: raise `error` now."""
        if not call.idempotent or attempt > self.max_retries:
            return None
        if isinstance(error, ApiError):
            if not error.retryable:
                return None
            asked = error.retry_after or _reset_seconds(error)
        elif isinstance(error, ApiConnectionError):
            asked = None
        else:
            return None
        if asked is not None and asked > self.max_wait:
            return None  # the server asks for longer than the caller wants to block
        ceiling = min(self.max_backoff, self.backoff * 2.0 ** (attempt - 1))
        delay = ceiling / 2 + rand(0, ceiling / 2)
        return max(delay, float(asked)) if asked else delay


def _reset_seconds(error: ApiError) -> int | None:
    """RateLimit-Reset of a refusal that sent no Retry-After."""
    reset = header(error.headers, "ratelimit-reset")
    return int(reset) if reset and reset.isdigit() else None


def attempt_failed(
    policy: RetryPolicy, call: Call[Any], attempt: int, error: ClaimsvcError
) -> float:
    """Counts the attempt on the error; the wait before the next one, or re-raises `error`."""
    if isinstance(error, ApiError):
        error.attempts = attempt
    wait = policy.wait_before_retry(call, attempt, error)
    if wait is None:
        raise error
    return wait


def path(*parts: str) -> str:
    """An API path with each id quoted as one segment."""
    head, *ids = parts
    return head + "".join("/" + urllib.parse.quote(i, safe="") for i in ids)


def query(**given: object) -> tuple[tuple[str, str], ...]:
    """The query of a list call: the parameters given, as text, in a stable order."""
    return tuple((k, _text(v)) for k, v in given.items() if v is not None)


def _text(value: object) -> str:
    raw = getattr(value, "value", value)
    return str(raw)
