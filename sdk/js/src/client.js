// The API client: sessions and payment links, retried only where the interface says it is safe.
import { randomBytes } from "node:crypto";

import { ApiConnectionError, ApiError, ApiTimeoutError, errorFromResponse } from "./errors.js";
import { checkPoisha, poishaFromJson, takaText, toPoisha } from "./money.js";

export const VERSION = "0.1.0";
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RETRIES = 2;

/** The JSON text of a body whose `amount` is written from exact digits, never via a float. */
export function encodeBody(body) {
  const numbers = new Map();
  const text = JSON.stringify(body, (key, value) => {
    if (!(value instanceof ExactNumber)) return value;
    const mark = `@@number-${randomBytes(8).toString("hex")}@@`; // no caller's text holds it
    numbers.set(JSON.stringify(mark), value.text);
    return mark;
  });
  let out = text;
  for (const [mark, digits] of numbers) out = out.replace(mark, digits);
  return out;
}

class ExactNumber {
  constructor(text) {
    this.text = text;
  }
}

export function amountField({ amount, amountPoisha }) {
  if ((amount === undefined) === (amountPoisha === undefined)) {
    throw new TypeError("give exactly one of amount (taka) and amountPoisha");
  }
  return new ExactNumber(takaText(amount !== undefined ? toPoisha(amount) : checkPoisha(amountPoisha)));
}

function withPoisha(doc, key = "amount") {
  return { ...doc, [`${key}Poisha`]: poishaFromJson(doc[key]) };
}

const sleepMs = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Client {
  /**
   * @param {object} options apiKey, baseUrl, timeoutMs (per attempt), maxRetries (further
   *   attempts of a call safe to repeat), backoffMs, maxBackoffMs, fetch, sleep
   */
  constructor({
    apiKey,
    baseUrl = "http://localhost:8080",
    timeoutMs = DEFAULT_TIMEOUT_MS,
    maxRetries = DEFAULT_MAX_RETRIES,
    backoffMs = 500,
    maxBackoffMs = 8000,
    fetch: fetchImpl = globalThis.fetch,
    sleep = sleepMs,
  } = {}) {
    if (!(timeoutMs > 0) || !(maxRetries >= 0)) throw new RangeError("timeoutMs must be positive, maxRetries at least 0");
    this.apiKey = apiKey ?? null;
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.timeoutMs = timeoutMs;
    this.maxRetries = maxRetries;
    this.backoffMs = backoffMs;
    this.maxBackoffMs = maxBackoffMs;
    this.fetch = fetchImpl;
    this.sleep = sleep;
    this.sessions = new Sessions(this);
    this.links = new PaymentLinks(this);
  }

  /**
   * {status, body} of a 2xx answer; throws the typed ApiError otherwise. The same bytes and
   * X-Request-Id go out on every attempt; only an idempotent call is retried, on 500, 503, a
   * daily-limit 429, or no answer at all.
   */
  async request(method, path, body, { idempotent }) {
    const data = body === undefined ? undefined : encodeBody(body);
    const requestId = randomBytes(8).toString("hex");
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.send(method, path, data, requestId);
      } catch (err) {
        if (err instanceof ApiError) err.attempts = attempt;
        const worth = err instanceof ApiError ? err.retryable : err instanceof ApiConnectionError;
        if (!(idempotent && worth && attempt <= this.maxRetries)) throw err;
        await this.sleep(this.delayMs(attempt, err));
      }
    }
  }

  /** Exponential backoff, half fixed and half random; a longer Retry-After wins. */
  delayMs(attempt, err) {
    const ceiling = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (attempt - 1));
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    return err.retryAfter ? Math.max(delay, err.retryAfter * 1000) : delay;
  }

  async send(method, path, data, requestId) {
    const headers = {
      accept: "application/json",
      "user-agent": `claimsvc-sdk-js/${VERSION}`,
      "x-request-id": requestId,
    };
    if (data !== undefined) headers["content-type"] = "application/json";
    if (this.apiKey) headers["x-api-key"] = this.apiKey;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    let response;
    let text;
    try {
      response = await this.fetch(this.baseUrl + path, { method, headers, body: data, signal: controller.signal });
      text = await response.text();
    } catch (err) {
      if (controller.signal.aborted) {
        throw new ApiTimeoutError(`no answer within ${this.timeoutMs} ms: ${method} ${path}`);
      }
      throw new ApiConnectionError(`${method} ${path}: ${err.cause?.code || err.message}`);
    } finally {
      clearTimeout(timer);
    }
    if (response.status < 200 || response.status > 299) {
      throw errorFromResponse(response.status, text, response.headers, requestId);
    }
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
}

const SESSION_OPTIONAL = ["expiresIn", "customer", "metadata"];

export class Sessions {
  constructor(client) {
    this.client = client;
  }

  /**
   * Open the session of `orderId`, or get the one already open for it.
   * @returns {Promise<{session: object, replayed: boolean}>}
   */
  async initialize({ orderId, amount, amountPoisha, successUrl, cancelUrl, webhookUrl, expiresIn, customer, metadata }) {
    const body = {
      order_id: orderId,
      amount: amountField({ amount, amountPoisha }),
      success_url: successUrl,
      cancel_url: cancelUrl,
      webhook_url: webhookUrl,
    };
    const optional = { expiresIn, customer, metadata };
    for (const key of SESSION_OPTIONAL) {
      if (optional[key] !== undefined) body[key === "expiresIn" ? "expires_in" : key] = optional[key];
    }
    const { status, body: doc } = await this.client.request("POST", "/api/v1/checkout/initialize", body, { idempotent: true });
    return { session: withPoisha(doc), replayed: status === 200 };
  }

