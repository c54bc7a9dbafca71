// The CommonJS entry, as a default `npm init` project (no "type") loads it with require().
const assert = require("node:assert/strict");
const { test } = require("node:test");

const sdk = require("claimsvc-sdk");

test("require() gives the library, the same objects import gives", async () => {
  const esm = await import("claimsvc-sdk");
  assert.equal(typeof sdk.Client, "function");
  assert.deepEqual(Object.keys(esm).filter((name) => name !== "default").sort(), Object.keys(sdk).sort());
  for (const name of Object.keys(sdk)) assert.equal(esm[name], sdk[name], name);
  assert.equal(esm.default, sdk);
});

test("an error thrown through one entry is an instance of the other's class", async () => {
  const esm = await import("claimsvc-sdk");
  const err = sdk.errorFromResponse(429, JSON.stringify({ error: "The vendor daily transaction limit has been reached. Please try again tomorrow." }), {});
  assert.ok(err instanceof esm.DailyLimitError && err instanceof sdk.RateLimitError);
});

test("a CommonJS caller opens a session against a stub, camelCase and exact", async () => {
  const { stubbed, SHOP } = await import("./support.mjs");
  const doc = { session_id: "s1", payment_id: "p1", order_id: "o-1", amount: 1250.5, status: "OPEN", checkout_url: "http://x/checkout/s1", expires_at: "2026-11-25T11:00:00Z" };
  await stubbed(sdk, [[201, doc]], {}, async ({ client }) => {
    const { session } = await client.sessions.initialize({ orderId: "o-1", amount: "1250.50", successUrl: `${SHOP}/s`, cancelUrl: `${SHOP}/c`, webhookUrl: `${SHOP}/w` });
    assert.deepEqual([session.checkoutUrl, session.amount, session.amountPoisha], ["http://x/checkout/s1", "1250.50", 125050]);
  });
});

test("package.json's exports name a types, import and require condition", () => {
  const pkg = require("claimsvc-sdk/package.json");
  assert.deepEqual(Object.keys(pkg.exports["."]), ["types", "import", "require"]);
  assert.equal(pkg.version, sdk.VERSION);
});
