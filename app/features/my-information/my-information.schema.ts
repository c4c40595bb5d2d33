import { z } from "zod";
import { contactFields, guardianFields } from "~/lib/contact";
import { LANGS } from "~/lib/lang";

/**
 * The forms of My information (spec part 1 §5), shared by the page's actions and the JSON calls, so a call
 * enforces exactly what the page does. Messages are i18n keys.
 */

/** At most two guardians (spec part 1 §9); the first cannot be removed. */
export const MAX_GUARDIANS = 2;

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

/** The fields of the contact form, in the order the page shows them (and the error summary lists them). */
export const CONTACT_FIELDS = ["emailAddress", "phoneNumber", "streetAddress", "zipCode", "postOffice"] as const;

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

/**
 * One guardian entry (spec part 1 §5 "Guardian entry"): name (max 40), phone, e-mail (max 100) and, unless the
 * guardian shares the child's address, street (max 30), postal code (exactly 5 digits) and post office (max 30).
 * With the same address the address fields are ignored, whatever they hold.
 */
export const guardianEntrySchema = z
  .object({
    name: guardianFields.name,
    phoneNumber: guardianFields.phoneNumber,
    emailAddress: guardianFields.emailAddress,
    isGuardianHasSameAddress: checkbox,
    streetAddress: z.unknown().optional(),
    zipCode: z.unknown().optional(),
    postOffice: z.unknown().optional(),
  })
  .transform((entry, ctx) => {
    const base = {
      name: entry.name,
      phoneNumber: entry.phoneNumber,
      emailAddress: entry.emailAddress,
      isGuardianHasSameAddress: entry.isGuardianHasSameAddress,
    };
    if (entry.isGuardianHasSameAddress)
      return { ...base, streetAddress: null, zipCode: null, postOffice: null } as GuardianAddress;
    const address = z
      .object({
        streetAddress: guardianFields.streetAddress,
        zipCode: guardianFields.postalCode,
        postOffice: guardianFields.postOffice,
      })
      .safeParse({
        streetAddress: entry.streetAddress ?? "",
        zipCode: entry.zipCode ?? "",
        postOffice: entry.postOffice ?? "",
      });
    if (!address.success) {
      for (const issue of address.error.issues)
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { ...base, ...address.data } as GuardianAddress;
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

/** The fields of a guardian entry, in the order the page shows them. */
export const GUARDIAN_FIELDS = [
  "name",
  "phoneNumber",
  "emailAddress",
  "isGuardianHasSameAddress",
  "streetAddress",
  "zipCode",
  "postOffice",
] as const;

/** The page's field name (and id) of a guardian entry's field: `guardian-1-name`. */
export function guardianFieldName(index: number, field: (typeof GUARDIAN_FIELDS)[number]): string {
  return `guardian-${index + 1}-${field}`;
}

/**
 * The guardians list as the page's form posts it: `guardian-1-name`, `guardian-2-phoneNumber`… An entry is there
 * when its name field is (a removed second guardian simply is not posted).
 */
export function guardiansFromForm(form: Record<string, unknown>): Record<string, unknown>[] {
  const entries: Record<string, unknown>[] = [];
  for (let i = 0; i < MAX_GUARDIANS; i++) {
    if (form[guardianFieldName(i, "name")] === undefined) continue;
    const entry: Record<string, unknown> = {};
    for (const field of GUARDIAN_FIELDS) {
      const value = form[guardianFieldName(i, field)];
      if (value !== undefined) entry[field] = value;
    }
    entries.push(entry);
  }
  return entries;
}
