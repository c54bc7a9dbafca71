// Against the real service (CLAIMSVC_SDK_LIVE, set by the repository's tests/sdk): open, pay
// through the SMS intake, verify, receive and verify the webhook, cancel, links, every error.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";

import * as sdk from "../src/index.js";
import { Live, SHOP, liveSettings, newTrxId, orderId, startReceiver } from "./support.js";

const settings = liveSettings();

describe("against the real service", { skip: settings ? false : "no live service: set CLAIMSVC_SDK_LIVE" }, () => {
  const live = settings && new Live(settings);
  let receiver;
  before(async () => {
    receiver = await startReceiver(settings);
  });
  after(() => receiver.close());

  const client = (account = "main", options = {}) =>
    new sdk.Client({ apiKey: live.account(account).key, baseUrl: live.apiUrl, backoffMs: 10, ...options });
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
      assert.ok(err instanceof Type, `${err.name} ${err.code} is not a ${Type.name}`);
      return check(err);
    });
  async function eventFor(order, account = "main") {
    for (;;) {
      const got = await receiver.next();
      const event = sdk.verifyWebhook(got.body, got.headers, live.account(account).secret);
      if (event.orderId === order) return event;
    }
  }

  test("open, pay, verify and receive the signed webhook", async () => {
    const c = client();
    const opened = await open(c, { webhookUrl: receiver.url });
    const session = opened.session;
    assert.equal(opened.replayed, false);
    assert.equal(session.status, "OPEN");
    assert.equal(session.amountPoisha, 43725);
    const again = await c.sessions.initialize({
      orderId: session.order_id,
      amountPoisha: 43725,
      successUrl: `${SHOP}/success`,
      cancelUrl: `${SHOP}/cancel`,
      webhookUrl: receiver.url,
    });
    assert.equal(again.replayed, true);
    assert.equal(again.session.session_id, session.session_id);
    await expectError(
      c.sessions.initialize({
        orderId: session.order_id,
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
    const claim = await c.sessions.verify({ sessionId: session.session_id, trxId: trxId.toLowerCase(), provider: "bkash" });
    assert.ok(claim.completed);
    assert.equal(claim.amountPoisha, 43725);
    assert.equal(claim.redirect_url, `${SHOP}/success`);
    assert.ok((await c.sessions.verify({ sessionId: session.session_id, trxId, provider: "bkash" })).completed);

    const event = await eventFor(session.order_id);
    assert.deepEqual([event.paymentStatus, event.trid, event.amountPoisha, event.amount], ["COMPLETED", session.payment_id, 43725, "437.25"]);
    assert.match(event.id, /^\d+$/);
    assert.equal(event.test, false);

    await expectError(c.sessions.verify({ sessionId: session.session_id, trxId: newTrxId(), provider: "bkash" }), sdk.AlreadyCompletedError);
    await expectError(c.sessions.cancel(session.session_id), sdk.AlreadyCompletedError);
    assert.equal((await c.sessions.get(session.session_id)).status, "COMPLETED");
  });

  test("cancel sends the CANCELLED webhook and closes the session", async () => {
    const c = client();
    const { session } = await open(c, { webhookUrl: receiver.url });
    const cancelled = await c.sessions.cancel(session.session_id);
    assert.deepEqual([cancelled.status, cancelled.redirect_url], ["CANCELLED", `${SHOP}/cancel`]);
    assert.equal((await c.sessions.cancel(session.session_id)).status, "CANCELLED");
    await expectError(
      c.sessions.verify({ sessionId: session.session_id, trxId: newTrxId(), provider: "bkash" }),
      sdk.SessionUnavailableError,
      (err) => err.status === 410 && err.message === "This checkout session is no longer available.",
    );
    assert.equal((await eventFor(session.order_id)).paymentStatus, "CANCELLED");
  });

  test("failed claims lock the session", async () => {
    const c = client();
    const { session } = await open(c);
    const claim = () => c.sessions.verify({ sessionId: session.session_id, trxId: newTrxId(), provider: "bkash" });
    await expectError(claim(), sdk.VerificationFailedError, (err) => err.attempts === 1);
    await expectError(claim(), sdk.TooManyAttemptsError);
  });

  test("payment links: create, list, get, disable", async () => {
    const c = client();
    const link = await c.links.create({ amount: 750.5, description: "Blue kurta, size M", orderRef: orderId("INV"), singleUse: true });
    assert.equal(link.status, "active");
    assert.equal(link.amountPoisha, 75050);
    assert.equal((await c.links.get(link.id)).id, link.id);
    assert.ok((await c.links.list({ limit: 50 })).items.some((item) => item.id === link.id));
    const all = [];
    for await (const item of c.links.iterate({ pageSize: 1 })) all.push(item.id);
    assert.ok(all.includes(link.id));
    assert.equal((await c.links.disable(link.id)).status, "disabled");
    assert.equal((await c.links.get(link.id)).status, "disabled");
    await expectError(c.links.get(`lnk_${randomUUID()}`), sdk.NotFoundError, (err) => err.code === "NOT_FOUND");
  });

  test("claim validation errors", async () => {
    const c = client();
    const { session } = await open(c);
    await expectError(c.sessions.verify({ sessionId: randomUUID(), trxId: newTrxId(), provider: "bkash" }), sdk.SessionNotFoundError, (e) => e.code === "NOT_FOUND");
    await expectError(c.sessions.verify({ sessionId: "not-a-uuid", trxId: newTrxId(), provider: "bkash" }), sdk.SessionNotFoundError, (e) => e.code === "INVALID_SESSION_ID");
    await expectError(c.sessions.verify({ sessionId: session.session_id, trxId: "ab", provider: "bkash" }), sdk.InvalidTrxIdError);
    await expectError(c.sessions.verify({ sessionId: session.session_id, trxId: newTrxId(), provider: "paypal" }), sdk.InvalidProviderError);
  });

  test("initialize errors", async () => {
    const c = client();
    await expectError(open(c, { webhookUrl: "http://localhost/hook" }), sdk.UrlRejectedError, (e) => e.message === "webhook_url must use https");
    await expectError(open(c, { expiresIn: 5 }), sdk.ValidationError, (e) => e.details[0].startsWith("expires_in"));
    await expectError(open(c, { metadata: { note: "x".repeat(70_000) } }), sdk.RequestTooLargeError);
    await expectError(open(new sdk.Client({ baseUrl: live.apiUrl })), sdk.MissingApiKeyError);
    await expectError(open(new sdk.Client({ apiKey: "sk_not-a-key", baseUrl: live.apiUrl })), sdk.InvalidApiKeyError, (e) => e.status === 401 && e.attempts === 1);
  });

  test("account state errors", async () => {
    await expectError(open(client("suspended")), sdk.AccountInactiveError);
    await expectError(client("suspended").sessions.verify({ sessionId: randomUUID(), trxId: newTrxId(), provider: "bkash" }), sdk.VendorInactiveError);
    await expectError(open(client("archived")), sdk.BrandArchivedError);
    await expectError(open(client("fee_due")), sdk.PlatformFeeDueError, (e) => e.status === 402);
  });

  test("a daily limit is retried, then raised", async () => {
    const c = client("daily", { maxRetries: 1 });
    await open(c);
    await expectError(open(c), sdk.DailyLimitError, (e) => e.code === "VENDOR_DAILY_LIMIT" && e.attempts === 2);
  });

  test("the merchant reads its sessions in its key's mode only, amounts exact", async () => {
    const c = client();
    const t = new sdk.Client({ apiKey: live.account("main").test_key, baseUrl: live.apiUrl, backoffMs: 10 });
    const { session } = await open(c, { amount: "19.99" });
    const read = await c.sessions.retrieve(session.session_id);
    assert.deepEqual(
      [read.status, read.mode, read.test, read.amount, read.amountPoisha, read.paidAmount, read.trxId],
      ["OPEN", "live", false, "19.99", 1999, null, null],
    );
    assert.equal((await c.sessions.findByOrder(session.order_id)).sessionId, session.session_id);
    await expectError(t.sessions.retrieve(session.session_id), sdk.SessionNotFoundError);
    assert.equal(await t.sessions.findByOrder(session.order_id), null);
    const page = await c.sessions.list({ status: "OPEN", limit: 1 });
    assert.equal(page.items.length, 1);
    assert.ok(page.nextCursor);
    await expectError(c.sessions.list({ status: "open" }), sdk.ValidationError, (e) => e.code === "INVALID_REQUEST");
  });

  test("a test session's webhook verifies with the test secret, never with the live one", async () => {
    const account = live.account("main");
    const t = new sdk.Client({ apiKey: account.test_key, baseUrl: live.apiUrl, backoffMs: 10 });
    const { session } = await open(t, { webhookUrl: receiver.url, amount: "99.99" });
    const res = await fetch(`${live.apiUrl}/api/v1/test/payments`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": account.test_key },
      body: JSON.stringify({ session_id: session.session_id, outcome: "paid" }),
    });
    const paid = await res.json();
    assert.equal(res.status, 202, JSON.stringify(paid));
    assert.ok((await t.sessions.verify({ sessionId: session.session_id, trxId: paid.trx_id, provider: paid.provider })).completed);
    let got;
    do {
      got = await receiver.next();
    } while (JSON.parse(got.body.toString()).order_id !== session.order_id);
    const event = sdk.verifyWebhook(got.body, got.headers, account.test_secret);
    assert.deepEqual([event.test, event.amount, event.amountPoisha], [true, "99.99", 9999]);
    const stripped = Object.fromEntries(Object.entries(got.headers).filter(([name]) => name.toLowerCase() !== "x-svc-test"));
    for (const headers of [got.headers, stripped]) {
      assert.throws(
        () => sdk.verifyWebhook(got.body, headers, account.secret),
        (err) => err instanceof sdk.WebhookVerificationError && err.reason === "signature_mismatch",
      );
    }
    const read = await t.sessions.retrieve(session.session_id);
    assert.deepEqual([read.status, read.mode, read.paidAmount, read.trxId], ["COMPLETED", "test", "99.99", paid.trx_id]);
  });

  test("the rate limit carries Retry-After and is not retried", async () => {
    const c = client("limited");
    await c.links.list();
    await c.links.list();
    await expectError(c.links.list(), sdk.RateLimitedError, (e) => e.retryAfter > 0 && e.attempts === 1);
  });

  test("maintenance is retried, then raised", async () => {
    await live.admin("PUT", "/admin/v1/platform", { maintenance: true });
    try {
      await expectError(open(client("main", { maxRetries: 2 })), sdk.MaintenanceError, (e) => e.status === 503 && e.attempts === 3);
    } finally {
      await live.admin("PUT", "/admin/v1/platform", { maintenance: false });
    }
  });

  test("the platform daily limit is retried, then raised", async () => {
    await live.admin("PUT", "/admin/v1/platform", { daily_limit: 1 });
    try {
      // The platform's day is counted while a limit is set: the first may still fit.
      await open(client()).catch((err) => {
        if (!(err instanceof sdk.DailyLimitError)) throw err;
      });
      await expectError(open(client("main", { maxRetries: 1 })), sdk.DailyLimitError, (e) => e.code === "PLATFORM_DAILY_LIMIT" && e.attempts === 2);
    } finally {
      await live.admin("PUT", "/admin/v1/platform", { daily_limit: null });
    }
  });
});
