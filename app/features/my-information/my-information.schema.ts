import { z } from "zod";
import { contactFields, guardianFields } from "~/lib/contact-fields";
import { LANGS } from "~/lib/lang";
import { MAX_GUARDIANS } from "./my-information-fields";

/**
 * The forms of My information (spec part 1 §5), shared by the page's actions and the JSON calls, so a call
 * enforces exactly what the page does. Messages are i18n keys.
 */

/**
 * The contact form: e-mail (max 78), phone (max 15, 0 → +358, spaces removed), street (2–30), postal code
 * (exactly 5 digits), post office (2–30) and the language (fi, sv, en). The names are shown, not sent. A call may
 * leave the language out to keep it as it is; the page's radios always send one.
 */
export const contactFormSchema = z.object({
  // The order of the booking contact editor's schema, so both report the same errors in the same order.
  streetAddress: contactFields.streetAddress,
  zipCode: contactFields.postalCode,
  postOffice: contactFields.postOffice,
  emailAddress: contactFields.emailAddress,
  phoneNumber: contactFields.phoneNumber,
  language: z.enum(LANGS, { error: "contact.errors.language" }).optional(),
});
export type ContactForm = z.output<typeof contactFormSchema>;

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

/** A guardian's own address: street (max 30), postal code (exactly 5 digits) and post office (max 30). */
const guardianAddressSchema = z.object({
  streetAddress: guardianFields.streetAddress,
  zipCode: guardianFields.postalCode,
  postOffice: guardianFields.postOffice,
});

/** The fields of an entry besides the address, and whether the guardian shares the child's address. */
const guardianContactSchema = z.object({
  name: guardianFields.name,
  phoneNumber: guardianFields.phoneNumber,
  emailAddress: guardianFields.emailAddress,
  isGuardianHasSameAddress: checkbox,
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * One guardian entry (spec part 1 §5 "Guardian entry"): name (max 40), phone, e-mail (max 100) and, unless the
 * guardian shares the child's address, street (max 30), postal code (exactly 5 digits) and post office (max 30).
 * With the same address the address fields are ignored, whatever they hold. The contact fields and the address are
 * checked apart and their errors reported together, so one answer has every error of the entry: a refinement of
 * the whole object would not run after a failed field (zod skips it, even with `when`, once a field's rule aborts).
 */
export const guardianEntrySchema = z.unknown().transform((input, ctx): GuardianAddress => {
  const contact = guardianContactSchema.safeParse(input);
  const fields = isRecord(input) ? input : null;
  const sameAddress = checkbox.parse(fields?.isGuardianHasSameAddress);
  // A call may leave the address out: then it is empty.
  const address =
    fields && !sameAddress
      ? guardianAddressSchema.safeParse({
          streetAddress: fields.streetAddress ?? "",
          zipCode: fields.zipCode ?? "",
          postOffice: fields.postOffice ?? "",
        })
      : null;
  const issues = [...(contact.error?.issues ?? []), ...(address?.error?.issues ?? [])];
  for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  if (!contact.success || (address && !address.success)) return z.NEVER;
  const noAddress = { streetAddress: null, zipCode: null, postOffice: null };
  return { ...contact.data, ...(address?.data ?? noAddress) };
});

type GuardianAddress = {
  name: string;
  phoneNumber: string;
  emailAddress: string;
  isGuardianHasSameAddress: boolean;
  streetAddress: string | null;
  zipCode: string | null;
  postOffice: string | null;
};
export type GuardianEntry = GuardianAddress;

/** The guardians list: one or two entries. */
export const guardiansSchema = z
  .array(guardianEntrySchema, { error: "contact.errors.guardians" })
  .min(1, "contact.errors.guardians")
  .max(MAX_GUARDIANS, "contact.errors.guardians");
