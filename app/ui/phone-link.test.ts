import { describe, expect, it } from "vitest";
import { telHref } from "./phone-link";

describe("telHref", () => {
  it("keeps the digits and a leading plus", () => {
    expect(telHref("030 600 5070")).toBe("tel:0306005070");
    expect(telHref("+358 30-600 5070")).toBe("tel:+358306005070");
  });
});
