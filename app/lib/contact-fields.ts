import { z } from "zod";
import {
  CONTACT_EMAIL_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FINNISH_PHONE_MAX_LENGTH,
  GUARDIAN_LIMITS,
  PHONE,
  PHONE_MAX_LENGTH,
  cleanEmail,
  isValidEmail,
  isValidFinnishPhone,
  normalisePhone,
} from "./contact";
import { textField } from "./text-field";

/**
 * The contact-detail rules of contact.ts as zod form fields, for the forms' and calls' schemas. Only servers and
 * schema modules import this: the browser never loads zod (errors come from the server's answer).
 */

/**
 * A form field of the second e-mail rule: control characters are stripped (not refused) and the value trimmed,
 * then `isValidEmail` with its 100 characters. Returns the cleaned address.
 */
export function emailField(messages: { invalid: string; tooLong: string }) {
  return z.preprocess(
    (v) => (typeof v === "string" ? cleanEmail(v) : v),
    textField(messages.invalid)
      .min(1, { message: messages.invalid, abort: true })
      .max(EMAIL_MAX_LENGTH, { message: messages.tooLong, abort: true })
      .refine(isValidEmail, messages.invalid),
  );
}

/** A form field of the second phone rule: the number normalised (+358, no spaces or dashes). */
export function finnishPhoneField(messages: { invalid: string; tooLong: string }) {
  return textField(messages.invalid)
    .trim()
    .min(1, { message: messages.invalid, abort: true })
    .max(FINNISH_PHONE_MAX_LENGTH, { message: messages.tooLong, abort: true })
    .refine(isValidFinnishPhone, messages.invalid)
    .transform(normalisePhone);
}

// --- the contact form -------------------------------------------------------------------------------------------

export const contactFields = {
  streetAddress: textField("contact.errors.streetAddress")
    .trim()
    .min(2, "contact.errors.streetAddress")
    .max(30, "contact.errors.streetAddressLength"),
  postalCode: textField("contact.errors.postalCode")
    .trim()
    .regex(/^\d{5}$/, "contact.errors.postalCode"),
  postOffice: textField("contact.errors.postOffice")
    .trim()
    .min(2, "contact.errors.postOffice")
    .max(30, "contact.errors.postOfficeLength"),
  phoneNumber: textField("contact.errors.phoneNumber")
    .trim()
    .max(PHONE_MAX_LENGTH, "contact.errors.phoneNumberLength")
    .transform(normalisePhone)
    .refine((v) => PHONE.test(v), "contact.errors.phoneNumber"),
  emailAddress: textField("contact.errors.emailAddress")
    .trim()
    .max(CONTACT_EMAIL_MAX_LENGTH, "contact.errors.emailAddressLength")
    .refine(isValidEmail, "contact.errors.emailAddress"),
  name: (key: string) =>
    textField(key)
      .trim()
      .min(2, key)
      .max(50, key)
      .regex(/^[\p{L}][\p{L}' .-]*$/u, key),
};

// --- guardian entry (spec part 1 §5 "Guardian entry", §9 field limits) -----------------------------------------

export const guardianFields = {
  name: textField("contact.errors.guardianName")
    .trim()
    .min(1, "contact.errors.guardianName")
    .max(GUARDIAN_LIMITS.name, "contact.errors.maxLength40"),
  phoneNumber: finnishPhoneField({ invalid: "contact.errors.guardianPhone", tooLong: "contact.errors.maxLength20" }),
  emailAddress: emailField({ invalid: "contact.errors.emailAddress", tooLong: "contact.errors.maxLength100" }),
  streetAddress: textField("contact.errors.guardianStreet")
    .trim()
    .min(1, "contact.errors.guardianStreet")
    .max(GUARDIAN_LIMITS.streetAddress, "contact.errors.streetAddressLength"),
  postalCode: textField("contact.errors.postalCode")
    .trim()
    .regex(/^\d{5}$/, "contact.errors.postalCode"),
  postOffice: textField("contact.errors.guardianPostOffice")
    .trim()
    .min(1, "contact.errors.guardianPostOffice")
    .max(GUARDIAN_LIMITS.postOffice, "contact.errors.postOfficeLength"),
};
