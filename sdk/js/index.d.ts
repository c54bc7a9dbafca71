// Type definitions for claimsvc-sdk (the code is plain CommonJS in src/, re-exported as ESM by esm/).
// One naming style: camelCase in parameters and answers; money exact as taka text and integer poisha.

/** Taka: a decimal string ("1250.50"), a number read by its shortest form (1250.5), or a bigint. */
export type Amount = string | number | bigint;
export type Provider = "bkash" | "nagad" | "rocket" | "upay" | "cellfin";
export const PROVIDERS: readonly Provider[];
export type PaymentStatus = "COMPLETED" | "FAILED" | "CANCELLED" | "EXPIRED" | "TEST";
export type SessionStatus = "OPEN" | "COMPLETED" | "FAILED" | "CANCELLED" | "EXPIRED";
export const SESSION_STATUSES: readonly SessionStatus[];
export type Mode = "live" | "test";
/** Exact taka as text, two decimals: "1250.50". */
export type TakaText = string;
type AmountInput = { amount: Amount; amountPoisha?: never } | { amount?: never; amountPoisha: number };

export const VERSION: string;
export const DEFAULT_TIMEOUT_MS: number;
export const DEFAULT_MAX_RETRIES: number;
export const DEFAULT_MAX_RETRY_WAIT_MS: number;
export const DEFAULT_TOLERANCE_SECONDS: number;

export interface ClientOptions {
  /** Your API key (server side only): sk_live_... or sk_test_.... Omit only for public calls. */
  apiKey?: string | null;
  /** Default http://localhost:8080 (`claimsvc dev`). */
  baseUrl?: string;
  /** Per attempt; default 10000 (a verify with `wait` gets wait + 10 s). */
  timeoutMs?: number;
  /** Further attempts of a call that is safe to repeat; default 2. */
  maxRetries?: number;
  /** First backoff; default 500, doubling up to maxBackoffMs (default 8000). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A RATE_LIMITED Retry-After longer than this is raised at once; default 60000. */
  maxRetryWaitMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<unknown>;
}

export interface RequestOptions {
  /** Retried on 5xx, RATE_LIMITED and no answer; default true for GET only. */
  idempotent?: boolean;
  headers?: Record<string, string>;
  /** Raises the per-attempt time-out for this call (never lowers it). */
  timeoutMs?: number;
}

export interface RawAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Page<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
}

export interface PageParams {
  /** 1 to 100; default 20. */
  limit?: number;
  cursor?: string | null;
}

// Sessions ---------------------------------------------------------------------------------

/** initialize's answer. */
export interface Session {
  sessionId: string;
  /** Sent in webhooks as `trid`; not the wallet's TrxID. */
  paymentId: string;
  orderId: string;
  amount: TakaText;
  amountPoisha: number;
  status: SessionStatus;
  /** Send the buyer here. */
  checkoutUrl: string;
  expiresAt: string;
}

export interface InitializeResult {
  session: Session;
  /** True when this call returned the session an earlier call with the same orderId opened. */
  replayed: boolean;
}

export type InitializeParams = AmountInput & {
  orderId: string;
  successUrl: string;
  cancelUrl: string;
  webhookUrl: string;
  /** Seconds, 300 to 86400; default 1800. */
  expiresIn?: number;
  customer?: { name?: string; email?: string; phone?: string };
  metadata?: Record<string, string>;
};

export interface VerifyParams {
  sessionId: string;
  trxId: string;
  provider: Provider;
  /** Seconds (0 to 25) the service waits for a late SMS of this TrxID; default 0. */
  wait?: number;
}

export type ClaimStatus = "COMPLETED" | "PENDING_VERIFICATION" | "SMS_NOT_ARRIVED";

/** verify's answer. Not final (`pending`) while PENDING_VERIFICATION or SMS_NOT_ARRIVED. */
export interface Claim {
  /**
   * COMPLETED; PENDING_VERIFICATION (found, your balance verification confirms it); or
   * SMS_NOT_ARRIVED (with `wait`: the SMS has not reached you yet; not counted as an attempt).
   */
  status: ClaimStatus;
  completed: boolean;
  /** Not final yet: PENDING_VERIFICATION or SMS_NOT_ARRIVED. */
  pending: boolean;
  /** The service's text for a buyer (non-final answers); null on COMPLETED. */
  message: string | null;
  sessionId: string | null;
  orderId: string | null;
  paymentId: string | null;
  amount: TakaText | null;
  amountPoisha: number | null;
  provider: Provider | null;
  trxId: string | null;
  /** Your success_url, once COMPLETED. */
  redirectUrl: string | null;
}

