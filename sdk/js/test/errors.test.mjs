import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { test } from "node:test";

import * as sdk from "claimsvc-sdk";
import { ERROR_CASES } from "./support.mjs";

const require = createRequire(import.meta.url);

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

test("every code the library names is in the shared table, and every row's type is exported", () => {
  const codes = new Set(ERROR_CASES.map((c) => c.code));
  for (const code of Object.keys(sdk.ERROR_TYPES)) assert.ok(codes.has(code), code);
  for (const c of ERROR_CASES) assert.equal(typeof sdk[c.type], "function", c.type);
});

test("the families a caller catches hold the contract's new codes", () => {
  const family = {
    InvalidIdempotencyKeyError: sdk.ValidationError,
    InvalidWaitError: sdk.ValidationError,
    TransactionNotFoundError: sdk.NotFoundError,
    EventNotFoundError: sdk.NotFoundError,
    EventAlreadyQueuedError: sdk.ConflictError,
    EventNotRedeliverableError: sdk.ConflictError,
    IdempotencyKeyReusedError: sdk.ConflictError,
    TestSessionNotOpenError: sdk.ConflictError,
    TestKeyRequiredError: sdk.PermissionDeniedError,
    LiveKeyRequiredError: sdk.PermissionDeniedError,
  };
  for (const [name, Parent] of Object.entries(family)) assert.ok(sdk[name].prototype instanceof Parent, name);
});

test("a daily limit is never worth retrying and says try again tomorrow", () => {
  for (const c of ERROR_CASES.filter((row) => sdk.DAILY_LIMIT_CODES.has(row.code))) {
    const err = sdk.errorFromResponse(c.status, JSON.stringify(c.body), {});
    assert.ok(err instanceof sdk.DailyLimitError);
    assert.equal(err.retryable, false);
    assert.match(err.message, /try again tomorrow/);
  }
});

test("a 429 without Retry-After takes RateLimit-Reset as the wait", () => {
  const body = JSON.stringify({ error: { code: "RATE_LIMITED", message: "Too many requests" } });
  assert.equal(sdk.errorFromResponse(429, body, { "RateLimit-Reset": "9" }).retryAfter, 9);
  assert.equal(sdk.errorFromResponse(429, body, { "Retry-After": "3", "RateLimit-Reset": "9" }).retryAfter, 3);
});

test("the README's errors table (as packed) is the shared table's codes and types", () => {
  const readme = readFileSync(join(dirname(require.resolve("claimsvc-sdk/package.json")), "README.md"), "utf8");
  const table = readme.slice(readme.indexOf("<!-- errors:start -->"), readme.indexOf("<!-- errors:end -->"));
  const rows = new Set(table.split("\n").filter((line) => line.startsWith("| `")));
  const want = new Set();
  for (const c of ERROR_CASES) {
    if (c.code.startsWith("HTTP_")) continue;
    want.add(`| \`${c.code}\` | \`${c.type}\` |`);
  }
  const have = new Set([...rows].map((line) => line.split(" | ").slice(0, 2).join(" | ") + " |"));
  assert.deepEqual([...want].filter((row) => !have.has(row)), []);
  assert.deepEqual([...have].filter((row) => !want.has(row)), []);
});
