// Against the real service (CLAIMSVC_SDK_LIVE, set by the repository's tests/sdk): open, pay
// through the SMS intake, verify, receive and verify the webhook, cancel, links, transactions,
// webhook events, test payments, verify's wait, and every error the service can be made to give.
// Without the service each test is skipped (the runner's summary counts them).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { after, before, describe, test } from "node:test";

import * as sdk from "claimsvc-sdk";
import { Live, SHOP, liveSettings, newTrxId, orderId, startReceiver } from "./support.mjs";

const settings = liveSettings();
const skip = settings ? false : "no live service: set CLAIMSVC_SDK_LIVE";
const liveTest = (name, fn) => test(name, { skip }, fn);
const BUYER_PHONE = "01712345678"; // the number Live.pay's SMS names

describe("against the real service", () => {
  const live = settings && new Live(settings);
  let receiver;
  before(async () => {
    if (settings) receiver = await startReceiver(settings);
  });
  after(() => receiver?.close());

  const client = (account = "main", options = {}) =>
    new sdk.Client({ apiKey: live.account(account).key, baseUrl: live.apiUrl, backoffMs: 10, ...options });
  const testClient = (account = "main", options = {}) =>
    new sdk.Client({ apiKey: live.account(account).test_key, baseUrl: live.apiUrl, backoffMs: 10, ...options });
  const open = (c, { webhookUrl = `${SHOP}/webhook`, amount = "437.25", ...more } = {}) =>
    c.sessions.initialize({
      orderId: orderId(),
      amount,
      successUrl: `${SHOP}/success`,
      cancelUrl: `${SHOP}/cancel`,
      webhookUrl,
      ...more,
    });
  const expectError = (promise, Type, check = () => true) =>
    assert.rejects(promise, (err) => {
      assert.ok(err instanceof Type, `${err.name} ${err.code} ${err.message} is not a ${Type.name}`);
      return check(err);
    });
  async function delivery(order, secret = live.account("main").secret) {
    for (;;) {
      const got = await receiver.next();
      if (JSON.parse(got.body.toString()).order_id !== order) continue;
      return { got, event: sdk.verifyWebhook(got.body, got.headers, secret) };
    }
  }
  const eventFor = async (order, secret) => (await delivery(order, secret)).event;

  liveTest("open, pay, verify and receive the signed webhook", async () => {
    const c = client();
    const opened = await open(c, { webhookUrl: receiver.url });
    const session = opened.session;
    assert.equal(opened.replayed, false);
    assert.deepEqual([session.status, session.amount, session.amountPoisha], ["OPEN", "437.25", 43725]);
    assert.match(session.checkoutUrl, /\/checkout\//);
    const again = await c.sessions.initialize({
      orderId: session.orderId,
      amountPoisha: 43725,
      successUrl: `${SHOP}/success`,
      cancelUrl: `${SHOP}/cancel`,
      webhookUrl: receiver.url,
    });
    assert.equal(again.replayed, true);
    assert.equal(again.session.sessionId, session.sessionId);
    await expectError(
      c.sessions.initialize({
        orderId: session.orderId,
        amount: "437.26",
        successUrl: `${SHOP}/success`,
        cancelUrl: `${SHOP}/cancel`,
        webhookUrl: receiver.url,
      }),
      sdk.OrderIdConflictError,
      (err) => err.details[0] === "amount differs from the existing session",
    );

    const trxId = newTrxId();
    await live.pay("main", "437.25", trxId);
    const claim = await c.sessions.verify({ sessionId: session.sessionId, trxId: trxId.toLowerCase(), provider: "bkash" });
    assert.ok(claim.completed);
    assert.deepEqual([claim.amount, claim.amountPoisha, claim.trxId, claim.provider], ["437.25", 43725, trxId, "bkash"]);
    assert.equal(claim.redirectUrl, `${SHOP}/success`);
    assert.ok((await c.sessions.verify({ sessionId: session.sessionId, trxId, provider: "bkash" })).completed);

    const event = await eventFor(session.orderId);
    assert.deepEqual([event.paymentStatus, event.trid, event.amountPoisha, event.amount], ["COMPLETED", session.paymentId, 43725, "437.25"]);
    assert.match(event.id, /^\d+$/);
    assert.equal(event.test, false);

    await expectError(c.sessions.verify({ sessionId: session.sessionId, trxId: newTrxId(), provider: "bkash" }), sdk.AlreadyCompletedError);
    await expectError(c.sessions.cancel(session.sessionId), sdk.AlreadyCompletedError);
    const view = await c.sessions.retrievePublic(session.sessionId);
    assert.deepEqual([view.status, view.amount, view.orderId], ["COMPLETED", "437.25", session.orderId]);
  });

  liveTest("cancel sends the CANCELLED webhook and closes the session", async () => {
    const c = client();
    const { session } = await open(c, { webhookUrl: receiver.url });
    const cancelled = await c.sessions.cancel(session.sessionId);
    assert.deepEqual(cancelled, { status: "CANCELLED", redirectUrl: `${SHOP}/cancel` });
    assert.equal((await c.sessions.cancel(session.sessionId)).status, "CANCELLED");
    await expectError(
      c.sessions.verify({ sessionId: session.sessionId, trxId: newTrxId(), provider: "bkash" }),
      sdk.SessionUnavailableError,
      (err) => err.status === 410 && err.message === "This checkout session is no longer available.",
    );
    assert.equal((await eventFor(session.orderId)).paymentStatus, "CANCELLED");
  });

  liveTest("failed claims lock the session", async () => {
    const c = client();
    const { session } = await open(c);
    const claim = () => c.sessions.verify({ sessionId: session.sessionId, trxId: newTrxId(), provider: "bkash" });
    await expectError(claim(), sdk.VerificationFailedError, (err) => err.attempts === 1);
    await expectError(claim(), sdk.TooManyAttemptsError);
  });

  liveTest("payment links: create, list, get, disable; a test key is refused", async () => {
    const c = client();
    const link = await c.links.create({ amount: 750.5, description: "Blue kurta, size M", orderRef: orderId("INV"), singleUse: true });
    assert.deepEqual([link.status, link.amount, link.amountPoisha, link.singleUse, link.payments], ["active", "750.50", 75050, true, 0]);
    assert.equal((await c.links.get(link.id)).id, link.id);
    assert.ok((await c.links.list({ limit: 50 })).items.some((item) => item.id === link.id));
    const all = [];
    for await (const item of c.links.iterate({ pageSize: 1 })) all.push(item.id);
    assert.ok(all.includes(link.id));
    assert.equal((await c.links.disable(link.id)).status, "disabled");
    assert.equal((await c.links.get(link.id)).status, "disabled");
    await expectError(c.links.get(`lnk_${randomUUID()}`), sdk.NotFoundError, (err) => err.code === "NOT_FOUND");
    await expectError(testClient().links.create({ amount: "10", description: "x" }), sdk.LiveKeyRequiredError, (e) => e.status === 403);
  });

  // Contract section 3: needs the service of branch issue-31-service.
  liveTest("a payment link's Idempotency-Key makes one link; another body with it is refused", async () => {
    const c = client();
    const idempotencyKey = `link-${randomUUID()}`;
    const params = { amount: "120", description: "Gift card", idempotencyKey };
    const first = await c.links.create(params);
    const second = await c.links.create(params);
    assert.equal(second.id, first.id);
    await expectError(c.links.create({ ...params, amount: "121" }), sdk.IdempotencyKeyReusedError, (e) => e.status === 409);
    await expectError(
      c.request("POST", "/api/v1/payment-links", { amount: 1, description: "x" }, { headers: { "idempotency-key": "k".repeat(256) } }),
      sdk.InvalidIdempotencyKeyError,
    );
  });

  liveTest("claim validation errors", async () => {
    const c = client();
    const { session } = await open(c);
    await expectError(c.sessions.verify({ sessionId: randomUUID(), trxId: newTrxId(), provider: "bkash" }), sdk.SessionNotFoundError, (e) => e.code === "NOT_FOUND");
    await expectError(c.sessions.verify({ sessionId: "not-a-uuid", trxId: newTrxId(), provider: "bkash" }), sdk.SessionNotFoundError, (e) => e.code === "INVALID_SESSION_ID");
    await expectError(c.sessions.verify({ sessionId: session.sessionId, trxId: "ab", provider: "bkash" }), sdk.InvalidTrxIdError);
    // The library refuses an unknown provider before sending; the service's own refusal, raw:
    await expectError(c.sessions.verify({ sessionId: session.sessionId, trxId: newTrxId(), provider: "paypal" }), sdk.InvalidProviderError, (e) => e.status === 0);
    const raw = { sessionId: session.sessionId, trxId: newTrxId(), provider: "paypal" };
    await expectError(c.request("POST", "/api/v1/checkout/verify", raw), sdk.InvalidProviderError, (e) => e.status === 400);
    await expectError(c.request("POST", "/api/v1/checkout/verify", { sessionId: session.sessionId }), sdk.MissingFieldsError);
  });

  liveTest("initialize errors", async () => {
    const c = client();
    await expectError(open(c, { webhookUrl: "http://localhost/hook" }), sdk.UrlRejectedError, (e) => e.message === "webhook_url must use https");
    await expectError(open(c, { expiresIn: 5 }), sdk.ValidationError, (e) => e.details[0].startsWith("expires_in"));
    await expectError(open(c, { metadata: { note: "x".repeat(70_000) } }), sdk.RequestTooLargeError);
    await expectError(open(new sdk.Client({ baseUrl: live.apiUrl })), sdk.MissingApiKeyError);
    await expectError(open(new sdk.Client({ apiKey: "sk_not-a-key", baseUrl: live.apiUrl })), sdk.InvalidApiKeyError, (e) => e.status === 401 && e.attempts === 1);
  });

  liveTest("account state errors", async () => {
    await expectError(open(client("suspended")), sdk.AccountInactiveError);
    await expectError(client("suspended").sessions.verify({ sessionId: randomUUID(), trxId: newTrxId(), provider: "bkash" }), sdk.VendorInactiveError);
    await expectError(open(client("archived")), sdk.BrandArchivedError);
    await expectError(open(client("fee_due")), sdk.PlatformFeeDueError, (e) => e.status === 402);
  });

  liveTest("a daily limit raises DailyLimitError on the first attempt, never retried", async () => {
    const c = client("daily", { maxRetries: 2 });
    await open(c);
    await expectError(open(c), sdk.DailyLimitError, (e) => e.code === "VENDOR_DAILY_LIMIT" && e.attempts === 1 && /try again tomorrow/.test(e.message));
  });

  liveTest("the merchant reads its sessions in its key's mode only, amounts exact", async () => {
    const c = client();
    const t = testClient();
    const { session } = await open(c, { amount: "19.99" });
    const read = await c.sessions.retrieve(session.sessionId);
    assert.deepEqual(
      [read.status, read.mode, read.test, read.amount, read.amountPoisha, read.paidAmount, read.trxId],
      ["OPEN", "live", false, "19.99", 1999, null, null],
    );
    assert.equal((await c.sessions.findByOrder(session.orderId)).sessionId, session.sessionId);
    await expectError(t.sessions.retrieve(session.sessionId), sdk.SessionNotFoundError);
    assert.equal(await t.sessions.findByOrder(session.orderId), null);
    const page = await c.sessions.list({ status: "OPEN", limit: 1 });
    assert.equal(page.items.length, 1);
    assert.ok(page.nextCursor);
    await expectError(c.sessions.list({ cursor: "not-a-cursor" }), sdk.ValidationError, (e) => e.code === "INVALID_REQUEST" && e.status === 400);
  });

  liveTest("test payments: a paid one completes and its webhook verifies with the test secret only", async () => {
    const account = live.account("main");
    const t = testClient();
    const { session } = await open(t, { webhookUrl: receiver.url, amount: "99.99" });
    const paid = await t.testPayments.create({ sessionId: session.sessionId, outcome: "paid" });
    assert.deepEqual([paid.outcome, paid.amount, paid.amountPoisha, paid.sessionId], ["paid", "99.99", 9999, session.sessionId]);
    assert.ok(["processed", "queued"].includes(paid.sms), paid.sms);
    assert.ok(sdk.PROVIDERS.includes(paid.provider));
    assert.ok((await t.sessions.verify({ sessionId: session.sessionId, trxId: paid.trxId, provider: paid.provider })).completed);
    const { got, event } = await delivery(session.orderId, account.test_secret);
    assert.deepEqual([event.test, event.amount, event.amountPoisha], [true, "99.99", 9999]);
    const stripped = Object.fromEntries(Object.entries(got.headers).filter(([name]) => name.toLowerCase() !== "x-svc-test"));
    for (const headers of [got.headers, stripped]) {
      assert.throws(
        () => sdk.verifyWebhook(got.body, headers, account.secret),
        (err) => err instanceof sdk.WebhookVerificationError && err.reason === "signature_mismatch",
      );
    }
    const read = await t.sessions.retrieve(session.sessionId);
    assert.deepEqual([read.status, read.mode, read.paidAmount, read.trxId], ["COMPLETED", "test", "99.99", paid.trxId]);
    await expectError(t.testPayments.create({ sessionId: session.sessionId, outcome: "paid" }), sdk.TestSessionNotOpenError, (e) => e.status === 409);
  });

  liveTest("the README's test payment, run as written, completes a test session", async () => {
    const root = dirname(createRequire(import.meta.url).resolve("claimsvc-sdk/package.json"));
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const block = readme.split("<!-- example:test-payment")[1].split("```js\n")[1].split("```")[0];
    const env = { ...process.env, CLAIMSVC_TEST_KEY: live.account("main").test_key, CLAIMSVC_BASE_URL: live.apiUrl };
    const { stdout } = await promisify(execFile)(process.execPath, ["-e", block], { env, timeout: 30_000 });
    assert.equal(stdout.trim(), "COMPLETED 99.99");
  });

  liveTest("test payments: a wrong amount fails the claim; a live key or a live session is refused", async () => {
    const t = testClient();
    const { session } = await open(t);
    const wrong = await t.testPayments.create({ sessionId: session.sessionId, outcome: "wrong_amount", provider: "bkash" });
    assert.deepEqual([wrong.amount, wrong.provider], ["436.25", "bkash"]);
    await expectError(t.sessions.verify({ sessionId: session.sessionId, trxId: wrong.trxId, provider: "bkash" }), sdk.VerificationFailedError);
    await expectError(client().testPayments.create({ sessionId: session.sessionId, outcome: "paid" }), sdk.TestKeyRequiredError, (e) => e.status === 403);
    const { session: liveSession } = await open(client());
    await expectError(t.testPayments.create({ sessionId: liveSession.sessionId, outcome: "paid" }), sdk.SessionNotFoundError);
  });

  // Contract section 4: needs the service of branch issue-31-service.
  liveTest("verify's wait: a late SMS answers SMS_NOT_ARRIVED, uncounted; it completes once the SMS is in", async () => {
    const t = testClient(); // main allows 2 failed attempts: three uncounted answers prove none counted
    const { session } = await open(t, { amount: "55.50" });
    const late = await t.testPayments.create({ sessionId: session.sessionId, outcome: "late_sms" });
    assert.equal(late.sms, "not_sent");
    const claim = { sessionId: session.sessionId, trxId: late.trxId, provider: late.provider };
    for (let i = 0; i < 3; i++) {
      const answer = await t.sessions.verify({ ...claim, wait: 1 });
      assert.deepEqual([answer.status, answer.pending, answer.completed], ["SMS_NOT_ARRIVED", true, false]);
      assert.match(answer.message, /has not reached the merchant yet/);
    }
    const waiting = t.sessions.verify({ ...claim, wait: 20 });
    await t.testPayments.create({ sessionId: session.sessionId, outcome: "paid", trxId: late.trxId, provider: late.provider, wait: false });
    const done = await waiting;
    assert.deepEqual([done.status, done.completed, done.trxId, done.amount], ["COMPLETED", true, late.trxId, "55.50"]);
    const raw = { ...claim, wait: 26 };
    await expectError(t.request("POST", "/api/v1/checkout/verify", raw), sdk.InvalidWaitError, (e) => e.status === 400 && e.code === "INVALID_WAIT");
  });

  // Contract section 1: needs the service of branch issue-31-service.
  liveTest("transactions: the merchant's SMS payments, filtered, masked, matched, in its key's mode only", async () => {
    const c = client();
    const { session } = await open(c, { amount: "321.50" });
    const trxId = newTrxId();
    await live.pay("main", "321.50", trxId);
    const found = await c.transactions.list({ trxId: ` ${trxId.toLowerCase()} `, limit: 5 });
    assert.equal(found.items.length, 1);
    const tx = found.items[0];
    assert.deepEqual(
      [tx.trxId, tx.provider, tx.direction, tx.amount, tx.amountPoisha, tx.mode, tx.test, tx.sessionId],
      [trxId, "bkash", "credit", "321.50", 32150, "live", false, null],
    );
    assert.ok(tx.counterparty === null || !tx.counterparty.includes(BUYER_PHONE), tx.counterparty);
    assert.ok(!JSON.stringify(tx).includes(BUYER_PHONE));
    await c.sessions.verify({ sessionId: session.sessionId, trxId, provider: "bkash" });
    const matched = await c.transactions.retrieve(tx.id);
    assert.equal(matched.sessionId, session.sessionId);
    assert.equal((await c.transactions.list({ sessionId: session.sessionId })).items[0].id, tx.id);
    const credits = [];
    for await (const item of c.transactions.iterate({ provider: "bkash", direction: "credit", pageSize: 1 })) {
      credits.push(item.id);
      if (credits.length === 3) break;
    }
    assert.ok(credits.includes(tx.id));
    const t = testClient();
    assert.deepEqual((await t.transactions.list({ trxId })).items, []);
    await expectError(t.transactions.retrieve(tx.id), sdk.TransactionNotFoundError, (e) => e.status === 404);
    await expectError(c.transactions.retrieve("no-such-transaction"), sdk.TransactionNotFoundError);
    await expectError(c.transactions.list({ cursor: "not-a-cursor" }), sdk.ValidationError, (e) => e.status === 400);
  });

  // Contract section 2: needs the service of branch issue-31-service.
  liveTest("webhook events: the merchant lists, reads and redelivers its own", async () => {
    const c = client();
    const { session } = await open(c, { webhookUrl: receiver.url });
    await c.sessions.cancel(session.sessionId);
    const { event } = await delivery(session.orderId);
    const page = await c.webhookEvents.list({ orderId: session.orderId });
    assert.equal(page.items.length, 1);
    const record = page.items[0];
    assert.deepEqual([record.id, record.sessionId, record.paymentStatus, record.mode], [event.id, session.sessionId, "CANCELLED", "live"]);
    let delivered = record;
    for (let i = 0; delivered.status !== "delivered" && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      delivered = await c.webhookEvents.retrieve(event.id);
    }
    assert.equal(delivered.status, "delivered");
    const again = await c.webhookEvents.redeliver(event.id);
    assert.deepEqual([again.id, again.status], [event.id, "queued"]);
    const second = await delivery(session.orderId);
    assert.equal(second.event.id, event.id);
    assert.ok(second.event.attempt > event.attempt);
    await expectError(testClient().webhookEvents.retrieve(event.id), sdk.EventNotFoundError);
    await expectError(c.webhookEvents.retrieve("999999999"), sdk.EventNotFoundError);
  });

  // Contract section 2: needs the service of branch issue-31-service.
  liveTest("webhook events: redelivering one still queued is refused", async () => {
    const c = client();
    // shop.example.com is an allowed host that does not answer here: the event stays queued.
    const { session } = await open(c, { webhookUrl: `${SHOP}/hook` });
    await c.sessions.cancel(session.sessionId);
    let items = [];
    for (let i = 0; items.length === 0 && i < 100; i++) {
      items = (await c.webhookEvents.list({ sessionId: session.sessionId, status: "queued" })).items;
      if (!items.length) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(items.length, 1);
    await expectError(c.webhookEvents.redeliver(items[0].id), sdk.EventAlreadyQueuedError, (e) => e.status === 409 && e.attempts === 1);
  });

  liveTest("the rate limit is retried after its Retry-After, then raised", async () => {
    const sleeps = [];
    const c = client("limited", { maxRetries: 1, maxRetryWaitMs: 60_000, sleep: async (ms) => sleeps.push(ms) });
    await c.links.list();
    await c.links.list();
    await expectError(c.links.list(), sdk.RateLimitedError, (e) => e.retryAfter > 0 && e.attempts === 2 && sleeps[0] >= e.retryAfter * 1000);
    assert.equal(sleeps.length, 1);
  });

  liveTest("maintenance is retried, then raised", async () => {
    await live.admin("PUT", "/admin/v1/platform", { maintenance: true });
    try {
      await expectError(open(client("main", { maxRetries: 2 })), sdk.MaintenanceError, (e) => e.status === 503 && e.attempts === 3);
    } finally {
      await live.admin("PUT", "/admin/v1/platform", { maintenance: false });
    }
  });

  liveTest("the platform daily limit is raised at once, never retried", async () => {
    await live.admin("PUT", "/admin/v1/platform", { daily_limit: 1 });
    try {
      // The platform's day is counted while a limit is set: the first may still fit.
      await open(client()).catch((err) => {
        if (!(err instanceof sdk.DailyLimitError)) throw err;
      });
      await expectError(open(client("main", { maxRetries: 2 })), sdk.DailyLimitError, (e) => e.code === "PLATFORM_DAILY_LIMIT" && e.attempts === 1);
    } finally {
      await live.admin("PUT", "/admin/v1/platform", { daily_limit: null });
    }
  });
});
