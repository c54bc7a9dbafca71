"use strict";
// Every error the API answers, as a class carrying its code, message, status and Retry-After.

class ClaimsvcError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}

/** No answer: connection refused or reset, DNS, TLS. */
class ApiConnectionError extends ClaimsvcError {}
/** No answer within the client's time-out. */
class ApiTimeoutError extends ApiConnectionError {}

/** A webhook request is not authentic or not current; answer it 401. */
class WebhookVerificationError extends ClaimsvcError {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

const DAILY_LIMIT_CODES = new Set(["VENDOR_DAILY_LIMIT", "PLATFORM_DAILY_LIMIT"]);
/** Statuses where waiting helps (issue 31's contract, section 6); a daily limit never does. */
const RETRYABLE_STATUSES = new Set([500, 502, 503, 504]);

class ApiError extends ClaimsvcError {
  constructor(code, message, status, { retryAfter = null, details = [], requestId = null, body = null } = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.retryAfter = retryAfter;
    this.details = details;
    this.requestId = requestId;
    this.body = body;
    this.attempts = 1;
  }

  /** Worth retrying with the same body: 500, 502, 503, 504 and RATE_LIMITED (after Retry-After). */
  get retryable() {
    return RETRYABLE_STATUSES.has(this.status) || this.code === "RATE_LIMITED";
  }
}

class InvalidRequestError extends ApiError {}
class InvalidJsonError extends InvalidRequestError {}
/** A parameter refused: by the service (400, `details` say which), or by the library before sending (status 0). */
class ValidationError extends InvalidRequestError {}
class InvalidIdempotencyKeyError extends ValidationError {}
class InvalidWaitError extends ValidationError {}
class UrlRejectedError extends InvalidRequestError {}
class MissingFieldsError extends InvalidRequestError {}
class InvalidTrxIdError extends InvalidRequestError {}
class InvalidProviderError extends InvalidRequestError {}
class RequestTooLargeError extends InvalidRequestError {}
class VerificationFailedError extends InvalidRequestError {}
class AuthenticationError extends ApiError {}
class MissingApiKeyError extends AuthenticationError {}
class InvalidApiKeyError extends AuthenticationError {}
class PlatformFeeDueError extends ApiError {}
class PermissionDeniedError extends ApiError {}
class AccountInactiveError extends PermissionDeniedError {}
class VendorInactiveError extends PermissionDeniedError {}
class BrandArchivedError extends PermissionDeniedError {}
class TestKeyRequiredError extends PermissionDeniedError {}
class LiveKeyRequiredError extends PermissionDeniedError {}
class NotFoundError extends ApiError {}
class SessionNotFoundError extends NotFoundError {}
class TransactionNotFoundError extends NotFoundError {}
class EventNotFoundError extends NotFoundError {}
class ConflictError extends ApiError {}
class OrderIdConflictError extends ConflictError {}
class AlreadyCompletedError extends ConflictError {}
class TestSessionNotOpenError extends ConflictError {}
class IdempotencyKeyReusedError extends ConflictError {}
class EventAlreadyQueuedError extends ConflictError {}
/** A stopped event: the service redelivers only dead and delivered ones. */
class EventNotRedeliverableError extends ConflictError {}
class SessionClosedError extends ApiError {}
class SessionExpiredError extends SessionClosedError {}
class SessionUnavailableError extends SessionClosedError {}
class RateLimitError extends ApiError {}
class RateLimitedError extends RateLimitError {}
/** The day's sessions are used up: never retried, try again tomorrow. */
class DailyLimitError extends RateLimitError {}
class TooManyAttemptsError extends RateLimitError {}
class ServerError extends ApiError {}
class MaintenanceError extends ApiError {}

/** The code of each plain `{ "error": "<text>" }` answer (and of the claim shape's texts). */
const PLAIN_CODES = {
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
  "The vendor daily transaction limit has been reached. Please try again tomorrow.": "VENDOR_DAILY_LIMIT",
  "The platform daily transaction limit has been reached. Please try again tomorrow.": "PLATFORM_DAILY_LIMIT",
  "Checkout is temporarily unavailable for maintenance. Please try again shortly.": "MAINTENANCE",
  "Internal server error": "INTERNAL_ERROR",
  "Internal system error": "INTERNAL_ERROR",
  "Not found": "NOT_FOUND",
  "Session not found": "SESSION_NOT_FOUND",
  "Invalid request": "INVALID_REQUEST",
  "Test payments need a test key (sk_test_...); a live key cannot make one": "TEST_KEY_REQUIRED",
  "This test session is not open; a test payment needs an open session": "TEST_SESSION_NOT_OPEN",
  "Payment links are live only; use a live key": "LIVE_KEY_REQUIRED",
  "Invalid Idempotency-Key header": "INVALID_IDEMPOTENCY_KEY",
  "Idempotency-Key was already used with a different request body": "IDEMPOTENCY_KEY_REUSED",
  "Transaction not found": "TRANSACTION_NOT_FOUND",
  "Event not found": "EVENT_NOT_FOUND",
  "Event is already queued for delivery": "EVENT_ALREADY_QUEUED",
  "Only a dead or delivered event can be redelivered": "EVENT_NOT_REDELIVERABLE",
};

const ERROR_TYPES = {
  INVALID_JSON: InvalidJsonError,
  INVALID_REQUEST: ValidationError,
  INVALID_IDEMPOTENCY_KEY: InvalidIdempotencyKeyError,
  INVALID_WAIT: InvalidWaitError,
  URL_REJECTED: UrlRejectedError,
  MISSING_FIELDS: MissingFieldsError,
  INVALID_TRX_ID: InvalidTrxIdError,
  INVALID_PROVIDER: InvalidProviderError,
  BODY_TOO_LARGE: RequestTooLargeError,
  VERIFICATION_FAILED: VerificationFailedError,
  MISSING_API_KEY: MissingApiKeyError,
  UNAUTHORIZED_API_KEY: InvalidApiKeyError,
  PLATFORM_FEE_DUE: PlatformFeeDueError,
  ACCOUNT_INACTIVE: AccountInactiveError,
  VENDOR_INACTIVE: VendorInactiveError,
  BRAND_ARCHIVED: BrandArchivedError,
  TEST_KEY_REQUIRED: TestKeyRequiredError,
  LIVE_KEY_REQUIRED: LiveKeyRequiredError,
  NOT_FOUND: NotFoundError,
  INVALID_SESSION_ID: SessionNotFoundError,
  SESSION_NOT_FOUND: SessionNotFoundError,
  TRANSACTION_NOT_FOUND: TransactionNotFoundError,
  EVENT_NOT_FOUND: EventNotFoundError,
  ORDER_ID_CONFLICT: OrderIdConflictError,
  ALREADY_COMPLETED: AlreadyCompletedError,
  TEST_SESSION_NOT_OPEN: TestSessionNotOpenError,
  IDEMPOTENCY_KEY_REUSED: IdempotencyKeyReusedError,
  EVENT_ALREADY_QUEUED: EventAlreadyQueuedError,
  EVENT_NOT_REDELIVERABLE: EventNotRedeliverableError,
  SESSION_EXPIRED: SessionExpiredError,
  SESSION_UNAVAILABLE: SessionUnavailableError,
  RATE_LIMITED: RateLimitedError,
  VENDOR_DAILY_LIMIT: DailyLimitError,
  PLATFORM_DAILY_LIMIT: DailyLimitError,
  TOO_MANY_ATTEMPTS: TooManyAttemptsError,
  INTERNAL_ERROR: ServerError,
  MAINTENANCE: MaintenanceError,
};

const BY_STATUS = {
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
};
const URL_RULE = /^(success_url|cancel_url|webhook_url) /;

function codeAndMessage(status, body) {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return [`HTTP_${status}`, `HTTP ${status}`, false];
  }
  const error = body.error;
  if (error !== null && typeof error === "object") {
    return [String(error.code || `HTTP_${status}`), String(error.message || ""), false];
  }
  const text = error == null ? "" : String(error);
  const claim = body.success === false;
  const message = claim ? String(body.message || text) : text;
  if (Object.hasOwn(PLAIN_CODES, text)) return [PLAIN_CODES[text], message, claim];
  if (status === 400 && URL_RULE.test(text)) return ["URL_REJECTED", message, claim];
  if (/^[A-Z][A-Z_]+$/.test(text)) return [text, message, claim];
  return [`HTTP_${status}`, message || `HTTP ${status}`, claim];
}

