import { describe, expect, it } from "vitest";
import { securityHeaders } from "./csp";

function policyFor(path: string): string {
  const headers: Record<string, string> = {};
  const res = { locals: {}, setHeader: (name: string, value: string) => (headers[name] = value) };
  securityHeaders()({ path, secure: false } as never, res as never, () => {});
  return headers["Content-Security-Policy"];
}

describe("the security policy of the invoice payment page", () => {
  it("lets only that page post to the payment providers and show their logos", () => {
    for (const path of ["/fi/pay/1000101", "/sv/pay/1", "/en/pay/12"]) {
      expect(policyFor(path)).toContain("form-action 'self' https:;");
      expect(policyFor(path)).toContain("img-src 'self' data: https:;");
    }
    for (const path of ["/fi/laskut", "/fi/payment/1000101", "/fi/laskut/maksa/1", "/fi", "/en/my-information"]) {
      expect(policyFor(path)).toContain("form-action 'self';");
      expect(policyFor(path)).toContain("img-src 'self' data:;");
    }
  });
});
