import { and, asc, eq, exists, or } from "drizzle-orm";
import { logAccess } from "~/.server/access-log";
import { now } from "~/.server/clock";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { reportError } from "~/.server/error-reporting";
import type { Person } from "~/.server/session";
import { CONSENT_CHOICES, type ConsentChoice } from "~/features/account/consent-choices";
import type { UserSession } from "~/.server/guards";
import { contactFormSchema, guardiansSchema, type ContactForm, type GuardianEntry } from "./my-information.schema";

/**
 * My information (spec part 1 §2–§5): the one service behind the page's forms and the calls POST /api/user,
 * POST /api/user/guardian and POST /api/user/register (a child through a guardian). Everything is scoped to the
 * session's people: the acting person's details and guardians, or the logged-in guardian's own details.
 */

/** A save's outcome: saved, the form's field errors (i18n keys by dotted path), or a failure to report. */
export type SaveResult = { type: "saved" } | { type: "invalid"; errors: Record<string, string> } | { type: "failed" };

/** The first message of each field: `{ "zipCode": "contact.errors.postalCode", "guardians.1.name": … }`. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix = "") {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[prefix + issue.path.map(String).join(".")] ??= issue.message;
  return errors;
}

/** The contact form's values of a person, as the page shows them. */
export function contactValues(p: Person) {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    emailAddress: p.emailAddress ?? "",
    phoneNumber: p.phoneNumber ?? "",
    streetAddress: p.streetAddress ?? "",
    zipCode: p.postalCode ?? "",
    postOffice: p.postOffice ?? "",
    language: p.language,
  };
}