/** Seconds to wait from Retry-After, else RateLimit-Reset (delta seconds); null without either. */
function waitSeconds(headers) {
  for (const name of ["retry-after", "ratelimit-reset"]) {
    const value = headerValue(headers, name);
    if (value && /^\d+$/.test(value.trim())) return Number(value.trim());
  }
  return null;
}

/** The typed error for an error answer: `headers` a Headers object or a plain object. */
function errorFromResponse(status, rawText, headers, requestId = null) {
  let body = null;
  try {
    body = rawText ? JSON.parse(rawText) : null;
  } catch {
    body = null;
  }
  const [code, message, claim] = codeAndMessage(status, body);
  let Type = (Object.hasOwn(ERROR_TYPES, code) && ERROR_TYPES[code]) || BY_STATUS[status] || ApiError;
  if (claim && code === "NOT_FOUND") Type = SessionNotFoundError;
  const details = body && Array.isArray(body.details) ? body.details.map(String) : [];
  return new Type(code, message, status, {
    retryAfter: status === 429 ? waitSeconds(headers) : null,
    details,
    requestId: headerValue(headers, "x-request-id") || requestId,
    body,
  });
}

/** A parameter the library refuses before sending: no request is made (status 0, attempts 0). */
function parameterError(Type, code, where, field, reason) {
  const err = new Type(code, `${where}: ${field} ${reason}`, 0, { details: [`${field}: ${reason}`] });
  err.attempts = 0;
  return err;
}

