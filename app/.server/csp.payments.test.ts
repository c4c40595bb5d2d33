import { describe, expect, it } from "vitest";
import { securityHeaders } from "./csp";

function policyFor(path: string): string {
  const headers: Record<string, string> = {};
  const res = { locals: {}, setHeader: (name: string, value: string) => (headers[name] = value) };
  securityHeaders()({ path, secure: false } as never, res as never, () => {});
  return headers["Content-Security-Policy"];
}

describe("form-action of the security policy", () => {
  it("lets only the invoice payment page post to the payment providers", () => {
    for (const path of ["/fi/laskut/maksa/1000101", "/sv/fakturor/betala/1", "/en/invoices/pay/12"])
      expect(policyFor(path)).toContain("form-action 'self' https:;");
    for (const path of ["/fi/laskut", "/fi/laskut/maksu/1000101", "/fi", "/en/my-information"])
      expect(policyFor(path)).toContain("form-action 'self';");
  });
});
