"use strict";
// Test payments: a test key makes a test session's payment arrive, as its phone would.
const p = require("./params.js");
const records = require("./records.js");

const OUTCOMES = ["paid", "wrong_amount", "late_sms", "held"];

class TestPayments {
  constructor(client) {
    this.client = client;
  }

  /**
   * Make a payment of `outcome` arrive for one of your test sessions (test key only):
   * `paid`, `wrong_amount` (one taka less), `late_sms` (a TrxID whose SMS is not sent; a later
   * `paid` with that trxId sends it), `held` (a balance the chain cannot reach yet). With
   * `wait` (default true) it answers once the SMS is read (`sms: "processed"`). Not retried:
   * a second call would be a second payment.
   */
  async create(params) {
    const where = "testPayments.create";
    const given = p.named(where, params, ["sessionId", "outcome", "provider", "trxId", "wait"]);
    const body = {
      session_id: p.text(where, "sessionId", given.sessionId, { required: true }),
      outcome: p.oneOf(where, "outcome", given.outcome, OUTCOMES, { required: true }),
    };
    const provider = p.provider(where, given.provider);
    if (provider !== undefined) body.provider = provider;
    const trxId = p.text(where, "trxId", given.trxId);
    if (trxId !== undefined) body.trx_id = trxId;
    const wait = p.bool(where, "wait", given.wait);
    if (wait !== undefined) body.wait = wait;
    const { body: doc } = await this.client.request("POST", "/api/v1/test/payments", body, { idempotent: false });
    return records.testPayment(doc);
  }
}

module.exports = { TestPayments, OUTCOMES };