export interface Cancellation {
  status: "CANCELLED";
  /** Your cancel_url. */
  redirectUrl: string;
}

/** A session as its merchant reads it with the API key; money exact, never a float. */
export interface SessionDetails {
  sessionId: string;
  paymentId: string;
  orderId: string;
  mode: Mode;
  /** Opened with a test key: never money, never fulfil an order on it. */
  test: boolean;
  status: SessionStatus;
  /** A claim matched and waits for its balance check. */
  pending: boolean;
  amount: TakaText;
  amountPoisha: number;
  /** What the buyer paid, once COMPLETED (the order's amount, or the one accepted in the portal). */
  paidAmount: TakaText | null;
  paidAmountPoisha: number | null;
  provider: Provider | null;
  trxId: string | null;
  /** A payment of another amount was accepted for the order by the merchant. */
  settled: boolean;
  checkoutUrl: string;
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
  metadata: Record<string, string>;
}

/** The session as its buyer sees it (the hosted page's public read). */
export interface PublicSession {
  sessionId: string;
  orderId: string;
  merchant: { name: string };
  amount: TakaText;
  amountPoisha: number;
  status: SessionStatus;
  expiresAt: string;
  pending: boolean;
  pendingClaim: { provider: Provider; trxId: string } | null;
  wallets: Array<{ provider: Provider; number: string; kind: "personal" | "agent" | "merchant" }>;
  redirectUrl: string | null;
}

export interface SessionListParams extends PageParams {
  orderId?: string;
  status?: SessionStatus;
}

export class Sessions {
  initialize(params: InitializeParams): Promise<InitializeResult>;
  verify(params: VerifyParams): Promise<Claim>;
  cancel(sessionId: string): Promise<Cancellation>;
  /** The buyer's view of the session (no key needed). */
  retrievePublic(sessionId: string): Promise<PublicSession>;
  /** @deprecated since 0.2.0: use retrievePublic (the same answer) or retrieve (your view). */
  get(sessionId: string): Promise<PublicSession>;
  /** One of your sessions; another account's or the other mode's throws SessionNotFoundError. */
  retrieve(sessionId: string): Promise<SessionDetails>;
  /** One page of your sessions of the key's mode, newest first. */
  list(params?: SessionListParams): Promise<Page<SessionDetails>>;
  iterate(params?: Omit<SessionListParams, "limit" | "cursor"> & { pageSize?: number }): AsyncGenerator<SessionDetails, void, undefined>;
  /** The session of the order (one per order and mode), or null. */
  findByOrder(orderId: string): Promise<SessionDetails | null>;
}

// Payment links ----------------------------------------------------------------------------

export interface PaymentLink {
  id: string;
  url: string;
  amount: TakaText;
  amountPoisha: number;
  description: string;
  orderRef: string | null;
  singleUse: boolean;
  status: "active" | "disabled";
  expiresAt: string | null;
  webhookUrl: string | null;
  createdAt: string;
  disabledAt: string | null;
  /** Completed sessions opened from the link. */
  payments: number;
  paidAmount: TakaText;
  paidAmountPoisha: number;
}

export type CreateLinkParams = AmountInput & {
  description: string;
  orderRef?: string;
  singleUse?: boolean;
  expiresAt?: string | Date;
  webhookUrl?: string;
  /**
   * 1 to 255 printable ASCII characters; the same key and body within 24 hours answer the
   * first link. Default: a random key per call, reused by the library's own retries.
   */
  idempotencyKey?: string;
};

export class PaymentLinks {
  create(params: CreateLinkParams): Promise<PaymentLink>;
  list(params?: PageParams): Promise<Page<PaymentLink>>;
  iterate(params?: { pageSize?: number }): AsyncGenerator<PaymentLink, void, undefined>;
  get(linkId: string): Promise<PaymentLink>;
  disable(linkId: string): Promise<PaymentLink>;
}

// Transactions -----------------------------------------------------------------------------

