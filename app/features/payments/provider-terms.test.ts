import { describe, expect, it } from "vitest";
import { safeHref, termsParts } from "./provider-terms";

describe("the payment service's terms", () => {
  it("keep their text and their https link", () => {
    expect(
      termsParts(
        'Valitsemalla maksutavan hyväksyt <a href="https://www.paytrail.com/kuluttaja/tietoa-maksamisesta" target="_blank">maksupalvelun ehdot</a>.',
      ),
    ).toEqual([
      { text: "Valitsemalla maksutavan hyväksyt " },
      { text: "maksupalvelun ehdot", href: "https://www.paytrail.com/kuluttaja/tietoa-maksamisesta" },
      { text: "." },
    ]);
  });

  it("never carry markup, scripts or unsafe links to the page", () => {
    const parts = termsParts(
      `<b onclick="x()">Terms</b> <script>alert(1)</script><a href="javascript:alert(1)">here</a> <a href='data:text/html,x'>there</a> <img src=x onerror=alert(1)>&lt;i&gt; &amp; more`,
    );
    expect(parts).toEqual([{ text: "Terms alert(1)here there <i> & more" }]);
    expect(termsParts('<a href="http://example.com/terms">plain http</a>')).toEqual([{ text: "plain http" }]);
  });

  it("accept this site's own paths but not another site's without a scheme", () => {
    expect(safeHref("/dev/payments/terms")).toBe("/dev/payments/terms");
    expect(safeHref("//evil.example/terms")).toBeNull();
    expect(safeHref(" https://www.paytrail.com/a?b=1&amp;c=2 ")).toBe("https://www.paytrail.com/a?b=1&c=2");
  });

  it("are empty for anything but a string of reasonable length", () => {
    expect(termsParts(undefined)).toEqual([]);
    expect(termsParts({ html: "x" })).toEqual([]);
    expect(termsParts("x".repeat(5_000))).toEqual([]);
    expect(termsParts("   ")).toEqual([]);
  });
});
