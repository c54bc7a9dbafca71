// Every call against a local stub: what goes out (path, query, body, headers), what comes back
// (camelCase records, exact money), and parameters refused before anything is sent.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as sdk from "claimsvc-sdk";
import { SHOP, stubbed } from "./support.mjs";

const SID = "6041e40e-4623-483e-9968-efa1a8589709";
const TRANSACTION = {
  id: "txn_1", mode: "test", provider: "bkash", direction: "credit", trx_id: "9ABC123XYZ", amount: 437.25,
  fee: null, balance: 9437.25, counterparty: "017****5678", received_at: "2026-11-25T10:30:00Z",
  status: "confirmed", session_id: SID,
};
const EVENT = {
  id: 42, mode: "live", session_id: SID, order_id: "o-1", payment_status: "COMPLETED", status: "dead", attempts: 15,
  next_attempt_at: null, last_status_code: 500, last_error: "HTTP 500", stopped_reason: null,
  created_at: "2026-11-25T10:30:00Z", delivered_at: null,
};
const PUBLIC = {
  session_id: SID, order_id: "o-1", merchant: { name: "Nakshi" }, amount: 19.99, status: "OPEN",
  expires_at: "2026-11-25T11:00:00Z", pending: true, pending_claim: { provider: "nagad", trx_id: "ABC12345" },
  wallets: [{ provider: "bkash", number: "01700000009", kind: "personal" }],
};
const refusedLocally = (Type, field) => (err) => {
  assert.ok(err instanceof Type, `${err.name}: ${err.message}`);
  assert.ok(err instanceof sdk.InvalidRequestError && err instanceof sdk.ApiError);
  assert.deepEqual([err.status, err.attempts], [0, 0]);
  assert.ok(err.details[0].startsWith(`${field}:`), err.details[0]);
  assert.match(err.message, new RegExp(field));
  return true;
};

test("initialize sends snake_case and answers camelCase; a replay says so", async () => {
  const doc = { session_id: SID, payment_id: "pay_1", order_id: "o-1", amount: 19.99, status: "OPEN", checkout_url: "http://x/checkout/1", expires_at: "2026-11-25T11:00:00Z" };
  await stubbed(sdk, [[201, doc], [200, doc]], {}, async ({ stub, client }) => {
    const params = { orderId: "o-1", amount: "19.99", successUrl: `${SHOP}/s`, cancelUrl: `${SHOP}/c`, webhookUrl: `${SHOP}/w`, expiresIn: 600, metadata: { cart: "7" } };
    const first = await client.sessions.initialize(params);
    assert.deepEqual(first, {
      session: { sessionId: SID, paymentId: "pay_1", orderId: "o-1", amount: "19.99", amountPoisha: 1999, status: "OPEN", checkoutUrl: "http://x/checkout/1", expiresAt: "2026-11-25T11:00:00Z" },
      replayed: false,
    });
    assert.equal((await client.sessions.initialize(params)).replayed, true);
    assert.deepEqual(JSON.parse(stub.seen[0].body), {
      order_id: "o-1", amount: 19.99, success_url: `${SHOP}/s`, cancel_url: `${SHOP}/c`, webhook_url: `${SHOP}/w`, expires_in: 600, metadata: { cart: "7" },
    });
  });
});