function headerValue(headers, name) {
  if (!headers) return null;
  if (typeof headers.get === "function") return headers.get(name);
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(", ") : String(value);
  }
  return null;
}

module.exports = {
  ClaimsvcError,
  ApiConnectionError,
  ApiTimeoutError,
  WebhookVerificationError,
  ApiError,
  InvalidRequestError,
  InvalidJsonError,
  ValidationError,
  InvalidIdempotencyKeyError,
  InvalidWaitError,
  UrlRejectedError,
  MissingFieldsError,
  InvalidTrxIdError,
  InvalidProviderError,
  RequestTooLargeError,
  VerificationFailedError,
  AuthenticationError,
  MissingApiKeyError,
  InvalidApiKeyError,
  PlatformFeeDueError,
  PermissionDeniedError,
  AccountInactiveError,
  VendorInactiveError,
  BrandArchivedError,
  TestKeyRequiredError,
  LiveKeyRequiredError,
  NotFoundError,
  SessionNotFoundError,
  TransactionNotFoundError,
  EventNotFoundError,
  ConflictError,
  OrderIdConflictError,
  AlreadyCompletedError,
  TestSessionNotOpenError,
  IdempotencyKeyReusedError,
  EventAlreadyQueuedError,
  EventNotRedeliverableError,
  SessionClosedError,
  SessionExpiredError,
  SessionUnavailableError,
  RateLimitError,
  RateLimitedError,
  DailyLimitError,
  TooManyAttemptsError,
  ServerError,
  MaintenanceError,
  PLAIN_CODES,
  ERROR_TYPES,
  DAILY_LIMIT_CODES,
  errorFromResponse,
  parameterError,
  headerValue,
};
