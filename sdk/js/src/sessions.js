"use strict";
// Checkout sessions: open, claim (optionally waiting for a late SMS), cancel, and read.
const { InvalidWaitError, parameterError } = require("./errors.js");
const p = require("./params.js");
const records = require("./records.js");
const { Resource, idPath } = require("./resource.js");

const SESSION_STATUSES = ["OPEN", "COMPLETED", "FAILED", "CANCELLED", "EXPIRED"];
/** verify's longest wait for a late SMS, in seconds (the service's cap). */
const MAX_WAIT_S = 25;
/** A verify that waits gets this much longer than its wait before the client gives up. */
const WAIT_MARGIN_MS = 10_000;

const INITIALIZE = ["orderId", "amount", "amountPoisha", "successUrl", "cancelUrl", "webhookUrl", "expiresIn", "customer", "metadata"];
const VERIFY = ["sessionId", "trxId", "provider", "wait"];
const LIST = ["orderId", "status", "limit", "cursor"];

let warnedGet = false;

class Sessions extends Resource {
  /**
   * Open the session of `orderId`, or get the one already open for it (`replayed`).
   * @returns {Promise<{session: object, replayed: boolean}>}
   */
  async initialize(params) {
    const where = "sessions.initialize";
    const given = p.named(where, params, INITIALIZE);
    const body = {
      order_id: p.text(where, "orderId", given.orderId, { required: true, max: 128 }),
      amount: p.amount(where, given),
      success_url: p.text(where, "successUrl", given.successUrl, { required: true }),
      cancel_url: p.text(where, "cancelUrl", given.cancelUrl, { required: true }),
      webhook_url: p.text(where, "webhookUrl", given.webhookUrl, { required: true }),
    };
    const expiresIn = p.integer(where, "expiresIn", given.expiresIn, 1, Number.MAX_SAFE_INTEGER);
    if (expiresIn !== undefined) body.expires_in = expiresIn;
    const customer = p.object(where, "customer", given.customer);
    if (customer !== undefined) body.customer = customer;
    const metadata = p.object(where, "metadata", given.metadata);
    if (metadata !== undefined) body.metadata = metadata;
    const { status, body: doc } = await this.client.request("POST", "/api/v1/checkout/initialize", body, { idempotent: true });
    return { session: records.session(doc), replayed: status === 200 };
  }

  /**
   * Claim the buyer's payment by TrxID. COMPLETED, or not final yet (`pending`):
   * PENDING_VERIFICATION (found, your balance verification confirms it) or, with `wait`,
   * SMS_NOT_ARRIVED (the wallet's SMS has not reached you within `wait` seconds; not counted
   * as a failed attempt: try again shortly).
   */
  async verify(params) {
    const where = "sessions.verify";
    const given = p.named(where, params, VERIFY);
    const body = {
      sessionId: p.text(where, "sessionId", given.sessionId, { required: true }),
      trxId: p.text(where, "trxId", given.trxId, { required: true }),
      provider: p.provider(where, given.provider, { required: true }),
    };
    const wait = given.wait;
    if (wait !== undefined && (!Number.isInteger(wait) || wait < 0 || wait > MAX_WAIT_S)) {
      throw parameterError(InvalidWaitError, "INVALID_WAIT", where, "wait", `must be an integer from 0 to ${MAX_WAIT_S}`);
    }
    if (wait !== undefined) body.wait = wait;
    const timeoutMs = wait ? wait * 1000 + WAIT_MARGIN_MS : undefined;
    const { body: doc } = await this.client.request("POST", "/api/v1/checkout/verify", body, { idempotent: true, timeoutMs });
    return records.claim(doc);
  }

  /** Cancel an open session (again: the same answer). */
  async cancel(sessionId) {
    const body = { sessionId: p.text("sessions.cancel", "sessionId", sessionId, { required: true }) };
    const { body: doc } = await this.client.request("POST", "/api/v1/checkout/cancel", body, { idempotent: true });
    return records.cancellation(doc);
  }

  /** The session as its buyer sees it (the hosted page's public read; no key needed). */
  async retrievePublic(sessionId) {
    const path = idPath("/api/v1/checkout/session", "sessions.retrievePublic", "sessionId", sessionId);
    return this.read(path, records.publicSession);
  }

  /** @deprecated since 0.2.0: use retrievePublic (the same typed answer) or retrieve (your view). */
  async get(sessionId) {
    if (!warnedGet) {
      warnedGet = true;
      process.emitWarning("sessions.get is deprecated: use sessions.retrievePublic or sessions.retrieve", "DeprecationWarning");
    }
    return this.retrievePublic(sessionId);
  }

  /**
   * One of your sessions with its state, mode, paid amount, wallet and TrxID. Another
   * account's, or one of the other mode than the key's, throws SessionNotFoundError.
   */
  async retrieve(sessionId) {
    const path = idPath("/api/v1/checkout/sessions", "sessions.retrieve", "sessionId", sessionId);
    return this.read(path, records.sessionDetails);
  }

  /** One page of your sessions of the key's mode, newest first: {items, nextCursor}. */
  async list(params) {
    const where = "sessions.list";
    const given = p.named(where, params, LIST);
    const filters = [
      ["order_id", p.text(where, "orderId", given.orderId)],
      ["status", p.oneOf(where, "status", given.status, SESSION_STATUSES)],
    ];
    return this.readPage(where, "/api/v1/checkout/sessions", filters, given, records.sessionDetails);
  }

  /** The session of `orderId` (initialize keeps one per order and mode), or null. */
  async findByOrder(orderId) {
    p.text("sessions.findByOrder", "orderId", orderId, { required: true });
    const page = await this.list({ orderId, limit: 1 });
    return page.items[0] ?? null;
  }
}

module.exports = { Sessions, SESSION_STATUSES, MAX_WAIT_S };
