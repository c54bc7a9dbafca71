// Retries and time-outs, against a local stub (the real service is never made to fail).
import assert from "node:assert/strict";
import { test } from "node:test";

import * as sdk from "claimsvc-sdk";
import { SHOP, stubbed } from "./support.mjs";

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
const VENDOR_DAILY = { error: "The vendor daily transaction limit has been reached. Please try again tomorrow." };
const RATE_LIMITED = { error: { code: "RATE_LIMITED", message: "Too many requests. Wait a minute and retry with backoff." } };
const LINK = {
  id: "lnk_1", url: "http://x/pay/abc", amount: 750, description: "Kurta", order_ref: null, single_use: false,
  status: "active", expires_at: null, webhook_url: null, created_at: "2026-11-21T11:43:29Z", disabled_at: null,
  payments: 0, paid_amount: 0,
};

const initialize = (client) =>
  client.sessions.initialize({
    orderId: "o-1",
    amount: "10.50",
    successUrl: `${SHOP}/s`,
    cancelUrl: `${SHOP}/c`,
    webhookUrl: `${SHOP}/w`,
  });

test("a 503 is retried with the same body and request id, then succeeds", async () => {
  await stubbed(sdk, [[503, MAINTENANCE], [503, MAINTENANCE], [201, SESSION]], {}, async ({ stub, client, sleeps }) => {
    const result = await initialize(client);
    assert.equal(result.session.sessionId, SESSION.session_id);
    assert.equal(result.replayed, false);
    assert.deepEqual([result.session.amount, result.session.amountPoisha], ["10.50", 1050]);
    assert.equal(stub.seen.length, 3);
    assert.equal(new Set(stub.seen.map((s) => s.body)).size, 1);
    assert.equal(new Set(stub.seen.map((s) => s.headers["x-request-id"])).size, 1);
    assert.match(stub.seen[0].body, /"amount":10\.50/);
    assert.equal(sleeps.length, 2);
    assert.ok(sleeps[0] >= 250 && sleeps[0] <= 500 && sleeps[1] >= 500 && sleeps[1] <= 1000, String(sleeps));
  });
});

for (const status of [500, 502, 504]) {
  test(`a ${status} on a read is retried`, async () => {
    await stubbed(sdk, [[status, null], [200, LINK]], {}, async ({ stub, client }) => {
      assert.equal((await client.links.get("lnk_1")).id, "lnk_1");
      assert.equal(stub.seen.length, 2);
    });
  });
}

test("retries stop after maxRetries and the error counts the attempts", async () => {
  await stubbed(sdk, [[503, MAINTENANCE]], { maxRetries: 1 }, async ({ stub, client }) => {
    await assert.rejects(initialize(client), (err) => err instanceof sdk.MaintenanceError && err.attempts === 2);
    assert.equal(stub.seen.length, 2);
  });
});

test("a daily limit raises DailyLimitError on the first attempt: one request, no wait", async () => {
  await stubbed(sdk, [[429, VENDOR_DAILY], [201, SESSION]], {}, async ({ stub, client, sleeps }) => {
    await assert.rejects(initialize(client), (err) => {
      assert.ok(err instanceof sdk.DailyLimitError, err.name);
      assert.deepEqual([err.code, err.attempts, err.retryable], ["VENDOR_DAILY_LIMIT", 1, false]);
      assert.match(err.message, /try again tomorrow/);
      return true;
    });
    assert.equal(stub.seen.length, 1);
    assert.deepEqual(sleeps, []);
  });
});

test("RATE_LIMITED is retried after its Retry-After, with the same request", async () => {
  await stubbed(sdk, [[429, RATE_LIMITED, { "retry-after": "3" }], [200, LINK]], {}, async ({ stub, client, sleeps }) => {
    assert.equal((await client.links.get("lnk_1")).id, "lnk_1");
    assert.equal(stub.seen.length, 2);
    assert.deepEqual(sleeps, [3000]);
    assert.equal(stub.seen[0].headers["x-request-id"], stub.seen[1].headers["x-request-id"]);
  });
});

test("RATE_LIMITED without Retry-After waits for RateLimit-Reset", async () => {
  await stubbed(sdk, [[429, RATE_LIMITED, { "ratelimit-reset": "2" }], [200, LINK]], {}, async ({ client, sleeps }) => {
    await client.links.get("lnk_1");
    assert.deepEqual(sleeps, [2000]);
  });
});

test("a Retry-After longer than maxRetryWaitMs is raised at once, not waited for", async () => {
  const options = { maxRetryWaitMs: 5000 };
  await stubbed(sdk, [[429, RATE_LIMITED, { "retry-after": "40" }], [200, LINK]], options, async ({ stub, client, sleeps }) => {
    await assert.rejects(client.links.get("lnk_1"), (err) => err instanceof sdk.RateLimitedError && err.retryAfter === 40 && err.attempts === 1);
    assert.equal(stub.seen.length, 1);
    assert.deepEqual(sleeps, []);
  });
});