  /** Claim the buyer's payment by TrxID: status COMPLETED, or PENDING_VERIFICATION (`pending`). */
  async verify({ sessionId, trxId, provider }) {
    const body = { sessionId, trxId, provider };
    const { body: doc } = await this.client.request("POST", "/api/v1/checkout/verify", body, { idempotent: true });
    const status = doc.status || doc.error;
    const claim = { ...doc, status, completed: status === "COMPLETED", pending: status === "PENDING_VERIFICATION" };
    return "amount" in doc ? { ...claim, amountPoisha: poishaFromJson(doc.amount) } : claim;
  }

  /** Cancel an open session (again: the same answer). */
  async cancel(sessionId) {
    const { body } = await this.client.request("POST", "/api/v1/checkout/cancel", { sessionId }, { idempotent: true });
    return body;
  }

  /** The session as its buyer sees it, from the public read. */
  async get(sessionId) {
    const path = `/api/v1/checkout/session/${encodeURIComponent(sessionId)}`;
    return (await this.client.request("GET", path, undefined, { idempotent: true })).body;
  }

  /**
   * One of your sessions with its state, mode, paid amount, wallet and TrxID (sessionDetails).
   * Another account's, or one of the other mode than the key's, throws SessionNotFoundError.
   */
  async retrieve(sessionId) {
    const path = `/api/v1/checkout/sessions/${encodeURIComponent(sessionId)}`;
    return sessionDetails((await this.client.request("GET", path, undefined, { idempotent: true })).body);
  }

  /** One page of your sessions of the key's mode, newest first: {items, nextCursor}. */
  async list({ orderId, status, limit, cursor } = {}) {
    const query = new URLSearchParams();
    for (const [name, value] of [["order_id", orderId], ["status", status], ["limit", limit], ["cursor", cursor]]) {
      if (value !== undefined && value !== null) query.set(name, String(value));
    }
    const path = "/api/v1/checkout/sessions" + (query.size ? `?${query}` : "");
    const { body } = await this.client.request("GET", path, undefined, { idempotent: true });
    return { items: body.items.map(sessionDetails), nextCursor: body.next_cursor ?? null };
  }

  /** The session of `orderId` (initialize keeps one per order and mode), or null. */
  async findByOrder(orderId) {
    const page = await this.list({ orderId, limit: 1 });
    return page.items[0] ?? null;
  }
}

/**
 * A session as its merchant reads it: amounts exact, as taka text ("19.99") and integer poisha;
 * the paid amount null until the session is COMPLETED; `raw` keeps every field.
 */
export function sessionDetails(doc) {
  const amountPoisha = poishaFromJson(doc.amount);
  const paidAmountPoisha = doc.paid_amount == null ? null : poishaFromJson(doc.paid_amount);
  return {
    sessionId: doc.session_id,
    paymentId: doc.payment_id,
    orderId: doc.order_id,
    mode: doc.mode,
    test: doc.mode === "test",
    status: doc.status,
    pending: doc.pending === true,
    amount: takaText(amountPoisha),
    amountPoisha,
    paidAmount: paidAmountPoisha === null ? null : takaText(paidAmountPoisha),
    paidAmountPoisha,
    provider: doc.provider ?? null,
    trxId: doc.trx_id ?? null,
    settled: doc.settled === true,
    checkoutUrl: doc.checkout_url,
    createdAt: doc.created_at,
    expiresAt: doc.expires_at,
    completedAt: doc.completed_at ?? null,
    metadata: { ...(doc.metadata ?? {}) },
    raw: doc,
  };
}

export class PaymentLinks {
  constructor(client) {
    this.client = client;
  }

  /** A new link. Not retried on a 5xx or a time-out: creating twice makes two links. */
  async create({ amount, amountPoisha, description, orderRef, singleUse = false, expiresAt, webhookUrl }) {
    const body = { amount: amountField({ amount, amountPoisha }), description, single_use: singleUse };
    if (orderRef !== undefined) body.order_ref = orderRef;
    if (expiresAt !== undefined) body.expires_at = expiresAt instanceof Date ? expiresAt.toISOString() : expiresAt;
    if (webhookUrl !== undefined) body.webhook_url = webhookUrl;
    const { body: doc } = await this.client.request("POST", "/api/v1/payment-links", body, { idempotent: false });
    return link(doc);
  }

  /** One page, newest first: {items, nextCursor}. */
  async list({ limit, cursor } = {}) {
    const query = new URLSearchParams();
    if (limit !== undefined) query.set("limit", String(limit));
    if (cursor !== undefined && cursor !== null) query.set("cursor", cursor);
    const path = "/api/v1/payment-links" + (query.size ? `?${query}` : "");
    const { body } = await this.client.request("GET", path, undefined, { idempotent: true });
    return { items: body.items.map(link), nextCursor: body.next_cursor ?? null };
  }

  /** Every link, page after page: `for await (const link of client.links.iterate())`. */
  async *iterate({ pageSize = 100 } = {}) {
    let cursor;
    do {
      const page = await this.list({ limit: pageSize, cursor });
      yield* page.items;
      cursor = page.nextCursor;
    } while (cursor);
  }

  async get(linkId) {
    const path = `/api/v1/payment-links/${encodeURIComponent(linkId)}`;
    return link((await this.client.request("GET", path, undefined, { idempotent: true })).body);
  }

  /** Turn the link off (again: unchanged). */
  async disable(linkId) {
    const path = `/api/v1/payment-links/${encodeURIComponent(linkId)}/disable`;
    return link((await this.client.request("POST", path, undefined, { idempotent: true })).body);
  }
}

function link(doc) {
  const out = withPoisha(doc);
  out.paidAmountPoisha = doc.paid_amount == null ? 0 : poishaFromJson(doc.paid_amount);
  return out;
}
