import { z } from "zod";
import { contactFields, emailField, finnishPhoneField } from "~/lib/contact-fields";
import { IDENTITY_CODE_LENGTH, parseIdentityCode } from "~/lib/identity-code";
import { textField } from "~/lib/text-field";

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
    // The second phone and e-mail rules of spec part 1 §5 (see ~/lib/contact): a Finnish number that is not a
    // service number, and one mailbox; at most 20 and 100 characters.
    phone: finnishPhoneField({ invalid: ANON_ERRORS.phone, tooLong: ANON_ERRORS.phone }),
    emailAddress: emailField({ invalid: ANON_ERRORS.emailAddress, tooLong: ANON_ERRORS.emailAddress }),
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
