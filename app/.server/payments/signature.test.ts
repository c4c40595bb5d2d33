import { describe, expect, it } from "vitest";
import { TEST_SECRET, calculateSignature, verifySignature } from "./signature";

// Paytrail's published example: the test merchant's create-payment request and its expected signature.
const headers = {
  "checkout-account": "375917",
  "checkout-algorithm": "sha256",
  "checkout-method": "POST",
  "checkout-nonce": "564635208570151",
  "checkout-timestamp": "2018-07-06T10:01:31.904Z",
};
const body = {
  stamp: "unique-identifier-for-merchant",
  reference: "3759170",
  amount: 1525,
  currency: "EUR",
  language: "FI",
  items: [{ unitPrice: 1525, units: 1, vatPercentage: 24, productCode: "#1234", deliveryDate: "2018-09-01" }],
  customer: { email: "test.customer@example.com" },
  redirectUrls: { success: "https://ecom.example.com/cart/success", cancel: "https://ecom.example.com/cart/cancel" },
};

describe("Paytrail signature", () => {
  it("matches the published test vector", () => {
    expect(calculateSignature(TEST_SECRET, headers, JSON.stringify(body))).toBe(
      "3708f6497ae7cc55a2e6009fc90aa10c3ad0ef125260ee91b19168750f6d74f6",
    );
  });

  it("matches openssl for a GET (empty body), whatever the parameters' order, ignoring other parameters", () => {
    // printf 'checkout-account:375917\ncheckout-algorithm:sha256\ncheckout-method:GET\ncheckout-nonce:abc\n
    //   checkout-timestamp:2026-01-01T00:00:00.000Z\n' | openssl dgst -sha256 -hmac SAIPPUAKAUPPIAS
    const params = new URLSearchParams({
      "checkout-timestamp": "2026-01-01T00:00:00.000Z",
      "checkout-nonce": "abc",
      signature: "ignored",
      "checkout-method": "GET",
      other: "ignored",
      "checkout-algorithm": "sha256",
      "checkout-account": "375917",
    });
    const expected = "f2659a0b32f9fb92ff4752bcd071268eb22dd11a1b730daeaa1343b084f3e83f";
    expect(calculateSignature(TEST_SECRET, params)).toBe(expected);
    expect(verifySignature(TEST_SECRET, params, expected)).toBe(true);
    expect(verifySignature(TEST_SECRET, params, expected.toUpperCase())).toBe(true);
  });

  it("refuses a tampered parameter, a wrong secret and malformed signatures", () => {
    const params = { ...headers, "checkout-status": "ok" };
    const good = calculateSignature(TEST_SECRET, params);
    expect(verifySignature(TEST_SECRET, { ...params, "checkout-status": "fail" }, good)).toBe(false);
    expect(verifySignature("other", params, good)).toBe(false);
    expect(verifySignature(TEST_SECRET, params, good.slice(1))).toBe(false);
    expect(verifySignature(TEST_SECRET, params, null)).toBe(false);
    expect(verifySignature(TEST_SECRET, params, "z".repeat(64))).toBe(false);
  });
});
