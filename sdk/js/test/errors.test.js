import assert from "node:assert/strict";
import { test } from "node:test";

import * as sdk from "../src/index.js";
import { ERROR_CASES } from "./support.js";

for (const c of ERROR_CASES) {
  test(`error ${c.status} ${c.code}`, () => {
    const raw = c.body === null ? "" : JSON.stringify(c.body);
    const err = sdk.errorFromResponse(c.status, raw, c.headers || {}, "req1");
    assert.equal(err.constructor, sdk[c.type]);
    assert.ok(err instanceof sdk.ApiError && err instanceof sdk.ClaimsvcError && err instanceof Error);
    assert.equal(err.code, c.code);
    assert.equal(err.status, c.status);
    assert.equal(err.retryAfter, c.retry_after ?? null);
    assert.equal(err.retryable, c.retryable ?? false);
    assert.deepEqual(err.details, c.details ?? []);
    assert.equal(err.requestId, "req1");
    if (c.body && typeof c.body.error === "object") assert.equal(err.message, c.body.error.message);
    else if (c.body) assert.equal(err.message, c.body.message ?? c.body.error);
  });
}

test("every named code is in the shared table", () => {
  const codes = new Set(ERROR_CASES.map((c) => c.code));
  for (const code of Object.keys(sdk.ERROR_TYPES)) assert.ok(codes.has(code), code);
});
