import { describe, expect, it } from "vitest";
import { devPaymentService, returnParameters } from "../dev/payments";
import { calculateSignature } from "./signature";
import {
  createPayment,
  listProviders,
  PaytrailError,
  verifyReturn,
  type CreatePaymentRequest,
  type PaytrailConfig,
} from "./paytrail";
import { TEST_ACCOUNT, TEST_SECRET } from "./signature";

const config: PaytrailConfig = {
  account: TEST_ACCOUNT,
  secret: TEST_SECRET,
  baseUrl: "http://dev-payments.invalid",
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
  redirectUrls: { success: "http://localhost:3000/fi/laskut/maksu/1000101", cancel: "http://localhost:3000/fi/x" },
  callbackUrls: { success: "http://localhost:3000/api/payments/callback", cancel: "http://localhost:3000/api/c" },
};
const at = new Date("2026-11-20T10:00:00Z");

describe("the create-payment call against the development provider", () => {
  it("signs the request, checks the response's signature and returns the methods", async () => {
    const created = await createPayment(config, payment, at);
    expect(created.reference).toBe("1000101");
    expect(created.providers.map((p) => p.id)).toEqual(["nordea", "osuuspankki", "creditcard", "mobilepay"]);
    expect(created.providers[0].url).toBe("http://localhost:3000/dev/payments/pay/nordea");
    expect(created.providers[0].parameters.map((p) => p.name)).toEqual(["transaction", "method"]);
  });

  it("is refused with another secret, and a response signed with another secret is refused", async () => {
    await expect(createPayment({ ...config, secret: "wrong" }, payment, at)).rejects.toThrow(PaytrailError);
  });

  it("is refused when the items do not add up to the amount", async () => {
    await expect(createPayment(config, { ...payment, amount: 1 }, at)).rejects.toThrow(/400/);
  });
});

describe("the list of methods", () => {
  it("asks for the page's language and reads Paytrail's grouped answer: the terms and every group's methods", async () => {
    let asked = "";
    const grouped = {
      terms: 'By selecting a payment method, you agree to our <a href="https://www.paytrail.com/en/terms">terms</a>.',
      groups: [
        {
          id: "bank",
          name: "Bank payment",
          providers: [{ id: "nordea", name: "Nordea", svg: "https://r.example/n.svg" }],
        },
        {
          id: "mobile",
          name: "Mobile",
          providers: [{ id: "mobilepay", name: "MobilePay", svg: "https://r.example/m.svg" }],
        },
      ],
    };
    const paytrailLike = async (request: Request) => {
      asked = request.url;
      const text = JSON.stringify(grouped);
      const headers = { "checkout-account": TEST_ACCOUNT, "checkout-algorithm": "sha256" };
      return new Response(text, { headers: { ...headers, signature: calculateSignature(TEST_SECRET, headers, text) } });
    };
    const listed = await listProviders({ ...config, fetch: paytrailLike }, 13890, "sv", at);
    expect(new URL(asked).pathname).toBe("/merchants/grouped-payment-providers");
    expect(new URL(asked).searchParams.get("language")).toBe("SV");
    expect(new URL(asked).searchParams.get("amount")).toBe("13890");
    expect(listed.terms).toBe(grouped.terms);
    expect(listed.providers.map((p) => p.id)).toEqual(["nordea", "mobilepay"]);
  });

  it("answers the development provider's methods and terms in each language", async () => {
    const fi = await listProviders(config, 13890, "fi", at);
    expect(fi.providers.map((p) => p.id)).toEqual(["nordea", "osuuspankki", "creditcard", "mobilepay"]);
    expect(fi.terms).toContain("maksupalvelun ehdot");
    expect((await listProviders(config, 13890, "en", at)).terms).toContain("payment service terms");
  });
});

describe("the redirect and callback parameters", () => {
  const transaction = { id: "t-1", ...payment };

  it("verify and read back what the provider signed", () => {
    const params = returnParameters(transaction, "nordea", "declined");
    expect(verifyReturn(config, params)).toEqual({
      stamp: payment.stamp,
      reference: "1000101",
      amount: 13890,
      status: "fail",
      transactionId: "t-1",
      provider: "nordea",
      reason: "cardDeclined",
    });
    expect(verifyReturn(config, returnParameters(transaction, "nordea", "approve"))?.status).toBe("ok");
  });

  it("refuse a changed value, another account and a repeated parameter", () => {
    const changed = returnParameters(transaction, "nordea", "approve");
    changed.set("checkout-reference", "1000102");
    expect(verifyReturn(config, changed)).toBeNull();
    expect(verifyReturn({ ...config, account: "123" }, returnParameters(transaction, "nordea", "approve"))).toBeNull();
    const repeated = returnParameters(transaction, "nordea", "approve");
    repeated.append("checkout-status", "fail");
    expect(verifyReturn(config, repeated)).toBeNull();
  });
});
