/**
 * Real ids from the demo data for filling route parameters: the patient's own upcoming appointment, another
 * person's, a free slot, and a clinic-door token.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import * as s from "~/.server/db/schema";
import { doorToken } from "~/features/appointments/door.server";
import { FIXED_NOW, freeSlotId, type TestDatabase } from "./test-db";

export type Ids = { own: number; foreign: number; freeSlot: number; token: string };

export async function findIds(t: TestDatabase): Promise<Ids> {
  const patient = t.person("patient");
  const [own] = await t.db
    .select({ id: s.reservations.appointmentId })
    .from(s.reservations)
    .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
    .where(
      and(
        eq(s.reservations.personId, patient.id),
        eq(s.reservations.status, "active"),
        eq(s.appointments.locationType, "physicalLocation"),
        gt(s.appointments.startsAt, FIXED_NOW),
      ),
    )
    .orderBy(s.appointments.startsAt)
    .limit(1);
  const [foreign] = await t.db
    .select({ id: s.reservations.appointmentId })
    .from(s.reservations)
    .where(eq(s.reservations.personId, t.person("youngChild").id))
    .limit(1);
  const free = { id: await freeSlotId(eq(s.appointments.requiresAuthToReserve, false)) };
  const [door] = await t.db
    .select({ appointmentId: s.reservations.appointmentId, id: s.reservations.id })
    .from(s.reservations)
    .where(and(eq(s.reservations.personId, t.person("smsUser").id), eq(s.reservations.status, "active")))
    .orderBy(sql`${s.reservations.reservedAt}`)
    .limit(1);
  if (!own || !foreign || !free || !door) throw new Error("the seed lacks the appointments the fuzz test needs");
  return { own: own.id, foreign: foreign.id, freeSlot: free.id, token: doorToken(door.appointmentId, door.id) };
}