test("a missing or misspelt parameter is refused before sending, naming it", async () => {
  await stubbed(sdk, [[200, {}]], {}, async ({ stub, client }) => {
    const base = { orderId: "o-1", amount: "1", successUrl: `${SHOP}/s`, cancelUrl: `${SHOP}/c`, webhookUrl: `${SHOP}/w` };
    for (const field of ["orderId", "successUrl", "cancelUrl", "webhookUrl"]) {
      const { [field]: _gone, ...rest } = base;
      await assert.rejects(client.sessions.initialize(rest), refusedLocally(sdk.ValidationError, field));
    }
    const { webhookUrl, ...rest } = base;
    await assert.rejects(client.sessions.initialize({ ...rest, webhookURL: webhookUrl }), refusedLocally(sdk.ValidationError, "webhookURL"));
    await assert.rejects(client.sessions.initialize(), refusedLocally(sdk.ValidationError, "orderId"));
    await assert.rejects(client.sessions.initialize({ ...base, metadata: ["a"] }), refusedLocally(sdk.ValidationError, "metadata"));
    await assert.rejects(client.sessions.initialize({ ...base, customer: "Rahim" }), refusedLocally(sdk.ValidationError, "customer"));
    await assert.rejects(client.sessions.verify({ sessionId: SID, provider: "bkash" }), refusedLocally(sdk.ValidationError, "trxId"));
    await assert.rejects(client.sessions.verify({ sessionId: SID, trxId: 12345678, provider: "bkash" }), refusedLocally(sdk.ValidationError, "trxId"));
    await assert.rejects(client.sessions.verify({ sessionId: SID, trxId: "ABC12345", provider: "paypal" }), refusedLocally(sdk.InvalidProviderError, "provider"));
    await assert.rejects(client.sessions.verify({ sessionId: SID, trxId: "ABC12345" }), refusedLocally(sdk.InvalidProviderError, "provider"));
    for (const wait of [26, -1, 1.5, "20"]) {
      await assert.rejects(client.sessions.verify({ sessionId: SID, trxId: "ABC12345", provider: "bkash", wait }), refusedLocally(sdk.InvalidWaitError, "wait"));
    }
    await assert.rejects(client.sessions.cancel(), refusedLocally(sdk.ValidationError, "sessionId"));
    await assert.rejects(client.sessions.retrieve(""), refusedLocally(sdk.ValidationError, "sessionId"));
    await assert.rejects(client.links.create({ amount: "750" }), refusedLocally(sdk.ValidationError, "description"));
    await assert.rejects(client.links.create({ amount: "750", description: "x", idempotencyKey: "é" }), refusedLocally(sdk.InvalidIdempotencyKeyError, "idempotencyKey"));
    await assert.rejects(client.links.create({ amount: "750", description: "x", idempotencyKey: "k".repeat(256) }), refusedLocally(sdk.InvalidIdempotencyKeyError, "idempotencyKey"));
    await assert.rejects(client.links.list({ limit: 101 }), refusedLocally(sdk.ValidationError, "limit"));
    await assert.rejects(client.transactions.list({ status: "paid" }), refusedLocally(sdk.ValidationError, "status"));
    await assert.rejects(client.transactions.list({ direction: "in" }), refusedLocally(sdk.ValidationError, "direction"));
    await assert.rejects(client.transactions.retrieve(), refusedLocally(sdk.ValidationError, "transactionId"));
    await assert.rejects(client.webhookEvents.list({ status: "failed" }), refusedLocally(sdk.ValidationError, "status"));
    await assert.rejects(client.webhookEvents.redeliver(), refusedLocally(sdk.ValidationError, "eventId"));
    await assert.rejects(client.testPayments.create({ sessionId: SID, outcome: "paid_twice" }), refusedLocally(sdk.ValidationError, "outcome"));
    await assert.rejects(client.testPayments.create({ outcome: "paid" }), refusedLocally(sdk.ValidationError, "sessionId"));
    assert.equal(stub.seen.length, 0);
  });
});

test("verify answers a typed claim; wait goes in the body", async () => {
  const done = { success: true, status: "COMPLETED", session_id: SID, order_id: "o-1", payment_id: "pay_1", amount: 437.25, provider: "bkash", trx_id: "ABC12345", redirect_url: `${SHOP}/s` };
  await stubbed(sdk, [[200, done]], {}, async ({ stub, client }) => {
    const claim = await client.sessions.verify({ sessionId: SID, trxId: "abc12345", provider: "bkash", wait: 20 });
    assert.deepEqual(claim, {
      status: "COMPLETED", completed: true, pending: false, message: null, sessionId: SID, orderId: "o-1", paymentId: "pay_1",
      amount: "437.25", amountPoisha: 43725, provider: "bkash", trxId: "ABC12345", redirectUrl: `${SHOP}/s`,
    });
    assert.deepEqual(JSON.parse(stub.seen[0].body), { sessionId: SID, trxId: "abc12345", provider: "bkash", wait: 20 });
  });
});

