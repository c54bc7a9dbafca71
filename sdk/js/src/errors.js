// Every error the API answers, as a class carrying its code, message, status and Retry-After.

export class ClaimsvcError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}

/** No answer: connection refused or reset, DNS, TLS. */
export class ApiConnectionError extends ClaimsvcError {}
/** No answer within the client's time-out. */
export class ApiTimeoutError extends ApiConnectionError {}

/** A webhook request is not authentic or not current; answer it 401. */
export class WebhookVerificationError extends ClaimsvcError {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

export const DAILY_LIMIT_CODES = new Set(["VENDOR_DAILY_LIMIT", "PLATFORM_DAILY_LIMIT"]);

export class ApiError extends ClaimsvcError {
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

  /** Worth retrying with the same body: 500, 503, and a 429 of a daily limit (interface.md). */
  get retryable() {
    return this.status === 500 || this.status === 503 || DAILY_LIMIT_CODES.has(this.code);
  }
}

export class InvalidRequestError extends ApiError {}
export class InvalidJsonError extends InvalidRequestError {}
export class ValidationError extends InvalidRequestError {}
export class UrlRejectedError extends InvalidRequestError {}
export class MissingFieldsError extends InvalidRequestError {}
export class InvalidTrxIdError extends InvalidRequestError {}
export class InvalidProviderError extends InvalidRequestError {}
export class RequestTooLargeError extends InvalidRequestError {}
export class VerificationFailedError extends InvalidRequestError {}
export class AuthenticationError extends ApiError {}
export class MissingApiKeyError extends AuthenticationError {}
export class InvalidApiKeyError extends AuthenticationError {}
export class PlatformFeeDueError extends ApiError {}
export class PermissionDeniedError extends ApiError {}
export class AccountInactiveError extends PermissionDeniedError {}
export class VendorInactiveError extends PermissionDeniedError {}
export class BrandArchivedError extends PermissionDeniedError {}
export class NotFoundError extends ApiError {}
export class SessionNotFoundError extends NotFoundError {}
export class ConflictError extends ApiError {}
export class OrderIdConflictError extends ConflictError {}
export class AlreadyCompletedError extends ConflictError {}
export class SessionClosedError extends ApiError {}
export class SessionExpiredError extends SessionClosedError {}
export class SessionUnavailableError extends SessionClosedError {}
export class RateLimitError extends ApiError {}
export class RateLimitedError extends RateLimitError {}
export class DailyLimitError extends RateLimitError {}
export class TooManyAttemptsError extends RateLimitError {}
export class ServerError extends ApiError {}
export class MaintenanceError extends ApiError {}

export const PLAIN_CODES = {
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
};

export const ERROR_TYPES = {
  INVALID_JSON: InvalidJsonError,
  INVALID_REQUEST: ValidationError,
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
  NOT_FOUND: NotFoundError,
  INVALID_SESSION_ID: SessionNotFoundError,
  SESSION_NOT_FOUND: SessionNotFoundError,
  ORDER_ID_CONFLICT: OrderIdConflictError,
  ALREADY_COMPLETED: AlreadyCompletedError,
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

/** The typed error for an error answer: `headers` a Headers object or a plain object. */
export function errorFromResponse(status, rawText, headers, requestId = null) {
  let body = null;
  try {
    body = rawText ? JSON.parse(rawText) : null;
  } catch {
    body = null;
  }
  const [code, message, claim] = codeAndMessage(status, body);
  let Type = (Object.hasOwn(ERROR_TYPES, code) && ERROR_TYPES[code]) || BY_STATUS[status] || ApiError;
  if (claim && code === "NOT_FOUND") Type = SessionNotFoundError;
  const header = (name) => headerValue(headers, name);
  const retryAfter = header("retry-after");
  const details = body && Array.isArray(body.details) ? body.details.map(String) : [];
  return new Type(code, message, status, {
    retryAfter: retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null,
    details,
    requestId: header("x-request-id") || requestId,
    body,
  });
}

export function headerValue(headers, name) {
  if (!headers) return null;
  if (typeof headers.get === "function") return headers.get(name);
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(", ") : String(value);
  }
  return null;
}
