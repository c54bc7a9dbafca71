"use strict";
// Exact taka amounts: decimal strings, numbers read by their shortest form, or integer poisha;
// never a binary floating point product rounded into a different amount.

const MAX_POISHA = 10_000_000 * 100;
const TAKA = /^[0-9]+(\.[0-9]{1,2})?$/;

/** Taka ("1250.50", 1250.5, 1250n) to integer poisha; throws unless exact, positive and in range. */
function toPoisha(amount) {
  let text;
  if (typeof amount === "bigint") text = amount.toString();
  else if (typeof amount === "number") {
    if (!Number.isFinite(amount)) throw new RangeError(`amount must be finite, got ${amount}`);
    text = String(amount); // the shortest form that reads back as this number: 0.1 + 0.2 stays wrong
  } else if (typeof amount === "string") text = amount.trim();
  else throw new TypeError(`amount must be a decimal string or a number, not ${typeof amount}`);
  if (!TAKA.test(text)) {
    throw new RangeError(`amount must be taka with at most 2 decimal places, got ${JSON.stringify(text)}`);
  }
  const [whole, part = ""] = text.split(".");
  return checkPoisha(Number(whole) * 100 + Number(part.padEnd(2, "0")));
}

function checkPoisha(poisha) {
  if (typeof poisha !== "number" || !Number.isSafeInteger(poisha)) {
    throw new TypeError(`amountPoisha must be an integer, got ${poisha}`);
  }
  if (poisha <= 0 || poisha > MAX_POISHA) {
    throw new RangeError("amount must be greater than 0 and at most 10,000,000 taka");
  }
  return poisha;
}

/** 12505 -> "125.05", from integers only. */
function takaText(poisha) {
  const sign = poisha < 0 ? "-" : "";
  const abs = Math.abs(poisha);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A JSON amount the API answered (parsed to a number) to poisha, exactly. */
function poishaFromJson(value) {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new RangeError(`amount is not a number: ${value}`);
  }
  const text = String(value);
  if (value < 0 || !TAKA.test(text)) throw new RangeError(`amount is not exact taka: ${text}`);
  const [whole, part = ""] = text.split(".");
  return Number(whole) * 100 + Number(part.padEnd(2, "0"));
}

module.exports = { MAX_POISHA, toPoisha, checkPoisha, takaText, poishaFromJson };
