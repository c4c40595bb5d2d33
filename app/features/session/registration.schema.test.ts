import { describe, expect, it } from "vitest";
import { REGISTRATION_FIELDS, registrationSchema } from "./registration.schema";

const contact = {
  streetAddress: "Mannerheimintie 1",
  postalCode: "00100",
  postOffice: "Helsinki",
  phoneNumber: "040 123 4567",
  emailAddress: "matti@example.fi",
};
const normalised = { ...contact, phoneNumber: "+358401234567" };

/** Field name → i18n keys of a failed parse. */
function errors(schema: ReturnType<typeof registrationSchema>, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    out[field] = [...new Set([...(out[field] ?? []), issue.message])];
  }
  return out;
}

describe("registrationSchema(true): names come from identification", () => {
  const schema = registrationSchema(true);

  it("asks the contact fields only", () => {
    expect(Object.keys(schema.shape).sort()).toEqual([
      "emailAddress",
      "phoneNumber",
      "postOffice",
      "postalCode",
      "streetAddress",
    ]);
  });

  it("accepts contact details without names and normalises them", () => {
    expect(schema.parse(contact)).toEqual(normalised);
  });

  it("drops submitted names", () => {
    expect(schema.parse({ ...contact, firstName: "Matti", lastName: "Meikäläinen" })).toEqual(normalised);
  });

  it("gives each empty field its own key", () => {
    expect(errors(schema, {})).toEqual({
      streetAddress: ["contact.errors.streetAddress"],
      postalCode: ["contact.errors.postalCode"],
      postOffice: ["contact.errors.postOffice"],
      phoneNumber: ["contact.errors.phoneNumber"],
      emailAddress: ["contact.errors.emailAddress"],
    });
  });
});

describe("registrationSchema(false): names are asked", () => {
  const schema = registrationSchema(false);

  it("asks the names and the contact fields", () => {
    expect(Object.keys(schema.shape).sort()).toEqual([...REGISTRATION_FIELDS].sort());
  });

  it("requires both names", () => {
    expect(errors(schema, contact)).toEqual({
      firstName: ["contact.errors.firstName"],
      lastName: ["contact.errors.lastName"],
    });
    expect(errors(schema, { ...contact, firstName: "Matti" })).toEqual({ lastName: ["contact.errors.lastName"] });
  });

  it("accepts valid names, trimmed", () => {
    expect(schema.parse({ ...contact, firstName: " Anna-Liisa ", lastName: "O'Brien" })).toEqual({
      ...normalised,
      firstName: "Anna-Liisa",
      lastName: "O'Brien",
    });
  });

  it("rejects invalid names with each name's key", () => {
    expect(errors(schema, { ...contact, firstName: "M", lastName: "Meik4läinen" })).toEqual({
      firstName: ["contact.errors.firstName"],
      lastName: ["contact.errors.lastName"],
    });
  });

  it("gives invalid contact fields their length and format keys", () => {
    expect(
      errors(schema, {
        firstName: "Matti",
        lastName: "Meikäläinen",
        streetAddress: "x".repeat(31),
        postalCode: "1234",
        postOffice: "y".repeat(31),
        phoneNumber: "12345",
        emailAddress: "a".repeat(70) + "@example.fi",
      }),
    ).toEqual({
      streetAddress: ["contact.errors.streetAddressLength"],
      postalCode: ["contact.errors.postalCode"],
      postOffice: ["contact.errors.postOfficeLength"],
      phoneNumber: ["contact.errors.phoneNumber"],
      emailAddress: ["contact.errors.emailAddressLength"],
    });
  });
});

describe("REGISTRATION_FIELDS", () => {
  it("lists the form's fields in order", () => {
    expect(REGISTRATION_FIELDS).toEqual([
      "firstName",
      "lastName",
      "streetAddress",
      "postalCode",
      "postOffice",
      "phoneNumber",
      "emailAddress",
    ]);
  });
});
