import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import type { Person } from "~/.server/session";
import {
  cancelAppointment,
  getAppointments,
  listUpcomingAppointments,
  withAvatar,
} from "~/features/appointments/appointments.server";
import * as apiRoute from "~/routes/appointments/api-appointment";
import * as appointmentRoute from "~/routes/appointments/appointment";
import * as calendarRoute from "~/routes/appointments/calendar";
import * as cancelRoute from "~/routes/appointments/cancel";
import { FIXED_NOW, cookiePair, login, makeContext, makeRequest, thrownResponse, useTestDatabase } from "./test-db";
import { readSession } from "~/.server/session";
import type { UserSession } from "~/.server/guards";

const t = useTestDatabase();
const LIMIT = 24;

async function userSession(user: Person, acting: Person = user): Promise<UserSession> {
  const state = await readSession(makeRequest("/fi", { cookie: cookiePair(await login(user, acting)) }));
  if (state.status !== "valid") throw new Error("expected a logged-in session");
  return state as UserSession;
}

/** The patient's reservations with their appointment's start, soonest first. */
async function reservationsOf(person: Person) {
  return t.db
    .select({
      appointmentId: s.reservations.appointmentId,
      status: s.reservations.status,
      startsAt: s.appointments.startsAt,
      cancelledAt: s.reservations.cancelledAt,
    })
    .from(s.reservations)
    .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
    .where(eq(s.reservations.personId, person.id))
    .orderBy(asc(s.appointments.startsAt));
}

async function cancellable(person: Person) {
  const rows = await reservationsOf(person);
  return rows.filter((r) => r.status === "active" && r.startsAt.getTime() > FIXED_NOW.getTime() + LIMIT * 3600_000);
}

describe("listing and reading appointments", () => {
  it("lists only the acting person's future active and clinic-cancelled appointments, soonest first, with their rules", async () => {
    const list = await listUpcomingAppointments(await userSession(t.person("patient")), "fi", FIXED_NOW, LIMIT);
    expect(list.map((a) => a.practitioner.name)).toEqual([
      "Helena Heikkinen",
      "Anna Aho",
      "Björn Berg",
      "Noora Nurmi",
      "Sari Salo",
    ]);
    expect(list[0]).toMatchObject({
      mayCancel: false,
      cancelBlockedBy: "tooLate",
      selfCheckInStatus: "tooEarly",
      specialtyName: "Sairaanhoitaja",
    });
    expect(list[1]).toMatchObject({
      mayCancel: true,
      cancelBlockedBy: null,
      cancelHref: `/fi/ajanvaraukset/${list[1].id}/peru`,
    });
    // The README's clinic-cancelled appointment in six days: listed, marked, and without actions or a door link.
    expect(list[2]).toMatchObject({
      status: "providerCancelled",
      hasAppointeeCanceled: true,
      mayCancel: false,
      selfCheckInStatus: "statusNotAvailable",
      doorHref: null,
      cancelHref: null,
    });
    expect(list.filter((a) => a.status !== "active")).toHaveLength(1);
    expect(list[4]).toMatchObject({ isRemote: true, selfCheckInStatus: "onlyAtReception", kindName: "Etävastaanotto" });
    expect(list[0]).toMatchObject({ kindName: "Vastaanottokäynti", practitioner: { id: "P-HEI", pictureUrl: null } });
    // The details' avatar is worked out by the loader: in the children's brand in the colour of the id's group.
    expect(withAvatar(list[0], "main").avatar).toMatchObject({ initials: "HH", className: "avatar avatar--initials" });
    expect(withAvatar(list[0], "pikkujatti").avatar.className).toBe("avatar avatar--initials avatar--g4");
  });

  it("does not show another person's appointment (the page answers 404) and logs the reads it does", async () => {
    const [childAppointment] = await reservationsOf(t.person("youngChild"));
    const patient = await userSession(t.person("patient"));
    expect(await getAppointments(patient, [childAppointment.appointmentId], "fi", FIXED_NOW, LIMIT)).toEqual([]);

    const cookie = cookiePair(await login(t.person("patient")));
    const request = makeRequest(`/fi/ajanvaraukset/${childAppointment.appointmentId}`, { cookie });
    const result = await appointmentRoute.loader({
      request,
      context: await makeContext(request),
      params: { ids: String(childAppointment.appointmentId) },
    } as never);
    expect((result as unknown as { init: { status: number } }).init.status).toBe(404);

    const guardian = await userSession(t.person("guardian"), t.person("youngChild"));
    const seen = await getAppointments(guardian, [childAppointment.appointmentId], "fi", FIXED_NOW, LIMIT);
    expect(seen.map((a) => a.practitioner.name)).toEqual(["Laura Lahtinen"]);
    const log = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.subjectId, t.person("youngChild").id), eq(s.accessLog.resource, "appointment")));
    expect(log.map((l) => l.actorId)).toEqual([t.person("guardian").id]);
  });

  it("shows the clinic-cancelled appointment with its warning and without actions", async () => {
    const rows = await reservationsOf(t.person("patient"));
    const providerCancelled = rows.find((r) => r.status === "providerCancelled")!;
    const [a] = await getAppointments(
      await userSession(t.person("patient")),
      [providerCancelled.appointmentId],
      "en",
      FIXED_NOW,
      LIMIT,
    );
    expect(a).toMatchObject({ hasAppointeeCanceled: true, mayCancel: false, selfCheckInStatus: "statusNotAvailable" });
  });
});

