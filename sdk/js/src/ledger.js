"use strict";
// The merchant's own records: wallet transactions read from SMS, and queued webhook events.
const p = require("./params.js");
const records = require("./records.js");
const { Resource, idPath } = require("./resource.js");

const TRANSACTION_STATUSES = ["confirmed", "unconfirmed", "held", "suspect"];
const DIRECTIONS = ["credit", "debit"];
const EVENT_STATUSES = ["queued", "delivered", "dead", "stopped"];

class Transactions extends Resource {
  /** One page of your wallet transactions of the key's mode, newest first: {items, nextCursor}. */
  async list(params) {
    const where = "transactions.list";
    const given = p.named(where, params, ["status", "provider", "direction", "trxId", "sessionId", "limit", "cursor"]);
    const filters = [
      ["status", p.oneOf(where, "status", given.status, TRANSACTION_STATUSES)],
      ["provider", p.provider(where, given.provider)],
      ["direction", p.oneOf(where, "direction", given.direction, DIRECTIONS)],
      ["trx_id", p.text(where, "trxId", given.trxId)],
      ["session_id", p.text(where, "sessionId", given.sessionId)],
    ];
    return this.readPage(where, "/api/v1/transactions", filters, given, records.transaction);
  }

  /** One transaction; another account's or mode's throws TransactionNotFoundError. */
  async retrieve(transactionId) {
    return this.read(idPath("/api/v1/transactions", "transactions.retrieve", "transactionId", transactionId), records.transaction);
  }
}

class WebhookEvents extends Resource {
  /** One page of your webhook events of the key's mode, newest first: {items, nextCursor}. */
  async list(params) {
    const where = "webhookEvents.list";
    const given = p.named(where, params, ["status", "sessionId", "orderId", "limit", "cursor"]);
    const filters = [
      ["status", p.oneOf(where, "status", given.status, EVENT_STATUSES)],
      ["session_id", p.text(where, "sessionId", given.sessionId)],
      ["order_id", p.text(where, "orderId", given.orderId)],
    ];
    return this.readPage(where, "/api/v1/webhook-events", filters, given, records.webhookEventRecord);
  }

  /** One event by its id (the x-svc-event-id it was sent with); unknown: EventNotFoundError. */
  async retrieve(eventId) {
    return this.read(idPath("/api/v1/webhook-events", "webhookEvents.retrieve", "eventId", eventId), records.webhookEventRecord);
  }

  /**
   * Queue a delivered or dead event again (same id and body, attempt counter continuing); a
   * stopped one answers EventNotRedeliverableError. Not retried by the library: a second call
   * would answer EventAlreadyQueuedError.
   */
  async redeliver(eventId) {
    const path = idPath("/api/v1/webhook-events", "webhookEvents.redeliver", "eventId", eventId, "/redeliver");
    return records.webhookEventRecord((await this.client.request("POST", path, undefined, { idempotent: false })).body);
  }
}

module.exports = { Transactions, WebhookEvents, TRANSACTION_STATUSES, DIRECTIONS, EVENT_STATUSES };
