"""claimsvc client: checkout sessions, payment links, wallet transactions, webhook events,
test payments and webhook verification.

from claimsvc_sdk import Client, webhooks
client = Client(api_key="sk_...", base_url="https://pay.example.com")

The asyncio client is `claimsvc_sdk.aio.AsyncClient` (also `claimsvc_sdk.AsyncClient`), with
the `async` extra: pip install "claimsvc-sdk[async]".
"""

from typing import Any

from claimsvc_sdk import webhooks
from claimsvc_sdk._call import VERSION as __version__
from claimsvc_sdk.client import Client
from claimsvc_sdk.errors import (
    ERROR_TYPES,
    AccountInactiveError,
    AlreadyCompletedError,
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    AuthenticationError,
    BrandArchivedError,
    ClaimsvcError,
    ConflictError,
    DailyLimitError,
    EventAlreadyQueuedError,
    EventNotFoundError,
    EventNotRedeliverableError,
    IdempotencyKeyReusedError,
    InvalidApiKeyError,
    InvalidIdempotencyKeyError,
    InvalidJsonError,
    InvalidProviderError,
    InvalidRequestError,
    InvalidTrxIdError,
    InvalidWaitError,
    LiveKeyRequiredError,
    MaintenanceError,
    MissingApiKeyError,
    MissingFieldsError,
    NotFoundError,
    OrderIdConflictError,
    PermissionDeniedError,
    PlatformFeeDueError,
    RateLimitedError,
    RateLimitError,
    RequestTooLargeError,
    ServerError,
    SessionClosedError,
    SessionExpiredError,
    SessionNotFoundError,
    SessionUnavailableError,
    TestKeyRequiredError,
    TestSessionNotOpenError,
    TooManyAttemptsError,
    TransactionNotFoundError,
    UrlRejectedError,
    ValidationError,
    VendorInactiveError,
    VerificationFailedError,
    WebhookVerificationError,
)
from claimsvc_sdk.models import (
    PENDING_VERIFICATION,
    SMS_NOT_ARRIVED,
    Cancellation,
    Claim,
    InitializeResult,
    LinkPage,
    Page,
    PaymentLink,
    Provider,
    PublicSession,
    Session,
    SessionDetails,
    SessionPage,
    TestOutcome,
    TestPayment,
    Wallet,
)
from claimsvc_sdk.money import taka_text, to_poisha
from claimsvc_sdk.records import Transaction, WebhookEventRecord
from claimsvc_sdk.webhooks import WebhookEvent

__all__ = [
    "ERROR_TYPES",
    "PENDING_VERIFICATION",
    "SMS_NOT_ARRIVED",
    "AccountInactiveError",
    "AlreadyCompletedError",
    "ApiConnectionError",
    "ApiError",
    "ApiTimeoutError",
    "AsyncClient",
    "AuthenticationError",
    "BrandArchivedError",
    "Cancellation",
    "Claim",
    "ClaimsvcError",
    "Client",
    "ConflictError",
    "DailyLimitError",
    "EventAlreadyQueuedError",
    "EventNotFoundError",
    "EventNotRedeliverableError",
    "IdempotencyKeyReusedError",
    "InitializeResult",
    "InvalidApiKeyError",
    "InvalidIdempotencyKeyError",
    "InvalidJsonError",
    "InvalidProviderError",
    "InvalidRequestError",
    "InvalidTrxIdError",
    "InvalidWaitError",
    "LinkPage",
    "LiveKeyRequiredError",
    "MaintenanceError",
    "MissingApiKeyError",
    "MissingFieldsError",
    "NotFoundError",
    "OrderIdConflictError",
    "Page",
    "PaymentLink",
    "PermissionDeniedError",
    "PlatformFeeDueError",
    "Provider",
    "PublicSession",
    "RateLimitError",
    "RateLimitedError",
    "RequestTooLargeError",
    "ServerError",
    "Session",
    "SessionClosedError",
    "SessionDetails",
    "SessionExpiredError",
    "SessionNotFoundError",
    "SessionPage",
    "SessionUnavailableError",
    "TestKeyRequiredError",
    "TestOutcome",
    "TestPayment",
    "TestSessionNotOpenError",
    "TooManyAttemptsError",
    "Transaction",
    "TransactionNotFoundError",
    "UrlRejectedError",
    "ValidationError",
    "VendorInactiveError",
    "VerificationFailedError",
    "Wallet",
    "WebhookEvent",
    "WebhookEventRecord",
    "WebhookVerificationError",
    "__version__",
    "taka_text",
    "to_poisha",
    "webhooks",
]


def __getattr__(name: str) -> Any:
    """`AsyncClient` on first use only: the sync client needs nothing beyond the standard
    library, the async one needs aiohttp (the `async` extra)."""
    if name == "AsyncClient":
        from claimsvc_sdk.aio import AsyncClient

        return AsyncClient
    raise AttributeError(f"module 'claimsvc_sdk' has no attribute {name!r}")
