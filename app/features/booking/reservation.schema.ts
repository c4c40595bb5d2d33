import { z } from "zod";
import { contactFields, isValidEmail, normalisePhone } from "~/lib/contact";
import { IDENTITY_CODE_LENGTH, parseIdentityCode } from "~/lib/identity-code";
import { textField } from "~/lib/text";

/**
 * The anonymous reservation form and call (spec part 2 §5 "Anonymous reservation"). Messages are i18n keys of
 * the `reservation` namespace; the phone message takes `{{phone}}` (EXAMPLE_PHONE).
 */
export const ANON_ERRORS = {
  ssn: "reservation.errors.ssn",
  firstName: "reservation.errors.firstName",
  lastName: "reservation.errors.lastName",
  phone: "reservation.errors.phone",
  emailAddress: "reservation.errors.emailAddress",
  terms: "reservation.errors.terms",
  binding: "reservation.errors.binding",
} as const;

/** A Finnish phone number: digits with an optional leading plus, +358 or a leading 0 with 6–10 digits after. */
export function isFinnishPhone(input: string): boolean {
  const compact = input.trim().replace(/[\s-]/g, "");
  if (!/^\+?\d+$/.test(compact)) return false;
  return /^\+358\d{6,10}$/.test(normalisePhone(compact));
}

const ticked = (message: string) =>
  z.preprocess((v) => v === "on" || v === "true" || v === true, z.literal(true, { error: message }));
const text = (message: string) => textField(message).trim().min(1, message).max(100, message);

export function anonymousReservationSchema(options: {
  allowDevelopmentCodes: boolean;
  bindingRequired: boolean;
  form: boolean;
}) {
  const fields = {
    ssn: textField(ANON_ERRORS.ssn)
      .trim()
      .toUpperCase()
      .max(IDENTITY_CODE_LENGTH, ANON_ERRORS.ssn)
      .refine(
        (v) =>
          parseIdentityCode(v, {
            allowDevelopmentCodes: options.allowDevelopmentCodes,
            allowTestCodes: options.allowDevelopmentCodes,
          }).ok,
        ANON_ERRORS.ssn,
      ),
    firstName: text(ANON_ERRORS.firstName),
    lastName: text(ANON_ERRORS.lastName),
    phone: textField(ANON_ERRORS.phone)
      .trim()
      .max(20, ANON_ERRORS.phone)
      .refine(isFinnishPhone, ANON_ERRORS.phone)
      .transform(normalisePhone),
    emailAddress: textField(ANON_ERRORS.emailAddress)
      .trim()
      .max(100, ANON_ERRORS.emailAddress)
      .refine(isValidEmail, ANON_ERRORS.emailAddress),
  };
  if (!options.form) return z.object(fields);
  return z.object({
    ...fields,
    terms: ticked(ANON_ERRORS.terms),
    binding: options.bindingRequired ? ticked(ANON_ERRORS.binding) : z.any().optional(),
  });
}

/** The logged-in form's own checkboxes; the server checks what the Book button's rules check. */
export function portalReservationSchema(options: {
  bindingRequired: boolean;
  occupationalConfirmationRequired: boolean;
}) {
  return z.object({
    binding: options.bindingRequired ? ticked(ANON_ERRORS.binding) : z.any().optional(),
    occupationalConfirmation: options.occupationalConfirmationRequired
      ? ticked("reservation.errors.occupationalConfirmation")
      : z.any().optional(),
  });
}

/** The contact editor (spec part 2 §5): street 2–30, postal code 5 digits, post office ≥ 2, email, phone; all required. */
export const contactEditorSchema = z.object({
  streetAddress: contactFields.streetAddress,
  postalCode: contactFields.postalCode,
  postOffice: contactFields.postOffice,
  emailAddress: contactFields.emailAddress,
  phoneNumber: contactFields.phoneNumber,
});
export type ContactDetails = z.infer<typeof contactEditorSchema>;
