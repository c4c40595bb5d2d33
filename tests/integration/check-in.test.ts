import { and, asc, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { readSession, type Person } from "~/.server/session";
import { checkIn } from "~/features/appointments/appointments.server";
import type { UserSession } from "~/.server/guards";
import * as apiRoute from "~/routes/appointments/api-check-in";
import * as appointmentRoute from "~/routes/appointments/appointment";
import { FIXED_NOW, cookiePair, login, makeContext, makeRequest, thrownResponse, useTestDatabase } from "./test-db";

const t = useTestDatabase();
const minutes = (m: number) => new Date(FIXED_NOW.getTime() + m * 60_000);

async function userSession(user: Person): Promise<UserSession> {
  const state = await readSession(makeRequest("/fi", { cookie: cookiePair(await login(user)) }));
  if (state.status !== "valid") throw new Error("expected a logged-in session");
  return state as UserSession;
}

/** The person's active reservations, soonest first. */
async function upcoming(person: Person) {
  return t.db
    .select({
      appointmentId: s.reservations.appointmentId,
      startsAt: s.appointments.startsAt,
      checkedInAt: s.reservations.checkedInAt,
    })
    .from(s.reservations)
    .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
    .where(and(eq(s.reservations.personId, person.id), eq(s.reservations.status, "active")))
    .orderBy(asc(s.appointments.startsAt));
}

describe("self check-in", () => {
  it("checks in inside the window once; the second time says AlreadyCheckedIn", async () => {
    const employee = t.person("employee");
    const [soon] = await upcoming(employee); // seeded 20 minutes after FIXED_NOW
    const session = await userSession(employee);
    expect(await checkIn(session, soon.appointmentId, minutes(-15))).toBe("TooEarly");
    expect(await checkIn(session, soon.appointmentId, FIXED_NOW)).toBe("Success");
    expect(await checkIn(session, soon.appointmentId, FIXED_NOW)).toBe("AlreadyCheckedIn");
    const [after] = await upcoming(employee);
    expect(after.checkedInAt).toEqual(FIXED_NOW);
    const log = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.subjectId, employee.id), eq(s.accessLog.resource, "check-in")));
    expect(log).toHaveLength(1);
  });

  it("asks for the patient-data consent first, changing nothing", async () => {
    const senior = t.person("senior");
    const [soon] = await upcoming(senior);
    expect(await checkIn(await userSession(senior), soon.appointmentId, FIXED_NOW)).toBe(
      "ConfidentialityFormNotFilled",
    );
    await t.db.update(s.people).set({ patientDataConsent: "invalid" }).where(eq(s.people.id, senior.id));
    expect(await checkIn(await userSession(senior), soon.appointmentId, FIXED_NOW)).toBe(
      "ConfidentialityFormNotFilledAsAdult",
    );
    expect((await upcoming(senior))[0].checkedInAt).toBeNull();
  });

  it("fails for remote and past appointments and knows nothing of other people's", async () => {
    const patient = await userSession(t.person("patient"));
    const rows = await t.db
      .select({
        appointmentId: s.reservations.appointmentId,
        locationType: s.appointments.locationType,
        checkedInAt: s.reservations.checkedInAt,
      })
      .from(s.reservations)
      .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
      .where(eq(s.reservations.personId, t.person("patient").id));
    const remote = rows.find((r) => r.locationType === "videoAppointment")!;
    expect(await checkIn(patient, remote.appointmentId, FIXED_NOW)).toBe("CheckInFailed");
    const [employees] = await upcoming(t.person("employee"));
    expect(await checkIn(patient, employees.appointmentId, FIXED_NOW)).toBe("NotFound");
    const checkedIn = await t.db
      .select()
      .from(s.reservations)
      .where(and(eq(s.reservations.personId, t.person("patient").id), isNotNull(s.reservations.checkedInAt)));
    expect(checkedIn).toHaveLength(1); // only the seeded past visit
  });

  it("the page action redirects back with the result as a flash message; the API answers the type", async () => {
    const guardian = t.person("guardian");
    const [checkedIn] = await upcoming(guardian); // seeded as already checked in
    const cookie = cookiePair(await login(guardian));
    const path = `/fi/ajanvaraukset/${checkedIn.appointmentId}`;
    const request = makeRequest(path, {
      cookie,
      form: { intent: "checkIn", appointmentId: String(checkedIn.appointmentId) },
    });
    const response = await thrownResponse(async () =>
      appointmentRoute.action({
        request,
        context: await makeContext(request),
        params: { ids: String(checkedIn.appointmentId) },
      } as never),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(path);
    expect(decodeURIComponent(response.headers.get("Set-Cookie")!)).toContain(
      '"key":"appointments.checkInResult.AlreadyCheckedIn"',
    );

    const api = makeRequest(`/api/appointments/check-in/${checkedIn.appointmentId}?csrfToken=x`, {
      method: "POST",
      cookie,
    });
    const result = (await apiRoute.action({
      request: api,
      context: await makeContext(api),
      params: { id: String(checkedIn.appointmentId) },
    } as never)) as unknown as { data: { type: string } };
    expect(result.data.type).toBe("AlreadyCheckedIn");
  });
});