export type TransactionStatus = "confirmed" | "unconfirmed" | "held" | "suspect";
export type Direction = "credit" | "debit";
export const TRANSACTION_STATUSES: readonly TransactionStatus[];

/** Money that moved in one of your wallets, read from its SMS (matched to a session or not). */
export interface Transaction {
  id: string;
  mode: Mode;
  test: boolean;
  provider: Provider;
  direction: Direction;
  trxId: string;
  amount: TakaText;
  amountPoisha: number;
  fee: TakaText | null;
  feePoisha: number | null;
  balance: TakaText | null;
  balancePoisha: number | null;
  /** The other party's number, masked as the portal masks it; never a full phone number. */
  counterparty: string | null;
  receivedAt: string;
  status: TransactionStatus;
  /** The session it paid; null when unmatched. */
  sessionId: string | null;
}

export interface TransactionListParams extends PageParams {
  status?: TransactionStatus;
  provider?: Provider;
  direction?: Direction;
  /** Exact, trimmed and upper-cased by the service as verify does. */
  trxId?: string;
  sessionId?: string;
}

export class Transactions {
  list(params?: TransactionListParams): Promise<Page<Transaction>>;
  iterate(params?: Omit<TransactionListParams, "limit" | "cursor"> & { pageSize?: number }): AsyncGenerator<Transaction, void, undefined>;
  retrieve(transactionId: string): Promise<Transaction>;
}

// Webhook events (the queued records) ------------------------------------------------------

export type WebhookEventStatus = "queued" | "delivered" | "dead" | "stopped";
export const EVENT_STATUSES: readonly WebhookEventStatus[];

