import assert from "node:assert/strict";
import { test } from "node:test";

import { amountField, encodeBody } from "../src/client.js";
import { poishaFromJson, takaText, toPoisha } from "../src/money.js";

test("amounts become exact poisha", () => {
  const cases = [["1250.50", 125050], ["1250.5", 125050], [1250.5, 125050], [0.29, 29], [0.07, 7], [1250, 125000], [10n, 1000], [" 19.99 ", 1999], ["10000000", 1_000_000_000]];
  for (const [amount, poisha] of cases) assert.equal(toPoisha(amount), poisha, String(amount));
});

test("amounts the service refuses are refused before sending", () => {
  for (const amount of ["0", "-5", "1.005", "1e3", "12,50", "", 0.1 + 0.2, 10_000_001, Number.NaN, Infinity, 1e21]) {
    assert.throws(() => toPoisha(amount), RangeError, String(amount));
  }
  for (const amount of [null, undefined, true, {}]) assert.throws(() => toPoisha(amount), TypeError);
});

test("the JSON body carries the exact number text", () => {
  const body = encodeBody({ order_id: "@@number-x@@", amount: amountField({ amount: "0.29" }) });
  assert.equal(body, '{"order_id":"@@number-x@@","amount":0.29}');
  assert.equal(encodeBody({ amount: amountField({ amountPoisha: 125005 }) }), '{"amount":1250.05}');
  assert.throws(() => amountField({ amount: "1", amountPoisha: 100 }), TypeError);
  assert.throws(() => amountField({ amountPoisha: 12.5 }), TypeError);
});

test("answers' amounts become exact poisha", () => {
  assert.equal(poishaFromJson(1250.5), 125050);
  assert.equal(poishaFromJson(0.29), 29);
  assert.equal(takaText(5), "0.05");
  assert.throws(() => poishaFromJson(1.001), RangeError);
  assert.throws(() => poishaFromJson("12"), RangeError);
});
