"use strict";
// Payment links: a shareable address per amount, created once per Idempotency-Key.
const { randomUUID } = require("node:crypto");

const { InvalidIdempotencyKeyError, parameterError } = require("./errors.js");
const p = require("./params.js");
const records = require("./records.js");
const { Resource, idPath } = require("./resource.js");

const CREATE = ["amount", "amountPoisha", "description", "orderRef", "singleUse", "expiresAt", "webhookUrl", "idempotencyKey"];
/** 1 to 255 printable ASCII characters, as the service takes the header. */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

const linkPath = (where, id, tail) => idPath("/api/v1/payment-links", where, "linkId", id, tail);

function idempotencyKey(where, given) {
  if (given === undefined || given === null) return randomUUID();
  if (typeof given !== "string" || !IDEMPOTENCY_KEY.test(given)) {
    const reason = "must be 1 to 255 printable ASCII characters";
    throw parameterError(InvalidIdempotencyKeyError, "INVALID_IDEMPOTENCY_KEY", where, "idempotencyKey", reason);
  }
  return given;
}

class PaymentLinks extends Resource {
  /**
   * A new link. Sent with an Idempotency-Key (yours, or a random one made for this call), so
   * the library's own retries, and yours with the same key within 24 hours, make one link.
   */
  async create(params) {
    const where = "links.create";
    const given = p.named(where, params, CREATE);
    const body = {
      amount: p.amount(where, given),
      description: p.text(where, "description", given.description, { required: true, max: 500 }),
      single_use: p.bool(where, "singleUse", given.singleUse) ?? false,
    };
    const orderRef = p.text(where, "orderRef", given.orderRef, { max: 64 });
    if (orderRef !== undefined) body.order_ref = orderRef;
    const { expiresAt } = given;
    if (expiresAt !== undefined && expiresAt !== null) {
      body.expires_at = expiresAt instanceof Date ? expiresAt.toISOString() : p.text(where, "expiresAt", expiresAt);
    }
    const webhookUrl = p.text(where, "webhookUrl", given.webhookUrl);
    if (webhookUrl !== undefined) body.webhook_url = webhookUrl;
    const headers = { "idempotency-key": idempotencyKey(where, given.idempotencyKey) };
    const { body: doc } = await this.client.request("POST", "/api/v1/payment-links", body, { idempotent: true, headers });
    return records.paymentLink(doc);
  }

  /** One page, newest first: {items, nextCursor}. */
  async list(params) {
    const given = p.named("links.list", params, ["limit", "cursor"]);
    return this.readPage("links.list", "/api/v1/payment-links", [], given, records.paymentLink);
  }

  async get(linkId) {
    return this.read(linkPath("links.get", linkId), records.paymentLink);
  }

  /** Turn the link off (again: unchanged). */
  async disable(linkId) {
    const path = linkPath("links.disable", linkId, "/disable");
    return records.paymentLink((await this.client.request("POST", path, undefined, { idempotent: true })).body);
  }
}

module.exports = { PaymentLinks };
