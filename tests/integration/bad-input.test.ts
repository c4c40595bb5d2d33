/**
 * The findings of the outside test, each through the real request handler: malformed input answers 400 with the
 * spec's validation details (or a re-rendered form), never 500; ids have one spelling; calls answer methods they
 * do not take with 405 and `Allow`, and nothing of it is logged as an error.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CSRF_COOKIE, newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { logger } from "~/.server/logger";
import type { Person } from "~/.server/session";
import { doorToken } from "~/features/appointments/door.server";
import { appRoutes, handle } from "./request-handler";
import { FIXED_NOW, ORIGIN, boundCsrfToken, cookiePair, freeSlotId, login, useTestDatabase } from "./test-db";

const t = useTestDatabase();

const csrfCookie = newCsrfCookieValue();

type Sent = { status: number; allow: string | null; text: string; json: unknown };

/** A request with the browser's CSRF cookie and token, logged in as `as` when given. */
async function send(
  method: string,
  path: string,
  options: { as?: Person; body?: BodyInit; type?: string; cookie?: string } = {},
): Promise<Sent> {
  const cookies = [options.cookie ?? `${CSRF_COOKIE()}=${csrfCookie}`];
  const session = options.as ? cookiePair(await login(options.as)) : null;
  if (session) cookies.push(session);
  // The token the page would carry: bound to the session once there is one.
  const headers = new Headers({ "X-CSRF-Token": boundCsrfToken(csrfCookie, session) });
  headers.set("Cookie", cookies.join("; "));
  if (options.type) headers.set("Content-Type", options.type);
  const response = await handle(new Request(new URL(path, ORIGIN), { method, headers, body: options.body }));
  const text = method === "HEAD" ? "" : await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page
  }
  return { status: response.status, allow: response.headers.get("Allow"), text, json };
}

const validation = (...paths: string[]) => ({
  type: "ValidationError",
  details: paths.map((path) => ({ path, message: expect.any(String) })),
});

/** Maija's next clinic appointment (its arrival reason can be set). */
async function clinicAppointment(): Promise<number> {
  const [row] = await t.db
    .select({ id: s.reservations.appointmentId })
    .from(s.reservations)
    .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
    .where(
      and(
        eq(s.reservations.personId, t.person("patient").id),
        eq(s.reservations.status, "active"),
        eq(s.appointments.locationType, "physicalLocation"),
        gt(s.appointments.startsAt, FIXED_NOW),
      ),
    )
    .orderBy(s.appointments.startsAt)
    .limit(1);
  return row.id;
}

async function arrivalReasonOf(appointmentId: number) {
  const [row] = await t.db
    .select({ reason: s.reservations.arrivalReason })
    .from(s.reservations)
    .where(and(eq(s.reservations.appointmentId, appointmentId), eq(s.reservations.status, "active")));
  return row.reason;
}

let errorLog: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  errorLog = vi.spyOn(logger, "error");
});
afterEach(() => {
  errorLog.mockClear();
});

describe("NUL and control characters", () => {
  it("in the arrival reason: the call answers 400 with the field's path, the page re-renders the form with the error", async () => {
    const patient = t.person("patient");
    const id = await clinicAppointment();
    const before = await arrivalReasonOf(id);

    const call = await send("POST", `/api/appointments/${id}/arrival-reason`, {
      as: patient,
      type: "application/json",
      body: JSON.stringify({ arrivalReason: "Kipeä\u0000polvi" }),
    });
    expect(call.status).toBe(400);
    expect(call.json).toEqual(validation("arrivalReason"));

    const page = await send("POST", `/fi/ajanvaraukset/${id}`, {
      as: patient,
      type: "application/x-www-form-urlencoded",
      body: new URLSearchParams({
        csrfToken: "in-the-header",
        intent: "arrivalReason",
        appointmentId: String(id),
        arrivalReason: "Kipeä\u0000polvi",
      }),
    });
    expect(page.status).toBe(400);
    expect(page.text).toContain("<title>Virhe:");
    expect(page.text).toContain("Tekstissä on merkkejä, joita ei voi tallentaa.");
    expect(page.text).toContain('name="arrivalReason"');
    expect(await arrivalReasonOf(id)).toBe(before);
    expect(errorLog).not.toHaveBeenCalled();
  });

  it("in the address: PUT /api/user answers 400 with the field's path, and the reservation page's contact form shows the error", async () => {
    const person = t.person("patient");
    const [before] = await t.db.select().from(s.people).where(eq(s.people.id, person.id));
    const contact = {
      streetAddress: "Katu\u00001",
      postalCode: "00100",
      postOffice: "Helsinki",
      emailAddress: "maija@example.com",
      phoneNumber: "0405556666",
    };
    for (const body of [contact, { ...contact, streetAddress: "Katu 1", emailAddress: "maija\u0000@example.com" }]) {
      const call = await send("PUT", "/api/user", { as: person, type: "application/json", body: JSON.stringify(body) });
      expect(call.status).toBe(400);
      expect(call.json).toEqual(validation(body.streetAddress === "Katu 1" ? "emailAddress" : "streetAddress"));
    }

    const slotId = await freeSlotId(sql`'private' = any(${s.appointments.careTypes})`);
    const page = await send("POST", `/fi/vapaat-ajat/${slotId}`, {
      as: person,
      type: "application/x-www-form-urlencoded",
      body: new URLSearchParams({ csrfToken: "in-the-header", intent: "saveContact", ...contact }),
    });
    expect(page.status).toBe(400);
    expect(page.text).toContain("Tekstissä on merkkejä, joita ei voi tallentaa.");
    const [after] = await t.db.select().from(s.people).where(eq(s.people.id, person.id));
    expect(after).toEqual(before);
  });
});

