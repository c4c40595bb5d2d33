import { eq } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/client";
import { people } from "~/.server/db/schema";
import type { ConsentChoice } from "./consent";

/** Records the person's patient-data consent and choices. */
export async function saveConsent(tx: Database | Transaction, personId: string, choices: Record<ConsentChoice, boolean>, now: Date) {
  await tx
    .update(people)
    .set({ ...choices, patientDataConsent: "ok", patientDataConsentUpdatedAt: now })
    .where(eq(people.id, personId));
}
