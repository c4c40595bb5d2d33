import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { SERVICE_PREFIXES, cleanEmail, isValidEmail, isValidFinnishPhone, normalisePhone } from "./contact";
import { contactFields, emailField, finnishPhoneField, guardianFields } from "./contact-fields";

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

describe("the second e-mail rule (isValidEmail)", () => {
  it("accepts ordinary addresses", () => {
    expect(isValidEmail("matti.meikalainen@example.fi")).toBe(true);
    expect(isValidEmail("first+tag@sub.example.com")).toBe(true);
    expect(isValidEmail("o'brien@mail.example.co.uk")).toBe(true);
  });

  it("trims the address", () => {
    expect(isValidEmail("  padded@example.fi  ")).toBe(true);
    expect(isValidEmail("\tpadded@example.fi\n")).toBe(true);
  });

  it("strips control characters before validating", () => {
    expect(isValidEmail("a@example.fi\u0000")).toBe(true);
    expect(isValidEmail("\u0007a@example.fi")).toBe(true);
    expect(isValidEmail("ma\u001ftti@example.fi\u007f")).toBe(true);
    expect(isValidEmail("ma\u0085tti@exam\u009fple.fi")).toBe(true);
    expect(isValidEmail("\u0000")).toBe(false);
    expect(cleanEmail(" \u0000ma\u001ftti@example.fi\u007f ")).toBe("matti@example.fi");
  });

  it("rejects spaces anywhere inside the address", () => {
    expect(isValidEmail("matti meikalainen@example.fi")).toBe(false);
    expect(isValidEmail("matti@exa mple.fi")).toBe(false);
    expect(isValidEmail("matti@example. fi")).toBe(false);
    expect(isValidEmail("matti\u00a0m@example.fi")).toBe(false);
  });

  it("takes a single mailbox only", () => {
    expect(isValidEmail("a@example.fi b@example.fi")).toBe(false);
    expect(isValidEmail("a@example.fi,b@example.fi")).toBe(false);
    expect(isValidEmail("a@example.fi;b@example.fi")).toBe(false);
    expect(isValidEmail("a@example.fi\u0000b@example.fi")).toBe(false);
    expect(isValidEmail("a@b@example.fi")).toBe(false);
    expect(isValidEmail("a@@example.fi")).toBe(false);
  });

  it("rejects IDN (xn--) domains, in any label and case", () => {
    expect(isValidEmail("a@xn--bcher-kva.example")).toBe(false);
    expect(isValidEmail("a@mail.xn--bcher-kva.fi")).toBe(false);
    expect(isValidEmail("a@mail.xn--p1ai")).toBe(false);
    expect(isValidEmail("a@XN--bcher-kva.fi")).toBe(false);
    // Only the domain counts, and only a label that starts so.
    expect(isValidEmail("xn--a@example.fi")).toBe(true);
    expect(isValidEmail("a@abcxn--def.fi")).toBe(true);
  });

  it("requires a dotted domain whose last part has at least two letters", () => {
    expect(isValidEmail("a@example.f")).toBe(false);
    expect(isValidEmail("a@example.f1")).toBe(false);
    expect(isValidEmail("a@example.12")).toBe(false);
    expect(isValidEmail("a@example")).toBe(false);
    expect(isValidEmail("a@example.")).toBe(false);
    expect(isValidEmail("a@.example.fi")).toBe(false);
    expect(isValidEmail("a@example..fi")).toBe(false);
    expect(isValidEmail("a@example.fi")).toBe(true);
    expect(isValidEmail("a@example.FI")).toBe(true);
    expect(isValidEmail("a@example.museum")).toBe(true);
  });

  it("rejects malformed addresses", () => {
    expect(isValidEmail("")).toBe(false);
    expect(isValidEmail("@example.fi")).toBe(false);
    expect(isValidEmail("a@")).toBe(false);
    expect(isValidEmail("example.fi")).toBe(false);
  });

  it("allows at most 100 characters, counted after cleaning", () => {
    const domain = "@example.fi";
    expect(isValidEmail("a".repeat(100 - domain.length) + domain)).toBe(true);
    expect(isValidEmail("a".repeat(101 - domain.length) + domain)).toBe(false);
    expect(isValidEmail(`  ${"a".repeat(100 - domain.length)}${domain}\u0000 `)).toBe(true);
  });
});

describe("the second e-mail rule as a form field (emailField)", () => {
  const s = emailField({ invalid: "invalid", tooLong: "tooLong" });
  const domain = "@example.fi";
  it("returns the cleaned address", () => {
    expect(parse(s, "  ma\u0000tti@example.fi\u0007 ")).toEqual(ok("matti@example.fi"));
  });
  it("names a too long address apart from an invalid one", () => {
    const longest = "a".repeat(100 - domain.length) + domain;
    expect(parse(s, longest)).toEqual(ok(longest));
    expect(parse(s, "a".repeat(101 - domain.length) + domain)).toEqual(fails("tooLong"));
  });
  it("refuses a missing or invalid address", () => {
    for (const v of ["", "   ", "\u0000", "a@xn--bcher-kva.fi", "a b@example.fi", undefined, 42])
      expect(parse(s, v), String(v)).toEqual(fails("invalid"));
  });
});

