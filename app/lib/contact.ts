import { textField } from "./text";

/**
 * Contact-detail rules shared by registration, my information and booking (spec part 1 §5, part 2 §5).
 * Messages are i18n keys.
 */

/** Replaces a leading 0 with +358 and removes spaces (spec: contact form normalisation). */
export function normalisePhone(input: string): string {
  const compact = input.replace(/[\s-]/g, "");
  return compact.startsWith("0") ? `+358${compact.slice(1)}` : compact;
}

// A Finnish or international number: optional +, then 6–18 digits after normalisation (15 typed characters
// starting 0 become at most 18 digits with the country code).
const PHONE = /^\+?\d{6,18}$/;

/** Spec part 1 §5 / §9: the contact form's phone is at most 15 characters as typed (trimmed, before normalising). */
export const PHONE_MAX_LENGTH = 15;
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** The stricter e-mail rule: trimmed, control characters stripped, one mailbox, no IDN (xn--) domain. */
export function isValidEmail(input: string): boolean {
  // eslint-disable-next-line no-control-regex
  const v = input.trim().replace(/[\u0000-\u001f\u007f]/g, "");
  if (v.length > 100 || /[\s,;]/.test(v) || !EMAIL.test(v)) return false;
  const domain = v.split("@")[1]!.toLowerCase();
  return !domain.split(".").some((label) => label.startsWith("xn--"));
}

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
    .max(78, "contact.errors.emailAddressLength")
    .refine(isValidEmail, "contact.errors.emailAddress"),
  name: (key: string) =>
    textField(key)
      .trim()
      .min(2, key)
      .max(50, key)
      .regex(/^[\p{L}][\p{L}' .-]*$/u, key),
};