test("cancel, the public read and its deprecated alias are typed", async () => {
  const cancelled = { success: true, status: "CANCELLED", redirect_url: `${SHOP}/c` };
  await stubbed(sdk, [[200, cancelled], [200, PUBLIC]], {}, async ({ stub, client }) => {
    assert.deepEqual(await client.sessions.cancel(SID), { status: "CANCELLED", redirectUrl: `${SHOP}/c` });
    const view = await client.sessions.retrievePublic(SID);
    assert.deepEqual(view, {
      sessionId: SID, orderId: "o-1", merchant: { name: "Nakshi" }, amount: "19.99", amountPoisha: 1999, status: "OPEN",
      expiresAt: "2026-11-25T11:00:00Z", pending: true, pendingClaim: { provider: "nagad", trxId: "ABC12345" },
      wallets: [{ provider: "bkash", number: "01700000009", kind: "personal" }], redirectUrl: null,
    });
    assert.deepEqual(await client.sessions.get(SID), view);
    assert.equal(stub.seen.at(-1).url, `/api/v1/checkout/session/${SID}`);
  });
});

test("transactions: filters as the API's query, items as records, every page", async () => {
  const page1 = { items: [TRANSACTION], next_cursor: "c2" };
  const page2 = { items: [{ ...TRANSACTION, id: "txn_2", fee: 5, counterparty: null, session_id: null }], next_cursor: null };
  await stubbed(sdk, [[200, page1], [200, page1], [200, page2], [200, TRANSACTION]], {}, async ({ stub, client }) => {
    const page = await client.transactions.list({ status: "confirmed", provider: "bkash", direction: "credit", trxId: "9abc123xyz", sessionId: SID, limit: 5, cursor: "c1" });
    assert.equal(stub.seen[0].url, `/api/v1/transactions?status=confirmed&provider=bkash&direction=credit&trx_id=9abc123xyz&session_id=${SID}&limit=5&cursor=c1`);
    assert.equal(page.nextCursor, "c2");
    assert.deepEqual(page.items[0], {
      id: "txn_1", mode: "test", test: true, provider: "bkash", direction: "credit", trxId: "9ABC123XYZ", amount: "437.25", amountPoisha: 43725,
      fee: null, feePoisha: null, balance: "9437.25", balancePoisha: 943725, counterparty: "017****5678", receivedAt: "2026-11-25T10:30:00Z",
      status: "confirmed", sessionId: SID,
    });
    const all = [];
    for await (const item of client.transactions.iterate({ provider: "bkash", pageSize: 1 })) all.push(item);
    assert.deepEqual(all.map((t) => [t.id, t.fee, t.feePoisha, t.sessionId]), [["txn_1", null, null, SID], ["txn_2", "5.00", 500, null]]);
    assert.equal(stub.seen[2].url, "/api/v1/transactions?provider=bkash&limit=1&cursor=c2");
    assert.equal((await client.transactions.retrieve("txn_1")).trxId, "9ABC123XYZ");
    assert.equal(stub.seen[3].url, "/api/v1/transactions/txn_1");
  });
});

test("webhook events: list, read, redeliver; a queued one answers EventAlreadyQueuedError", async () => {
  const queued = { ...EVENT, status: "queued", next_attempt_at: "2026-11-25T10:31:00Z" };
  const replies = [[200, { items: [EVENT], next_cursor: null }], [200, EVENT], [202, queued], [409, { error: "Event is already queued for delivery" }], [404, { error: "Event not found" }]];
  await stubbed(sdk, replies, {}, async ({ stub, client }) => {
    const page = await client.webhookEvents.list({ status: "dead", orderId: "o-1", limit: 10 });
    assert.equal(stub.seen[0].url, "/api/v1/webhook-events?status=dead&order_id=o-1&limit=10");
    assert.deepEqual(page.items[0], {
      id: "42", mode: "live", test: false, sessionId: SID, orderId: "o-1", paymentStatus: "COMPLETED", status: "dead", attempts: 15,
      nextAttemptAt: null, lastStatusCode: 500, lastError: "HTTP 500", stoppedReason: null, createdAt: "2026-11-25T10:30:00Z", deliveredAt: null,
    });
    assert.equal((await client.webhookEvents.retrieve("42")).status, "dead");
    const again = await client.webhookEvents.redeliver("42");
    assert.deepEqual([again.id, again.status, again.attempts], ["42", "queued", 15]);
    assert.deepEqual([stub.seen[2].method, stub.seen[2].url], ["POST", "/api/v1/webhook-events/42/redeliver"]);
    await assert.rejects(client.webhookEvents.redeliver("42"), (err) => err instanceof sdk.EventAlreadyQueuedError && err.status === 409);
    await assert.rejects(client.webhookEvents.retrieve("43"), sdk.EventNotFoundError);
  });
});

