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

// --- guardian entry (spec part 1 §5 "Guardian entry", §9 field limits) -----------------------------------------

/** The guardian entry's limits (spec part 1 §9): name 40, phone 20, e-mail 100, street 30, post office 30. */
export const GUARDIAN_LIMITS = { name: 40, phoneNumber: 20, emailAddress: 100, streetAddress: 30, postOffice: 30 };

// Finnish service numbers (premium, toll-free and national service prefixes) are not a person's phone.
const SERVICE_PREFIXES = ["100", "200", "209", "600", "700", "800"];

/**
 * The guardian's phone (spec part 1 §5 "another phone rule"): Finnish, starting +358 or 0, not a service number,
 * at most 20 characters as typed; spaces and dashes are ignored and a leading 0 becomes +358.
 */
export function isValidFinnishPhone(input: string): boolean {
  const compact = input.replace(/[\s-]/g, "");
  const national = compact.startsWith("+358") ? compact.slice(4) : compact.startsWith("0") ? compact.slice(1) : null;
  if (national === null || !/^\d{5,16}$/.test(national)) return false;
  return !SERVICE_PREFIXES.some((p) => national.startsWith(p));
}

export const guardianFields = {
  name: textField("contact.errors.guardianName")
    .trim()
    .min(1, "contact.errors.guardianName")
    .max(GUARDIAN_LIMITS.name, "contact.errors.maxLength40"),
  phoneNumber: textField("contact.errors.guardianPhone")
    .trim()
    .min(1, "contact.errors.guardianPhone")
    .max(GUARDIAN_LIMITS.phoneNumber, "contact.errors.maxLength20")
    .refine(isValidFinnishPhone, "contact.errors.guardianPhone")
    .transform(normalisePhone),
  emailAddress: textField("contact.errors.emailAddress")
    .trim()
    .min(1, "contact.errors.emailAddress")
    .max(GUARDIAN_LIMITS.emailAddress, "contact.errors.maxLength100")
    .refine(isValidEmail, "contact.errors.emailAddress"),
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
