import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { contactFields, isValidEmail, normalisePhone } from "./contact";

/** The distinct messages (i18n keys) of a failed parse, or the parsed value on success. */
function parse(schema: z.ZodType, value: unknown): { ok: true; value: unknown } | { ok: false; messages: string[] } {
  const result = schema.safeParse(value);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, messages: [...new Set(result.error.issues.map((i) => i.message))] };
}
const ok = (value: unknown) => ({ ok: true, value });
const fails = (...messages: string[]) => ({ ok: false, messages });

describe("normalisePhone", () => {
  it("replaces a leading 0 with +358 and removes spaces", () => {
    expect(normalisePhone("040 123 4567")).toBe("+358401234567");
    expect(normalisePhone("0401234567")).toBe("+358401234567");
  });

  it("keeps an international number, without spaces", () => {
    expect(normalisePhone("+358 40 1234567")).toBe("+358401234567");
    expect(normalisePhone("+46 70 123 45 67")).toBe("+46701234567");
  });

  it("removes dashes and other whitespace", () => {
    expect(normalisePhone("040-123-4567")).toBe("+358401234567");
    expect(normalisePhone("09\t123 45-67")).toBe("+35891234567");
  });

  it("leaves a number that does not start with 0 alone", () => {
    expect(normalisePhone("401234567")).toBe("401234567");
  });
});

describe("isValidEmail", () => {
  it("accepts ordinary addresses", () => {
    expect(isValidEmail("matti.meikalainen@example.fi")).toBe(true);
    expect(isValidEmail("first+tag@sub.example.com")).toBe(true);
    expect(isValidEmail("  padded@example.fi  ")).toBe(true);
  });

  it("rejects spaces inside the address", () => {
    expect(isValidEmail("matti meikalainen@example.fi")).toBe(false);
    expect(isValidEmail("matti@exa mple.fi")).toBe(false);
  });

  it("rejects two addresses", () => {
    expect(isValidEmail("a@example.fi b@example.fi")).toBe(false);
    expect(isValidEmail("a@example.fi,b@example.fi")).toBe(false);
    expect(isValidEmail("a@example.fi;b@example.fi")).toBe(false);
    expect(isValidEmail("a@example.fi\u0000b@example.fi")).toBe(false);
  });

  it("strips control characters before validating", () => {
    expect(isValidEmail("a@example.fi\u0000")).toBe(true);
    expect(isValidEmail("\u0007a@example.fi")).toBe(true);
    expect(isValidEmail("ma\u001ftti@example.fi\u007f")).toBe(true);
    expect(isValidEmail("\u0000")).toBe(false);
  });

  it("rejects IDN (xn--) domains, in any label and case", () => {
    expect(isValidEmail("a@xn--bcher-kva.example")).toBe(false);
    expect(isValidEmail("a@mail.xn--p1ai")).toBe(false);
    expect(isValidEmail("a@XN--bcher-kva.fi")).toBe(false);
    // Only the domain counts.
    expect(isValidEmail("xn--a@example.fi")).toBe(true);
  });

  it("requires a last label of at least two letters", () => {
    expect(isValidEmail("a@example.f")).toBe(false);
    expect(isValidEmail("a@example.f1")).toBe(false);
    expect(isValidEmail("a@example")).toBe(false);
    expect(isValidEmail("a@example.fi")).toBe(true);
  });

  it("rejects malformed addresses", () => {
    expect(isValidEmail("")).toBe(false);
    expect(isValidEmail("@example.fi")).toBe(false);
    expect(isValidEmail("a@")).toBe(false);
    expect(isValidEmail("a@@example.fi")).toBe(false);
    expect(isValidEmail("example.fi")).toBe(false);
  });

  it("allows at most 100 characters", () => {
    const domain = "@example.fi";
    expect(isValidEmail("a".repeat(100 - domain.length) + domain)).toBe(true);
    expect(isValidEmail("a".repeat(101 - domain.length) + domain)).toBe(false);
  });
});

