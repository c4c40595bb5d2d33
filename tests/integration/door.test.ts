import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { DOOR_MAX_FAILURES, doorCheckIn, doorToken, doorView } from "~/features/appointments/door.server";
import type { Person } from "~/.server/session";
import { FIXED_NOW, useTestDatabase } from "./test-db";

const t = useTestDatabase();

async function tokenOf(person: Person, index = 0) {
  const rows = await t.db
    .select({ appointmentId: s.reservations.appointmentId, reservationId: s.reservations.id, checkedInAt: s.reservations.checkedInAt })
    .from(s.reservations)
    .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
    .where(eq(s.reservations.personId, person.id))
    .orderBy(asc(s.appointments.startsAt));
  const row = rows.filter((r) => r.appointmentId)[index];
  return { ...row, token: doorToken(row.appointmentId, row.reservationId) };
}

const lastFour = (p: Person) => p.identityCode.slice(-4);

describe("the clinic-door link", () => {
  it("shows time and place only, and a tampered or foreign link is not found", async () => {
    const { token, appointmentId } = await tokenOf(t.person("employee"));
    const view = await doorView(token, FIXED_NOW);
    expect(view).toMatchObject({ state: "active", selfCheckInStatus: "allowed", clinic: { name: "Solmu Kamppi" }, locked: false });
    expect(JSON.stringify(view)).not.toContain("Liisa");
    expect(JSON.stringify(view)).not.toContain(t.person("employee").identityCode);

    const forged = Buffer.from(`${appointmentId}_${"A".repeat(22)}`).toString("base64url");
    expect(await doorView(forged, FIXED_NOW)).toBeNull();
    expect(await doorView("not a token", FIXED_NOW)).toBeNull();
    const other = await tokenOf(t.person("patient"));
    const swapped = Buffer.from(`${appointmentId}_${Buffer.from(other.token, "base64url").toString().split("_")[1]}`).toString("base64url");
    expect(await doorView(swapped, FIXED_NOW)).toBeNull();
    expect(await doorCheckIn(forged, lastFour(t.person("employee")), "10.0.0.1", FIXED_NOW)).toBe("notFound");
  });

  it("checks in with the right last four characters; a wrong code keeps nothing and counts", async () => {
    const employee = t.person("employee");
    const { token, reservationId } = await tokenOf(employee, 1);
    expect(await doorCheckIn(token, "000X", "10.0.0.2", FIXED_NOW)).toBe("ssnEndPartMismatch");
    expect((await t.db.select().from(s.doorCheckInAttempts).where(eq(s.doorCheckInAttempts.reservationId, reservationId)))[0].failures).toBe(1);
    expect(await doorCheckIn(token, lastFour(employee).toLowerCase(), "10.0.0.2", FIXED_NOW)).toBe("success");
    expect(await doorCheckIn(token, lastFour(employee), "10.0.0.2", FIXED_NOW)).toBe("alreadyCheckedIn");
    const [res] = await t.db.select().from(s.reservations).where(eq(s.reservations.id, reservationId));
    expect(res.checkedInAt).toEqual(FIXED_NOW);
    expect((await doorView(token, FIXED_NOW))!.selfCheckInStatus).toBe("checkedIn");
  });

  it("locks an appointment after five wrong codes, even for the right one afterwards", async () => {
    const { token, reservationId } = await tokenOf(t.person("employee"), 0);
    const results = [];
    for (let i = 0; i < DOOR_MAX_FAILURES; i++) results.push(await doorCheckIn(token, "999Y", `10.1.0.${i}`, FIXED_NOW));
    expect(results).toEqual(["ssnEndPartMismatch", "ssnEndPartMismatch", "ssnEndPartMismatch", "ssnEndPartMismatch", "locked"]);
    expect(await doorCheckIn(token, lastFour(t.person("employee")), "10.1.1.1", FIXED_NOW)).toBe("locked");
    expect((await doorView(token, FIXED_NOW))!.locked).toBe(true);
    const [res] = await t.db.select().from(s.reservations).where(eq(s.reservations.id, reservationId));
    expect(res.checkedInAt).toBeNull();
  });

  it("asks for the consent at the reception, and limits tries per client", async () => {
    const senior = t.person("senior");
    const { token } = await tokenOf(senior);
    expect(await doorCheckIn(token, lastFour(senior), "10.2.0.1", FIXED_NOW)).toBe("confidentialityFormNotFilled");
    const results = [];
    for (let i = 0; i < 21; i++) results.push(await doorCheckIn("bm9fdG9rZW4", "1234", "10.3.0.1", FIXED_NOW));
    expect(results.slice(0, 20).every((r) => r === "notFound")).toBe(true);
    expect(results[20]).toBe("tooManyAttempts");
  });
});

describe("consent at the clinic door", () => {
  it("saves the consent form with the right code and checks in, in one go", async () => {
    const senior = t.person("senior");
    const { token, reservationId } = await tokenOf(senior);
    const choices = { allowsCommonRegistry: true, allowsViewingOccupationalInformation: false, allowsMarketingMail: false, allowsTreatmentInstructionsMail: true, allowsBookingSms: true };
    expect(await doorCheckIn(token, "000A", "10.4.0.1", FIXED_NOW, choices)).toBe("ssnEndPartMismatch");
    const [unchanged] = await t.db.select().from(s.people).where(eq(s.people.id, senior.id));
    expect(unchanged.patientDataConsent).toBe("missing");

    expect(await doorCheckIn(token, lastFour(senior), "10.4.0.1", FIXED_NOW, choices)).toBe("success");
    const [person] = await t.db.select().from(s.people).where(eq(s.people.id, senior.id));
    expect(person).toMatchObject({ patientDataConsent: "ok", patientDataConsentUpdatedAt: FIXED_NOW, ...choices });
    const [res] = await t.db.select().from(s.reservations).where(eq(s.reservations.id, reservationId));
    expect(res.checkedInAt).toEqual(FIXED_NOW);
  });
});
