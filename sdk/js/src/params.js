"use strict";
// Parameters checked before anything is sent: a missing, misspelt or ill-typed one throws a
// ValidationError (status 0, attempts 0) naming it, and no request is made.
const { InvalidProviderError, ValidationError, parameterError } = require("./errors.js");
const { checkPoisha, takaText, toPoisha } = require("./money.js");

/** The wallets a claim names, as the service takes them (held to the provider specs). */
const PROVIDERS = Object.freeze(["bkash", "nagad", "rocket", "upay", "cellfin"]);

const invalid = (where, field, reason) => parameterError(ValidationError, "INVALID_PARAMETER", where, field, reason);

/** `params` as an object holding only `allowed` names (a misspelt name is an error, not ignored). */
function named(where, params, allowed) {
  if (params === undefined || params === null) return {};
  if (typeof params !== "object" || Array.isArray(params)) {
    throw invalid(where, "parameters", `must be an object of named parameters (${allowed.join(", ")})`);
  }
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key) && params[key] !== undefined) {
      throw invalid(where, key, `is not a parameter of ${where} (it takes ${allowed.join(", ")})`);
    }
  }
  return params;
}

function text(where, field, value, { required = false, max = Infinity } = {}) {
  if (value === undefined || value === null) {
    if (required) throw invalid(where, field, "is required (a non-empty string)");
    return undefined;
  }
  if (typeof value !== "string" || value.length === 0) throw invalid(where, field, "must be a non-empty string");
  if (value.length > max) throw invalid(where, field, `must be at most ${max} characters`);
  return value;
}

function oneOf(where, field, value, values, { required = false } = {}) {
  if (value === undefined || value === null) {
    if (required) throw invalid(where, field, `is required (one of ${values.join(", ")})`);
    return undefined;
  }
  if (!values.includes(value)) throw invalid(where, field, `must be one of ${values.join(", ")}`);
  return value;
}

function integer(where, field, value, min, max) {
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw invalid(where, field, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

function bool(where, field, value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw invalid(where, field, "must be true or false");
  return value;
}

function object(where, field, value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw invalid(where, field, "must be an object");
  return value;
}

function provider(where, value, { required = false } = {}) {
  if ((value === undefined || value === null) && !required) return undefined;
  if (typeof value !== "string" || !PROVIDERS.includes(value)) {
    const reason = `must be one of ${PROVIDERS.join(", ")}`;
    throw parameterError(InvalidProviderError, "INVALID_PROVIDER", where, "provider", reason);
  }
  return value;
}

/** A JSON number written from exact digits (see encodeBody), never through a float. */
class ExactNumber {
  constructor(digits) {
    this.text = digits;
  }
}

/** Exactly one of `amount` (taka) and `amountPoisha`, as the exact JSON number to send. */
function amount(where, { amount: taka, amountPoisha }) {
  if ((taka === undefined) === (amountPoisha === undefined)) {
    throw invalid(where, "amount", "is required: give exactly one of amount (taka) and amountPoisha");
  }
  try {
    return new ExactNumber(takaText(taka !== undefined ? toPoisha(taka) : checkPoisha(amountPoisha)));
  } catch (err) {
    if (err instanceof RangeError || err instanceof TypeError) throw invalid(where, "amount", err.message);
    throw err;
  }
}

/** The query string of the given (defined, non-null) values, `?` included when any. */
function query(pairs) {
  const q = new URLSearchParams();
  for (const [name, value] of pairs) if (value !== undefined && value !== null) q.set(name, String(value));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** A page size and cursor, checked as the service checks them. */
function page(where, { limit, cursor }) {
  return [
    ["limit", integer(where, "limit", limit, 1, 100)],
    ["cursor", text(where, "cursor", cursor)],
  ];
}

module.exports = { PROVIDERS, ExactNumber, named, text, oneOf, integer, bool, object, provider, amount, query, page, invalid };
