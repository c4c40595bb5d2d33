import { describe, expect, it } from "vitest";
import { phoneEnding, smsCode, smsLoginPhone } from "./sms-login";

describe("SMS login phone (spec part 1 §5)", () => {
  it("takes an optional plus and at least six digits after trimming and removing spaces", () => {
    expect(smsLoginPhone(" +358 40 123 4567 ")).toBe("+358401234567");
    expect(smsLoginPhone("123456")).toBe("123456");
    expect(smsLoginPhone("12345")).toBeNull();
    expect(smsLoginPhone("+12 34")).toBeNull();
  });

  it("gives a leading 0 the default country prefix +358", () => {
    expect(smsLoginPhone("040 123 4567")).toBe("+358401234567");
  });

  it("refuses anything but digits, spaces and one leading plus", () => {
    for (const bad of [
      "",
      "   ",
      "040-1234567",
      "++358401234567",
      "0401234567x",
      "+358 40 12 34 5a",
      "040\u00001234567",
    ])
      expect(smsLoginPhone(bad)).toBeNull();
    expect(smsLoginPhone("1".repeat(21))).toBeNull();
  });
});

describe("SMS code", () => {
  it("is exactly four digits", () => {
    expect(smsCode("0427")).toBe("0427");
    expect(smsCode(" 04 27 ")).toBe("0427");
    for (const bad of ["042", "04270", "04a7", "", null, undefined, 427, ["0427"], "٠٤٢٧"])
      expect(smsCode(bad)).toBeNull();
  });
});

describe("phone ending", () => {
  it("shows only the last two digits", () => {
    expect(phoneEnding("+358 40 765 4321")).toBe("21");
  });
});
