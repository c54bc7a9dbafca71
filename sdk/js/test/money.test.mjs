import assert from "node:assert/strict";
import { test } from "node:test";

import * as sdk from "claimsvc-sdk";
import { SHOP, stubbed } from "./support.mjs";

test("amounts become exact poisha", () => {
  const cases = [["1250.50", 125050], ["1250.5", 125050], [1250.5, 125050], [0.29, 29], [0.07, 7], [1250, 125000], [10n, 1000], [" 19.99 ", 1999], ["10000000", 1_000_000_000]];
  for (const [amount, poisha] of cases) assert.equal(sdk.toPoisha(amount), poisha, String(amount));
});

test("amounts the service refuses are refused before sending", () => {
  for (const amount of ["0", "-5", "1.005", "1e3", "12,50", "", 0.1 + 0.2, 10_000_001, Number.NaN, Infinity, 1e21]) {
    assert.throws(() => sdk.toPoisha(amount), RangeError, String(amount));
  }
  for (const amount of [null, undefined, true, {}]) assert.throws(() => sdk.toPoisha(amount), TypeError);
  assert.equal(sdk.takaText(5), "0.05");
});

const SESSION = {
  session_id: "6041e40e-4623-483e-9968-efa1a8589709", payment_id: "pay_1", order_id: "o-1", amount: 0.29,
  status: "OPEN", checkout_url: "http://x/checkout/1", expires_at: "2026-11-21T11:43:29Z",
};
const open = (client, amount) =>
  client.sessions.initialize({ orderId: "@@number-x@@", ...amount, successUrl: `${SHOP}/s`, cancelUrl: `${SHOP}/c`, webhookUrl: `${SHOP}/w` });

test("the JSON body carries the exact number text, and the answer's amount comes back exact", async () => {
  await stubbed(sdk, [[201, SESSION]], {}, async ({ stub, client }) => {
    const { session } = await open(client, { amount: "0.29" });
    await open(client, { amountPoisha: 125005 });
    assert.match(stub.seen[0].body, /^\{"order_id":"@@number-x@@","amount":0\.29,/);
    assert.match(stub.seen[1].body, /"amount":1250\.05,/);
    assert.deepEqual([session.amount, session.amountPoisha], ["0.29", 29]);
  });
});

test("an amount given twice, or not exact, is a ValidationError and nothing is sent", async () => {
  await stubbed(sdk, [[201, SESSION]], {}, async ({ stub, client }) => {
    for (const amount of [{ amount: "1", amountPoisha: 100 }, { amountPoisha: 12.5 }, { amount: 0.1 + 0.2 }, {}]) {
      await assert.rejects(open(client, amount), (err) => err instanceof sdk.ValidationError && err.details[0].startsWith("amount:"));
    }
    assert.equal(stub.seen.length, 0);
  });
});

test("an answer whose amount is not exact taka is refused, not rounded", async () => {
  await stubbed(sdk, [[201, { ...SESSION, amount: 1.001 }]], {}, async ({ client }) => {
    await assert.rejects(open(client, { amount: "1" }), RangeError);
  });
});
