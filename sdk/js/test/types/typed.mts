// What a typed ES module caller may and may not write (tsc --noEmit in tests/sdk/test_js_package.py).
import {
  Client, DailyLimitError, PROVIDERS, verifyWebhook,
  type Page, type Provider, type Transaction, type WebhookEventRecord, type TestPayment,
} from "claimsvc-sdk";

export async function reads(client: Client): Promise<number> {
  const page: Page<Transaction> = await client.transactions.list({ provider: "nagad", direction: "credit", limit: 5 });
  const fee: string | null = page.items[0]?.fee ?? null;
  for await (const event of client.webhookEvents.iterate({ status: "dead" })) {
    const record: WebhookEventRecord = event;
    await client.webhookEvents.redeliver(record.id);
  }
  const paid: TestPayment = await client.testPayments.create({ sessionId: "s", outcome: "late_sms" });
  // @ts-expect-error outcomes are a union
  await client.testPayments.create({ sessionId: "s", outcome: "paid_twice" });
  await client.links.create({ amount: "750", description: "Kurta", idempotencyKey: "order-1" });
  const first: Provider | undefined = PROVIDERS[0];
  const event = verifyWebhook(new Uint8Array(), { "webhook-id": "1" }, ["new", "old"]);
  try {
    await client.sessions.retrieve("s");
  } catch (err) {
    if (err instanceof DailyLimitError) return err.attempts;
  }
  return `${fee}${paid.amountPoisha}${first}${event.amount}`.length;
}
