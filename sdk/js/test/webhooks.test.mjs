import assert from "node:assert/strict";
import { test } from "node:test";

import { WebhookVerificationError, verifyWebhook } from "claimsvc-sdk";
import { VECTORS } from "./support.mjs";

for (const c of VECTORS.vectors) {
  test(`vector: ${c.name}`, () => {
    const opts = { toleranceSeconds: VECTORS.tolerance_seconds, now: c.now };
    if (!c.expect.ok) {
      assert.throws(
        () => verifyWebhook(Buffer.from(c.body, "utf8"), c.headers, c.secrets, opts),
        (err) => err instanceof WebhookVerificationError && err.reason === c.expect.error,
      );
      return;
    }
    const event = verifyWebhook(Buffer.from(c.body, "utf8"), c.headers, c.secrets, opts);
    const want = c.expect.event;
    assert.deepEqual(
      [event.id, event.attempt, event.timestamp, event.orderId, event.paymentStatus, event.trid],
      [want.id, want.attempt, want.timestamp, want.order_id, want.payment_status, want.trid],
    );
    assert.equal(event.amount, want.amount);
    assert.equal(event.amountPoisha, want.amount_poisha);
    assert.equal(event.test, want.test);
  });
}

test("a Headers object, a string body and a single secret are accepted", () => {
  const c = VECTORS.vectors[0];
  const event = verifyWebhook(c.body, new Headers(c.headers), c.secrets[0], { now: c.now });
  assert.equal(event.id, "42");
});

test("an empty secret list is refused rather than matching nothing silently", () => {
  const c = VECTORS.vectors[0];
  assert.throws(() => verifyWebhook(c.body, c.headers, [], { now: c.now }), TypeError);
});

test("a test session's event verifies with the test secret and never with the live one", () => {
  const named = Object.fromEntries(VECTORS.vectors.map((c) => [c.name, c]));
  const c = named["test session's event: receiver holds the test secret"];
  const live = named["test session's event: receiver holds only the live secret"].secrets;
  assert.equal(verifyWebhook(c.body, c.headers, c.secrets, { now: c.now }).test, true);
  const { "x-svc-test": _dropped, ...stripped } = c.headers;
  for (const headers of [c.headers, stripped]) {
    assert.throws(
      () => verifyWebhook(c.body, headers, live, { now: c.now }),
      (err) => err instanceof WebhookVerificationError && err.reason === "signature_mismatch",
    );
  }
});
