import { describe, expect, it } from "vitest";
import { makeTestIdentityCode } from "~/lib/identity-code";
import { anonymousReservationSchema, contactEditorSchema, portalReservationSchema } from "./reservation.schema";

// An ordinary individual number: production takes these (test codes 900–999 only in development).
const code = makeTestIdentityCode({ year: 1985, month: 3, day: 15 }, 302);
const valid = {
  ssn: ` ${code.toLowerCase()} `,
  firstName: " Maija ",
  lastName: "Meikäläinen",
  phone: "040 123 4567",
  emailAddress: "maija@example.com",
  terms: "on",
};
const errorsOf = (schema: ReturnType<typeof anonymousReservationSchema>, input: Record<string, unknown>) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("anonymous reservation form", () => {
  const form = anonymousReservationSchema({ allowDevelopmentCodes: false, bindingRequired: false, form: true });

  it("trims and upper-cases the identity code, trims names and normalises the phone", () => {
    expect(form.parse(valid)).toMatchObject({
      ssn: code,
      firstName: "Maija",
      phone: "+358401234567",
      emailAddress: "maija@example.com",
      terms: true,
    });
  });

  it("gives the spec's message for every bad field", () => {
    expect(
      errorsOf(form, { ssn: "010190-1234", firstName: "  ", lastName: "", phone: "12ab", emailAddress: "no-at-sign" }),
    ).toEqual({
      ssn: "reservation.errors.ssn",
      firstName: "reservation.errors.firstName",
      lastName: "reservation.errors.lastName",
      phone: "reservation.errors.phone",
      emailAddress: "reservation.errors.emailAddress",
      terms: "reservation.errors.terms",
    });
    expect(errorsOf(form, { ...valid, ssn: `${code}X` })).toEqual({ ssn: "reservation.errors.ssn" });
    expect(errorsOf(form, {})).toMatchObject({ ssn: "reservation.errors.ssn", phone: "reservation.errors.phone" });
  });

  it("accepts development-form codes only when allowed", () => {
    const dev = "010190-AB1X";
    expect(errorsOf(form, { ...valid, ssn: dev })).toEqual({ ssn: "reservation.errors.ssn" });
    const devForm = anonymousReservationSchema({ allowDevelopmentCodes: true, bindingRequired: false, form: true });
    expect(devForm.safeParse({ ...valid, ssn: dev }).success).toBe(true);
    // Test codes (900–999) likewise.
    const testCode = makeTestIdentityCode({ year: 1985, month: 3, day: 15 }, 902);
    expect(errorsOf(form, { ...valid, ssn: testCode })).toEqual({ ssn: "reservation.errors.ssn" });
    expect(devForm.safeParse({ ...valid, ssn: testCode }).success).toBe(true);
  });

  it("requires the binding checkbox only when the start is close", () => {
    const close = anonymousReservationSchema({ allowDevelopmentCodes: false, bindingRequired: true, form: true });
    expect(errorsOf(close, valid)).toEqual({ binding: "reservation.errors.binding" });
    expect(close.safeParse({ ...valid, binding: "on" }).success).toBe(true);
    expect(form.safeParse(valid).success).toBe(true);
  });

  it("the API payload has no checkboxes", () => {
    const api = anonymousReservationSchema({ allowDevelopmentCodes: false, bindingRequired: true, form: false });
    const { terms: _, ...payload } = valid;
    expect(api.safeParse(payload).success).toBe(true);
  });
});

describe("the anonymous form's phone and e-mail: the second rules of spec part 1 §5", () => {
  const form = anonymousReservationSchema({ allowDevelopmentCodes: false, bindingRequired: false, form: true });
  it("takes a Finnish number starting +358 or 0, normalised", () => {
    expect(form.parse({ ...valid, phone: "+358 40 123 4567" }).phone).toBe("+358401234567");
    expect(form.parse({ ...valid, phone: "09 123 4567" }).phone).toBe("+35891234567");
  });
  it("refuses another country's number, a service number, 21 characters and non-digits", () => {
    for (const phone of ["+46701234567", "0600 12345", "0800 123 456", "040 123 4567 890 1234", "040-abc", "040"])
      expect(errorsOf(form, { ...valid, phone }), phone).toEqual({ phone: "reservation.errors.phone" });
  });
  it("takes one mailbox of at most 100 characters, control characters stripped", () => {
    expect(form.parse({ ...valid, emailAddress: " maija@example.com\u0007" }).emailAddress).toBe("maija@example.com");
    const domain = "@example.fi";
    for (const emailAddress of [
      "a@xn--bcher-kva.fi",
      "a@example.fi,b@example.fi",
      "a".repeat(101 - domain.length) + domain,
    ])
      expect(errorsOf(form, { ...valid, emailAddress }), emailAddress).toEqual({
        emailAddress: "reservation.errors.emailAddress",
      });
  });
});

describe("logged-in form and contact editor", () => {
  it("checks the binding and occupational confirmation checkboxes when required", () => {
    expect(
      portalReservationSchema({ bindingRequired: true, occupationalConfirmationRequired: true }).safeParse({}).success,
    ).toBe(false);
    expect(
      portalReservationSchema({ bindingRequired: true, occupationalConfirmationRequired: true }).safeParse({
        binding: "on",
        occupationalConfirmation: "on",
      }).success,
    ).toBe(true);
    expect(
      portalReservationSchema({ bindingRequired: false, occupationalConfirmationRequired: false }).safeParse({})
        .success,
    ).toBe(true);
  });

  it("validates street 2–30, postal code 5 digits trimmed, post office ≥ 2, email and phone", () => {
    const ok = {
      streetAddress: "Katu 1",
      postalCode: " 00100 ",
      postOffice: "Helsinki",
      emailAddress: "a@example.com",
      phoneNumber: "0401234567",
    };
    expect(contactEditorSchema.parse(ok)).toMatchObject({ postalCode: "00100", phoneNumber: "+358401234567" });
    const bad = contactEditorSchema.safeParse({
      streetAddress: "K",
      postalCode: "0010",
      postOffice: "H",
      emailAddress: "x",
      phoneNumber: "",
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path[0]).sort()).toEqual([
      "emailAddress",
      "phoneNumber",
      "postOffice",
      "postalCode",
      "streetAddress",
    ]);
  });
});