describe("bodies that are not a JSON object", () => {
  it("answer 400 ValidationError on the arrival-reason, concepts and anonymous check-in calls", async () => {
    const id = await clinicAppointment();
    const calls = [`/api/appointments/${id}/arrival-reason`, "/api/concepts", "/api/anon/check-in"];
    const bodies: [string, string][] = [
      ["arrivalReason=Selkä", "text/plain"],
      ["<arrivalReason>Selkä</arrivalReason>", "application/xml"],
      ["null", "application/json"],
      ["[]", "application/json"],
      ['{"arrivalReason":', "application/json"],
      // 10 KB of nesting: deep enough to exhaust a recursive walk's stack, well within the body limit.
      [`{"arrivalReason":${"[".repeat(5000)}${"]".repeat(5000)}}`, "application/json"],
    ];
    for (const path of calls) {
      for (const [body, type] of bodies) {
        const answer = await send("POST", path, { as: t.person("patient"), type, body });
        expect(answer.status, `${path} ${type} ${body}`).toBe(400);
        expect(answer.json, `${path} ${type} ${body}`).toEqual(validation(""));
      }
    }
    expect(errorLog).not.toHaveBeenCalled();
  });

  it("the anonymous check-in names the fields it could not use", async () => {
    const answer = await send("POST", "/api/anon/check-in", {
      type: "application/json",
      body: JSON.stringify({ appointmentId: 5, ssnEndPart: "x" }),
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(validation("appointmentId", "ssnEndPart"));
  });
});

describe("undecodable cookies", () => {
  it("are ignored: pages and calls answer as without them", async () => {
    // Without a readable CSRF cookie the token proves nothing (403); with one, the body is checked (400).
    for (const [cookie, postStatus] of [
      ["session=%", 403],
      [`${CSRF_COOKIE()}=%E0%A4%A`, 403],
      [`${CSRF_COOKIE()}=${csrfCookie}; session=%E0%A4%A`, 400],
    ] as const) {
      expect((await send("GET", "/fi/kirjaudu", { cookie })).status, cookie).toBe(200);
      expect((await send("GET", "/api/session", { cookie })).json).toMatchObject({ expiresAt: null });
      const post = await send("POST", "/api/anon/check-in", { cookie, type: "application/json", body: "{}" });
      expect(post.status, cookie).toBe(postStatus);
    }
    expect(errorLog).not.toHaveBeenCalled();
  });
});

describe("appointment ids", () => {
  const odd: unknown[] = [true, [37], "0x25", " 37 ", "37.0", "037", 37.5, "1e1", 2 ** 31, { id: 37 }];

  it("only a canonical id reserves: every other spelling is a 400 on both reservation calls and reserves nothing", async () => {
    const count = async () => Number((await t.db.select({ n: sql<number>`count(*)` }).from(s.reservations))[0].n);
    const reservations = await count();
    const employee = t.person("employee");
    for (const appointmentId of odd) {
      const portal = await send("POST", "/api/reserve-appointment", {
        as: employee,
        type: "application/json",
        body: JSON.stringify({
          internalOrganization: "solmu",
          appointmentId,
          phone: "0401234567",
          emailAddress: "liisa@example.com",
        }),
      });
      expect(portal.status, JSON.stringify(appointmentId)).toBe(400);
      expect(portal.json).toEqual(validation("appointmentId"));
      const anonymous = await send("POST", "/api/anon/reserve-appointment", {
        type: "application/json",
        body: JSON.stringify({
          internalOrganization: "solmu",
          appointmentId,
          emailAddress: "liisa@example.com",
          firstName: employee.firstName,
          lastName: employee.lastName,
          phone: "0401234567",
          ssn: employee.identityCode,
        }),
      });
      expect(anonymous.status, JSON.stringify(appointmentId)).toBe(400);
      expect(anonymous.json).toMatchObject({
        type: "ValidationError",
        details: [{ path: "appointmentId", message: "Invalid appointmentId" }],
      });
    }
    expect(await count()).toBe(reservations);
  });

  it("a path id with a leading zero, a sign or spaces is not found", async () => {
    const patient = t.person("patient");
    const id = await clinicAppointment();
    expect((await send("GET", `/fi/ajanvaraukset/${id}`, { as: patient })).status).toBe(200);
    for (const spelling of [`0${id}`, `+${id}`, `%20${id}`, `${id}.0`, `${id},0${id}`]) {
      expect((await send("GET", `/fi/ajanvaraukset/${spelling}`, { as: patient })).status, spelling).toBe(404);
      expect((await send("POST", `/api/appointments/check-in/${spelling}`, { as: patient })).status, spelling).toBe(
        404,
      );
    }
    const page = await send("POST", `/fi/ajanvaraukset/${id}`, {
      as: patient,
      type: "application/x-www-form-urlencoded",
      body: new URLSearchParams({
        csrfToken: "in-the-header",
        intent: "arrivalReason",
        appointmentId: `0${id}`,
        arrivalReason: "Selkä",
      }),
    });
    expect(page.status).toBe(400);
  });
});

describe("methods", () => {
  const api = appRoutes.filter((r) => r.path.startsWith("api/"));
  const fill = (path: string) => "/" + path.replace(":lang", "fi").replace(":date", "2026-11-23").replace(/:\w+/g, "1");

  it("every /api call answers the methods it does not take, OPTIONS included, with 405 and Allow, and logs nothing", async () => {
    expect(api.length).toBeGreaterThan(15);
    for (const route of api) {
      const path = fill(route.path);
      const options = await send("OPTIONS", path, { as: t.person("patient") });
      expect(options.status, `OPTIONS ${path}`).toBe(405);
      const allow = options.allow?.split(", ") ?? [];
      expect(allow.length, `Allow of ${path}`).toBeGreaterThan(0);
      expect(options.json).toEqual({ type: "MethodNotAllowed" });
      for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE"].filter((m) => !allow.includes(m))) {
        const answer = await send(method, path, { as: t.person("patient") });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.allow, `${method} ${path}`).toBe(options.allow);
      }
      // What Allow names is what the module serves.
      if (!route.hasLoader) expect(allow).not.toContain("GET");
      if (!route.hasAction) expect(allow.filter((m) => m !== "GET" && m !== "HEAD")).toEqual([]);
    }
    expect(errorLog).not.toHaveBeenCalled();
  });

  it("GET on an action-only call is a 405 naming the call's method", async () => {
    expect(await send("GET", "/api/logout")).toMatchObject({ status: 405, allow: "POST" });
    expect(await send("GET", "/api/appointments/1")).toMatchObject({ status: 405, allow: "DELETE" });
    expect(await send("GET", "/api/user")).toMatchObject({ status: 405, allow: "PUT, POST" });
    expect(await send("HEAD", "/api/concepts")).toMatchObject({ status: 405, allow: "POST" });
  });
});

