import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { unregisteredIdentityCode } from "~/.server/db/seed/demo-people";
import { isEmpty } from "~/.server/db/seed/seed";
import { storage } from "~/.server/storage";
import { isThreadRead } from "~/features/messaging/rules";
import { helsinkiDateParts } from "~/lib/format";
import { ageOn, parseIdentityCode } from "~/lib/identity-code";
import { DEMO, FIXED_NOW, useTestDatabase } from "./test-db";

const t = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;

function helsinkiDate(d: Date): string {
  const p = helsinkiDateParts(d);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** The SQLSTATE of a database error, however the driver and Drizzle wrap it. */
function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Free slots: appointments without an active reservation. */
async function freeAppointments(from: Date, to: Date) {
  return t.db
    .select({ id: s.appointments.id, startsAt: s.appointments.startsAt })
    .from(s.appointments)
    .leftJoin(
      s.reservations,
      and(eq(s.reservations.appointmentId, s.appointments.id), eq(s.reservations.status, "active")),
    )
    .where(and(isNull(s.reservations.id), gte(s.appointments.startsAt, from), lt(s.appointments.startsAt, to)))
    .orderBy(asc(s.appointments.startsAt));
}

describe("demo data", () => {
  it("is not empty after seeding", async () => {
    expect(await isEmpty(t.db)).toBe(false);
  });

  it("has the demo people with valid test identity codes", async () => {
    const people = await t.db.select().from(s.people);
    expect(people).toHaveLength(14);
    expect(people.map((p) => p.identityCode).sort()).toEqual(
      Object.values(DEMO)
        .map((p) => p.identityCode)
        .sort(),
    );
    for (const person of people) {
      const parsed = parseIdentityCode(person.identityCode);
      expect(parsed.ok, person.identityCode).toBe(true);
      if (!parsed.ok) continue;
      expect(parsed.value.isTestCode).toBe(true);
      const b = parsed.value.birthDate;
      expect(person.birthDate).toBe(`${b.year}-${String(b.month).padStart(2, "0")}-${String(b.day).padStart(2, "0")}`);
    }
    // The unregistered demo code leads to registration, so it must not have a record.
    expect(people.some((p) => p.identityCode === unregisteredIdentityCode())).toBe(false);
  });

  it("has the ages the demo relies on", async () => {
    const age = (key: keyof typeof DEMO) => {
      const parsed = parseIdentityCode(DEMO[key].identityCode);
      if (!parsed.ok) throw new Error("invalid demo code");
      return ageOn(parsed.value.birthDate, FIXED_NOW);
    };
    expect(age("youngChild")).toBe(6);
    expect(age("olderChild")).toBe(14);
    expect(age("senior")).toBeGreaterThanOrEqual(65);

    const children = await t.db
      .select({ code: s.people.identityCode })
      .from(s.guardianships)
      .innerJoin(s.people, eq(s.people.id, s.guardianships.childId))
      .where(eq(s.guardianships.guardianId, t.person("guardian").id));
    expect(children.map((c) => c.code).sort()).toEqual(
      [DEMO.youngChild.identityCode, DEMO.olderChild.identityCode].sort(),
    );
  });

  it("has clinics in the seven municipalities and a remote clinic", async () => {
    const clinics = await t.db.select().from(s.clinics);
    const municipalities = new Set(clinics.map((c) => c.municipality));
    for (const m of ["helsinki", "espoo", "vantaa", "kerava", "järvenpää", "tuusula", "hyvinkää", "remote"]) {
      expect(municipalities.has(m), m).toBe(true);
    }
    const remote = clinics.filter((c) => c.isRemote);
    expect(remote.map((c) => c.municipality)).toEqual(["remote"]);
    for (const c of clinics.filter((c) => !c.isRemote)) expect(c.postalCode).toMatch(/^\d{5}$/);
  });

  it("has free slots on at least 35 weekdays over the next 8 weeks, and none at weekends", async () => {
    const free = await freeAppointments(FIXED_NOW, new Date(FIXED_NOW.getTime() + 56 * DAY));
    const days = new Set(free.map((a) => helsinkiDate(a.startsAt)));
    expect(days.size).toBeGreaterThanOrEqual(35);
    expect(free.filter((a) => helsinkiDateParts(a.startsAt).weekday > 5)).toEqual([]);
    // Several practitioners each day, not a token slot.
    expect(free.length / days.size).toBeGreaterThan(20);
  });

  it("gives each demo reservation its own appointment", async () => {
    const held = await t.db
      .select({ personId: s.reservations.personId })
      .from(s.reservations)
      .where(eq(s.reservations.status, "active"));
    const patientHolds = held.filter((r) => r.personId === t.person("patient").id);
    // Two ahead, one in three hours, one remote, one in the past; the clinic-cancelled one is not active.
    expect(patientHolds).toHaveLength(5);
    const newCustomer = await t.db
      .select()
      .from(s.reservations)
      .where(eq(s.reservations.personId, t.person("newCustomer").id));
    expect(newCustomer).toEqual([]);
  });

  it("dates the demo events relative to the day it runs (also in the afternoon)", async () => {
    expect(helsinkiDateParts(FIXED_NOW).hour).toBeGreaterThanOrEqual(12);
    const messages = await t.db.select({ createdAt: s.messages.createdAt }).from(s.messages);
    expect(messages.filter((m) => m.createdAt.getTime() > FIXED_NOW.getTime())).toEqual([]);

    const [first] = await t.db
      .select({ startsAt: s.appointments.startsAt })
      .from(s.reservations)
      .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
      .where(
        and(
          eq(s.reservations.personId, t.person("patient").id),
          gte(s.appointments.startsAt, new Date(FIXED_NOW.getTime() + DAY)),
        ),
      )
      .orderBy(asc(s.appointments.startsAt))
      .limit(1);
    expect(helsinkiDate(first.startsAt)).toBe(helsinkiDate(new Date(FIXED_NOW.getTime() + 2 * DAY)));
  });
});

describe("reservations", () => {
  it("the database refuses a second active reservation of the same appointment", async () => {
    const [slot] = await freeAppointments(
      new Date(FIXED_NOW.getTime() + 7 * DAY),
      new Date(FIXED_NOW.getTime() + 14 * DAY),
    );
    await t.db.insert(s.reservations).values({ appointmentId: slot.id, personId: t.person("patient").id });

    let error: unknown = null;
    try {
      await t.db.insert(s.reservations).values({ appointmentId: slot.id, personId: t.person("senior").id });
    } catch (e) {
      error = e;
    }
    expect(error).not.toBeNull();
    expect(sqlState(error)).toBe("23505");

    const rows = await t.db.select().from(s.reservations).where(eq(s.reservations.appointmentId, slot.id));
    expect(rows.map((r) => [r.personId, r.status])).toEqual([[t.person("patient").id, "active"]]);
  });

  it("the same person cannot hold it twice either", async () => {
    const [slot] = await freeAppointments(
      new Date(FIXED_NOW.getTime() + 15 * DAY),
      new Date(FIXED_NOW.getTime() + 20 * DAY),
    );
    await t.db.insert(s.reservations).values({ appointmentId: slot.id, personId: t.person("employee").id });
    await expect(
      t.db.insert(s.reservations).values({ appointmentId: slot.id, personId: t.person("employee").id }),
    ).rejects.toThrow();
  });

  it("allows cancelled reservations next to the active one, and rebooking after a cancellation", async () => {
    const [slot] = await freeAppointments(
      new Date(FIXED_NOW.getTime() + 21 * DAY),
      new Date(FIXED_NOW.getTime() + 28 * DAY),
    );
    await t.db.insert(s.reservations).values({
      appointmentId: slot.id,
      personId: t.person("patient").id,
      status: "cancelled",
      cancelledAt: FIXED_NOW,
    });
    await t.db.insert(s.reservations).values({
      appointmentId: slot.id,
      personId: t.person("senior").id,
      status: "providerCancelled",
      cancelledAt: FIXED_NOW,
    });
    await t.db.insert(s.reservations).values({ appointmentId: slot.id, personId: t.person("employee").id });

    const rows = await t.db.select().from(s.reservations).where(eq(s.reservations.appointmentId, slot.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["active", "cancelled", "providerCancelled"]);

    // Cancelling the active one frees the slot for someone else.
    await t.db
      .update(s.reservations)
      .set({ status: "cancelled", cancelledAt: FIXED_NOW })
      .where(and(eq(s.reservations.appointmentId, slot.id), eq(s.reservations.status, "active")));
    await t.db.insert(s.reservations).values({ appointmentId: slot.id, personId: t.person("newCustomer").id });
    const active = await t.db
      .select({ personId: s.reservations.personId })
      .from(s.reservations)
      .where(and(inArray(s.reservations.appointmentId, [slot.id]), eq(s.reservations.status, "active")));
    expect(active).toEqual([{ personId: t.person("newCustomer").id }]);
    expect(
      (await freeAppointments(slot.startsAt, new Date(slot.startsAt.getTime() + 1))).map((a) => a.id),
    ).not.toContain(slot.id);
  });
});

describe("messaging and occupational-health demo data", () => {
  /** A person's threads with their customer read time, last message and current assignment. */
  async function threadsOf(key: "patient" | "employee" | "guardian") {
    const person = t.person(key);
    const [customer] = await t.db.select().from(s.messagingUsers).where(eq(s.messagingUsers.personId, person.id));
    const threads = await t.db.select().from(s.threads).where(eq(s.threads.personId, person.id));
    return Promise.all(
      threads.map(async (thread) => {
        const messages = await t.db
          .select()
          .from(s.messages)
          .where(eq(s.messages.threadId, thread.id))
          .orderBy(asc(s.messages.createdAt));
        const [me] = await t.db
          .select()
          .from(s.threadParticipants)
          .where(and(eq(s.threadParticipants.threadId, thread.id), eq(s.threadParticipants.userId, customer.id)));
        const assignments = await t.db
          .select()
          .from(s.threadAssignments)
          .where(and(eq(s.threadAssignments.threadId, thread.id), isNull(s.threadAssignments.endedAt)));
        const read = isThreadRead({
          readAt: me?.readAt ?? null,
          lastMessageAt: messages.at(-1)?.createdAt ?? null,
          professionalTimestamp: thread.professionalTimestamp,
          assignedAt: null,
        });
        return { thread, messages, participant: me, assignments, read };
      }),
    );
  }

  it("gives Maija more than a page of threads in every state", async () => {
    const threads = await threadsOf("patient");
    expect(threads.length).toBeGreaterThanOrEqual(12);
    for (const x of threads) {
      expect(x.participant, x.thread.title!).toBeDefined();
      expect(x.thread.type).toBe("customer");
    }
    expect(threads.filter((x) => !x.read).map((x) => x.thread.title)).toEqual(
      expect.arrayContaining(["Laboratoriotulokset"]),
    );
    expect(threads.some((x) => x.read && x.thread.isActive && x.messages.length > 0)).toBe(true);
    expect(threads.some((x) => !x.thread.isActive)).toBe(true);
    expect(threads.some((x) => x.messages.length === 0)).toBe(true);
    expect(threads.some((x) => x.messages.some((m) => m.deletedAt))).toBe(true);
    expect(threads.flatMap((x) => x.assignments)).toHaveLength(1);
  });

  it("stores the attachments, sent by both sides, as Maija's files", async () => {
    const rows = await t.db
      .select({ fileName: s.messageAttachments.fileName, authorType: s.messages.authorType, file: s.storedFiles })
      .from(s.messageAttachments)
      .innerJoin(s.messages, eq(s.messages.id, s.messageAttachments.messageId))
      .innerJoin(s.storedFiles, eq(s.storedFiles.id, s.messageAttachments.fileId));
    expect(new Set(rows.map((r) => r.authorType))).toEqual(new Set(["CustomerUser", "ProfessionalUser"]));
    for (const { fileName, file } of rows) {
      expect(file).toMatchObject({ ownerId: t.person("patient").id, purpose: "message-attachment" });
      expect(file.uploadedAt).not.toBeNull();
      const bytes = await storage().get(file.storageKey);
      expect(bytes?.byteLength, fileName).toBe(file.sizeBytes);
      const magic = Buffer.from(bytes!.subarray(0, 4)).toString("latin1");
      expect(magic, fileName).toBe(file.contentType === "application/pdf" ? "%PDF" : "\x89PNG");
    }
  });

  it("assigns Maija's thread to a professional who is away today, with a substitute", async () => {
    const [assigned] = (await threadsOf("patient")).flatMap((x) => x.assignments);
    const today = helsinkiDate(FIXED_NOW);
    const absences = await t.db
      .select()
      .from(s.professionalAbsences)
      .where(
        and(
          eq(s.professionalAbsences.absenteeId, assigned.assigneeId),
          lte(s.professionalAbsences.startDate, today),
          gte(s.professionalAbsences.endDate, today),
          isNotNull(s.professionalAbsences.substituteId),
        ),
      );
    expect(absences).toHaveLength(1);
  });

  it("gives Liisa an HR thread and a customer thread, and Matti one thread", async () => {
    const liisa = await threadsOf("employee");
    expect(liisa.map((x) => x.thread.type).sort()).toEqual(["customer", "hr"]);
    const hr = liisa.find((x) => x.thread.type === "hr")!;
    expect(hr.messages.map((m) => m.authorType)).toContain("HrUser");
    expect(await threadsOf("guardian")).toHaveLength(1);
  });

  it("has the employers, their teams and an announcement", async () => {
    const employments = await t.db
      .select({ personId: s.employments.personId, employer: s.employers.name })
      .from(s.employments)
      .innerJoin(s.employers, eq(s.employers.id, s.employments.employerId));
    const employerOf = (key: "patient" | "employee" | "guardian") =>
      employments.find((e) => e.personId === t.person(key).id)?.employer;
    expect(employerOf("employee")).toBe("Rakennus Oy Esimerkki");
    expect(employerOf("patient")).toBe("Rakennus Oy Esimerkki");
    expect(employerOf("guardian")).toBe("Kuljetus Virtanen Oy");
    // Every team member can be reached through messaging.
    const members = await t.db.select().from(s.occupationalTeamMembers);
    const professionals = await t.db
      .select({ practitionerId: s.messagingUsers.practitionerId })
      .from(s.messagingUsers)
      .where(eq(s.messagingUsers.type, "ProfessionalUser"));
    for (const m of members) expect(professionals.map((p) => p.practitionerId)).toContain(m.practitionerId);
    expect(new Set(members.map((m) => m.role))).toEqual(
      new Set(["Doctor", "Nurse", "Physiotherapist", "Psychologist"]),
    );

    const [status] = await t.db.select().from(s.messagingStatus);
    expect(status).toMatchObject({ id: 1, maintenance: false, announcementActive: true, announcementType: "info" });
    expect(t.person("patient")).toMatchObject({ hasOccupationalCare: true, occupationalWebReservation: false });
  });
});