describe("the second phone rule (isValidFinnishPhone)", () => {
  it("accepts Finnish numbers starting +358 or 0, with spaces or dashes", () => {
    for (const v of ["040 123 4567", "0401234567", "+358 40 123 4567", "+358401234567", "09-123 4567", "+35891234"])
      expect(isValidFinnishPhone(v), v).toBe(true);
  });

  it("refuses numbers that start otherwise: other country codes, 358 without +, 00", () => {
    for (const v of [
      "+46 70 123 4567",
      "+1 212 555 0100",
      "+3580401234567",
      "358401234567",
      "401234567",
      "00358401234567",
    ])
      expect(isValidFinnishPhone(v), v).toBe(false);
  });

  it("refuses each excluded service prefix, after 0 and after +358", () => {
    expect(SERVICE_PREFIXES).toEqual(["100", "200", "209", "600", "700", "800"]);
    for (const prefix of SERVICE_PREFIXES) {
      expect(isValidFinnishPhone(`0${prefix} 12345`), `0${prefix}`).toBe(false);
      expect(isValidFinnishPhone(`+358 ${prefix} 12345`), `+358${prefix}`).toBe(false);
    }
    // Ordinary numbers that merely contain the digits.
    expect(isValidFinnishPhone("020 123 4567")).toBe(true);
    expect(isValidFinnishPhone("030 600 5060")).toBe(true);
    expect(isValidFinnishPhone("040 800 1234")).toBe(true);
  });

  it("allows at most 20 characters as typed (trimmed), up to about 20 digits", () => {
    expect(isValidFinnishPhone("04012345678901234567")).toBe(true); // 20 digits, 20 characters
    expect(isValidFinnishPhone("040123456789012345678")).toBe(false); // 21 digits
    expect(isValidFinnishPhone("+3584012345678901234")).toBe(true); // 20 characters
    expect(isValidFinnishPhone("+35840123456789012345")).toBe(false); // 21 characters
    expect(isValidFinnishPhone("040 123 4567 890 123")).toBe(true); // 20 characters with spaces
    expect(isValidFinnishPhone("040 123 4567 890 1234")).toBe(false); // 21 characters, though only 17 digits
    expect(isValidFinnishPhone("  040 123 4567  ")).toBe(true);
  });

  it("needs at least five digits after the prefix, and digits only", () => {
    expect(isValidFinnishPhone("091234")).toBe(true);
    expect(isValidFinnishPhone("+35891234")).toBe(true);
    expect(isValidFinnishPhone("09123")).toBe(false);
    expect(isValidFinnishPhone("+3589123")).toBe(false);
    expect(isValidFinnishPhone("040")).toBe(false);
    expect(isValidFinnishPhone("040-abc-1234")).toBe(false);
    expect(isValidFinnishPhone("040.123.4567")).toBe(false);
    expect(isValidFinnishPhone("")).toBe(false);
  });
});

describe("the second phone rule as a form field (finnishPhoneField)", () => {
  const s = finnishPhoneField({ invalid: "invalid", tooLong: "tooLong" });
  it("returns the normalised number", () => {
    expect(parse(s, " 040 123 4567 ")).toEqual(ok("+358401234567"));
    expect(parse(s, "+358 40-123-4567")).toEqual(ok("+358401234567"));
  });
  it("names more than 20 characters apart from an invalid number", () => {
    expect(parse(s, "040 123 4567 890 1234")).toEqual(fails("tooLong"));
    for (const v of ["", "0600 12345", "+46701234567", undefined])
      expect(parse(s, v), String(v)).toEqual(fails("invalid"));
  });
});

describe("guardianFields: the guardian entry uses the second rules", () => {
  it("phone: Finnish, no service number, at most 20 characters", () => {
    expect(parse(guardianFields.phoneNumber, "040 111 2233")).toEqual(ok("+358401112233"));
    expect(parse(guardianFields.phoneNumber, "0700 12345")).toEqual(fails("contact.errors.guardianPhone"));
    expect(parse(guardianFields.phoneNumber, "040 111 2233 444 5555")).toEqual(fails("contact.errors.maxLength20"));
  });
  it("e-mail: one mailbox of at most 100 characters", () => {
    const domain = "@example.fi";
    const longest = "a".repeat(100 - domain.length) + domain;
    expect(parse(guardianFields.emailAddress, longest)).toEqual(ok(longest));
    expect(parse(guardianFields.emailAddress, `${longest}x`)).toEqual(fails("contact.errors.maxLength100"));
    expect(parse(guardianFields.emailAddress, "a@xn--p1ai.fi")).toEqual(fails("contact.errors.emailAddress"));
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
