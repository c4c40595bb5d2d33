import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import {
  DOOR_LOCK_MINUTES,
  DOOR_MAX_FAILURES,
  doorCheckIn,
  doorToken,
  doorView,
} from "~/features/appointments/door.server";
import type { Person } from "~/.server/session";
import * as doorRoute from "~/routes/appointments/door";
import { handle } from "./request-handler";
import { FIXED_NOW, ORIGIN, makeContext, makeRequest, useTestDatabase } from "./test-db";

const t = useTestDatabase();

async function tokenOf(person: Person, index = 0) {
  const rows = await t.db
    .select({
      appointmentId: s.reservations.appointmentId,
      reservationId: s.reservations.id,
      checkedInAt: s.reservations.checkedInAt,
    })
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
    const view = await doorView(token, FIXED_NOW, 24);
    expect(view).toMatchObject({
      state: "active",
      selfCheckInStatus: "allowed",
      clinic: { name: "Solmu Kamppi" },
      locked: false,
    });
    expect(JSON.stringify(view)).not.toContain("Liisa");
    expect(JSON.stringify(view)).not.toContain(t.person("employee").identityCode);

    const forged = Buffer.from(`${appointmentId}_${"A".repeat(22)}`).toString("base64url");
    expect(await doorView(forged, FIXED_NOW, 24)).toBeNull();
    expect(await doorView("not a token", FIXED_NOW, 24)).toBeNull();
    const other = await tokenOf(t.person("patient"));
    const swapped = Buffer.from(
      `${appointmentId}_${Buffer.from(other.token, "base64url").toString().split("_")[1]}`,
    ).toString("base64url");
    expect(await doorView(swapped, FIXED_NOW, 24)).toBeNull();
    expect(await doorCheckIn(forged, lastFour(t.person("employee")), "10.0.0.1", FIXED_NOW)).toBe("notFound");
  });

  it("offers cancelling after login only where the logged-in view would: before the brand's limit", async () => {
    const { token } = await tokenOf(t.person("employee"));
    const soon = (await doorView(token, FIXED_NOW, 24))!;
    expect(soon.mayCancel).toBe(false);
    const startsAt = new Date(soon.startsAt).getTime();
    expect((await doorView(token, new Date(startsAt - 25 * 3600_000), 24))!.mayCancel).toBe(true);
    expect((await doorView(token, new Date(startsAt - 25 * 3600_000), 48))!.mayCancel).toBe(false);
    // The page says so instead of a login link that would lead to a view without a cancel button.
    const page = await handle(new Request(`${ORIGIN}/fi/varaus/${token}`));
    const html = await page.text();
    expect(html).toContain("Aikaa ei voi enää perua verkossa.");
    expect(html).not.toContain("Kirjaudu perumaan");
  });

  it("accepts the exact token only: no extra, missing or changed character", async () => {
    const { token, appointmentId } = await tokenOf(t.person("employee"));
    expect(await doorView(token, FIXED_NOW, 24)).toMatchObject({ appointmentId });
    // Extra characters that base64url decoding would skip or drop as left-over bits.
    for (const variant of [
      `${token}A`,
      `${token}x`,
      `${token}AA`,
      `${token}=`,
      `${token.slice(0, -1)}${token.at(-1) === "A" ? "B" : "A"}`,
      token.slice(0, -1),
    ]) {
      expect(await doorView(variant, FIXED_NOW, 24), variant).toBeNull();
    }
    expect(await doorCheckIn(`${token}A`, lastFour(t.person("employee")), "10.0.0.9", FIXED_NOW)).toBe("notFound");

    // The page answers 404 too, and takes the appointment id from the service, not from the URL.
    const load = async (tok: string) => {
      const request = makeRequest(`/fi/varaus/${tok}`);
      return doorRoute.loader({ request, context: await makeContext(request), params: { token: tok } } as never);
    };
    expect((await load(token)).view.appointmentId).toBe(appointmentId);
    const refused = await Promise.resolve(load(`${token}A`)).catch((e) => e);
    expect(refused.init?.status).toBe(404);
  });

  it("checks in with the right last four characters; a wrong code keeps nothing and counts", async () => {
    const employee = t.person("employee");
    const { token, reservationId } = await tokenOf(employee, 1);
    expect(await doorCheckIn(token, "000X", "10.0.0.2", FIXED_NOW)).toBe("ssnEndPartMismatch");
    expect(
      (await t.db.select().from(s.doorCheckInAttempts).where(eq(s.doorCheckInAttempts.reservationId, reservationId)))[0]
        .failures,
    ).toBe(1);
    expect(await doorCheckIn(token, lastFour(employee).toLowerCase(), "10.0.0.2", FIXED_NOW)).toBe("success");
    expect(await doorCheckIn(token, lastFour(employee), "10.0.0.2", FIXED_NOW)).toBe("alreadyCheckedIn");
    const [res] = await t.db.select().from(s.reservations).where(eq(s.reservations.id, reservationId));
    expect(res.checkedInAt).toEqual(FIXED_NOW);
    expect((await doorView(token, FIXED_NOW, 24))!.selfCheckInStatus).toBe("checkedIn");
  });

  it("locks an appointment after five wrong codes, even for the right one afterwards", async () => {
    const { token, reservationId } = await tokenOf(t.person("employee"), 0);
    const results = [];
    for (let i = 0; i < DOOR_MAX_FAILURES; i++)
      results.push(await doorCheckIn(token, "999Y", `10.1.0.${i}`, FIXED_NOW));
    expect(results).toEqual([
      "ssnEndPartMismatch",
      "ssnEndPartMismatch",
      "ssnEndPartMismatch",
      "ssnEndPartMismatch",
      "locked",
    ]);
    expect(await doorCheckIn(token, lastFour(t.person("employee")), "10.1.1.1", FIXED_NOW)).toBe("locked");
    const view = (await doorView(token, FIXED_NOW, 24))!;
    expect(view.locked).toBe(true);
    expect(view.lockedUntil).toBe(new Date(FIXED_NOW.getTime() + DOOR_LOCK_MINUTES * 60_000).toISOString());
    const [res] = await t.db.select().from(s.reservations).where(eq(s.reservations.id, reservationId));
    expect(res.checkedInAt).toBeNull();
  });

  it("opens the lock after the stated time, with a fresh count of tries", async () => {
    const kalle = t.person("smsUser");
    const { token } = await tokenOf(kalle, 2);
    expect((await doorView(token, FIXED_NOW, 24))!.selfCheckInStatus).toBe("allowed");
    for (let i = 0; i < DOOR_MAX_FAILURES; i++) await doorCheckIn(token, "999Y", `10.5.0.${i}`, FIXED_NOW);
    const justBefore = new Date(FIXED_NOW.getTime() + DOOR_LOCK_MINUTES * 60_000 - 1000);
    expect(await doorCheckIn(token, lastFour(kalle), "10.5.1.1", justBefore)).toBe("locked");
    expect((await doorView(token, justBefore, 24))!.locked).toBe(true);

    const after = new Date(FIXED_NOW.getTime() + DOOR_LOCK_MINUTES * 60_000);
    expect(await doorView(token, after, 24)).toMatchObject({ locked: false, lockedUntil: null });
    // One wrong code after the lock is the first of a new count, not a new lock.
    expect(await doorCheckIn(token, "999Y", "10.5.1.2", after)).toBe("ssnEndPartMismatch");
    expect(await doorCheckIn(token, lastFour(kalle), "10.5.1.3", after)).toBe("success");
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
    const choices = {
      allowsCommonRegistry: true,
      allowsViewingOccupationalInformation: false,
      allowsMarketingMail: false,
      allowsTreatmentInstructionsMail: true,
      allowsBookingSms: true,
    };
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