describe("cancelling", () => {
  it("cancels once; a second submit is a success without a second change", async () => {
    const patient = await userSession(t.person("patient"));
    const [target] = await cancellable(t.person("patient"));
    expect(await cancelAppointment(patient, target.appointmentId, FIXED_NOW, LIMIT)).toEqual({ type: "success" });
    expect(await cancelAppointment(patient, target.appointmentId, FIXED_NOW, LIMIT)).toEqual({
      type: "alreadyCancelled",
    });
    const after = (await reservationsOf(t.person("patient"))).filter((r) => r.appointmentId === target.appointmentId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: "cancelled", cancelledAt: FIXED_NOW });
  });

  it("lets exactly one of two simultaneous cancels change the row", async () => {
    const patient = await userSession(t.person("patient"));
    const [target] = await cancellable(t.person("patient"));
    const results = await Promise.all(
      [1, 2, 3].map(() => cancelAppointment(patient, target.appointmentId, FIXED_NOW, LIMIT)),
    );
    expect(results.filter((r) => r.type === "success")).toHaveLength(1);
    expect(results.filter((r) => r.type === "alreadyCancelled")).toHaveLength(2);
  });

  it("refuses too late, clinic-cancelled and other people's appointments, changing nothing", async () => {
    const patient = await userSession(t.person("patient"));
    const rows = await reservationsOf(t.person("patient"));
    const soon = rows.find(
      (r) =>
        r.status === "active" &&
        r.startsAt > FIXED_NOW &&
        r.startsAt.getTime() < FIXED_NOW.getTime() + LIMIT * 3600_000,
    )!;
    const providerCancelled = rows.find((r) => r.status === "providerCancelled")!;
    const [childs] = await reservationsOf(t.person("youngChild"));
    expect(await cancelAppointment(patient, soon.appointmentId, FIXED_NOW, LIMIT)).toEqual({ type: "tooLate" });
    expect(await cancelAppointment(patient, providerCancelled.appointmentId, FIXED_NOW, LIMIT)).toEqual({
      type: "notCancellable",
    });
    expect(await cancelAppointment(patient, childs.appointmentId, FIXED_NOW, LIMIT)).toEqual({ type: "notFound" });
    expect((await reservationsOf(t.person("patient"))).map((r) => r.status)).toEqual(rows.map((r) => r.status));
    expect((await reservationsOf(t.person("youngChild")))[0].status).toBe("active");
  });

  it("the cancel page cancels on its button's post only, redirects to the front page's cancelled fragment, and shows the too-late reason with 409", async () => {
    const cookie = cookiePair(await login(t.person("patient")));
    const [target] = await cancellable(t.person("patient"));
    const post = (id: number, intent = "cancel") =>
      makeRequest(`/fi/ajanvaraukset/${id}/peru`, { cookie, form: { csrfToken: "checked-by-middleware", intent } });
    // The page itself (a GET) asks first.
    const page = makeRequest(`/fi/ajanvaraukset/${target.appointmentId}/peru`, { cookie });
    const shown = (await cancelRoute.loader({
      request: page,
      context: await makeContext(page),
      params: { id: String(target.appointmentId) },
    } as never)) as { appointment: { mayCancel: boolean } };
    expect(shown.appointment.mayCancel).toBe(true);
    // Only the confirm button's post cancels: another form's post (the arrival reason's, say) is refused.
    const other = post(target.appointmentId, "arrivalReason");
    await expect(
      cancelRoute.action({
        request: other,
        context: await makeContext(other),
        params: { id: String(target.appointmentId) },
      } as never),
    ).rejects.toMatchObject({ init: { status: 400 } });
    expect(
      (await reservationsOf(t.person("patient"))).find((r) => r.appointmentId === target.appointmentId),
    ).toMatchObject({ status: "active" });
    const ok = post(target.appointmentId);
    const redirect = await thrownResponse(async () =>
      cancelRoute.action({
        request: ok,
        context: await makeContext(ok),
        params: { id: String(target.appointmentId) },
      } as never),
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/fi#appointment-cancelled");

    const rows = await reservationsOf(t.person("patient"));
    const soon = rows.find(
      (r) =>
        r.status === "active" &&
        r.startsAt > FIXED_NOW &&
        r.startsAt.getTime() < FIXED_NOW.getTime() + LIMIT * 3600_000,
    )!;
    const late = post(soon.appointmentId);
    const refused = await cancelRoute.action({
      request: late,
      context: await makeContext(late),
      params: { id: String(soon.appointmentId) },
    } as never);
    expect((refused as unknown as { init: { status: number }; data: unknown }).init.status).toBe(409);
    expect((refused as unknown as { data: unknown }).data).toEqual({ failure: "tooLate" });
  });

  it("DELETE /api/appointments/{id} answers the spec's result types", async () => {
    // The patient's cancellable appointments were used above: the guardian's own one here.
    const cookie = cookiePair(await login(t.person("guardian")));
    const [target] = await cancellable(t.person("guardian"));
    const call = async (id: string, withCookie = true, method = "DELETE") => {
      const request = makeRequest(`/api/appointments/${id}?csrfToken=x`, {
        method,
        cookie: withCookie ? cookie : undefined,
      });
      try {
        const res = await apiRoute.action({ request, context: await makeContext(request), params: { id } } as never);
        const r = res as unknown as { data: { type: string }; init: { status: number } | null };
        return { status: r.init?.status ?? 200, type: r.data.type };
      } catch (error) {
        const r = error as { data: { type: string }; init: { status: number } };
        return { status: r.init.status, type: r.data.type };
      }
    };
    expect(await call(String(target.appointmentId), false)).toEqual({ status: 401, type: "Unauthorized" });
    expect(await call(String(target.appointmentId), true, "POST")).toEqual({ status: 405, type: "MethodNotAllowed" });
    expect(await call("abc")).toEqual({ status: 404, type: "NotFound" });
    expect(await call(String(target.appointmentId))).toEqual({ status: 200, type: "Success" });
    expect(await call(String(target.appointmentId))).toEqual({ status: 200, type: "Success" });
  });
});

describe("calendar file", () => {
  it("downloads the acting person's active appointment as iCalendar, and nothing of others", async () => {
    const cookie = cookiePair(await login(t.person("employee")));
    const [own] = (await reservationsOf(t.person("employee"))).filter((r) => r.status === "active");
    const [childs] = await reservationsOf(t.person("youngChild"));
    const get = async (id: number) => {
      const request = makeRequest(`/fi/ajanvaraukset/${id}/kalenteri.ics`, { cookie });
      try {
        return (await calendarRoute.loader({
          request,
          context: await makeContext(request),
          params: { id: String(id) },
        } as never)) as Response;
      } catch (error) {
        return { status: (error as { init: { status: number } }).init.status } as Response;
      }
    };
    const ok = await get(own.appointmentId);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const body = await ok.text();
    expect(body).toContain(
      `DTSTART:${own.startsAt
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`,
    );
    expect(body).toContain("LOCATION:Solmu Kamppi\\, Urho Kekkosen katu 1\\, 00100 Helsinki");
    expect((await get(childs.appointmentId)).status).toBe(404);
  });
});
