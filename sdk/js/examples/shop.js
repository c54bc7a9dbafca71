// A shop with a checkout button and a webhook endpoint, on Node's own https module.
//
//   CLAIMSVC_API_KEY=sk_... node sdk/js/examples/shop.js      # then open https://localhost:8443
//
// See sdk/examples/README.md for the whole walk-through against `claimsvc dev`.
// CommonJS, as in a default `npm init` project; `import { Client } from "claimsvc-sdk"` works too.
const { randomBytes } = require("node:crypto");
const { readFileSync } = require("node:fs");
const https = require("node:https");
const path = require("node:path");

const { ApiError, Client, WebhookVerificationError, verifyWebhook } = require("claimsvc-sdk");

const EXAMPLES = path.join(__dirname, "..", "..", "examples");
const SHOP_URL = process.env.SHOP_URL ?? "https://localhost:8443";
// The account's callback secret (the test one for a test key): the portal's Webhooks page.
const SECRET = process.env.CLAIMSVC_CALLBACK_SECRET;
if (!SECRET) throw new Error("Set CLAIMSVC_CALLBACK_SECRET");
const PRICE = "1250.50";
const client = new Client({
  apiKey: process.env.CLAIMSVC_API_KEY,
  baseUrl: process.env.CLAIMSVC_BASE_URL ?? "http://localhost:8080",
});

const orders = new Map(); // a real shop keeps these in its database
const seenEvents = new Set();
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body, refresh = false) =>
  `<!doctype html><meta charset=utf-8><meta name=viewport content="width=device-width">` +
  (refresh ? "<meta http-equiv=refresh content=2>" : "") +
  `<title>Nakshi Shop</title><body style="font-family:sans-serif;max-width:30em;margin:2em auto">${body}</body>`;

function send(res, status, body, type = "text/html; charset=utf-8") {
  res.writeHead(status, { "content-type": type }).end(body);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** The button: open a session for a new order and send the buyer to the hosted page. */
async function checkout(res) {
  const orderId = `shop-${randomBytes(6).toString("hex")}`;
  orders.set(orderId, { status: "PENDING", amount: PRICE });
  try {
    const { session } = await client.sessions.initialize({
      orderId,
      amount: PRICE,
      successUrl: `${SHOP_URL}/thanks?order=${orderId}`,
      cancelUrl: `${SHOP_URL}/cancelled?order=${orderId}`,
      webhookUrl: `${SHOP_URL}/webhook`,
    });
    res.writeHead(303, { location: session.checkoutUrl }).end();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    send(res, 502, page(`<p>Checkout is not available: ${escape(err.message)}</p>`));
  }
}

/** The service's webhook: verify the raw body, act once per event id, answer 2xx fast. */
async function webhook(req, res) {
  const raw = await readBody(req);
  let event;
  try {
    event = verifyWebhook(raw, req.headers, SECRET);
  } catch (err) {
    if (err instanceof WebhookVerificationError) return send(res, 401, "");
    throw err;
  }
  if (!seenEvents.has(event.id) && !event.test) {
    seenEvents.add(event.id);
    const order = orders.get(event.orderId) ?? { amount: event.amount };
    if (order.amount === event.amount) order.status = event.paymentStatus; // the amount charged, exactly
    orders.set(event.orderId, order);
  }
  send(res, 200, "");
}

async function handle(req, res) {
  const url = new URL(req.url, SHOP_URL);
  const order = url.searchParams.get("order") ?? "";
  if (req.method === "POST" && url.pathname === "/checkout") return checkout(res);
  if (req.method === "POST" && url.pathname === "/webhook") return webhook(req, res);
  if (url.pathname === "/") {
    const rows = [...orders].map(([id, o]) => `<li>${escape(id)}: ${o.status}</li>`).join("");
    return send(res, 200, page(`<h1>Nakshi kantha</h1><p>৳ ${PRICE}</p><form method=post action=/checkout>` +
      `<button>Pay with bKash, Nagad or Rocket</button></form><ul>${rows}</ul>`));
  }
  if (url.pathname === "/thanks") {
    const status = orders.get(order)?.status ?? "unknown";
    return send(res, 200, page(`<p>Order ${escape(order)}: <b>${status}</b></p><a href=/>Back</a>`, status === "PENDING"));
  }
  if (url.pathname === "/cancelled") return send(res, 200, page("<p>Payment cancelled.</p><a href=/>Back</a>"));
  if (url.pathname.startsWith("/orders/")) {
    return send(res, 200, JSON.stringify(orders.get(url.pathname.slice(8)) ?? {}), "application/json");
  }
  return send(res, 404, "not found", "text/plain");
}

const server = https.createServer(
  {
    cert: readFileSync(process.env.SHOP_CERT ?? path.join(EXAMPLES, "cert.pem")),
    key: readFileSync(process.env.SHOP_KEY ?? path.join(EXAMPLES, "key.pem")),
  },
  (req, res) => handle(req, res).catch((err) => {
    console.error(err);
    send(res, 500, "error", "text/plain");
  }),
);
server.listen(Number(process.env.SHOP_PORT ?? 8443), "127.0.0.1", () => console.log(`shop on ${SHOP_URL}`));