describe("validation answers of the GET calls", () => {
  it("carry details with string paths and messages", async () => {
    const patient = t.person("patient");
    expect((await send("GET", "/api/insurance/pohjola-check/2026-02-30", { as: patient })).json).toEqual(
      validation("date"),
    );
    expect((await send("GET", "/api/insurance/pohjola-check/x", { as: patient })).json).toEqual(validation("date"));
    expect(
      (await send("GET", "/api/insurance/pohjola-company-check?lang=xx&eventType=x", { as: patient })).json,
    ).toEqual(validation("lang", "eventType"));
    expect(
      (
        await send("GET", "/api/insurance/lahitapiola-apply-permit?redirectTo=//evil.example&lang=fi&channel=web", {
          as: patient,
        })
      ).json,
    ).toEqual(validation("redirectTo"));
    expect((await send("GET", "/api/appointments?startDate=x&lang=xx")).json).toEqual(validation("startDate", "lang"));
    expect((await send("GET", "/api/appointments/specialty?id=%00")).json).toEqual(validation("id"));
    expect(errorLog).not.toHaveBeenCalled();
  });

  it("a door check-in with a valid link still works through the same reader", async () => {
    const [row] = await t.db
      .select({ appointmentId: s.reservations.appointmentId, id: s.reservations.id })
      .from(s.reservations)
      .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
      .where(
        and(
          eq(s.reservations.personId, t.person("employee").id),
          eq(s.reservations.status, "active"),
          isNull(s.reservations.checkedInAt),
        ),
      )
      .orderBy(s.appointments.startsAt)
      .limit(1);
    const answer = await send("POST", "/api/anon/check-in", {
      type: "application/json",
      body: JSON.stringify({
        appointmentId: doorToken(row.appointmentId, row.id),
        ssnEndPart: t.person("employee").identityCode.slice(-4).toLowerCase(),
      }),
    });
    expect(answer.json).toEqual({ type: "success" });
  });
});
