import { describe, expect, it } from "vitest";
import { guardiansFromForm } from "./my-information-fields";
import { contactFormSchema, guardianEntrySchema, guardiansSchema } from "./my-information.schema";

const CONTACT = {
  emailAddress: "olli@example.com",
  phoneNumber: "040 111 2233",
  streetAddress: "Kotikatu 5",
  zipCode: "00100",
  postOffice: "Helsinki",
  language: "sv",
};

/** The first message per field of a failed parse. */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join(".")] ??= issue.message;
  return out;
}

describe("the contact form of My information (spec part 1 §5)", () => {
  it("accepts a valid form, normalising the phone: a leading 0 becomes +358 and spaces go", () => {
    const parsed = contactFormSchema.parse(CONTACT);
    expect(parsed).toEqual({ ...CONTACT, phoneNumber: "+358401112233" });
  });

  it("requires the e-mail, at most 78 characters", () => {
    expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, emailAddress: "" }))).toEqual({
      emailAddress: "contact.errors.emailAddress",
    });
    const at78 = `${"a".repeat(66)}@example.com`;
    expect(at78).toHaveLength(78);
    expect(contactFormSchema.safeParse({ ...CONTACT, emailAddress: at78 }).success).toBe(true);
    expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, emailAddress: `a${at78}` }))).toEqual({
      emailAddress: "contact.errors.emailAddressLength",
    });
    expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, emailAddress: "no at sign" }))).toEqual({
      emailAddress: "contact.errors.emailAddress",
    });
  });

  it("requires the phone, at most 15 characters as typed, of the phone pattern", () => {
    expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, phoneNumber: "" }))).toEqual({
      phoneNumber: "contact.errors.phoneNumber",
    });
    expect(contactFormSchema.safeParse({ ...CONTACT, phoneNumber: "040 123 45 678" }).success).toBe(true);
    expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, phoneNumber: "040 123 456 7890" }))).toEqual({
      phoneNumber: "contact.errors.phoneNumberLength",
    });
    expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, phoneNumber: "call me" }))).toEqual({
      phoneNumber: "contact.errors.phoneNumber",
    });
    expect(contactFormSchema.parse({ ...CONTACT, phoneNumber: "+358 40 1112233" }).phoneNumber).toBe("+358401112233");
  });

  it("requires a street address of 2–30 characters", () => {
    expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, streetAddress: "K" }))).toEqual({
      streetAddress: "contact.errors.streetAddress",
    });
    expect(contactFormSchema.safeParse({ ...CONTACT, streetAddress: "K".repeat(30) }).success).toBe(true);
    expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, streetAddress: "K".repeat(31) }))).toEqual({
      streetAddress: "contact.errors.streetAddressLength",
    });
  });

  it("requires a postal code of exactly 5 digits", () => {
    for (const zipCode of ["", "0010", "001000", "0010A", "00 10"])
      expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, zipCode }))).toEqual({
        zipCode: "contact.errors.postalCode",
      });
  });

  it("requires a post office of 2–30 characters", () => {
    expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, postOffice: "H" }))).toEqual({
      postOffice: "contact.errors.postOffice",
    });
    expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, postOffice: "H".repeat(31) }))).toEqual({
      postOffice: "contact.errors.postOfficeLength",
    });
  });

  it("takes the language fi, sv or en only", () => {
    for (const language of ["fi", "sv", "en"])
      expect(contactFormSchema.safeParse({ ...CONTACT, language }).success).toBe(true);
    expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, language: "de" }))).toEqual({
      language: "contact.errors.language",
    });
  });

  it("refuses control characters", () => {
    expect(errorsOf(contactFormSchema.safeParse({ ...CONTACT, postOffice: "Hel\u0000sinki" }))).toEqual({
      postOffice: "common.form.errors.invalidCharacters",
    });
  });
});

const GUARDIAN = {
  name: "Ojala Olli",
  phoneNumber: "040 111 2233",
  emailAddress: "olli@example.com",
  isGuardianHasSameAddress: "on",
};
const ADDRESS = { streetAddress: "Toinen katu 2", zipCode: "02100", postOffice: "Espoo" };

