/**
 * The earlier-appointment offer on the real database, through the real request handler where a page is involved:
 * asking on the appointment's page without JavaScript, the job offering a freed slot to the first in line only, the
 * hold (nobody else may reserve the slot), expiry passing it on, taking it (one transaction: the old reservation
 * cancelled, the new one active), the used, expired and foreign links, and two nodes running the job at once.
 */
import { and, eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { offerEarlierTimes } from "~/features/appointments/earlier-time-job.server";
import { reserveAppointment } from "~/features/booking/reservation.server";
import { makeTestIdentityCode } from "~/lib/identity-code";
import { helsinkiToday } from "~/lib/format";
import { sendAsBrowser } from "./request-handler";
import { FIXED_NOW, clockAt, login, useTestDatabase } from "./test-db";

const t = useTestDatabase();
const csrf = newCsrfCookieValue();
const DAY = 86_400_000;
const at = (days: number) => new Date(FIXED_NOW.getTime() + days * DAY);
const day = (days: number) => helsinkiToday(at(days));
const run = (now: Date = FIXED_NOW) => offerEarlierTimes(t.db, now);

let counter = 0;

/** A clinic and a practitioner of their own for one test, so that no seeded slot matches its requests. */
async function clinic() {
  const n = ++counter;
  const clinicId = `TEST-${n}`;
  const practitionerId = `P-TEST-${n}`;
  await t.db.insert(s.clinics).values({ id: clinicId, name: `Testiklinikka ${n}`, municipality: "Helsinki" });
  await t.db.insert(s.practitioners).values({
    id: practitionerId,
    name: `Tohtori Testinen ${n}`,
    titleFi: "Lääkäri",
    titleSv: "Läkare",
    titleEn: "Doctor",
    specialtyId: "YLE",
  });
  const slot = async (days: number) => {
    const [a] = await t.db
      .insert(s.appointments)
      .values({ clinicId, practitionerId, specialtyId: "YLE", startsAt: at(days), durationMinutes: 30 })
      .returning({ id: s.appointments.id });
    return a.id;
  };
  return { clinicId, practitionerId, practitionerName: `Tohtori Testinen ${n}`, slot };
}

/** A new person with the phone +35850<tag> and the patient-data consent given. */
async function person(tag: number) {
  const [p] = await t.db
    .insert(s.people)
    .values({
      identityCode: makeTestIdentityCode({ year: 1971, month: 1 + (tag % 12), day: 1 + (tag % 28) }, 900 + (tag % 99)),
      firstName: "Jono",
      lastName: `Testi${tag}`,
      birthDate: "1971-01-01",
      phoneNumber: `+35850${tag}`,
      patientDataConsent: "ok",
    })
    .returning();
  return p;
}

async function hold(personId: string, appointmentId: number) {
  const [r] = await t.db
    .insert(s.reservations)
    .values({
      appointmentId,
      personId,
      channel: "portal",
      careType: "private",
      contactEmail: "jono@example.com",
      reservedAt: at(-7),
      lang: "fi",
      brand: "main",
    })
    .returning();
  return r;
}

const ask = (session: string, appointmentId: number, form: Record<string, string>, csrfToken = true) =>
  sendAsBrowser(csrf, "POST", `/fi/ajanvaraukset/${appointmentId}`, {
    session,
    form: { intent: "earlierTime", appointmentId: String(appointmentId), ...form },
    csrf: csrfToken,
  });

const smsTo = async (phone: string) =>
  (await t.db.select().from(s.outboxMessages).where(eq(s.outboxMessages.recipient, phone))).map((m) => m.body);
const offerLink = (text: string) => /http:\/\/localhost:3000(\/fi\/aiempi-aika\/[A-Za-z0-9_-]{43})$/.exec(text)![1];
const requestsOf = (personId: string) =>
  t.db.select().from(s.earlierTimeRequests).where(eq(s.earlierTimeRequests.personId, personId));
const reservationsOf = (personId: string) =>
  t.db.select().from(s.reservations).where(eq(s.reservations.personId, personId));

describe("asking for an earlier time on the appointment's page", () => {
  it("answers wrong input with the error summary, another person's appointment with 404, and puts one in line once", async () => {
    const c = await clinic();
    const [anna, bertta] = [await person(1001), await person(1002)];
    const late = await c.slot(10);
    const other = await c.slot(11);
    await hold(anna.id, late);
    await hold(bertta.id, other);
    const session = await login(anna);

    const page = await sendAsBrowser(csrf, "GET", `/fi/ajanvaraukset/${late}`, { session });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Tarjoa minulle aiempaa aikaa");
    expect(page.text).toContain(`Sama ammattilainen (${c.practitionerName})`);
    expect(page.text).toContain("Sama palvelu toimipisteessä Testiklinikka");

    const empty = await ask(session, late, { untilDate: "" });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("<title>Virhe: ");
    expect(empty.text).toMatch(
      new RegExp(`class="error-summary"[\\s\\S]*href="#earlier-match-${late}"[\\s\\S]*href="#earlier-until-${late}"`),
    );
    expect(empty.text).toContain("Valitse, millainen aiempi aika sopisi sinulle");
    const tooLate = await ask(session, late, { match: "practitioner", untilDate: day(10) });
    expect(tooLate.status).toBe(400);
    expect(tooLate.text).toContain("Viimeisen päivän on oltava ennen aikasi päivää");
    const past = await ask(session, late, { match: "practitioner", untilDate: day(-1) });
    expect(past.text).toContain("Viimeisen päivän on oltava tänään tai myöhemmin");

    // Bertta's appointment, asked for by Anna: not found, and nothing changes.
    const foreign = await ask(session, other, { match: "practitioner", untilDate: day(5) });
    expect(foreign.status).toBe(404);
    const direct = await sendAsBrowser(csrf, "POST", `/fi/ajanvaraukset/${late}`, {
      session,
      form: { intent: "earlierTime", appointmentId: String(other), match: "practitioner", untilDate: day(5) },
    });
    expect(direct.status).toBe(400);
    // Without the CSRF token: refused.
    const forged = await ask(session, late, { match: "practitioner", untilDate: day(5) }, false);
    expect(forged.status).toBe(403);
    expect(await requestsOf(anna.id)).toEqual([]);
    expect(await requestsOf(bertta.id)).toEqual([]);

    const asked = await ask(session, late, { match: "serviceAtClinic", untilDate: day(5) });
    expect(asked.status).toBe(302);
    expect(asked.location).toBe(`/fi/ajanvaraukset/${late}`);
    // Twice: still one request.
    await ask(session, late, { match: "practitioner", untilDate: day(6) });
    const requests = await requestsOf(anna.id);
    expect(requests).toMatchObject([
      { status: "waiting", match: "serviceAtClinic", untilDate: day(5), clinicId: c.clinicId, lang: "fi" },
    ]);

    const waiting = await sendAsBrowser(csrf, "GET", `/fi/ajanvaraukset/${late}`, { session });
    expect(waiting.text).toMatch(/Olet jonossa aiempaan aikaan \d+\.\d+\.\d{4} asti\./);
    expect(waiting.text).not.toContain("Tarjoa minulle aiempaa aikaa");
    const stop = await sendAsBrowser(csrf, "POST", `/fi/ajanvaraukset/${late}`, {
      session,
      form: { intent: "earlierTimeStop", appointmentId: String(late) },
    });
    expect(stop.status).toBe(302);
    expect((await requestsOf(anna.id)).map((r) => r.status)).toEqual(["stopped"]);
  });
});

describe("the offer job and the link", () => {
  it("offers a freed slot to the first in line only; the holder wins; after expiry the next is offered and takes it", async () => {
    const c = await clinic();
    const [first, second, canceller] = [await person(2001), await person(2002), await person(2003)];
    const [lateA, lateB, early] = [await c.slot(12), await c.slot(13), await c.slot(2)];
    const oldA = await hold(first.id, lateA);
    const oldB = await hold(second.id, lateB);
    const held = await hold(canceller.id, early);
    const [sessionA, sessionB, sessionC] = [await login(first), await login(second), await login(canceller)];
    clockAt(-120);
    await ask(sessionA, lateA, { match: "serviceAtClinic", untilDate: day(7) });
    clockAt(-60);
    await ask(sessionB, lateB, { match: "practitioner", untilDate: day(7) });
    clockAt(0);

    // Nothing free yet.
    expect(await run()).toEqual({ expired: 0, offered: 0, quiet: false });
    await t.db
      .update(s.reservations)
      .set({ status: "cancelled", cancelledAt: FIXED_NOW })
      .where(eq(s.reservations.id, held.id));

    expect(await run()).toMatchObject({ offered: 1 });
    const [textA] = await smsTo(first.phoneNumber!);
    expect(textA).toMatch(/^Aiempi aika vapautui: 22\.11\.2026 klo 12\.00 \(Yleislääkäri\), Testiklinikka \d+\. /);
    expect(textA).toContain("15 minuutiksi");
    expect(textA).not.toContain(c.practitionerName);
    expect(await smsTo(second.phoneNumber!)).toEqual([]);
    // A second round offers nothing more: the slot is held.
    expect(await run(clockAt(60))).toMatchObject({ offered: 0 });
    expect(await smsTo(second.phoneNumber!)).toEqual([]);

    // Held: nobody else may reserve it, and the search does not list it.
    const attempt = await reserveAppointment(t.db, {
      reserver: { channel: "portal", personId: canceller.id, actorId: canceller.id },
      appointmentId: early,
      careType: "private",
      contactPhone: null,
      contactEmail: null,
      brand: { id: "main", origin: "http://localhost:3000" },
      now: clockAt(120),
    });
    expect(attempt).toEqual({ type: "appointmentNotAvailable" });

    const linkA = offerLink(textA);
    expect((await sendAsBrowser(csrf, "GET", linkA, { session: sessionC })).status).toBe(404);
    const open = await sendAsBrowser(csrf, "GET", linkA, { session: sessionA });
    expect(open.status).toBe(200);
    expect(open.text).toContain("<title>Aiempi aika sinulle");
    expect(open.text).toContain("Ota tämä aika");
    expect(open.text).toContain("Ei kiitos");

    // 16 minutes later the hold has ended: the next in line gets it.
    expect(await run(clockAt(16 * 60))).toEqual({ expired: 1, offered: 1, quiet: false });
    const [textB] = await smsTo(second.phoneNumber!);
    expect(textB).toMatch(/^Aiempi aika vapautui: 22\.11\.2026 klo 12\.00/);
    expect((await requestsOf(first.id)).map((r) => r.status)).toEqual(["waiting"]);
    const expired = await sendAsBrowser(csrf, "GET", linkA, { session: sessionA });
    expect(expired.status).toBe(200);
    expect(expired.text).toContain("Tarjous on vanhentunut");
    const lateTake = await sendAsBrowser(csrf, "POST", linkA, { session: sessionA, form: { intent: "take" } });
    expect(lateTake.location).toBe(linkA);
    expect(await reservationsOf(first.id)).toMatchObject([{ id: oldA.id, status: "active" }]);

    // Taking it: one transaction, the old reservation cancelled and the slot reserved with the same details.
    const linkB = offerLink(textB);
    expect((await sendAsBrowser(csrf, "GET", linkB, { session: sessionA })).status).toBe(404);
    const take = await sendAsBrowser(csrf, "POST", linkB, { session: sessionB, form: { intent: "take" } });
    expect(take.status).toBe(302);
    expect(take.location).toBe(`/fi/ajanvaraukset/${early}`);
    expect(take.setCookie).toContain("flash");
    const rows = await reservationsOf(second.id);
    expect(rows.find((r) => r.id === oldB.id)).toMatchObject({ status: "cancelled", cancelledAt: clockAt(16 * 60) });
    expect(rows.find((r) => r.appointmentId === early)).toMatchObject({
      status: "active",
      channel: "portal",
      careType: "private",
      contactEmail: "jono@example.com",
      lang: "fi",
      brand: "main",
    });
    expect((await requestsOf(second.id)).map((r) => r.status)).toEqual(["moved"]);
    const texts = await smsTo(second.phoneNumber!);
    expect(texts.at(-1)).toMatch(/^Aikasi 22\.11\.2026 klo 12\.00, Testiklinikka \d+ on varattu\./);
    const log = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.subjectId, second.id), eq(s.accessLog.resource, "reservation")));
    expect(log).toHaveLength(1);

    // The link once more: used.
    const again = await sendAsBrowser(csrf, "POST", linkB, { session: sessionB, form: { intent: "take" } });
    expect(again.location).toBe(linkB);
    const used = await sendAsBrowser(csrf, "GET", linkB, { session: sessionB });
    expect(used.status).toBe(200);
    expect(used.text).toContain("Tämä linkki on jo käytetty");
    // The old slot is free again; the first in line waits on (their request does not match a later slot).
    expect(await run(clockAt(17 * 60))).toMatchObject({ offered: 0 });
  });

  it("declining passes the slot on; a slot someone got meanwhile leaves the appointment as it was", async () => {
    const c = await clinic();
    const [first, second, third] = [await person(3001), await person(3002), await person(3003)];
    const [lateA, lateB, early] = [await c.slot(12), await c.slot(13), await c.slot(3)];
    const oldA = await hold(first.id, lateA);
    const oldB = await hold(second.id, lateB);
    const [sessionA, sessionB] = [await login(first), await login(second)];
    clockAt(-60);
    await ask(sessionA, lateA, { match: "practitioner", untilDate: day(7) });
    clockAt(0);
    await ask(sessionB, lateB, { match: "practitioner", untilDate: day(7) });
    await run();
    const linkA = offerLink((await smsTo(first.phoneNumber!))[0]);
    const declined = await sendAsBrowser(csrf, "POST", linkA, { session: sessionA, form: { intent: "decline" } });
    expect(declined.location).toBe(`/fi/ajanvaraukset/${lateA}`);
    expect((await requestsOf(first.id)).map((r) => r.status)).toEqual(["waiting"]);

    await run(clockAt(60));
    const linkB = offerLink((await smsTo(second.phoneNumber!))[0]);
    // Someone got the slot past the hold (a clinic booking, say): the database refuses the double booking.
    await hold(third.id, early);
    const take = await sendAsBrowser(csrf, "POST", linkB, { session: sessionB, form: { intent: "take" } });
    expect(take.location).toBe(`/fi/ajanvaraukset/${lateB}`);
    expect(await reservationsOf(second.id)).toMatchObject([{ id: oldB.id, status: "active" }]);
    expect(await reservationsOf(first.id)).toMatchObject([{ id: oldA.id, status: "active" }]);
    expect((await requestsOf(second.id)).map((r) => r.status)).toEqual(["waiting"]);
  });

  it("ends a request whose latest date has passed", async () => {
    const c = await clinic();
    const p = await person(4001);
    const late = await c.slot(12);
    await hold(p.id, late);
    await ask(await login(p), late, { match: "practitioner", untilDate: day(1) });
    await c.slot(1.5);
    expect(await run(clockAt(2 * 86_400))).toMatchObject({ offered: 0 });
    expect((await requestsOf(p.id)).map((r) => r.status)).toEqual(["expired"]);
  });

  it("makes one offer when two nodes run the job at the same moment", async () => {
    const c = await clinic();
    const people = [await person(5001), await person(5002), await person(5003)];
    for (const [i, p] of people.entries()) {
      const late = await c.slot(12 + i);
      await hold(p.id, late);
      clockAt(i);
      await ask(await login(p), late, { match: "practitioner", untilDate: day(7) });
    }
    clockAt(0);
    const early = await c.slot(2);
    const [a, b] = await Promise.all([run(clockAt(10)), run(clockAt(10))]);
    expect([a.offered, b.offered].sort()).toEqual([0, 1]);
    const offers = await t.db.select().from(s.earlierTimeOffers).where(eq(s.earlierTimeOffers.appointmentId, early));
    expect(offers).toHaveLength(1);
    const texts = await t.db
      .select()
      .from(s.outboxMessages)
      .where(
        and(
          inArray(
            s.outboxMessages.recipient,
            people.map((p) => p.phoneNumber!),
          ),
          like(s.outboxMessages.body, "Aiempi aika%"),
        ),
      );
    expect(texts).toHaveLength(1);
    expect(texts[0].recipient).toBe(people[0].phoneNumber);
  });
});