describe("contactFields", () => {
  describe("postalCode", () => {
    const s = contactFields.postalCode;
    it("accepts exactly five digits after trimming", () => {
      expect(parse(s, "00100")).toEqual(ok("00100"));
      expect(parse(s, " 00100 ")).toEqual(ok("00100"));
    });
    it("rejects anything else with contact.errors.postalCode", () => {
      for (const v of ["", "0010", "001000", "0010a", "00 100", "FI-00100", 100, undefined]) {
        expect(parse(s, v), String(v)).toEqual(fails("contact.errors.postalCode"));
      }
    });
  });

  describe("streetAddress", () => {
    const s = contactFields.streetAddress;
    it("accepts 2–30 characters after trimming", () => {
      expect(parse(s, "Ab")).toEqual(ok("Ab"));
      expect(parse(s, "  Mannerheimintie 1 A 2  ")).toEqual(ok("Mannerheimintie 1 A 2"));
      expect(parse(s, "a".repeat(30))).toEqual(ok("a".repeat(30)));
    });
    it("rejects fewer than 2 characters with contact.errors.streetAddress", () => {
      expect(parse(s, "A")).toEqual(fails("contact.errors.streetAddress"));
      expect(parse(s, "  A  ")).toEqual(fails("contact.errors.streetAddress"));
      expect(parse(s, "")).toEqual(fails("contact.errors.streetAddress"));
      expect(parse(s, undefined)).toEqual(fails("contact.errors.streetAddress"));
    });
    it("rejects more than 30 characters with contact.errors.streetAddressLength", () => {
      expect(parse(s, "a".repeat(31))).toEqual(fails("contact.errors.streetAddressLength"));
    });
  });

  describe("postOffice", () => {
    const s = contactFields.postOffice;
    it("accepts 2–30 characters after trimming", () => {
      expect(parse(s, " Helsinki ")).toEqual(ok("Helsinki"));
      expect(parse(s, "Ii")).toEqual(ok("Ii"));
      expect(parse(s, "b".repeat(30))).toEqual(ok("b".repeat(30)));
    });
    it("rejects fewer than 2 characters with contact.errors.postOffice", () => {
      expect(parse(s, "I")).toEqual(fails("contact.errors.postOffice"));
      expect(parse(s, "   ")).toEqual(fails("contact.errors.postOffice"));
      expect(parse(s, null)).toEqual(fails("contact.errors.postOffice"));
    });
    it("rejects more than 30 characters with contact.errors.postOfficeLength", () => {
      expect(parse(s, "b".repeat(31))).toEqual(fails("contact.errors.postOfficeLength"));
    });
  });

  describe("phoneNumber", () => {
    const s = contactFields.phoneNumber;
    it("returns the normalised number", () => {
      expect(parse(s, "040 123 4567")).toEqual(ok("+358401234567"));
      expect(parse(s, " +358 40 1234567 ")).toEqual(ok("+358401234567"));
      expect(parse(s, "040-123-4567")).toEqual(ok("+358401234567"));
      expect(parse(s, "123456")).toEqual(ok("123456"));
    });
    it("allows at most 15 characters as typed (trimmed), whatever the normalised length", () => {
      expect(parse(s, "040123456789")).toEqual(ok("+35840123456789"));
      // 15 typed characters: the normalised number is longer, and that is fine.
      expect(parse(s, "040 1234 567890")).toEqual(ok("+358401234567890"));
      expect(parse(s, "  040 123 45 678  ")).toEqual(ok("+3584012345678"));
      expect(parse(s, "+35840123456789")).toEqual(ok("+35840123456789"));
      // 16 typed characters, even where the digits alone would fit.
      expect(parse(s, "040 123 4567 890")).toEqual(fails("contact.errors.phoneNumberLength"));
      expect(parse(s, "+358401234567890")).toEqual(fails("contact.errors.phoneNumberLength"));
      expect(parse(s, "1234567890123456")).toEqual(fails("contact.errors.phoneNumberLength"));
    });
    it("rejects non-numbers and too short numbers with contact.errors.phoneNumber", () => {
      for (const v of ["", "12345", "040 abc 4567", "+", "++358401234567", "040.123.4567", undefined, 401234567]) {
        expect(parse(s, v), String(v)).toEqual(fails("contact.errors.phoneNumber"));
      }
    });
  });

  describe("emailAddress", () => {
    const s = contactFields.emailAddress;
    const domain = "@example.fi";
    it("accepts a valid address of up to 78 characters, trimmed", () => {
      expect(parse(s, "  matti@example.fi ")).toEqual(ok("matti@example.fi"));
      const longest = "a".repeat(78 - domain.length) + domain;
      expect(parse(s, longest)).toEqual(ok(longest));
    });
    it("rejects more than 78 characters with contact.errors.emailAddressLength", () => {
      expect(parse(s, "a".repeat(79 - domain.length) + domain)).toEqual(fails("contact.errors.emailAddressLength"));
    });
    it("rejects an invalid address with contact.errors.emailAddress", () => {
      for (const v of ["", "matti", "a@example.fi b@example.fi", "a@xn--bcher-kva.example", "a@example.f", undefined]) {
        expect(parse(s, v), String(v)).toEqual(fails("contact.errors.emailAddress"));
      }
    });
  });

  describe("name", () => {
    const s = contactFields.name("contact.errors.firstName");
    it("accepts 2–50 letters with hyphens, apostrophes and spaces, trimmed", () => {
      for (const v of ["Ng", "Anna-Liisa", "O'Brien", "Mary Ann", "Åke", "Jääskeläinen", "Zoë", "a".repeat(50)]) {
        expect(parse(s, v), v).toEqual(ok(v));
      }
      expect(parse(s, "  Matti  ")).toEqual(ok("Matti"));
    });
    it("rejects digits, symbols, a leading non-letter and wrong lengths with the given key", () => {
      for (const v of [
        "Anna2",
        "2Anna",
        "-Anna",
        "'Anna",
        "Anna_Liisa",
        "Anna@",
        "A",
        " A ",
        "",
        "a".repeat(51),
        undefined,
      ]) {
        expect(parse(s, v), String(v)).toEqual(fails("contact.errors.firstName"));
      }
    });
    it("uses the key it was given", () => {
      expect(parse(contactFields.name("contact.errors.lastName"), "X1")).toEqual(fails("contact.errors.lastName"));
    });
  });
});
