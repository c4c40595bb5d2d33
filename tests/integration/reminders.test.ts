/**
 * The appointment reminder job on the real database: which reservations it reminds at a given moment (the lead
 * time, the quiet hours, cancelled, checked-in, reserved late, turned off), that each is reminded once even when
 * two nodes run the job at the same moment, and what the SMS says in the language and brand it was reserved in.
 */
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { sendDueReminders } from "~/features/appointments/reminders.server";
import { makeTestIdentityCode } from "~/lib/identity-code";
import { FIXED_NOW, freeSlotId, useTestDatabase } from "./test-db";

const t = useTestDatabase();
const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(FIXED_NOW.getTime() + hoursFromNow * HOUR);

/** A slot of its own, moved to start `hoursFromNow`, reserved by a new person (phone +35840 and `tag`). */
async function reservation(
  tag: string,
  hoursFromNow: number,
  extra: Partial<typeof s.reservations.$inferInsert> = {},
  person: Partial<typeof s.people.$inferInsert> = {},
) {
  const slot = await freeSlotId();
  await t.db
    .update(s.appointments)
    .set({ startsAt: at(hoursFromNow) })
    .where(eq(s.appointments.id, slot));
  const [p] = await t.db
    .insert(s.people)
    .values({
      identityCode: makeTestIdentityCode(
        { year: 1970, month: 1, day: 1 + (Number(tag) % 28) },
        900 + (Number(tag) % 99),
      ),
      firstName: "Muisti",
      lastName: tag,
      birthDate: "1970-01-01",
      phoneNumber: `+35840${tag}`,
      language: "fi",
      ...person,
    })
    .returning();
  const [r] = await t.db
    .insert(s.reservations)
    .values({ appointmentId: slot, personId: p.id, reservedAt: at(-72), lang: "fi", brand: "main", ...extra })
    .returning();
  return { slot, person: p, reservation: r };
}

const smsTo = (phone: string) => t.db.select().from(s.outboxMessages).where(eq(s.outboxMessages.recipient, phone));
const run = (now: Date) => sendDueReminders(t.db, now, { environment: "development" });

