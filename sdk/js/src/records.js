"use strict";
// The API's snake_case answers as the library's camelCase records: money exact (taka text and
// integer poisha, never a float), absent values null, nothing left untyped.
const { poishaFromJson, takaText } = require("./money.js");

/** [taka text, poisha] of a JSON amount, or [null, null] for null. */
function money(value) {
  if (value === null || value === undefined) return [null, null];
  const poisha = poishaFromJson(value);
  return [takaText(poisha), poisha];
}

const orNull = (value) => (value === undefined ? null : value);

/** initialize's answer. */
function session(doc) {
  const [amount, amountPoisha] = money(doc.amount);
  return {
    sessionId: doc.session_id,
    paymentId: doc.payment_id,
    orderId: doc.order_id,
    amount,
    amountPoisha,
    status: doc.status,
    checkoutUrl: doc.checkout_url,
    expiresAt: doc.expires_at,
  };
}

/** A session as its merchant reads it: the paid amount null until the session is COMPLETED. */
function sessionDetails(doc) {
  const [amount, amountPoisha] = money(doc.amount);
  const [paidAmount, paidAmountPoisha] = money(doc.paid_amount);
  return {
    sessionId: doc.session_id,
    paymentId: doc.payment_id,
    orderId: doc.order_id,
    mode: doc.mode,
    test: doc.mode === "test",
    status: doc.status,
    pending: doc.pending === true,
    amount,
    amountPoisha,
    paidAmount,
    paidAmountPoisha,
    provider: orNull(doc.provider),
    trxId: orNull(doc.trx_id),
    settled: doc.settled === true,
    checkoutUrl: doc.checkout_url,
    createdAt: doc.created_at,
    expiresAt: doc.expires_at,
    completedAt: orNull(doc.completed_at),
    metadata: { ...(doc.metadata ?? {}) },
  };
}

/** The session as its buyer sees it (the public read the hosted page makes). */
function publicSession(doc) {
  const [amount, amountPoisha] = money(doc.amount);
  const claim = doc.pending_claim;
  return {
    sessionId: doc.session_id,
    orderId: doc.order_id,
    merchant: { name: doc.merchant?.name ?? "" },
    amount,
    amountPoisha,
    status: doc.status,
    expiresAt: doc.expires_at,
    pending: doc.pending === true,
    pendingClaim: claim ? { provider: claim.provider, trxId: claim.trx_id } : null,
    wallets: (doc.wallets ?? []).map((w) => ({ provider: w.provider, number: w.number, kind: w.kind })),
    redirectUrl: orNull(doc.redirect_url),
  };
}

/** Statuses of a claim that is not final: found but unconfirmed, or its SMS not here yet. */
const NOT_FINAL = new Set(["PENDING_VERIFICATION", "SMS_NOT_ARRIVED"]);

/** verify's answer: COMPLETED, or a non-final PENDING_VERIFICATION / SMS_NOT_ARRIVED (both 202). */
function claim(doc) {
  const status = doc.status || doc.error;
  const [amount, amountPoisha] = money(doc.amount);
  return {
    status,
    completed: status === "COMPLETED",
    pending: NOT_FINAL.has(status),
    message: orNull(doc.message),
    sessionId: orNull(doc.session_id),
    orderId: orNull(doc.order_id),
    paymentId: orNull(doc.payment_id),
    amount,
    amountPoisha,
    provider: orNull(doc.provider),
    trxId: orNull(doc.trx_id),
    redirectUrl: orNull(doc.redirect_url),
  };
}

function cancellation(doc) {
  return { status: doc.status, redirectUrl: doc.redirect_url };
}

function paymentLink(doc) {
  const [amount, amountPoisha] = money(doc.amount);
  const [paidAmount, paidAmountPoisha] = doc.paid_amount == null ? ["0.00", 0] : money(doc.paid_amount);
  return {
    id: doc.id,
    url: doc.url,
    amount,
    amountPoisha,
    description: doc.description,
    orderRef: orNull(doc.order_ref),
    singleUse: doc.single_use === true,
    status: doc.status,
    expiresAt: orNull(doc.expires_at),
    webhookUrl: orNull(doc.webhook_url),
    createdAt: doc.created_at,
    disabledAt: orNull(doc.disabled_at),
    payments: doc.payments ?? 0,
    paidAmount,
    paidAmountPoisha,
  };
}

/** A wallet transaction read from the merchant's SMS (contract section 1). */
function transaction(doc) {
  const [amount, amountPoisha] = money(doc.amount);
  const [fee, feePoisha] = money(doc.fee);
  const [balance, balancePoisha] = money(doc.balance);
  return {
    id: doc.id,
    mode: doc.mode,
    test: doc.mode === "test",
    provider: doc.provider,
    direction: doc.direction,
    trxId: doc.trx_id,
    amount,
    amountPoisha,
    fee,
    feePoisha,
    balance,
    balancePoisha,
    counterparty: orNull(doc.counterparty),
    receivedAt: doc.received_at,
    status: doc.status,
    sessionId: orNull(doc.session_id),
  };
}

/** One queued webhook record of the merchant (contract section 2); `id` is x-svc-event-id. */
function webhookEventRecord(doc) {
  return {
    id: String(doc.id),
    mode: doc.mode,
    test: doc.mode === "test",
    sessionId: orNull(doc.session_id),
    orderId: orNull(doc.order_id),
    paymentStatus: doc.payment_status,
    status: doc.status,
    attempts: doc.attempts,
    nextAttemptAt: orNull(doc.next_attempt_at),
    lastStatusCode: orNull(doc.last_status_code),
    lastError: orNull(doc.last_error),
    stoppedReason: orNull(doc.stopped_reason),
    createdAt: doc.created_at,
    deliveredAt: orNull(doc.delivered_at),
  };
}

/** What a test payment did (contract section 7). */
function testPayment(doc) {
  const [amount, amountPoisha] = money(doc.amount);
  return {
    sessionId: doc.session_id,
    outcome: doc.outcome,
    provider: doc.provider,
    trxId: doc.trx_id,
    amount,
    amountPoisha,
    sms: doc.sms,
  };
}

module.exports = {
  session,
  sessionDetails,
  publicSession,
  claim,
  cancellation,
  paymentLink,
  transaction,
  webhookEventRecord,
  testPayment,
};
