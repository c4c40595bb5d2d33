import { logAccess } from "~/.server/access-log";
import { eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { reportError } from "~/.server/error-reporting";
import type { Person } from "~/.server/session";
import { maskIdentityCode } from "~/lib/identity-code";
import { contactEditorSchema, type ContactDetails } from "./reservation.schema";

/**
 * The reservation page's contact editor form: the typed values (to show again) and either the details to save or
 * the first error key of each field.
 */
export function readContactEditorForm(
  form: FormData,
): { values: Record<string, string> } & ({ details: ContactDetails } | { errors: Record<string, string> }) {
  const values = Object.fromEntries(
    [...form].filter(([k, v]) => k !== "csrfToken" && k !== "intent" && typeof v === "string"),
  ) as Record<string, string>;
  const parsed = contactEditorSchema.safeParse(values);
  if (parsed.success) return { values, details: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { values, errors };
}

/** The contact details of a person as the editor shows them, and whether they pass the editor's rules. */
export function contactOf(person: Person) {
  const values = {
    streetAddress: person.streetAddress ?? "",
    postalCode: person.postalCode ?? "",
    postOffice: person.postOffice ?? "",
    emailAddress: person.emailAddress ?? "",
    phoneNumber: person.phoneNumber ?? "",
  };
  return { values, valid: contactEditorSchema.safeParse(values).success };
}

/** Saves the acting person's contact details; null when the database write failed (the editor says so). */
export async function saveContactDetails(
  db: Database,
  actorId: string,
  personId: string,
  details: ContactDetails,
): Promise<Person | null> {
  try {
    const [updated] = await db.transaction(async (tx) => {
      const rows = await tx.update(s.people).set(details).where(eq(s.people.id, personId)).returning();
      await logAccess({ actorId, subjectId: personId, action: "write", resource: "contact-info" }, tx);
      return rows;
    });
    return updated ?? null;
  } catch (error) {
    reportError(error, { operation: "saveContactDetails" });
    return null;
  }
}

/** The spec's patient object (part 2 §3), with the identity code masked. */
export function patientJson(p: Person) {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    ssn: maskIdentityCode(p.identityCode),
    email: p.emailAddress,
    phoneNumber: p.phoneNumber,
    postalAddress: { street: p.streetAddress, postalCode: p.postalCode, postOffice: p.postOffice },
    patientDataConsentFormUpdated: p.patientDataConsentUpdatedAt?.toISOString() ?? null,
  };
}
