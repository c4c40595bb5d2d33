import { eq } from "drizzle-orm";
import { logAccess } from "~/.server/access-log";
import { now } from "~/.server/clock";
import { db, type Transaction } from "~/.server/db/client";
import { guardianContacts, guardianships, people, sessions } from "~/.server/db/schema";
import type { SessionState } from "~/.server/session";
import { parseIdentityCode } from "~/lib/identity-code";
import type { Lang } from "~/lib/lang";
import { registrationSchema } from "./registration.schema";

export type PendingRegistration = {
  idHash: string;
  identityCode: string;
  firstName?: string;
  lastName?: string;
  /** A guardian registering a child named by their mandate (spec part 2 §2). */
  guardianId?: string;
};

/** The identified person waiting to register, or null when the session is not in that state. */
export function pendingRegistration(session: SessionState): PendingRegistration | null {
  if (session.status !== "valid" || session.user || !session.row.pendingIdentity) return null;
  return { idHash: session.idHash, ...session.row.pendingIdentity };
}

/** The registration form's rules for this person: names are asked only when identification did not give them. */
export function registrationSchemaFor(pending: PendingRegistration) {
  return registrationSchema(!!(pending.firstName && pending.lastName));
}

/**
 * Creates the patient record and turns the session into a logged-in one, in one transaction. If the identity
 * code was registered meanwhile (another tab), that record is used instead of failing.
 */
export async function register(
  pending: PendingRegistration,
  details: {
    firstName?: string;
    lastName?: string;
    streetAddress: string;
    postalCode: string;
    postOffice: string;
    phoneNumber: string;
    emailAddress: string;
  },
  lang: Lang,
): Promise<string> {
  const parsed = parseIdentityCode(pending.identityCode, { allowDevelopmentCodes: true });
  if (!parsed.ok) throw new Error("pending identity code is not valid");
  const b = parsed.value.birthDate;
  const personId = await db().transaction(async (tx) => {
    const [created] = await tx
      .insert(people)
      .values({
        identityCode: parsed.value.code,
        firstName: pending.firstName ?? details.firstName!,
        lastName: pending.lastName ?? details.lastName!,
        birthDate: `${b.year}-${String(b.month).padStart(2, "0")}-${String(b.day).padStart(2, "0")}`,
        streetAddress: details.streetAddress,
        postalCode: details.postalCode,
        postOffice: details.postOffice,
        phoneNumber: details.phoneNumber,
        emailAddress: details.emailAddress,
        language: lang,
      })
      .onConflictDoNothing({ target: people.identityCode })
      .returning({ id: people.id });
    const id =
      created?.id ??
      (await tx.select({ id: people.id }).from(people).where(eq(people.identityCode, parsed.value.code)))[0].id;
    // A child registered through a guardian: the guardian is logged in, acting for the child.
    if (pending.guardianId) await recordGuardianOfNewChild(tx, pending.guardianId, id);
    await tx
      .update(sessions)
      .set({ userId: pending.guardianId ?? id, actingPersonId: id, pendingIdentity: null })
      .where(eq(sessions.idHash, pending.idHash));
    return id;
  });
  await logAccess({
    actorId: pending.guardianId ?? personId,
    subjectId: personId,
    resource: "contact-info",
    action: "write",
  });
  return personId;
}

/** A guardian registering a child starts from the guardian's own contact details; anyone else from nothing. */
export async function registrationDefaults(pending: PendingRegistration) {
  if (!pending.guardianId) return null;
  const [guardian] = await db().select().from(people).where(eq(people.id, pending.guardianId));
  if (!guardian) return null;
  return {
    streetAddress: guardian.streetAddress ?? "",
    postalCode: guardian.postalCode ?? "",
    postOffice: guardian.postOffice ?? "",
    phoneNumber: guardian.phoneNumber ?? "",
    emailAddress: guardian.emailAddress ?? "",
  };
}

/**
 * Registration of a child through a guardian (spec part 2 §2), inside the registration's transaction: records the
 * guardianship the mandate proved, and keeps the guardian's own details as the child's first guardian's contact.
 */
async function recordGuardianOfNewChild(tx: Transaction, guardianId: string, childId: string) {
  await tx.insert(guardianships).values({ guardianId, childId }).onConflictDoNothing();
  const [guardian] = await tx.select().from(people).where(eq(people.id, guardianId));
  const [child] = await tx.select().from(people).where(eq(people.id, childId));
  if (!guardian || !child) return;
  const same =
    guardian.streetAddress === child.streetAddress &&
    guardian.postalCode === child.postalCode &&
    guardian.postOffice === child.postOffice;
  await tx
    .insert(guardianContacts)
    .values({
      personId: childId,
      position: 1,
      name: `${guardian.lastName} ${guardian.firstName}`.slice(0, 40),
      phoneNumber: guardian.phoneNumber ?? "",
      emailAddress: guardian.emailAddress ?? "",
      sameAddress: same,
      streetAddress: same ? null : guardian.streetAddress,
      postalCode: same ? null : guardian.postalCode,
      postOffice: same ? null : guardian.postOffice,
      updatedAt: now(),
    })
    .onConflictDoNothing();
}
