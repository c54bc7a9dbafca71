// claimsvc client: checkout sessions, payment links and webhook verification.
export * from "./errors.js";
export { Client, Sessions, PaymentLinks, sessionDetails, VERSION, DEFAULT_TIMEOUT_MS, DEFAULT_MAX_RETRIES } from "./client.js";
export { toPoisha, takaText } from "./money.js";
export { verifyWebhook, DEFAULT_TOLERANCE_SECONDS } from "./webhooks.js";
