"use strict";
// The API client: one request() that sends, maps errors and retries only where waiting helps.
const { randomBytes } = require("node:crypto");

const { ApiConnectionError, ApiError, ApiTimeoutError, errorFromResponse } = require("./errors.js");
const { PaymentLinks } = require("./links.js");
const { Transactions, WebhookEvents } = require("./ledger.js");
const { ExactNumber } = require("./params.js");
const { Sessions } = require("./sessions.js");
const { TestPayments } = require("./testPayments.js");

const VERSION = "0.2.0";
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RETRIES = 2;
/** A Retry-After longer than this is not waited for: the error is raised at once. */
const DEFAULT_MAX_RETRY_WAIT_MS = 10_000;

/** The JSON text of a body whose ExactNumber values are written from their digits, never via a float. */
function encodeBody(body) {
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

const sleepMs = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class Client {
  /**
   * @param {object} options apiKey, baseUrl, timeoutMs (per attempt), maxRetries (further
   *   attempts of a call safe to repeat), backoffMs, maxBackoffMs, maxRetryWaitMs, fetch, sleep
   */
  constructor({
    apiKey,
    baseUrl = "http://localhost:8080",
    timeoutMs = DEFAULT_TIMEOUT_MS,
    maxRetries = DEFAULT_MAX_RETRIES,
    backoffMs = 500,
    maxBackoffMs = 8000,
    maxRetryWaitMs = DEFAULT_MAX_RETRY_WAIT_MS,
    fetch: fetchImpl = globalThis.fetch,
    sleep = sleepMs,
  } = {}) {
    if (!(timeoutMs > 0) || !(maxRetries >= 0)) throw new RangeError("timeoutMs must be positive, maxRetries at least 0");
    if (typeof baseUrl !== "string" || !/^https?:\/\//.test(baseUrl)) throw new TypeError("baseUrl must be an http(s) URL");
    this.apiKey = apiKey ?? null;
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.timeoutMs = timeoutMs;
    this.maxRetries = maxRetries;
    this.backoffMs = backoffMs;
    this.maxBackoffMs = maxBackoffMs;
    this.maxRetryWaitMs = maxRetryWaitMs;
    this.fetch = fetchImpl;
    this.sleep = sleep;
    this.sessions = new Sessions(this);
    this.links = new PaymentLinks(this);
    this.transactions = new Transactions(this);
    this.webhookEvents = new WebhookEvents(this);
    this.testPayments = new TestPayments(this);
  }

  /**
   * {status, body, headers} of a 2xx answer; throws the typed ApiError otherwise. The same
   * bytes, headers and X-Request-Id go out on every attempt. Only an idempotent call (GETs do
   * by default) is retried, and only where waiting helps: 500, 502, 503, 504, RATE_LIMITED
   * (after its Retry-After) and no answer. A daily limit is never retried.
   */
  async request(method, path, body, { idempotent = method === "GET", headers = {}, timeoutMs } = {}) {
    const data = body === undefined ? undefined : encodeBody(body);
    const requestId = randomBytes(8).toString("hex");
    const limitMs = Math.max(this.timeoutMs, timeoutMs ?? 0);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.send(method, path, data, { requestId, headers, timeoutMs: limitMs });
      } catch (err) {
        if (err instanceof ApiError) err.attempts = attempt;
        const delay = this.retryDelayMs(attempt, err);
        if (!(idempotent && attempt <= this.maxRetries && delay !== null)) throw err;
        await this.sleep(delay);
      }
    }
  }

  /**
   * Milliseconds to wait before retrying after `err`, or null when a retry cannot help.
   * Exponential backoff, half fixed and half random; a longer Retry-After wins, and one longer
   * than maxRetryWaitMs is not waited for.
   */
  retryDelayMs(attempt, err) {
    const worth = err instanceof ApiError ? err.retryable : err instanceof ApiConnectionError;
    if (!worth) return null;
    const ceiling = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (attempt - 1));
    const backoff = ceiling / 2 + Math.random() * (ceiling / 2);
    const told = err.retryAfter ? err.retryAfter * 1000 : 0;
    if (told > this.maxRetryWaitMs) return null;
    return Math.max(backoff, told);
  }

  async send(method, path, data, { requestId, headers: extra, timeoutMs }) {
    const headers = {
      accept: "application/json",
      "user-agent": `claimsvc-sdk-js/${VERSION}`,
      "x-request-id": requestId,
      ...extra,
    };
    if (data !== undefined) headers["content-type"] = "application/json";
    if (this.apiKey) headers["x-api-key"] = this.apiKey;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response;
    let text;
    try {
      response = await this.fetch(this.baseUrl + path, { method, headers, body: data, signal: controller.signal });
      text = await response.text();
    } catch (err) {
      if (controller.signal.aborted) {
        throw new ApiTimeoutError(`no answer within ${timeoutMs} ms: ${method} ${path}`);
      }
      throw new ApiConnectionError(`${method} ${path}: ${err.cause?.code || err.message}`);
    } finally {
      clearTimeout(timer);
    }
    if (response.status < 200 || response.status > 299) {
      throw errorFromResponse(response.status, text, response.headers, requestId);
    }
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }
}

module.exports = {
  Client,
  VERSION,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_WAIT_MS,
  encodeBody,
};
