// What a typed CommonJS caller may and may not write (tsc --noEmit in tests/sdk/test_js_package.py).
import claimsvc = require("claimsvc-sdk");

async function shop(client: claimsvc.Client): Promise<string> {
  const { session, replayed }: claimsvc.InitializeResult = await client.sessions.initialize({
    orderId: "o-1",
    amount: "19.99",
    successUrl: "https://shop.example.com/s",
    cancelUrl: "https://shop.example.com/c",
    webhookUrl: "https://shop.example.com/w",
  });
  const poisha: number = session.amountPoisha;
  // @ts-expect-error answers are camelCase only
  session.checkout_url;
  // @ts-expect-error the four URLs are named: leaving one out does not type-check
  await client.sessions.initialize({ orderId: "o", amount: 1, successUrl: "s", cancelUrl: "c" });
  // @ts-expect-error a provider outside the union
  await client.sessions.verify({ sessionId: session.sessionId, trxId: "ABC12345", provider: "paypal" });
  const claim: claimsvc.Claim = await client.sessions.verify({
    sessionId: session.sessionId, trxId: "ABC12345", provider: "bkash", wait: 20,
  });
  const status: "COMPLETED" | "PENDING_VERIFICATION" | "SMS_NOT_ARRIVED" = claim.status;
  const raw = await client.request<{ ok: boolean }>("GET", "/api/v1/anything");
  const ok: boolean = raw.body.ok;
  return `${replayed} ${poisha} ${status} ${ok}`;
}

export = shop;
