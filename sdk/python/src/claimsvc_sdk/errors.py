"""Every error the API answers, as a type: each carries its code, message, HTTP status and
Retry-After. The codes and texts are those of the service's interface (docs/openapi.yaml)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any


class ClaimsvcError(Exception):
    """Base of every error this library raises."""


class ApiConnectionError(ClaimsvcError):
    """The request did not get an answer: connection refused, reset, DNS, TLS."""


class ApiTimeoutError(ApiConnectionError):
    """No answer within the client's time-out."""


class WebhookVerificationError(ClaimsvcError):
    """A webhook request is not authentic or not current; answer it 401 (or 400 for `reason`
    `invalid_payload`). `reason` is one of missing_header, malformed_header,
    signature_mismatch, timestamp_out_of_tolerance, invalid_payload."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class ApiError(ClaimsvcError):
    """An error answer of the API. `code` is a stable name (see the README's table)."""

    def __init__(
        self,
        code: str,
        message: str,
        status: int,
        *,
        retry_after: int | None = None,
        details: list[str] | None = None,
        request_id: str | None = None,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.code = code
        self.message = message
        self.status = status
        self.retry_after = retry_after
        self.details = details or []
        self.request_id = request_id
        self.body = body
        self.headers = dict(headers or {})
        self.attempts = 1

    @property
    def retryable(self) -> bool:
        """Worth sending again unchanged (contract §6): a 500, 502, 503 or 504, or a 429
        RATE_LIMITED after its Retry-After. Never a daily limit (it lasts until tomorrow),
        TOO_MANY_ATTEMPTS (the session is locked) or any other 4xx."""
        return self.status in RETRYABLE_STATUSES or self.code == "RATE_LIMITED"


class InvalidRequestError(ApiError):
    """400 or 413: the request is wrong; sending it again unchanged gives the same answer."""


class InvalidJsonError(InvalidRequestError):
    """INVALID_JSON: the body was not JSON."""


class ValidationError(InvalidRequestError):
    """INVALID_REQUEST: a field was refused; `details` names each (e.g. `amount: ...`)."""


class UrlRejectedError(InvalidRequestError):
    """URL_REJECTED: success_url, cancel_url or webhook_url breaks a URL rule (https, host in
    the account's allowed hosts, at most 2048 characters, no credentials)."""


class MissingFieldsError(InvalidRequestError):
    """MISSING_FIELDS: a claim lacked sessionId, trxId or provider."""


class InvalidIdempotencyKeyError(ValidationError):
    """INVALID_IDEMPOTENCY_KEY: the Idempotency-Key is not 1 to 255 printable ASCII
    characters."""


class InvalidWaitError(ValidationError):
    """INVALID_WAIT: verify's `wait` is not a whole number of seconds from 0 to 25."""


class InvalidTrxIdError(InvalidRequestError):
    """INVALID_TRX_ID: the TrxID is not 6 to 20 letters and digits."""


class InvalidProviderError(InvalidRequestError):
    """INVALID_PROVIDER: not one of bkash, nagad, rocket, upay, cellfin."""


class RequestTooLargeError(InvalidRequestError):
    """BODY_TOO_LARGE (413): the body is over 64 KiB."""


class VerificationFailedError(InvalidRequestError):
    """VERIFICATION_FAILED: no payment with this TrxID and exactly this amount (one failed
    attempt counted on the session)."""


class AuthenticationError(ApiError):
    """401: the API key is missing, unknown or revoked."""


class MissingApiKeyError(AuthenticationError):
    """MISSING_API_KEY: no x-api-key header was sent."""


class InvalidApiKeyError(AuthenticationError):
    """UNAUTHORIZED_API_KEY: the key is unknown or revoked."""


class PlatformFeeDueError(ApiError):
    """PLATFORM_FEE_DUE (402): unpaid platform fees block new sessions."""


class PermissionDeniedError(ApiError):
    """403: the account may not take payments now."""


class AccountInactiveError(PermissionDeniedError):
    """ACCOUNT_INACTIVE: the account is not active (KYC pending or suspended)."""


class VendorInactiveError(PermissionDeniedError):
    """VENDOR_INACTIVE: a claim on a session of an account that is not active."""


class BrandArchivedError(PermissionDeniedError):
    """BRAND_ARCHIVED: the brand is archived and accepts no new payments."""


class TestKeyRequiredError(PermissionDeniedError):
    """TEST_KEY_REQUIRED: test payments need a test key (sk_test_...); a live key cannot."""

    __test__ = False  # not a pytest test class


class LiveKeyRequiredError(PermissionDeniedError):
    """LIVE_KEY_REQUIRED: payment links are live only; a test key cannot create or read them."""


class NotFoundError(ApiError):
    """404: no such resource in this key's account (NOT_FOUND)."""


class TransactionNotFoundError(NotFoundError):
    """TRANSACTION_NOT_FOUND: no such wallet transaction in this key's account and mode."""


class EventNotFoundError(NotFoundError):
    """EVENT_NOT_FOUND: no such webhook event in this key's account and mode."""


class SessionNotFoundError(NotFoundError):
    """No such session of this key's account and mode: NOT_FOUND or INVALID_SESSION_ID on a
    claim or cancel, SESSION_NOT_FOUND on a read (`sessions.retrieve`)."""


class ConflictError(ApiError):
    """409."""


class OrderIdConflictError(ConflictError):
    """ORDER_ID_CONFLICT: this order_id was used with another amount or URL; `details` says
    which field differs. Nothing was changed."""


class AlreadyCompletedError(ConflictError):
    """ALREADY_COMPLETED: the session was completed with a different transaction."""


class TestSessionNotOpenError(ConflictError):
    """TEST_SESSION_NOT_OPEN: a test payment needs an open test session."""

    __test__ = False  # not a pytest test class


class IdempotencyKeyReusedError(ConflictError):
    """IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used with a different request body."""


class EventAlreadyQueuedError(ConflictError):
    """EVENT_ALREADY_QUEUED: the event is still queued for delivery; nothing to redeliver."""


class EventNotRedeliverableError(ConflictError):
    """EVENT_NOT_REDELIVERABLE: only a dead or delivered event can be redelivered (a stopped
    one cannot: `stopped_reason` says why)."""


class SessionClosedError(ApiError):
    """410: the session can no longer be paid."""


class SessionExpiredError(SessionClosedError):
    """SESSION_EXPIRED."""


class SessionUnavailableError(SessionClosedError):
    """SESSION_UNAVAILABLE: the session was cancelled."""


class RateLimitError(ApiError):
    """429."""


class RateLimitedError(RateLimitError):
    """RATE_LIMITED: too many requests on this endpoint; wait `retry_after` seconds."""


class DailyLimitError(RateLimitError):
    """VENDOR_DAILY_LIMIT or PLATFORM_DAILY_LIMIT: the day's transactions are used up; try again
    tomorrow (days roll over at midnight Asia/Dhaka). Raised at once, never retried."""


class TooManyAttemptsError(RateLimitError):
    """TOO_MANY_ATTEMPTS: the session is locked; open a new session."""


class ServerError(ApiError):
    """INTERNAL_ERROR (500): safe to retry with the same body."""


class MaintenanceError(ApiError):
    """MAINTENANCE (503): checkout is paused for maintenance; retry shortly."""


RETRYABLE_STATUSES = frozenset({500, 502, 503, 504})

# The service's plain-text errors, named.
PLAIN_CODES = {
    "Missing API Key": "MISSING_API_KEY",
    "Unauthorized API Key": "UNAUTHORIZED_API_KEY",
    "Invalid JSON body": "INVALID_JSON",
    "Invalid request body": "INVALID_REQUEST",
    "Missing required matching fields": "MISSING_FIELDS",
    "Invalid checkout session": "INVALID_SESSION_ID",
    "Invalid trxId format": "INVALID_TRX_ID",
    "Invalid provider": "INVALID_PROVIDER",
    "Request body too large": "BODY_TOO_LARGE",
    "Vendor account is not active to process payments": "ACCOUNT_INACTIVE",
    "This brand is archived and accepts no new payments.": "BRAND_ARCHIVED",
    "order_id was already used with different parameters": "ORDER_ID_CONFLICT",
    "The vendor daily transaction limit has been reached. Please try again tomorrow.": (
        "VENDOR_DAILY_LIMIT"
    ),
    "The platform daily transaction limit has been reached. Please try again tomorrow.": (
        "PLATFORM_DAILY_LIMIT"
    ),
    "Checkout is temporarily unavailable for maintenance. Please try again shortly.": (
        "MAINTENANCE"
    ),
    "Internal server error": "INTERNAL_ERROR",
    "Internal system error": "INTERNAL_ERROR",
    "Not found": "NOT_FOUND",
    "Session not found": "SESSION_NOT_FOUND",
    "Invalid request": "INVALID_REQUEST",
    "Test payments need a test key (sk_test_...); a live key cannot make one": "TEST_KEY_REQUIRED",
    "This test session is not open; a test payment needs an open session": (
        "TEST_SESSION_NOT_OPEN"
    ),
    "Payment links are live only; use a live key": "LIVE_KEY_REQUIRED",
    "Invalid Idempotency-Key header": "INVALID_IDEMPOTENCY_KEY",
    "Idempotency-Key was already used with a different request body": "IDEMPOTENCY_KEY_REUSED",
    "Transaction not found": "TRANSACTION_NOT_FOUND",
    "Event not found": "EVENT_NOT_FOUND",
    "Event is already queued for delivery": "EVENT_ALREADY_QUEUED",
    "Only a dead or delivered event can be redelivered": "EVENT_NOT_REDELIVERABLE",
}
_URL_RULE = re.compile(r"^(success_url|cancel_url|webhook_url) ")

ERROR_TYPES: dict[str, type[ApiError]] = {
    "INVALID_JSON": InvalidJsonError,
    "INVALID_REQUEST": ValidationError,
    "URL_REJECTED": UrlRejectedError,
    "MISSING_FIELDS": MissingFieldsError,
    "INVALID_TRX_ID": InvalidTrxIdError,
    "INVALID_PROVIDER": InvalidProviderError,
    "BODY_TOO_LARGE": RequestTooLargeError,
    "VERIFICATION_FAILED": VerificationFailedError,
    "MISSING_API_KEY": MissingApiKeyError,
    "UNAUTHORIZED_API_KEY": InvalidApiKeyError,
    "PLATFORM_FEE_DUE": PlatformFeeDueError,
    "ACCOUNT_INACTIVE": AccountInactiveError,
    "VENDOR_INACTIVE": VendorInactiveError,
    "BRAND_ARCHIVED": BrandArchivedError,
    "NOT_FOUND": NotFoundError,
    "INVALID_SESSION_ID": SessionNotFoundError,
    "SESSION_NOT_FOUND": SessionNotFoundError,
    "ORDER_ID_CONFLICT": OrderIdConflictError,
    "ALREADY_COMPLETED": AlreadyCompletedError,
    "SESSION_EXPIRED": SessionExpiredError,
    "SESSION_UNAVAILABLE": SessionUnavailableError,
    "RATE_LIMITED": RateLimitedError,
    "VENDOR_DAILY_LIMIT": DailyLimitError,
    "PLATFORM_DAILY_LIMIT": DailyLimitError,
    "TOO_MANY_ATTEMPTS": TooManyAttemptsError,
    "INTERNAL_ERROR": ServerError,
    "MAINTENANCE": MaintenanceError,
    "TEST_KEY_REQUIRED": TestKeyRequiredError,
    "TEST_SESSION_NOT_OPEN": TestSessionNotOpenError,
    "LIVE_KEY_REQUIRED": LiveKeyRequiredError,
    "INVALID_IDEMPOTENCY_KEY": InvalidIdempotencyKeyError,
    "IDEMPOTENCY_KEY_REUSED": IdempotencyKeyReusedError,
    "TRANSACTION_NOT_FOUND": TransactionNotFoundError,
    "EVENT_NOT_FOUND": EventNotFoundError,
    "EVENT_ALREADY_QUEUED": EventAlreadyQueuedError,
    "EVENT_NOT_REDELIVERABLE": EventNotRedeliverableError,
    "INVALID_WAIT": InvalidWaitError,
}
_BY_STATUS: dict[int, type[ApiError]] = {
    400: InvalidRequestError,
    401: AuthenticationError,
    402: PlatformFeeDueError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    410: SessionClosedError,
    413: RequestTooLargeError,
    429: RateLimitError,
    500: ServerError,
    503: MaintenanceError,
}


def _code_and_message(status: int, body: Any) -> tuple[str, str, bool]:
    """(code, message, claim shape) from any of the three error body shapes."""
    if not isinstance(body, dict):
        return f"HTTP_{status}", f"HTTP {status}", False
    error = body.get("error")
    if isinstance(error, dict):  # {"error": {"code", "message"}}
        return str(error.get("code") or f"HTTP_{status}"), str(error.get("message") or ""), False
    text = str(error) if error is not None else ""
    claim = body.get("success") is False
    message = str(body.get("message") or text) if claim else text
    if text in PLAIN_CODES:
        return PLAIN_CODES[text], message, claim
    if status == 400 and _URL_RULE.match(text):
        return "URL_REJECTED", message, claim
    if re.fullmatch(r"[A-Z][A-Z_]+", text):
        return text, message, claim
    return f"HTTP_{status}", message or f"HTTP {status}", claim


def error_from_response(
    status: int, raw: bytes, headers: Mapping[str, str], request_id: str | None = None
) -> ApiError:
    """The typed error for an error answer (any status, any of the three body shapes)."""
    try:
        body: Any = json.loads(raw.decode("utf-8"), parse_float=Decimal) if raw else None
    except (UnicodeDecodeError, ValueError):
        body = None
    code, message, claim = _code_and_message(status, body)
    cls = ERROR_TYPES.get(code) or _BY_STATUS.get(status, ApiError)
    if claim and code == "NOT_FOUND":
        cls = SessionNotFoundError
    details = body.get("details") if isinstance(body, dict) else None
    retry_after = header(headers, "retry-after")
    return cls(
        code,
        message,
        status,
        retry_after=int(retry_after) if retry_after and retry_after.isdigit() else None,
        details=[str(d) for d in details] if isinstance(details, list) else None,
        request_id=header(headers, "x-request-id") or request_id,
        body=body,
        headers=headers,
    )


def header(headers: Mapping[str, str], name: str) -> str | None:
    """The value of header `name` (lower case) in a mapping of any case."""
    for key, value in headers.items():
        if key.lower() == name:
            return value
    return None
