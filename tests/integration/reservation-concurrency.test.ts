import { and, eq, gt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { isOneActiveViolation } from "~/.server/db/errors";
import { reserveAppointment } from "~/features/booking/reservation.server";
import { makeTestIdentityCode } from "~/lib/identity-code";
import { FIXED_NOW, ORIGIN, useTestDatabase } from "./test-db";

const t = useTestDatabase();

/** A free private slot, days ahead, that nobody holds. */
async function freeSlot(offsetDays = 3) {
  const [slot] = await t.db
    .select({ id: s.appointments.id })
    .from(s.appointments)
    .where(
      and(
        gt(s.appointments.startsAt, new Date(FIXED_NOW.getTime() + offsetDays * 86_400_000)),
        eq(s.appointments.requiresAuthToReserve, false),
        sql`'private' = any(${s.appointments.careTypes})`,
        sql`not exists (select 1 from reservations r where r.appointment_id = ${s.appointments.id})`,
      ),
    )
    .orderBy(s.appointments.startsAt)
    .limit(1);
  return slot.id;
}

async function createPeople(n: number, first = 0) {
  const rows = Array.from({ length: n }, (_, j) => j + first).map((i) => ({
    identityCode: makeTestIdentityCode({ year: 1970 + (i % 30), month: 1 + (i % 12), day: 1 + (i % 28) }, 930 + i),
    firstName: `Testi${i}`,
    lastName: "Varaaja",
    birthDate: `${1970 + (i % 30)}-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
    phoneNumber: "+358401112233",
    patientDataConsent: "ok" as const,
  }));
  return t.db.insert(s.people).values(rows).returning();
}

describe("no double booking", () => {
  it("of 50 concurrent reservations of one slot by 50 different people exactly one succeeds", async () => {
    const slotId = await freeSlot();
    const people = await createPeople(50);
    const started = performance.now();
    // Different people, so neither the per-person lock nor tooManyReservations can decide: only the database's
    // unique index can keep the slot single.
    const results = await Promise.all(
      people.map((p) =>
        reserveAppointment(t.db, {
          reserver: { channel: "portal", personId: p.id, actorId: p.id },
          appointmentId: slotId,
          careType: "private",
          contactPhone: "+358401112233",
          contactEmail: "test@example.com",
          brand: { id: "main", origin: ORIGIN },
          now: FIXED_NOW,
        }),
      ),
    );
    const elapsed = Math.round(performance.now() - started);
    const tally = results.reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [r.type]: (acc[r.type] ?? 0) + 1 }),
      {},
    );
    console.info(`[${t.kind}] 50 concurrent reservations of one slot: ${JSON.stringify(tally)} in ${elapsed} ms`);
    expect(tally).toEqual({ success: 1, appointmentNotAvailable: 49 });

    const active = await t.db
      .select()
      .from(s.reservations)
      .where(and(eq(s.reservations.appointmentId, slotId), eq(s.reservations.status, "active")));
    expect(active).toHaveLength(1);
    const winner = results.find((r) => r.type === "success")!;
    expect(winner.type === "success" && winner.reservationDetails.reservationId).toBe(active[0].id);
    // One confirmation SMS only: the losers' transactions left nothing behind.
    const sms = await t.db
      .select()
      .from(s.outboxMessages)
      .where(
        sql`${s.outboxMessages.body} like '%' || ${winner.type === "success" ? winner.reservationDetails.token : "-"} || '%'`,
      );
    expect(sms).toHaveLength(1);
    const logs = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.resource, "reservation"), eq(s.accessLog.resourceId, String(slotId))));
    expect(logs).toHaveLength(1);
  });

  it("the database itself refuses a second active reservation of a slot (the constraint, not only code)", async () => {
    const slotId = await freeSlot(5);
    const [a, b] = await createPeople(2, 60);
    await t.db.insert(s.reservations).values({ appointmentId: slotId, personId: a.id, status: "active" });
    let error: unknown = null;
    try {
      await t.db.execute(
        sql`insert into reservations (appointment_id, person_id, status) values (${slotId}, ${b.id}, 'active')`,
      );
    } catch (e) {
      error = e;
    }
    expect(error).not.toBeNull();
    expect(isOneActiveViolation(error)).toBe(true);
    // A cancelled reservation does not hold the slot: after cancelling, it can be reserved again.
    await t.db.update(s.reservations).set({ status: "cancelled" }).where(eq(s.reservations.appointmentId, slotId));
    await t.db.execute(
      sql`insert into reservations (appointment_id, person_id, status) values (${slotId}, ${b.id}, 'active')`,
    );
    const active = await t.db
      .select()
      .from(s.reservations)
      .where(and(eq(s.reservations.appointmentId, slotId), eq(s.reservations.status, "active")));
    expect(active.map((r) => r.personId)).toEqual([b.id]);
  });
});
