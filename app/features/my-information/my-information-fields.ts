/**
 * The fields of My information's guardian forms as the page shows and posts them: their order (the error summary's
 * too) and names. Without zod, so the page's script does not carry the forms' schemas (my-information.schema.ts);
 * apart from the contact form's fields (contact-form.tsx), so the script of the page's first tab does not carry them.
 */

/** The forms of the page, as its posts and their answers name them. */
export type MyInformationForm = "contact" | "guardianOwn" | "guardians" | "consent" | "smsLogin";

/** At most two guardians (spec part 1 §9); the first cannot be removed. */
export const MAX_GUARDIANS = 2;

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
