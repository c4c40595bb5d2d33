import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { readSession, type Person } from "~/.server/session";
import { saveArrivalReason } from "~/features/appointments/appointments.server";
import type { UserSession } from "~/.server/guards";
import * as apiRoute from "~/routes/appointments/api-arrival-reason";
import * as appointmentRoute from "~/routes/appointments/appointment";
import { FIXED_NOW, cookiePair, login, makeContext, makeRequest, thrownResponse, useTestDatabase } from "./test-db";

const t = useTestDatabase();

async function userSession(user: Person): Promise<UserSession> {
  const state = await readSession(makeRequest("/fi", { cookie: cookiePair(await login(user)) }));
  if (state.status !== "valid") throw new Error("expected a logged-in session");
  return state as UserSession;
}

async function reservations(person: Person) {
  return t.db
    .select({
      appointmentId: s.reservations.appointmentId,
      arrivalReason: s.reservations.arrivalReason,
      locationType: s.appointments.locationType,
      status: s.reservations.status,
      startsAt: s.appointments.startsAt,
    })
    .from(s.reservations)
    .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
    .where(eq(s.reservations.personId, person.id))
    .orderBy(asc(s.appointments.startsAt));
}

describe("arrival reason", () => {
  it("saves the reason with the fixed prefix for a future clinic appointment only", async () => {
    const patient = t.person("patient");
    const session = await userSession(patient);
    const rows = await reservations(patient);
    const clinic = rows.find(
      (r) => r.status === "active" && r.locationType === "physicalLocation" && r.startsAt > FIXED_NOW,
    )!;
    const remote = rows.find((r) => r.locationType === "videoAppointment")!;
    const past = rows.find((r) => r.startsAt < FIXED_NOW)!;
    const [childs] = await reservations(t.person("youngChild"));

    expect(await saveArrivalReason(session, clinic.appointmentId, "Kipeä polvi", FIXED_NOW)).toBe(true);
    expect(await saveArrivalReason(session, remote.appointmentId, "x", FIXED_NOW)).toBe(false);
    expect(await saveArrivalReason(session, past.appointmentId, "x", FIXED_NOW)).toBe(false);
    expect(await saveArrivalReason(session, childs.appointmentId, "x", FIXED_NOW)).toBe(false);

    const after = await reservations(patient);
    expect(after.find((r) => r.appointmentId === clinic.appointmentId)!.arrivalReason).toBe(
      "Asiakkaan itse kirjoittama tulosyy: Kipeä polvi",
    );
    expect(after.filter((r) => r.arrivalReason).length).toBe(1);
    expect((await reservations(t.person("youngChild")))[0].arrivalReason).toBeNull();
    const log = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.subjectId, patient.id), eq(s.accessLog.resource, "arrival-reason")));
    expect(log).toHaveLength(1);
  });

  it("the page refuses 301 characters with 400 and keeps the text; a valid one redirects with the 5-second toast", async () => {
    const patient = t.person("patient");
    const cookie = cookiePair(await login(patient));
    const clinic = (await reservations(patient)).find(
      (r) => r.status === "active" && r.locationType === "physicalLocation" && r.startsAt > FIXED_NOW,
    )!;
    const path = `/fi/ajanvaraukset/${clinic.appointmentId}`;
    const post = (arrivalReason: string) =>
      makeRequest(path, {
        cookie,
        form: { intent: "arrivalReason", appointmentId: String(clinic.appointmentId), arrivalReason },
      });

    const long = "y".repeat(301);
    const bad = post(long);
    const refused = (await appointmentRoute.action({
      request: bad,
      context: await makeContext(bad),
      params: { ids: String(clinic.appointmentId) },
    } as never)) as unknown as {
      init: { status: number };
      data: { arrivalReason: { value: string; error: string } };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.arrivalReason).toMatchObject({
      value: long,
      error: "appointments.arrivalReason.errors.tooLong",
    });

    const good = post("Tarkastus");
    const redirect = await thrownResponse(async () =>
      appointmentRoute.action({
        request: good,
        context: await makeContext(good),
        params: { ids: String(clinic.appointmentId) },
      } as never),
    );
    expect(redirect.headers.get("Location")).toBe(path);
    expect(decodeURIComponent(redirect.headers.get("Set-Cookie")!)).toContain(
      '{"type":"success","key":"appointments.arrivalReason.saved","timeoutMs":5000}',
    );
    expect((await reservations(patient)).find((r) => r.appointmentId === clinic.appointmentId)!.arrivalReason).toBe(
      "Asiakkaan itse kirjoittama tulosyy: Tarkastus",
    );
  });

  it("POST /api/appointments/{id}/arrival-reason answers Success, a validation error or 401", async () => {
    const employee = t.person("employee");
    const cookie = cookiePair(await login(employee));
    const [first] = await reservations(employee);
    const call = async (body: unknown, withCookie = true) => {
      const request = new Request(
        `http://localhost:3000/api/appointments/${first.appointmentId}/arrival-reason?csrfToken=x`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(withCookie ? { Cookie: cookie } : {}) },
          body: JSON.stringify(body),
        },
      );
      type Answer = { data: { type: string }; init: { status: number } | null };
      let r: Answer;
      try {
        r = (await apiRoute.action({
          request,
          context: await makeContext(request),
          params: { id: String(first.appointmentId) },
        } as never)) as unknown as Answer;
      } catch (thrown) {
        r = thrown as Answer; // the call's early answers (405, 401, 404) are thrown
      }
      return { status: r.init?.status ?? 200, type: r.data.type };
    };
    expect(await call({ arrivalReason: "Selkä" }, false)).toEqual({ status: 401, type: "Unauthorized" });
    expect(await call({ arrivalReason: "z".repeat(301) })).toEqual({ status: 400, type: "ValidationError" });
    expect(await call({ arrivalReason: "Selkä" })).toEqual({ status: 200, type: "Success" });
  });
});
