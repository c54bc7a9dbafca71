// Test helpers: the shared files, the live service, a webhook receiver and a stub API.
// The shared files are found two folders up (sdk/ in the repository; the packaging test lays
// the same two files beside the project it installs the packed library into).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";

const SDK = new URL("../../", import.meta.url);
export const VECTORS = JSON.parse(readFileSync(new URL("webhook-vectors.json", SDK), "utf8"));
export const ERROR_CASES = JSON.parse(readFileSync(new URL("error-cases.json", SDK), "utf8")).cases;
export const SHOP = "https://shop.example.com";

/** CLAIMSVC_SDK_LIVE, or null (the live tests skip; they fail when CLAIMSVC_SDK_LIVE_REQUIRED=1). */
export function liveSettings() {
  const raw = process.env.CLAIMSVC_SDK_LIVE;
  if (!raw && process.env.CLAIMSVC_SDK_LIVE_REQUIRED === "1") throw new Error("CLAIMSVC_SDK_LIVE is not set");
  return raw ? JSON.parse(raw) : null;
}

export const orderId = (prefix = "js") => `${prefix}-${randomBytes(6).toString("hex")}`;
export const newTrxId = () => "T" + randomBytes(5).toString("hex").toUpperCase();

async function call(url, { method = "POST", body, headers = {} } = {}) {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const doc = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(doc)}`);
  return doc;
}

export class Live {
  constructor(settings) {
    this.s = settings;
    this.apiUrl = settings.api_url;
  }

  account(name) {
    return this.s.accounts[name];
  }

  admin(method, path, body) {
    return call(this.apiUrl + path, { method, body, headers: { authorization: `Bearer ${this.s.admin_token}` } });
  }

  /** The bKash SMS the merchant's phone forwards with its device token; waits until parsed. */
  async pay(account, amount, trxId) {
    const acc = this.account(account);
    const message =
      `You have received Tk ${amount} from 01712345678. Fee Tk 0.00. ` +
      `Balance Tk 9,${amount}. TrxID ${trxId} at 25/11/2026 10:30`;
    const answer = await call(this.s.sms_url, {
      body: { sender: "bKash", message },
      headers: { authorization: `Bearer ${acc.device_token}` },
    });
    if (answer.accepted !== 1) throw new Error(`SMS not accepted: ${JSON.stringify(answer)}`);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const { items } = await this.admin("GET", `/admin/v1/transactions?account_id=${acc.id}`);
      if (items.some((item) => item.trx_id === trxId)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the SMS of ${trxId} was not parsed within 30 s`);
  }
}

/** An HTTPS webhook endpoint on localhost with the certificate the service trusts. */
export async function startReceiver(settings) {
  const waiting = [];
  const queued = [];
  const server = https.createServer(
    { cert: readFileSync(settings.tls_cert), key: readFileSync(settings.tls_key) },
    (req, res) => {
      const chunks = [];
      req.on("data", (chunk) => chunks.push(chunk));
      req.on("end", () => {
        const got = { body: Buffer.concat(chunks), headers: req.headers };
        res.writeHead(200).end();
        const next = waiting.shift();
        if (next) next(got);
        else queued.push(got);
      });
    },
  );
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `https://${settings.receiver_host}:${server.address().port}/hook`,
    next(timeoutMs = 30_000) {
      if (queued.length) return Promise.resolve(queued.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no webhook arrived")), timeoutMs);
        waiting.push((got) => {
          clearTimeout(timer);
          resolve(got);
        });
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A local stand-in answering from a script of [status, body, headers?] replies (the last one repeats). */
export async function startStub(replies, { delayMs = 0 } = {}) {
  const seen = [];
  const waiting = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
      for (const wake of waiting.splice(0)) wake();
      const [status, doc, headers = {}] = replies.length > 1 ? replies.shift() : replies[0];
      setTimeout(() => {
        const text = JSON.stringify(doc);
        res.writeHead(status, { "content-type": "application/json", ...headers }).end(text);
      }, delayMs);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    seen,
    /** Resolves once `count` requests have been read (a client's time-out can beat the server to it). */
    async received(count) {
      while (seen.length < count) await new Promise((wake) => waiting.push(wake));
      return seen;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A client of a stub answering `replies`, recording its sleeps instead of sleeping; closed after `run`. */
export async function stubbed(sdk, replies, options, run) {
  const stub = await startStub(replies, { delayMs: options.delayMs ?? 0 });
  const sleeps = [];
  const { delayMs: _delay, ...clientOptions } = options;
  const client = new sdk.Client({
    apiKey: "sk_test_stub",
    baseUrl: stub.url,
    sleep: async (ms) => sleeps.push(ms),
    ...clientOptions,
  });
  try {
    await run({ stub, client, sleeps });
  } finally {
    await stub.close();
  }
}
