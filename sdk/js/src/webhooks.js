"use strict";
// Verifying a webhook from its raw body and headers: both signatures, the timestamp, the id.
const { createHmac, timingSafeEqual } = require("node:crypto");

const { WebhookVerificationError, headerValue } = require("./errors.js");
const { poishaFromJson, takaText } = require("./money.js");

/** Seconds `webhook-timestamp` may be from this machine's clock, either way. */
const DEFAULT_TOLERANCE_SECONDS = 300;
const REQUIRED = ["x-svc-signature", "x-svc-event-id", "webhook-id", "webhook-timestamp", "webhook-signature"];

function fail(reason, message) {
  throw new WebhookVerificationError(reason, message);
}

function bytesOf(body) {
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError("body must be the raw request body: a Buffer, Uint8Array or string");
}

function same(a, b) {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The verified event, or a WebhookVerificationError (its `reason` one of missing_header,
 * malformed_header, signature_mismatch, timestamp_out_of_tolerance, invalid_payload).
 * `secret`: your callback secret, or during a rotation's grace [new, old].
 */
function verifyWebhook(body, headers, secret, { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now } = {}) {
  const raw = bytesOf(body);
  const secrets = Array.isArray(secret) ? secret : [secret];
  if (secrets.length === 0 || !secrets.every((s) => typeof s === "string" && s.length > 0)) {
    throw new TypeError("secret must be a non-empty string or an array of them");
  }
  const h = {};
  for (const name of [...REQUIRED, "x-svc-attempt", "x-svc-test"]) h[name] = headerValue(headers, name);
  for (const name of REQUIRED) if (!h[name]) fail("missing_header", `${name} header is missing`);
  const id = h["webhook-id"];
  const stamp = h["webhook-timestamp"];
  if (h["x-svc-event-id"] !== id) fail("malformed_header", "x-svc-event-id differs from webhook-id");
  if (!/^\d+$/.test(stamp)) fail("malformed_header", "webhook-timestamp is not a number");
  const keys = secrets.map((s) => Buffer.from(s, "utf8"));

  const given = Buffer.from(h["x-svc-signature"], "utf8");
  let svcOk = false;
  for (const key of keys) {
    svcOk = same(Buffer.from(createHmac("sha256", key).update(raw).digest("hex"), "utf8"), given) || svcOk;
  }
  if (!svcOk) fail("signature_mismatch", "x-svc-signature does not match");

  const signed = Buffer.concat([Buffer.from(`${id}.${stamp}.`, "utf8"), raw]);
  const offered = h["webhook-signature"]
    .split(" ")
    .map((part) => part.split(","))
    .filter(([version, sig]) => version === "v1" && sig)
    .map(([, sig]) => Buffer.from(sig, "utf8"));
  let standardOk = false;
  for (const key of keys) {
    const expected = Buffer.from(createHmac("sha256", key).update(signed).digest("base64"), "utf8");
    for (const sig of offered) standardOk = same(expected, sig) || standardOk;
  }
  if (!standardOk) fail("signature_mismatch", "webhook-signature does not match");

  const clock = now ?? Date.now() / 1000;
  if (Math.abs(clock - Number(stamp)) > toleranceSeconds) {
    fail("timestamp_out_of_tolerance", "webhook-timestamp is too far from now");
  }
  return parseEvent(raw, id, h, Number(stamp));
}

function parseEvent(raw, id, h, timestamp) {
  let data;
  try {
    data = JSON.parse(raw.toString("utf8"));
    if (data === null || typeof data !== "object" || Array.isArray(data)) throw new Error("not an object");
    for (const field of ["order_id", "payment_status", "trid", "amount"]) {
      if (!(field in data)) throw new Error(`${field} is missing`);
    }
    const amountPoisha = poishaFromJson(data.amount);
    return {
      id,
      attempt: Number(h["x-svc-attempt"] || "1"),
      timestamp,
      orderId: String(data.order_id),
      paymentStatus: String(data.payment_status),
      trid: String(data.trid),
      amount: takaText(amountPoisha),
      amountPoisha,
      test: h["x-svc-test"] === "true" || data.test === true,
      data,
    };
  } catch (err) {
    return fail("invalid_payload", `the body is not an event: ${err.message}`);
  }
}

module.exports = { DEFAULT_TOLERANCE_SECONDS, verifyWebhook };