/** Whether the person has a guardian: a recorded guardianship, or guardians' contact details kept already. */
export async function hasGuardian(db: Database, personId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: s.people.id })
    .from(s.people)
    .where(
      and(
        eq(s.people.id, personId),
        or(
          exists(db.select().from(s.guardianships).where(eq(s.guardianships.childId, personId))),
          exists(db.select().from(s.guardianContacts).where(eq(s.guardianContacts.personId, personId))),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * The guardians' contact details of a person: those kept in My information, or, before any are kept, the first
 * recorded guardian's own details (name as last name then first names).
 */
export async function guardiansOf(db: Database, personId: string): Promise<GuardianEntry[]> {
  const kept = await db
    .select()
    .from(s.guardianContacts)
    .where(eq(s.guardianContacts.personId, personId))
    .orderBy(asc(s.guardianContacts.position));
  if (kept.length)
    return kept.map((g) => ({
      name: g.name,
      phoneNumber: g.phoneNumber,
      emailAddress: g.emailAddress,
      isGuardianHasSameAddress: g.sameAddress,
      streetAddress: g.streetAddress,
      zipCode: g.postalCode,
      postOffice: g.postOffice,
    }));
  const [recorded] = await db
    .select({ guardian: s.people })
    .from(s.guardianships)
    .innerJoin(s.people, eq(s.people.id, s.guardianships.guardianId))
    .where(eq(s.guardianships.childId, personId))
    .orderBy(asc(s.people.lastName), asc(s.people.firstName))
    .limit(1);
  if (!recorded) return [];
  const [child] = await db.select().from(s.people).where(eq(s.people.id, personId));
  const g = recorded.guardian;
  const same =
    !!child &&
    g.streetAddress === child.streetAddress &&
    g.postalCode === child.postalCode &&
    g.postOffice === child.postOffice;
  return [
    {
      name: `${g.lastName} ${g.firstName}`.slice(0, 40),
      phoneNumber: g.phoneNumber ?? "",
      emailAddress: g.emailAddress ?? "",
      isGuardianHasSameAddress: same,
      streetAddress: same ? null : g.streetAddress,
      zipCode: same ? null : g.postalCode,
      postOffice: same ? null : g.postOffice,
    },
  ];
}

/** Everything the page shows for the session: the acting person's details, guardians and consents. */
export async function loadMyInformation(db: Database, session: UserSession) {
  const person = session.actingPerson;
  const guardianTab = await hasGuardian(db, person.id);
  return {
    contact: contactValues(person),
    actingForChild: person.id !== session.user.id,
    /** A guardian acting for a child keeps their own details too (spec part 1 §2), beside the child's. */
    ownContact: person.id !== session.user.id ? contactValues(session.user) : null,
    guardians: guardianTab ? await guardiansOf(db, person.id) : null,
    consent: {
      updated: !!person.patientDataConsentUpdatedAt,
      choices: Object.fromEntries(CONSENT_CHOICES.map((c) => [c, person[c]])) as Record<ConsentChoice, boolean>,
    },
  };
}

async function writeContact(db: Database, actorId: string, personId: string, form: ContactForm) {
  await db.transaction(async (tx) => {
    await tx
      .update(s.people)
      .set({
        emailAddress: form.emailAddress,
        phoneNumber: form.phoneNumber,
        streetAddress: form.streetAddress,
        postalCode: form.zipCode,
        postOffice: form.postOffice,
        ...(form.language ? { language: form.language } : {}),
      })
      .where(eq(s.people.id, personId));
    await logAccess({ actorId, subjectId: personId, action: "write", resource: "contact-info" }, tx);
  });
}

async function writeGuardians(db: Database, actorId: string, personId: string, entries: GuardianEntry[]) {
  const at = now();
  await db.transaction(async (tx) => {
    await tx.delete(s.guardianContacts).where(eq(s.guardianContacts.personId, personId));
    await tx.insert(s.guardianContacts).values(
      entries.map((g, i) => ({
        personId,
        position: i + 1,
        name: g.name,
        phoneNumber: g.phoneNumber,
        emailAddress: g.emailAddress,
        sameAddress: g.isGuardianHasSameAddress,
        streetAddress: g.streetAddress,
        postalCode: g.zipCode,
        postOffice: g.postOffice,
        updatedAt: at,
      })),
    );
    await logAccess({ actorId, subjectId: personId, action: "write", resource: "guardians" }, tx);
  });
}

async function attempt(operation: string, write: () => Promise<void>): Promise<SaveResult> {
  try {
    await write();
    return { type: "saved" };
  } catch (error) {
    reportError(error, { operation });
    return { type: "failed" };
  }
}

/**
 * Saves the acting person's contact details and, when given, their guardians' (the page's contact form, its
 * guardians form, and POST /api/user with an optional `guardians` list). A guardians list for a person without a
 * guardian is refused as a field error.
 */
export async function saveUserInformation(
  db: Database,
  session: UserSession,
  body: { contact?: Record<string, unknown>; guardians?: unknown },
): Promise<SaveResult> {
  const errors: Record<string, string> = {};
  let contact: ContactForm | null = null;
  if (body.contact) {
    const parsed = contactFormSchema.safeParse(body.contact);
    if (parsed.success) contact = parsed.data;
    else Object.assign(errors, fieldErrors(parsed.error.issues));
  }
  let guardians: GuardianEntry[] | null = null;
  if (body.guardians !== undefined) {
    const parsed = guardiansSchema.safeParse(body.guardians);
    if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error.issues, "guardians."));
    else if (!(await hasGuardian(db, session.actingPerson.id))) errors.guardians = "contact.errors.guardians";
    else guardians = parsed.data;
  }
  if (Object.keys(errors).length) return { type: "invalid", errors };
  return attempt("saveUserInformation", async () => {
    if (contact) await writeContact(db, session.user.id, session.actingPerson.id, contact);
    if (guardians) await writeGuardians(db, session.user.id, session.actingPerson.id, guardians);
  });
}

/**
 * A guardian's own details while acting for a child (POST /api/user/guardian, spec part 1 §2 and §7): only after
 * strong identification, and only the logged-in guardian's own record; the names come from identification.
 */
export async function saveGuardianOwnDetails(
  db: Database,
  session: UserSession,
  body: Record<string, unknown>,
): Promise<SaveResult | { type: "forbidden" }> {
  if (!session.row.acr || session.actingPerson.id === session.user.id) return { type: "forbidden" };
  const parsed = contactFormSchema.safeParse(body);
  if (!parsed.success) return { type: "invalid", errors: fieldErrors(parsed.error.issues) };
  return attempt("saveGuardianOwnDetails", () => writeContact(db, session.user.id, session.user.id, parsed.data));
}

/** Removes the second guardian of the acting person (the first cannot be removed); false when there is none. */
export async function removeSecondGuardian(db: Database, session: UserSession): Promise<SaveResult | null> {
  const personId = session.actingPerson.id;
  const [second] = await db
    .select({ id: s.guardianContacts.id })
    .from(s.guardianContacts)
    .where(and(eq(s.guardianContacts.personId, personId), eq(s.guardianContacts.position, 2)));
  if (!second) return null;
  return attempt("removeSecondGuardian", () =>
    db.transaction(async (tx) => {
      await tx.delete(s.guardianContacts).where(eq(s.guardianContacts.id, second.id));
      await logAccess({ actorId: session.user.id, subjectId: personId, action: "write", resource: "guardians" }, tx);
    }),
  );
}