const NOT_WORTH = [
  [400, { success: false, error: "Invalid trxId format", message: "Invalid trxId format" }, sdk.InvalidTrxIdError],
  [401, { error: "Unauthorized API Key" }, sdk.InvalidApiKeyError],
  [403, { error: "Vendor account is not active to process payments" }, sdk.AccountInactiveError],
  [404, { success: false, error: "NOT_FOUND", message: "Invalid checkout session." }, sdk.SessionNotFoundError],
  [429, { success: false, error: "TOO_MANY_ATTEMPTS", message: "locked" }, sdk.TooManyAttemptsError],
  [429, { error: "The platform daily transaction limit has been reached. Please try again tomorrow." }, sdk.DailyLimitError],
];
for (const [status, body, Type] of NOT_WORTH) {
  test(`a ${status} ${Type.name} is sent once`, async () => {
    await stubbed(sdk, [[status, body], [200, {}]], {}, async ({ stub, client, sleeps }) => {
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
  await stubbed(sdk, [[500, internal], [200, done]], {}, async ({ stub, client }) => {
    const claim = await client.sessions.verify({ sessionId: SESSION.session_id, trxId: "ABC123", provider: "bkash" });
    assert.ok(claim.completed);
    assert.equal(stub.seen.length, 2);
  });
});

test("creating a link is retried with the same generated Idempotency-Key", async () => {
  await stubbed(sdk, [[500, { error: "Internal server error" }], [201, LINK]], {}, async ({ stub, client }) => {
    const link = await client.links.create({ amount: "750", description: "Kurta" });
    assert.equal(link.id, "lnk_1");
    assert.equal(stub.seen.length, 2);
    const keys = stub.seen.map((s) => s.headers["idempotency-key"]);
    assert.match(keys[0], /^[0-9a-f-]{36}$/);
    assert.equal(keys[0], keys[1]);
  });
});

test("each logical create gets its own key; a given key is sent as is", async () => {
  await stubbed(sdk, [[201, LINK]], {}, async ({ stub, client }) => {
    await client.links.create({ amount: "750", description: "Kurta" });
    await client.links.create({ amount: "750", description: "Kurta" });
    await client.links.create({ amount: "750", description: "Kurta", idempotencyKey: "order-1001-link" });
    const keys = stub.seen.map((s) => s.headers["idempotency-key"]);
    assert.notEqual(keys[0], keys[1]);
    assert.equal(keys[2], "order-1001-link");
  });
});

test("test payments and redelivery are not retried: a second call would act twice", async () => {
  const internal = [500, { error: "Internal server error" }];
  await stubbed(sdk, [internal, internal, [202, {}]], {}, async ({ stub, client }) => {
    await assert.rejects(client.testPayments.create({ sessionId: SESSION.session_id, outcome: "paid" }), sdk.ServerError);
    await assert.rejects(client.webhookEvents.redeliver("42"), sdk.ServerError);
    assert.equal(stub.seen.length, 2);
  });
});

test("a time-out raises after the configured time and is retried", { timeout: 20_000 }, async () => {
  await stubbed(sdk, [[201, SESSION]], { delayMs: 400, timeoutMs: 100, maxRetries: 1 }, async ({ stub, client }) => {
    await assert.rejects(initialize(client), sdk.ApiTimeoutError);
    assert.equal((await stub.received(2)).length, 2);
  });
});

test("a verify with wait gets wait + 10 s before the client gives up", async () => {
  const pending = { success: false, error: "SMS_NOT_ARRIVED", message: "not yet" };
  await stubbed(sdk, [[202, pending]], { delayMs: 300, timeoutMs: 100, maxRetries: 0 }, async ({ stub, client }) => {
    const claim = await client.sessions.verify({ sessionId: SESSION.session_id, trxId: "ABC123", provider: "bkash", wait: 1 });
    assert.equal(claim.status, "SMS_NOT_ARRIVED");
    assert.equal(JSON.parse(stub.seen[0].body).wait, 1);
    await assert.rejects(client.sessions.verify({ sessionId: SESSION.session_id, trxId: "ABC123", provider: "bkash" }), sdk.ApiTimeoutError);
  });
});

test("a refused connection is a connection error; the default time-out is set", async () => {
  let url;
  await stubbed(sdk, [[200, {}]], {}, async ({ stub }) => {
    url = stub.url;
  });
  const client = new sdk.Client({ apiKey: "sk", baseUrl: url, maxRetries: 0 });
  await assert.rejects(client.links.get("lnk_1"), sdk.ApiConnectionError);
  assert.equal(new sdk.Client({ apiKey: "sk" }).timeoutMs, 10_000);
});

test("PENDING_VERIFICATION and SMS_NOT_ARRIVED are results, not errors", async () => {
  const pending = { success: false, error: "PENDING_VERIFICATION", message: "Payment found; the merchant is confirming it." };
  const late = { success: false, error: "SMS_NOT_ARRIVED", message: "The wallet's SMS for this TrxID has not reached the merchant yet; try again shortly." };
  await stubbed(sdk, [[202, pending], [202, late]], {}, async ({ stub, client }) => {
    const claim = await client.sessions.verify({ sessionId: SESSION.session_id, trxId: "ABC123", provider: "bkash" });
    assert.deepEqual([claim.pending, claim.completed, claim.status], [true, false, "PENDING_VERIFICATION"]);
    const waited = await client.sessions.verify({ sessionId: SESSION.session_id, trxId: "ABC123", provider: "bkash", wait: 20 });
    assert.deepEqual([waited.pending, waited.completed, waited.status, waited.message], [true, false, "SMS_NOT_ARRIVED", late.message]);
    assert.equal(stub.seen.length, 2);
  });
});
