// Type definitions for claimsvc-sdk (the code is plain ESM JavaScript in src/).

/** Taka: a decimal string ("1250.50"), a number read by its shortest form (1250.5), or a bigint. */
export type Amount = string | number | bigint;
export type Provider = "bkash" | "nagad" | "rocket" | "upay" | "cellfin";
export type PaymentStatus = "COMPLETED" | "FAILED" | "CANCELLED" | "EXPIRED" | "TEST";
type AmountInput = { amount: Amount; amountPoisha?: never } | { amount?: never; amountPoisha: number };

export const VERSION: string;
export const DEFAULT_TIMEOUT_MS: number;
export const DEFAULT_MAX_RETRIES: number;
export const DEFAULT_TOLERANCE_SECONDS: number;

export interface ClientOptions {
  /** Your API key (server side only). Omit only for public calls such as sessions.get. */
  apiKey?: string | null;
  /** Default http://localhost:8080 (`claimsvc dev`). */
  baseUrl?: string;
  /** Per attempt; default 10000. */
  timeoutMs?: number;
  /** Further attempts of a call that is safe to repeat; default 2. */
  maxRetries?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<unknown>;
}

export interface Session {
  session_id: string;
  payment_id: string;
  order_id: string;
  /** The JSON number as answered; use amountPoisha for arithmetic. */
  amount: number;
  amountPoisha: number;
  status: "OPEN" | "COMPLETED" | "FAILED" | "CANCELLED" | "EXPIRED";
  checkout_url: string;
  expires_at: string;
  [field: string]: unknown;
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

export interface Claim {
  status: "COMPLETED" | "PENDING_VERIFICATION";
  completed: boolean;
  /** Found, waiting for the merchant's balance verification: not final yet. */
  pending: boolean;
  session_id?: string;
  order_id?: string;
  payment_id?: string;
  amount?: number;
  amountPoisha?: number;
  provider?: Provider;
  trx_id?: string;
  redirect_url?: string;
  message?: string;
}

export interface Cancellation {
  success: true;
  status: "CANCELLED";
  redirect_url: string;
}

export interface PaymentLink {
  id: string;
  url: string;
  amount: number;
  amountPoisha: number;
  description: string;
  order_ref: string | null;
  single_use: boolean;
  status: "active" | "disabled" | string;
  expires_at: string | null;
  webhook_url: string | null;
  created_at: string;
  disabled_at: string | null;
  payments: number;
  paid_amount: number;
  paidAmountPoisha: number;
  [field: string]: unknown;
}

export type CreateLinkParams = AmountInput & {
  description: string;
  orderRef?: string;
  singleUse?: boolean;
  expiresAt?: string | Date;
  webhookUrl?: string;
};

export class Client {
  constructor(options?: ClientOptions);
  readonly apiKey: string | null;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly sessions: Sessions;
  readonly links: PaymentLinks;
  request(method: string, path: string, body: unknown, options: { idempotent: boolean }): Promise<{ status: number; body: any }>;
}

export type SessionStatus = "OPEN" | "COMPLETED" | "FAILED" | "CANCELLED" | "EXPIRED";

/** A session as its merchant reads it with the API key; money exact, never a float. */
export interface SessionDetails {
  sessionId: string;
  paymentId: string;
  orderId: string;
  mode: "live" | "test";
  /** Opened with a test key: never money, never fulfil an order on it. */
  test: boolean;
  status: SessionStatus;
  /** A claim matched and waits for its balance check. */
  pending: boolean;
  /** Exact taka text, "19.99". */
  amount: string;
  amountPoisha: number;
  /** What the buyer paid, once COMPLETED (the order's amount, or the one accepted in the portal). */
  paidAmount: string | null;
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
  raw: Record<string, unknown>;
}

export interface SessionListParams {
  orderId?: string;
  status?: SessionStatus;
  limit?: number;
  cursor?: string | null;
}

export class Sessions {
  initialize(params: InitializeParams): Promise<InitializeResult>;
  verify(params: { sessionId: string; trxId: string; provider: Provider }): Promise<Claim>;
  cancel(sessionId: string): Promise<Cancellation>;
  get(sessionId: string): Promise<Record<string, unknown>>;
  /** One of your sessions; another account's or the other mode's throws SessionNotFoundError. */
  retrieve(sessionId: string): Promise<SessionDetails>;
  /** One page of your sessions of the key's mode, newest first. */
  list(params?: SessionListParams): Promise<{ items: SessionDetails[]; nextCursor: string | null }>;
  /** The session of the order (one per order and mode), or null. */
  findByOrder(orderId: string): Promise<SessionDetails | null>;
}

export function sessionDetails(doc: Record<string, unknown>): SessionDetails;

export class PaymentLinks {
  create(params: CreateLinkParams): Promise<PaymentLink>;
  list(params?: { limit?: number; cursor?: string | null }): Promise<{ items: PaymentLink[]; nextCursor: string | null }>;
  iterate(params?: { pageSize?: number }): AsyncGenerator<PaymentLink, void, undefined>;
  get(linkId: string): Promise<PaymentLink>;
  disable(linkId: string): Promise<PaymentLink>;
}

export interface WebhookEvent {
  /** Deduplicate on this: the same event may arrive more than once. */
  id: string;
  attempt: number;
  timestamp: number;
  orderId: string;
  paymentStatus: PaymentStatus;
  trid: string;
  /** Exact taka text, "1250.50". */
  amount: string;
  amountPoisha: number;
  /** A test event from the portal, never a payment. */
  test: boolean;
  data: Record<string, unknown>;
}

export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export function verifyWebhook(
  body: Buffer | Uint8Array | ArrayBuffer | string,
  headers: HeadersLike,
  secret: string | string[],
  options?: { toleranceSeconds?: number; now?: number },
): WebhookEvent;

export function toPoisha(amount: Amount): number;
export function takaText(poisha: number): string;
export function errorFromResponse(status: number, rawText: string, headers: HeadersLike, requestId?: string | null): ApiError;

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
  readonly status: number;
  /** Seconds, from the Retry-After header (RATE_LIMITED). */
  readonly retryAfter: number | null;
  readonly details: string[];
  readonly requestId: string | null;
  readonly body: unknown;
  /** How many attempts were made before this error was thrown. */
  readonly attempts: number;
  /** 500, 503 and a daily-limit 429: worth retrying with the same body. */
  readonly retryable: boolean;
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
export const ERROR_TYPES: Record<string, typeof ApiError>;
export const PLAIN_CODES: Record<string, string>;
export const DAILY_LIMIT_CODES: Set<string>;
export function headerValue(headers: HeadersLike | null | undefined, name: string): string | null;
