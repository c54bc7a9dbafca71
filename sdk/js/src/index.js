"use strict";
// claimsvc client: checkout sessions, payment links, transactions, webhook events, test
// payments and webhook verification. CommonJS; esm/index.mjs re-exports the same objects.
const errors = require("./errors.js");
const client = require("./client.js");
const { EVENT_STATUSES, TRANSACTION_STATUSES } = require("./ledger.js");
const { toPoisha, takaText } = require("./money.js");
const { PROVIDERS } = require("./params.js");
const { SESSION_STATUSES } = require("./sessions.js");
const { OUTCOMES } = require("./testPayments.js");
const { DEFAULT_TOLERANCE_SECONDS, verifyWebhook } = require("./webhooks.js");

module.exports = {
  ...errors,
  Client: client.Client,
  VERSION: client.VERSION,
  DEFAULT_TIMEOUT_MS: client.DEFAULT_TIMEOUT_MS,
  DEFAULT_MAX_RETRIES: client.DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_WAIT_MS: client.DEFAULT_MAX_RETRY_WAIT_MS,
  PROVIDERS,
  SESSION_STATUSES,
  TRANSACTION_STATUSES,
  EVENT_STATUSES,
  TEST_OUTCOMES: OUTCOMES,
  toPoisha,
  takaText,
  verifyWebhook,
  DEFAULT_TOLERANCE_SECONDS,
};
