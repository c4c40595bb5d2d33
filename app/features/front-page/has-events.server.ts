import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";

/**
 * Whether the person has anything the portal shows them: a reservation of any status, a visit, an invoice, a
 * message thread, a lab or imaging result, a referral, a prescription, a questionnaire, a vaccination or a
 * certificate. Results and visits count only when the patient may see them (the professional-only ones never show).
 *
 * A boolean SQL expression of EXISTS subqueries, each on an index that starts with the person: the database stops
 * at the first row it finds. The front page puts it in its own statement, so the check costs no extra round trip.
 */
export function hasEventsSql(personId: string): SQL {
  return sql`(
    exists (select 1 from reservations r where r.person_id = ${personId})
    or exists (select 1 from visits v where v.person_id = ${personId} and v.view_restriction = 'patient')
    or exists (select 1 from invoices i where i.person_id = ${personId})
    or exists (select 1 from threads th where th.person_id = ${personId})
    or exists (select 1 from lab_results l where l.person_id = ${personId} and l.view_restriction = 'patient')
    or exists (select 1 from imaging_results im where im.person_id = ${personId} and im.view_restriction = 'patient')
    or exists (select 1 from referrals rf where rf.person_id = ${personId})
    or exists (select 1 from prescriptions p where p.person_id = ${personId})
    or exists (select 1 from questionnaire_invitations q where q.person_id = ${personId})
    or exists (select 1 from vaccinations va where va.person_id = ${personId})
    or exists (select 1 from certificates c where c.person_id = ${personId})
  )`;
}

/** The same check on its own, in one round trip. */
export async function hasEvents(db: Database, personId: string): Promise<boolean> {
  const result = await db.execute(sql`select ${hasEventsSql(personId)} as "hasEvents"`);
  const row = (result as unknown as { rows: { hasEvents: boolean }[] }).rows[0];
  return row?.hasEvents === true;
}

/**
 * The front page gives way to the new customer page when the acting person has nothing to show yet, unless the
 * front page has something to do for them: the SMS-login prompt lives on the front page alone.
 */
export function showsNewCustomerPage(state: { hasEvents: boolean }, onboarding: unknown): boolean {
  return !state.hasEvents && !onboarding;
}
