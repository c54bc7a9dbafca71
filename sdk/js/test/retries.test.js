// Retries and time-outs, against a local stub (the real service is never made to fail).
import assert from "node:assert/strict";
import { test } from "node:test";

import * as sdk from "../src/index.js";
import { SHOP, startStub } from "./support.js";

const SESSION = {
  session_id: "6041e40e-4623-483e-9968-efa1a8589709",
  payment_id: "pay_1",
  order_id: "o-1",
  amount: 10.5,
  status: "OPEN",
  checkout_url: "http://x/checkout/6041e40e-4623-483e-9968-efa1a8589709",
  expires_at: "2026-11-21T11:43:29Z",
};
const MAINTENANCE = { error: "Checkout is temporarily unavailable for maintenance. Please try again shortly." };

async function stubbed(replies, options, run) {
  const stub = await startStub(replies, { delayMs: options.delayMs ?? 0 });
  const sleeps = [];
  const client = new sdk.Client({
    apiKey: "sk_test",
    baseUrl: stub.url,
    sleep: async (ms) => sleeps.push(ms),
    ...options,
  });
  try {
    await run({ stub, client, sleeps });
  } finally {
    await stub.close();
  }
}

const initialize = (client) =>
  client.sessions.initialize({
    orderId: "o-1",
    amount: "10.50",
    successUrl: `${SHOP}/s`,
    cancelUrl: `${SHOP}/c`,
    webhookUrl: `${SHOP}/w`,
  });

test("a 503 is retried with the same body and request id, then succeeds", async () => {
  await stubbed([[503, MAINTENANCE], [503, MAINTENANCE], [201, SESSION]], {}, async ({ stub, client, sleeps }) => {
    const result = await initialize(client);
    assert.equal(result.session.session_id, SESSION.session_id);
    assert.equal(result.replayed, false);
    assert.equal(result.session.amountPoisha, 1050);
    assert.equal(stub.seen.length, 3);
    assert.equal(new Set(stub.seen.map((s) => s.body)).size, 1);
    assert.equal(new Set(stub.seen.map((s) => s.headers["x-request-id"])).size, 1);
    assert.match(stub.seen[0].body, /"amount":10\.50/);
    assert.equal(sleeps.length, 2);
    assert.ok(sleeps[0] >= 250 && sleeps[0] <= 500 && sleeps[1] >= 500 && sleeps[1] <= 1000, String(sleeps));
  });
});

test("retries stop after maxRetries and the error counts the attempts", async () => {
  await stubbed([[503, MAINTENANCE]], { maxRetries: 1 }, async ({ stub, client }) => {
    await assert.rejects(initialize(client), (err) => err instanceof sdk.MaintenanceError && err.attempts === 2);
    assert.equal(stub.seen.length, 2);
  });
});

const NOT_WORTH = [
  [400, { success: false, error: "Invalid trxId format", message: "Invalid trxId format" }, sdk.InvalidTrxIdError],
  [401, { error: "Unauthorized API Key" }, sdk.InvalidApiKeyError],
  [403, { error: "Vendor account is not active to process payments" }, sdk.AccountInactiveError],
  [404, { success: false, error: "NOT_FOUND", message: "Invalid checkout session." }, sdk.SessionNotFoundError],
  [429, { error: { code: "RATE_LIMITED", message: "slow down" } }, sdk.RateLimitedError],
  [429, { success: false, error: "TOO_MANY_ATTEMPTS", message: "locked" }, sdk.TooManyAttemptsError],
];
for (const [status, body, Type] of NOT_WORTH) {
  test(`a ${status} ${Type.name} is sent once`, async () => {
    await stubbed([[status, body], [200, {}]], {}, async ({ stub, client, sleeps }) => {
      await assert.rejects(
        client.sessions.verify({ sessionId: SESSION.session_id, trxId: "ab", provider: "bkash" }),
        (err) => err instanceof Type && err.attempts === 1,
      );
      assert.equal(stub.seen.length, 1);
      assert.deepEqual(sleeps, []);
    });
  });
}

test("a 500 on verify is retried", async () => {
  const internal = { success: false, error: "Internal system error", message: "Internal system error" };
  const done = { success: true, status: "COMPLETED", amount: 10.5, redirect_url: "https://s" };
  await stubbed([[500, internal], [200, done]], {}, async ({ stub, client }) => {
    const claim = await client.sessions.verify({ sessionId: SESSION.session_id, trxId: "ABC123", provider: "bkash" });
    assert.ok(claim.completed);
    assert.equal(stub.seen.length, 2);
  });
});

test("creating a link is not retried on a 500", async () => {
  await stubbed([[500, { error: "Internal server error" }], [201, {}]], {}, async ({ stub, client }) => {
    await assert.rejects(client.links.create({ amount: "750", description: "Kurta" }), sdk.ServerError);
    assert.equal(stub.seen.length, 1);
  });
});

test("a daily-limit 429 is retried", async () => {
  const daily = { error: "The vendor daily transaction limit has been reached. Please try again tomorrow." };
  await stubbed([[429, daily], [201, SESSION]], {}, async ({ stub, client }) => {
    await initialize(client);
    assert.equal(stub.seen.length, 2);
  });
});

test("a time-out raises after the configured time and is retried", async () => {
  await stubbed([[201, SESSION]], { delayMs: 400, timeoutMs: 100, maxRetries: 1 }, async ({ stub, client }) => {
    await assert.rejects(initialize(client), sdk.ApiTimeoutError);
    assert.equal(stub.seen.length, 2);
  });
});

test("a refused connection is a connection error; the default time-out is set", async () => {
  const stub = await startStub([[200, {}]]);
  await stub.close();
  const client = new sdk.Client({ apiKey: "sk", baseUrl: stub.url, maxRetries: 0 });
  await assert.rejects(client.links.get("lnk_1"), sdk.ApiConnectionError);
  assert.equal(new sdk.Client({ apiKey: "sk" }).timeoutMs, 10_000);
});

test("PENDING_VERIFICATION is a result, not an error", async () => {
  const pending = { success: false, error: "PENDING_VERIFICATION", message: "Payment found; the merchant is confirming it." };
  await stubbed([[202, pending]], {}, async ({ stub, client }) => {
    const claim = await client.sessions.verify({ sessionId: SESSION.session_id, trxId: "ABC123", provider: "bkash" });
    assert.deepEqual([claim.pending, claim.completed, claim.status], [true, false, "PENDING_VERIFICATION"]);
    assert.equal(stub.seen.length, 1);
  });
});