describe("the reminder job", () => {
  it("reminds the day before, once, and leaves out what is not due", async () => {
    const due = await reservation("1001", 40);
    const later = await reservation("1002", 60);
    const tooSoon = await reservation("1003", 0.5);
    const lateBooking = await reservation("1004", 40, { reservedAt: at(-1) });
    const cancelled = await reservation("1005", 40, { status: "cancelled", cancelledAt: at(-2) });
    const checkedIn = await reservation("1006", 40, { checkedInAt: at(-1) });
    const turnedOff = await reservation("1007", 40, {}, { allowsBookingSms: false });
    const otherPhone = await reservation("1008", 40, { contactPhone: "+358501008" });

    const first = await run(FIXED_NOW);
    expect(first.quiet).toBe(false);
    expect((await smsTo("+358401001")).map((m) => m.body)).toEqual([
      expect.stringMatching(
        /^Muistutus: aikasi 22\.11\.2026 klo 04\.00 \(.+\), .+\. Ilmoittaudu ja katso tiedot: http:\/\/localhost:3000\/fi\/varaus\/\S+ Jos et pääse, peru aika viimeistään 21\.11\.2026 klo 04\.00\.$/,
      ),
    ]);
    for (const r of [later, tooSoon, lateBooking, cancelled, checkedIn, turnedOff])
      expect(await smsTo(r.person.phoneNumber!), r.person.lastName).toEqual([]);
    // The reservation's own contact phone, as for its confirmation.
    expect(await smsTo("+358501008")).toHaveLength(1);
    expect(await smsTo(otherPhone.person.phoneNumber!)).toEqual([]);

    // Once: the next round finds nothing new for it.
    await run(new Date(FIXED_NOW.getTime() + 10 * 60_000));
    expect(await smsTo("+358401001")).toHaveLength(1);
    const [row] = await t.db.select().from(s.reservations).where(eq(s.reservations.id, due.reservation.id));
    expect(row.remindedAt).toEqual(FIXED_NOW);
    // The one two and a half days ahead falls due half a day later, in the night: it goes out at eight.
    expect(await run(at(12.5))).toEqual({ queued: 0, quiet: true });
    await run(at(20));
    expect(await smsTo("+358401002")).toHaveLength(1);
  });

  it("sends nothing in the quiet hours, and what fell due in the night at eight", async () => {
    // 20.11.2026 is winter time: Helsinki is UTC+2, so 22.00 there is 20.00 UTC.
    const night = new Date("2026-11-20T20:00:00Z");
    const morning = new Date("2026-11-21T06:00:00Z");
    const r = await reservation("2001", (new Date("2026-11-22T12:00:00Z").getTime() - FIXED_NOW.getTime()) / HOUR);
    expect(await run(night)).toEqual({ queued: 0, quiet: true });
    expect(await run(new Date("2026-11-21T05:59:00Z"))).toEqual({ queued: 0, quiet: true });
    expect(await smsTo(r.person.phoneNumber!)).toEqual([]);
    const sent = await run(morning);
    expect(sent.quiet).toBe(false);
    expect(await smsTo(r.person.phoneNumber!)).toHaveLength(1);
  });

  it("reminds once when two nodes run the job at the same moment", async () => {
    const rs = [await reservation("3001", 10), await reservation("3002", 10), await reservation("3003", 10)];
    const [a, b] = await Promise.all([run(FIXED_NOW), run(FIXED_NOW)]);
    expect(a.queued + b.queued).toBeGreaterThanOrEqual(3);
    for (const r of rs) expect(await smsTo(r.person.phoneNumber!), r.person.lastName).toHaveLength(1);
    const all = await t.db
      .select()
      .from(s.outboxMessages)
      .where(and(like(s.outboxMessages.recipient, "+3584030%"), like(s.outboxMessages.body, "Muistutus%")));
    expect(all).toHaveLength(3);
  });

  it("speaks the reservation's language and brand, and names no practitioner nor a sensitive service", async () => {
    const sv = await reservation("4001", 20, { lang: "sv" });
    const child = await reservation("4002", 20, { lang: "en", brand: "pikkujatti" });
    await run(FIXED_NOW);
    const [svText] = (await smsTo(sv.person.phoneNumber!)).map((m) => m.body);
    expect(svText).toMatch(/^Påminnelse: din tid 21\.11\.2026 kl\. 08:00 .*http:\/\/localhost:3000\/sv\//);
    expect(svText).toMatch(/Det går inte längre att avboka på nätet; ring 030 600 5000\.$/);
    const [enText] = (await smsTo(child.person.phoneNumber!)).map((m) => m.body);
    expect(enText).toMatch(
      /^Reminder: your appointment 21 November 2026 at 08:00 \(.+\), .*http:\/\/pikkujatti\.localhost:3000\/en\//,
    );

    // Maija's psychologist, remote: the appointment's page, no service name, no practitioner.
    const [psy] = await t.db
      .select({ id: s.appointments.id, practitioner: s.practitioners.name })
      .from(s.appointments)
      .innerJoin(s.reservations, eq(s.reservations.appointmentId, s.appointments.id))
      .innerJoin(s.practitioners, eq(s.practitioners.id, s.appointments.practitionerId))
      .where(eq(s.appointments.specialtyId, "PSY"))
      .limit(1);
    await t.db
      .update(s.appointments)
      .set({ startsAt: at(22) })
      .where(eq(s.appointments.id, psy.id));
    const maija = t.person("patient");
    await run(FIXED_NOW);
    const texts = (await smsTo(maija.phoneNumber!)).map((m) => m.body);
    const psyText = texts.find((b) => b.includes(`/fi/ajanvaraukset/${psy.id}`));
    expect(psyText, texts.join("\n")).toMatch(/^Muistutus: etävastaanottosi 21\.11\.2026 klo 10\.00\. Tiedot: /);
    expect(psyText).not.toMatch(/Psykolog|Psychologist/);
    expect(psyText).not.toContain(psy.practitioner);
  });
});
