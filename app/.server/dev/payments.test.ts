import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { env } from "../env";
import { createPayment, type CreatePaymentRequest, type PaytrailConfig } from "../payments/paytrail";
import { TEST_ACCOUNT, TEST_SECRET } from "../payments/signature";
import { DEV_API_BASE, devPaymentService, mountDevPayments } from "./payments";

const portal = env().origins.main;
const config: PaytrailConfig = {
  account: TEST_ACCOUNT,
  secret: TEST_SECRET,
  baseUrl: DEV_API_BASE,
  fetch: devPaymentService,
};
const payment: CreatePaymentRequest = {
  stamp: "9f0c8a4e-1111-4222-8333-444455556666",
  reference: "1000101",
  amount: 13890,
  currency: "EUR",
  language: "FI",
  items: [{ unitPrice: 13890, units: 1, vatPercentage: 0, productCode: "1000101" }],
  customer: { email: "maija@example.com" },
  redirectUrls: { success: `${portal}/fi/payment/1000101`, cancel: `${portal}/fi/payment/1000101` },
  callbackUrls: { success: `${portal}/api/payments/callback`, cancel: `${portal}/api/payments/callback` },
};
const at = new Date("2026-11-20T10:00:00Z");

/** A transaction token sealed as anyone can: the key derives from Paytrail's published test secret. */
function forgedToken(urls: { redirect: string; callback: string }) {
  const key = createHmac("sha256", TEST_SECRET).update("dev-payments:transaction").digest();
  const payload = Buffer.from(
    JSON.stringify({
      id: "11111111-2222-3333-4444-555555555555",
      stamp: payment.stamp,
      reference: "1000101",
      amount: 100,
      redirectUrls: { success: urls.redirect, cancel: urls.redirect },
      callbackUrls: { success: urls.callback, cancel: urls.callback },
    }),
  ).toString("base64url");
  return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
}

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(): Promise<string> {
  const app = express();
  mountDevPayments(app);
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the development payment provider's URLs", () => {
  it("creates payments that return to the portal's own origins only", async () => {
    const created = await createPayment(config, payment, at);
    expect(created.providers[0].url).toBe(`${portal}/dev/payments/pay/nordea`);
    const pikkujatti = env().origins.pikkujatti;
    const own = { success: `${pikkujatti}/fi/x`, cancel: `${pikkujatti}/fi/x` };
    await expect(createPayment(config, { ...payment, redirectUrls: own }, at)).resolves.toBeTruthy();
    for (const foreign of [
      { redirectUrls: { success: "https://evil.example/steal", cancel: payment.redirectUrls.cancel } },
      { callbackUrls: { success: payment.callbackUrls.success, cancel: "http://169.254.169.254/latest" } },
      { redirectUrls: { success: `${portal}.evil.example/x`, cancel: payment.redirectUrls.cancel } },
    ])
      await expect(createPayment(config, { ...payment, ...foreign }, at)).rejects.toThrow(/answered 400/);
  });

  it("answers 400 to a forged transaction that would call or send the browser off-site", async () => {
    const base = await serve();
    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${base}${path}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
    const foreign = forgedToken({ redirect: "https://evil.example/", callback: "http://127.0.0.1:1/internal" });
    expect((await post("/dev/payments/pay/nordea", { transaction: foreign })).status).toBe(400);
    const decided = await post("/dev/payments/decide", { transaction: foreign, method: "nordea", decision: "approve" });
    expect(decided.status).toBe(400);
    expect(decided.headers.get("location")).toBeNull();
    // A transaction of the portal's own goes through: redirected back to the portal.
    const own = forgedToken({ redirect: `${portal}/fi/payment/1000101`, callback: `${portal}/api/x` });
    expect((await post("/dev/payments/pay/nordea", { transaction: own })).status).toBe(200);
    const back = await post("/dev/payments/decide", { transaction: own, method: "nordea", decision: "cancel" });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toMatch(new RegExp(`^${portal}/fi/payment/1000101\\?checkout-`));
  });
});
