import { eq } from "drizzle-orm";
import { logAccess } from "~/.server/access-log";
import type { Database, Transaction } from "~/.server/db/client";
import { people } from "~/.server/db/schema";
import { CONSENT_CHOICES, consentChoicesFor, type ConsentChoice } from "./consent-choices";

/** Records the person's patient-data consent and choices. */
export async function saveConsent(
  tx: Database | Transaction,
  personId: string,
  choices: Record<ConsentChoice, boolean>,
  now: Date,
) {
  await tx
    .update(people)
    .set({ ...choices, patientDataConsent: "ok", patientDataConsentUpdatedAt: now })
    .where(eq(people.id, personId));
}

/**
 * The consent page's and the call's save for the acting person: only a choice given as `true` that the brand offers
 * is recorded as given, and the write goes to the access log.
 */
export async function saveActingPersonConsent(
  tx: Database,
  session: { user: { id: string }; actingPerson: { id: string } },
  brandId: string,
  given: Partial<Record<ConsentChoice, unknown>>,
  now: Date,
) {
  const offered = new Set(consentChoicesFor(brandId));
  const choices = Object.fromEntries(CONSENT_CHOICES.map((c) => [c, offered.has(c) && given[c] === true])) as Record<
    ConsentChoice,
    boolean
  >;
  await saveConsent(tx, session.actingPerson.id, choices, now);
  await logAccess({
    actorId: session.user.id,
    subjectId: session.actingPerson.id,
    resource: "consent",
    action: "write",
  });
}