/** One of your queued webhook events, as the service keeps it. */
export interface WebhookEventRecord {
  /** The x-svc-event-id it is sent with (WebhookEvent.id on your receiver). */
  id: string;
  mode: Mode;
  test: boolean;
  sessionId: string | null;
  orderId: string | null;
  paymentStatus: PaymentStatus;
  status: WebhookEventStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  stoppedReason: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface WebhookEventListParams extends PageParams {
  status?: WebhookEventStatus;
  sessionId?: string;
  orderId?: string;
}

export class WebhookEvents {
  list(params?: WebhookEventListParams): Promise<Page<WebhookEventRecord>>;
  iterate(params?: Omit<WebhookEventListParams, "limit" | "cursor"> & { pageSize?: number }): AsyncGenerator<WebhookEventRecord, void, undefined>;
  retrieve(eventId: string): Promise<WebhookEventRecord>;
  /**
   * Queue a delivered or dead event again; one still queued throws EventAlreadyQueuedError,
   * a stopped one EventNotRedeliverableError.
   */
  redeliver(eventId: string): Promise<WebhookEventRecord>;
}

// Test payments ----------------------------------------------------------------------------

export type TestOutcome = "paid" | "wrong_amount" | "late_sms" | "held";
export const TEST_OUTCOMES: readonly TestOutcome[];

export interface TestPaymentParams {
  /** One of your test sessions (opened with a test key). */
  sessionId: string;
  outcome: TestOutcome;
  /** Default: the account's first wallet. */
  provider?: Provider;
  /** Default: a fresh one. For `paid` after `late_sms`, the late payment's trxId. */
  trxId?: string;
  /** Answer once the SMS is read (default true). */
  wait?: boolean;
}

export interface TestPayment {
  sessionId: string;
  outcome: TestOutcome;
  provider: Provider;
  trxId: string;
  /** The amount the SMS states. */
  amount: TakaText;
  amountPoisha: number;
  sms: "processed" | "queued" | "not_sent";
}

export class TestPayments {
  create(params: TestPaymentParams): Promise<TestPayment>;
}

// Client -----------------------------------------------------------------------------------

export class Client {
  constructor(options?: ClientOptions);
  readonly apiKey: string | null;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  readonly sessions: Sessions;
  readonly links: PaymentLinks;
  readonly transactions: Transactions;
  readonly webhookEvents: WebhookEvents;
  readonly testPayments: TestPayments;
  /** Any call of the API; `body` is sent as JSON. Throws the typed ApiError on a non-2xx. */
  request<T = unknown>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<RawAnswer<T>>;
}

// Webhooks ---------------------------------------------------------------------------------

/** A verified webhook your endpoint received. */
export interface WebhookEvent {
  /** Deduplicate on this: the same event may arrive more than once. */
  id: string;
  attempt: number;
  timestamp: number;
  orderId: string;
  paymentStatus: PaymentStatus;
  trid: string;
  amount: TakaText;
  amountPoisha: number;
  /** A test session's or the portal's test event: never money. */
  test: boolean;
  /** The body as sent (the API's own field names). */
  data: Record<string, unknown>;
}

export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export function verifyWebhook(
  /** The raw request body: a Buffer (a Uint8Array), an ArrayBuffer or the exact text. */
  body: Uint8Array | ArrayBuffer | string,
  headers: HeadersLike,
  secret: string | string[],
  options?: { toleranceSeconds?: number; now?: number },
): WebhookEvent;

export function toPoisha(amount: Amount): number;
export function takaText(poisha: number): TakaText;
export function errorFromResponse(status: number, rawText: string, headers: HeadersLike, requestId?: string | null): ApiError;
export function parameterError(Type: typeof ApiError, code: string, where: string, field: string, reason: string): ApiError;
export function headerValue(headers: HeadersLike | null | undefined, name: string): string | null;

// Errors -----------------------------------------------------------------------------------

export class ClaimsvcError extends Error {}
export class ApiConnectionError extends ClaimsvcError {}
export class ApiTimeoutError extends ApiConnectionError {}
export type WebhookFailure =
  | "missing_header"
  | "malformed_header"
  | "signature_mismatch"
  | "timestamp_out_of_tolerance"
  | "invalid_payload";
export class WebhookVerificationError extends ClaimsvcError {
  constructor(reason: WebhookFailure, message: string);
  readonly reason: WebhookFailure;
}

export class ApiError extends ClaimsvcError {
  constructor(
    code: string,
    message: string,
    status: number,
    options?: { retryAfter?: number | null; details?: string[]; requestId?: string | null; body?: unknown },
  );
  /** A stable name: MISSING_API_KEY, VERIFICATION_FAILED, RATE_LIMITED, ... (see the README). */
  readonly code: string;
  /** The HTTP status; 0 when the library refused a parameter before sending. */
  readonly status: number;
  /** Seconds, from Retry-After (or RateLimit-Reset) of a 429. */
  readonly retryAfter: number | null;
  readonly details: string[];
  readonly requestId: string | null;
  readonly body: unknown;
  /** How many attempts were made before this error was thrown (0: none was sent). */
  readonly attempts: number;
  /** 500, 502, 503, 504 and RATE_LIMITED: worth retrying with the same body. Never a daily limit. */
  readonly retryable: boolean;
}
export class InvalidRequestError extends ApiError {}
export class InvalidJsonError extends InvalidRequestError {}
export class ValidationError extends InvalidRequestError {}
export class InvalidIdempotencyKeyError extends ValidationError {}
export class InvalidWaitError extends ValidationError {}
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
export class TestKeyRequiredError extends PermissionDeniedError {}
export class LiveKeyRequiredError extends PermissionDeniedError {}
export class NotFoundError extends ApiError {}
export class SessionNotFoundError extends NotFoundError {}
export class TransactionNotFoundError extends NotFoundError {}
export class EventNotFoundError extends NotFoundError {}
export class ConflictError extends ApiError {}
export class OrderIdConflictError extends ConflictError {}
export class AlreadyCompletedError extends ConflictError {}
export class TestSessionNotOpenError extends ConflictError {}
export class IdempotencyKeyReusedError extends ConflictError {}
export class EventAlreadyQueuedError extends ConflictError {}
/** A stopped event: only dead and delivered ones are redelivered. */
export class EventNotRedeliverableError extends ConflictError {}
export class SessionClosedError extends ApiError {}
export class SessionExpiredError extends SessionClosedError {}
export class SessionUnavailableError extends SessionClosedError {}
export class RateLimitError extends ApiError {}
export class RateLimitedError extends RateLimitError {}
/** The day's sessions are used up: never retried; try again tomorrow. */
export class DailyLimitError extends RateLimitError {}
export class TooManyAttemptsError extends RateLimitError {}
export class ServerError extends ApiError {}
export class MaintenanceError extends ApiError {}
export const ERROR_TYPES: Record<string, typeof ApiError>;
export const PLAIN_CODES: Record<string, string>;
export const DAILY_LIMIT_CODES: Set<string>;
