/**
 * Contact-detail rules (spec part 1 §5 and §9, part 2 §5). Messages are i18n keys.
 *
 * The spec has two sets of rules for e-mail addresses and phone numbers:
 * - the contact form's: e-mail at most 78 characters and a valid mailbox; phone at most 15 characters as typed, a
 *   leading 0 replaced with +358 and spaces removed, then an optional + and 6–18 digits (`contactFields`);
 * - the other ("second") rules, at most 100 and 20 characters: `isValidEmail` (trimmed, control characters
 *   stripped, a single mailbox, no spaces, no xn-- domain label, a dotted domain whose last part has at least two
 *   letters) and `isValidFinnishPhone` (+358 or 0, then a Finnish number that is not a service number).
 *   `emailField` and `finnishPhoneField` (contact-fields.ts) are these rules as form fields.
 *
 * Which form uses which rule:
 *
 * | form or check                                                        | e-mail rule         | phone rule        |
 * |----------------------------------------------------------------------|---------------------|-------------------|
 * | My information: contact form (also POST /api/user, /api/user/guardian) | contact form (78) | contact form (15) |
 * | Registration                                                         | contact form (78)   | contact form (15) |
 * | Booking: logged-in contact editor                                    | contact form (78)   | contact form (15) |
 * | My information: guardian entry (a child's guardians)                 | second (100)        | second (20)       |
 * | Booking: anonymous reservation form and its call                     | second (100)        | second (20)       |
 * | Booking: logged-in reservation call (its phone and emailAddress)     | second (100)        | second (20)       |
 * | Payments: the patient's e-mail checked before paying                 | second (100)        | –                 |
 *
 * The contact form, registration and the contact editor edit the same patient record, so they share one rule: a
 * number or address saved in one is accepted by the others. The SMS login's phone has a rule of its own (spec
 * part 1 §5 "SMS login phone"), kept with that form.
 */

/** Replaces a leading 0 with +358 and removes spaces (spec: contact form normalisation). */
export function normalisePhone(input: string): string {
  const compact = input.replace(/[\s-]/g, "");
  return compact.startsWith("0") ? `+358${compact.slice(1)}` : compact;
}

// A Finnish or international number: optional +, then 6–18 digits after normalisation (15 typed characters
// starting 0 become at most 18 digits with the country code).
export const PHONE = /^\+?\d{6,18}$/;

/** Spec part 1 §5 / §9: the contact form's phone is at most 15 characters as typed (trimmed, before normalising). */
export const PHONE_MAX_LENGTH = 15;
/** Spec part 1 §9: the contact form's e-mail address is at most 78 characters. */
export const CONTACT_EMAIL_MAX_LENGTH = 78;

// --- the second e-mail rule -------------------------------------------------------------------------------------

/** Spec part 1 §5 / §9: the second e-mail rule's limit. */
export const EMAIL_MAX_LENGTH = 100;

// C0 and C1 control characters and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** The second e-mail rule's cleaning: control characters stripped, then trimmed. */
export function cleanEmail(input: string): string {
  return input.replace(CONTROL_CHARACTERS, "").trim();
}

/**
 * The second e-mail rule (spec part 1 §5): after `cleanEmail`, at most 100 characters, no whitespace, a single
 * mailbox (one @, no list separators), a domain of non-empty dotted labels none of which is an IDN (`xn--`) label,
 * and whose last label has at least two letters (letters only).
 */
export function isValidEmail(input: string): boolean {
  const v = cleanEmail(input);
  if (v.length > EMAIL_MAX_LENGTH || /[\s,;]/.test(v)) return false;
  const parts = v.split("@");
  if (parts.length !== 2 || !parts[0]) return false;
  const labels = parts[1].toLowerCase().split(".");
  if (labels.length < 2 || labels.some((label) => !label || label.startsWith("xn--"))) return false;
  return /^[a-z]{2,}$/.test(labels.at(-1)!);
}

// --- the second phone rule --------------------------------------------------------------------------------------

/** Spec part 1 §5 / §9: the second phone rule's limit, as typed (trimmed). */
export const FINNISH_PHONE_MAX_LENGTH = 20;

/**
 * Finnish service numbers, which are not a person's phone: the national service numbers 0100, 0200 and 0209, the
 * premium-rate 0600 and 0700, and the free 0800 numbers (the prefixes after the 0 or +358).
 */
export const SERVICE_PREFIXES: readonly string[] = ["100", "200", "209", "600", "700", "800"];

/**
 * The second phone rule (spec part 1 §5): at most 20 characters as typed (trimmed); spaces and dashes ignored;
 * +358 or 0, then 5–19 digits not starting with 0 (so no other country code, nor 00 before one) and not a
 * service number. With the 20 characters that is at most about 20 digits.
 */
export function isValidFinnishPhone(input: string): boolean {
  const typed = input.trim();
  if (typed.length > FINNISH_PHONE_MAX_LENGTH) return false;
  const match = /^(?:\+358|0)([1-9]\d{4,18})$/.exec(typed.replace(/[\s-]/g, ""));
  if (!match) return false;
  return !SERVICE_PREFIXES.some((p) => match[1].startsWith(p));
}

// --- guardian entry (spec part 1 §5 "Guardian entry", §9 field limits) -----------------------------------------

/** The guardian entry's limits (spec part 1 §9): name 40, phone 20, e-mail 100, street 30, post office 30. */
export const GUARDIAN_LIMITS = {
  name: 40,
  phoneNumber: FINNISH_PHONE_MAX_LENGTH,
  emailAddress: EMAIL_MAX_LENGTH,
  streetAddress: 30,
  postOffice: 30,
};