test("test payments: the body the API takes and a typed answer", async () => {
  const doc = { session_id: SID, outcome: "late_sms", provider: "nagad", trx_id: "LATE1234", amount: 99.99, sms: "not_sent" };
  await stubbed(sdk, [[202, doc]], {}, async ({ stub, client }) => {
    const paid = await client.testPayments.create({ sessionId: SID, outcome: "late_sms", provider: "nagad", trxId: "LATE1234", wait: false });
    assert.deepEqual(paid, { sessionId: SID, outcome: "late_sms", provider: "nagad", trxId: "LATE1234", amount: "99.99", amountPoisha: 9999, sms: "not_sent" });
    assert.deepEqual(JSON.parse(stub.seen[0].body), { session_id: SID, outcome: "late_sms", provider: "nagad", trx_id: "LATE1234", wait: false });
    assert.deepEqual([stub.seen[0].method, stub.seen[0].url], ["POST", "/api/v1/test/payments"]);
  });
});

test("payment links answer camelCase records", async () => {
  const doc = {
    id: "lnk_1", url: "http://x/pay/abc", amount: 750.5, description: "Kurta", order_ref: "INV-1", single_use: true, status: "active",
    expires_at: null, webhook_url: null, created_at: "2026-11-21T11:43:29Z", disabled_at: null, payments: 2, paid_amount: 1501,
  };
  await stubbed(sdk, [[201, doc]], {}, async ({ stub, client }) => {
    const link = await client.links.create({ amount: 750.5, description: "Kurta", orderRef: "INV-1", singleUse: true, expiresAt: new Date("2030-01-01T00:00:00Z") });
    assert.deepEqual(link, {
      id: "lnk_1", url: "http://x/pay/abc", amount: "750.50", amountPoisha: 75050, description: "Kurta", orderRef: "INV-1", singleUse: true,
      status: "active", expiresAt: null, webhookUrl: null, createdAt: "2026-11-21T11:43:29Z", disabledAt: null, payments: 2,
      paidAmount: "1501.00", paidAmountPoisha: 150100,
    });
    assert.deepEqual(JSON.parse(stub.seen[0].body), { amount: 750.5, description: "Kurta", single_use: true, order_ref: "INV-1", expires_at: "2030-01-01T00:00:00.000Z" });
  });
});

test("request() is the escape hatch: any path, typed body, answer headers", async () => {
  await stubbed(sdk, [[201, { ok: true }, { "idempotent-replayed": "true" }]], {}, async ({ stub, client }) => {
    const answer = await client.request("POST", "/api/v1/anything", { a: 1 }, { headers: { "idempotency-key": "k1" } });
    assert.deepEqual([answer.status, answer.body, answer.headers.get("idempotent-replayed")], [201, { ok: true }, "true"]);
    assert.equal(stub.seen[0].headers["idempotency-key"], "k1");
    assert.equal(stub.seen[0].headers["x-api-key"], "sk_test_stub");
  });
});

test("the provider list is the Provider type's, in order", async () => {
  const { readFileSync } = await import("node:fs");
  const { createRequire } = await import("node:module");
  const { dirname, join } = await import("node:path");
  const root = dirname(createRequire(import.meta.url).resolve("claimsvc-sdk/package.json"));
  const types = readFileSync(join(root, "index.d.ts"), "utf8");
  const union = /export type Provider = ([^;]+);/.exec(types)[1];
  assert.deepEqual([...union.matchAll(/"([a-z]+)"/g)].map((m) => m[1]), [...sdk.PROVIDERS]);
  assert.ok(Object.isFrozen(sdk.PROVIDERS));
});