describe("a guardian entry (spec part 1 §5)", () => {
  it("with the same address as the child keeps no address, whatever the fields hold", () => {
    expect(guardianEntrySchema.parse({ ...GUARDIAN, streetAddress: "x", zipCode: "bad" })).toEqual({
      name: "Ojala Olli",
      phoneNumber: "+358401112233",
      emailAddress: "olli@example.com",
      isGuardianHasSameAddress: true,
      streetAddress: null,
      zipCode: null,
      postOffice: null,
    });
  });

  it("with an address of its own requires street, postal code and post office", () => {
    const own = { ...GUARDIAN, isGuardianHasSameAddress: undefined };
    expect(errorsOf(guardianEntrySchema.safeParse(own))).toEqual({
      streetAddress: "contact.errors.guardianStreet",
      zipCode: "contact.errors.postalCode",
      postOffice: "contact.errors.guardianPostOffice",
    });
    expect(guardianEntrySchema.parse({ ...own, ...ADDRESS })).toMatchObject({
      ...ADDRESS,
      isGuardianHasSameAddress: false,
    });
  });

  it("reports the address together with a wrong phone and a missing e-mail, all in one answer", () => {
    const entry = {
      name: "Ojala Outi",
      phoneNumber: "123",
      emailAddress: "",
      streetAddress: "",
      zipCode: "",
      postOffice: "",
    };
    expect(errorsOf(guardianEntrySchema.safeParse(entry))).toEqual({
      phoneNumber: "contact.errors.guardianPhone",
      emailAddress: "contact.errors.emailAddress",
      streetAddress: "contact.errors.guardianStreet",
      zipCode: "contact.errors.postalCode",
      postOffice: "contact.errors.guardianPostOffice",
    });
    // With the same address ticked only the others remain.
    expect(Object.keys(errorsOf(guardianEntrySchema.safeParse({ ...entry, isGuardianHasSameAddress: "on" })))).toEqual([
      "phoneNumber",
      "emailAddress",
    ]);
    // Every field of an empty entry at once.
    expect(Object.keys(errorsOf(guardianEntrySchema.safeParse({})))).toEqual([
      "name",
      "phoneNumber",
      "emailAddress",
      "streetAddress",
      "zipCode",
      "postOffice",
    ]);
    // A value that is no entry at all is one error, not a crash.
    expect(errorsOf(guardianEntrySchema.safeParse("x"))).toEqual({ "": expect.any(String) });
  });

  it("requires a name of at most 40 characters", () => {
    expect(errorsOf(guardianEntrySchema.safeParse({ ...GUARDIAN, name: " " }))).toEqual({
      name: "contact.errors.guardianName",
    });
    expect(guardianEntrySchema.safeParse({ ...GUARDIAN, name: "N".repeat(40) }).success).toBe(true);
    expect(errorsOf(guardianEntrySchema.safeParse({ ...GUARDIAN, name: "N".repeat(41) }))).toEqual({
      name: "contact.errors.maxLength40",
    });
  });

  it("limits the street to 30 and the post office to 30 characters, the postal code to exactly 5 digits", () => {
    const own = { ...GUARDIAN, isGuardianHasSameAddress: undefined, ...ADDRESS };
    expect(errorsOf(guardianEntrySchema.safeParse({ ...own, streetAddress: "S".repeat(31) }))).toEqual({
      streetAddress: "contact.errors.streetAddressLength",
    });
    expect(errorsOf(guardianEntrySchema.safeParse({ ...own, postOffice: "P".repeat(31) }))).toEqual({
      postOffice: "contact.errors.postOfficeLength",
    });
    expect(errorsOf(guardianEntrySchema.safeParse({ ...own, zipCode: "1234" }))).toEqual({
      zipCode: "contact.errors.postalCode",
    });
  });

  it("requires an e-mail of at most 100 characters", () => {
    const at100 = `${"e".repeat(88)}@example.com`;
    expect(at100).toHaveLength(100);
    expect(guardianEntrySchema.safeParse({ ...GUARDIAN, emailAddress: at100 }).success).toBe(true);
    expect(errorsOf(guardianEntrySchema.safeParse({ ...GUARDIAN, emailAddress: `e${at100}` }))).toEqual({
      emailAddress: "contact.errors.maxLength100",
    });
    expect(errorsOf(guardianEntrySchema.safeParse({ ...GUARDIAN, emailAddress: "a@xn--bcher-kva.fi" }))).toEqual({
      emailAddress: "contact.errors.emailAddress",
    });
  });

  it("requires a Finnish phone (+358 or 0), not a service number, at most 20 characters", () => {
    expect(guardianEntrySchema.parse({ ...GUARDIAN, phoneNumber: "+358 9 123 4567" }).phoneNumber).toBe("+35891234567");
    for (const phoneNumber of ["", "+46 70 123 45 67", "0600 12345", "0700 123 456", "12345"])
      expect(errorsOf(guardianEntrySchema.safeParse({ ...GUARDIAN, phoneNumber }))).toEqual({
        phoneNumber: "contact.errors.guardianPhone",
      });
    expect(errorsOf(guardianEntrySchema.safeParse({ ...GUARDIAN, phoneNumber: "040 1234 5678 9012 34" }))).toEqual({
      phoneNumber: "contact.errors.maxLength20",
    });
  });
});

describe("the guardians list", () => {
  it("reports every error of the second guardian as the page posts it, in one answer", () => {
    const posted = guardiansFromForm({
      "guardian-1-name": "Ojala Olli",
      "guardian-1-phoneNumber": "040 111 2233",
      "guardian-1-emailAddress": "olli@example.com",
      "guardian-1-isGuardianHasSameAddress": "on",
      "guardian-2-name": "Ojala Outi",
      "guardian-2-phoneNumber": "12",
      "guardian-2-emailAddress": "",
      "guardian-2-streetAddress": "",
      "guardian-2-zipCode": "",
      "guardian-2-postOffice": "",
    });
    expect(Object.keys(errorsOf(guardiansSchema.safeParse(posted)))).toEqual([
      "1.phoneNumber",
      "1.emailAddress",
      "1.streetAddress",
      "1.zipCode",
      "1.postOffice",
    ]);
  });

  it("holds one or two guardians, never none or three", () => {
    expect(guardiansSchema.safeParse([GUARDIAN]).success).toBe(true);
    expect(guardiansSchema.safeParse([GUARDIAN, GUARDIAN]).success).toBe(true);
    expect(errorsOf(guardiansSchema.safeParse([]))).toEqual({ "": "contact.errors.guardians" });
    expect(errorsOf(guardiansSchema.safeParse([GUARDIAN, GUARDIAN, GUARDIAN]))).toEqual({
      "": "contact.errors.guardians",
    });
    expect(guardiansSchema.safeParse("two").success).toBe(false);
  });

  it("reads the page's numbered fields; an entry without its name field was not posted", () => {
    expect(
      guardiansFromForm({
        "guardian-1-name": "A",
        "guardian-1-phoneNumber": "040",
        "guardian-2-name": "B",
        "guardian-2-isGuardianHasSameAddress": "on",
        "guardian-3-name": "C",
      }),
    ).toEqual([
      { name: "A", phoneNumber: "040" },
      { name: "B", isGuardianHasSameAddress: "on" },
    ]);
    expect(guardiansFromForm({ "guardian-2-name": "B" })).toEqual([{ name: "B" }]);
  });
});
