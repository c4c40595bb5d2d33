import { and, desc, eq, gt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { requestContext } from "~/.server/context";
import { CSRF_COOKIE, csrfTokenFor } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { sessionMiddleware } from "~/.server/middleware";
import type { Person } from "~/.server/session";
import { doorView } from "~/features/appointments/door.server";
import { ANON_RESERVATION_LIMITS } from "~/features/booking/anonymous-reservation.server";
import { unregisteredIdentityCode } from "~/.server/db/seed/demo-people";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import * as dataProcessing from "~/routes/account/data-processing";
import * as apiUser from "~/routes/account/api-user";
import * as anonPage from "~/routes/booking/anon-free-appointment";
import * as anonReservation from "~/routes/booking/anon-reservation";
import * as apiAnon from "~/routes/booking/api-anon-reserve-appointment";
import * as apiReserve from "~/routes/booking/api-reserve-appointment";
import * as reservePage from "~/routes/booking/reserve";
import * as unavailable from "~/routes/booking/unavailable";
import {
  FIXED_NOW,
  ORIGIN,
  cookiePair,
  cookieValue,
  login,
  makeContext,
  makeRequest,
  runMiddleware,
  thrownResponse,
  useTestDatabase,
} from "./test-db";

const t = useTestDatabase();

type Reply = { init: { status: number } | null; data: Record<string, unknown> };
const reply = (r: unknown) => r as Reply;

/** Free slots nobody holds: private (anonymous-reservable unless `auth`), `days` or more ahead. */
async function freeSlots(options: { days?: number; auth?: boolean; careType?: string; specialty?: string } = {}) {
  return t.db
    .select({ id: s.appointments.id, startsAt: s.appointments.startsAt })
    .from(s.appointments)
    .where(
      and(
        gt(s.appointments.startsAt, new Date(FIXED_NOW.getTime() + (options.days ?? 2) * 86_400_000)),
        eq(s.appointments.requiresAuthToReserve, options.auth ?? false),
        sql`${options.careType ?? "private"} = any(${s.appointments.careTypes})`,
        sql`not exists (select 1 from reservations r where r.appointment_id = ${s.appointments.id})`,
        options.specialty ? eq(s.appointments.specialtyId, options.specialty) : undefined,
      ),
    )
    .orderBy(s.appointments.startsAt, s.appointments.id)
    .limit(40);
}

let slotCursor = 0;
async function nextSlot(options: Parameters<typeof freeSlots>[0] = {}) {
  const slots = await freeSlots({ ...options, days: (options.days ?? 2) + (slotCursor++ % 20) * 2 });
  return slots[0]!.id;
}

function anonForm(p: Person, extra: Record<string, string> = {}) {
  return {
    csrfToken: "checked-by-middleware",
    ssn: p.identityCode.toLowerCase(),
    firstName: ` ${p.firstName.toUpperCase()} `,
    lastName: p.lastName,
    phone: "040 765 4321",
    emailAddress: "anon@example.com",
    terms: "on",
    ...extra,
  };
}

async function anonPost(id: number, form: Record<string, string>, ip = "10.9.0.1", lang: Lang = "fi") {
  const request = makeRequest(href("anonFreeAppointment", lang, { id }), { form });
  const context = await makeContext(request);
  context.get(requestContext).clientIp = ip;
  return { request, context, run: () => anonPage.action({ request, context, params: { id: String(id) } } as never) };
}

async function apiAnonPost(body: Record<string, unknown>, ip = "10.8.0.1") {
  const request = makeRequest("/api/anon/reserve-appointment?lang=en", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
  });
  const withBody = new Request(request, { body: JSON.stringify(body) });
  const context = await makeContext(withBody);
  context.get(requestContext).clientIp = ip;
  return reply(await apiAnon.action({ request: withBody, context, params: {} } as never));
}

describe("anonymous reservation (page)", () => {
  it("reserves, queues the SMS with a working door link, logs the access and shows the confirmation", async () => {
    const patient = t.person("patient");
    const id = await nextSlot();
    const { run } = await anonPost(id, anonForm(patient));
    const response = await thrownResponse(run);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/fi\/kirjautumattomat-kayttajat\/varaus\/[A-Za-z0-9_-]+$/);
    const token = location.split("/").pop()!;

    const [row] = await t.db
      .select()
      .from(s.reservations)
      .where(and(eq(s.reservations.appointmentId, id), eq(s.reservations.status, "active")));
    expect(row).toMatchObject({
      personId: patient.id,
      channel: "anonymous",
      careType: "private",
      contactPhone: "+358407654321",
      contactEmail: "anon@example.com",
    });

    const [sms] = await t.db.select().from(s.outboxMessages).orderBy(desc(s.outboxMessages.id)).limit(1);
    expect(sms.recipient).toBe("+358407654321");
    const link = `${ORIGIN}/fi/varaus/${token}`;
    expect(sms.body).toContain(link);
    expect(await doorView(token, FIXED_NOW, 24)).toMatchObject({ state: "active" });

    const log = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.resource, "reservation"), eq(s.accessLog.resourceId, String(id))));
    expect(log).toHaveLength(1);

    // The browser that reserved sees the whole summary; anyone else with the link, time and place only.
    const ownerCookie = response.headers.get("Set-Cookie")!;
    expect(ownerCookie).toMatch(/^reservation=[\w-]+;.*HttpOnly.*Max-Age=86400/);
    const confirmation = makeRequest(location, { cookie: cookiePair(ownerCookie) });
    const page = await anonReservation.loader({
      request: confirmation,
      context: await makeContext(confirmation),
      params: { token },
    } as never);
    expect(page.appointment).toMatchObject({
      id,
      practitioner: { name: expect.any(String) },
      specialty: { name: expect.any(String) },
    });
    expect(JSON.stringify(page)).not.toContain(patient.identityCode);
    for (const cookie of [undefined, "reservation=forged", `reservation=${cookieValue(ownerCookie)}x`]) {
      const stranger = makeRequest(location, { cookie });
      const seen = await anonReservation.loader({
        request: stranger,
        context: await makeContext(stranger),
        params: { token },
      } as never);
      expect(Object.keys(seen.appointment).sort()).toEqual([
        "clinic",
        "durationMinutes",
        "isRemote",
        "locationType",
        "startsAt",
      ]);
      expect(JSON.stringify(seen)).not.toMatch(/practitioner|specialty/);
    }
    const bad = makeRequest("/fi/kirjautumattomat-kayttajat/varaus/AAAAAAAAAAAA");
    const badContext = await makeContext(bad);
    const notFound = await Promise.resolve(
      anonReservation.loader({ request: bad, context: badContext, params: { token: "AAAAAAAAAAAA" } } as never),
    ).catch((e) => e);
    expect(reply(notFound).init?.status).toBe(404);

    // The same slot again: it is taken, and the visitor is sent to the unavailable page.
    const again = await anonPost(id, anonForm(t.person("guardian")));
    const taken = await thrownResponse(again.run).catch((e) => e);
    expect(taken.status).toBe(302);
    expect(taken.headers.get("Location")).toContain("/fi/ajanvaraus/aika-ei-saatavilla");
  });

  it("sends the confirmation SMS in the language of the booking, with the link in that language", async () => {
    // The demo people's own language is Finnish: the SMS follows the page they booked on.
    const guardian = t.person("guardian");
    expect(guardian.language).toBe("fi");
    const id = (await freeSlots({ days: 11 }))[0].id;
    const response = await thrownResponse((await anonPost(id, anonForm(guardian), "10.9.0.7", "sv")).run);
    expect(response.headers.get("Location")).toMatch(/^\/sv\/anonyma-anvandare\/bokning\//);
    const token = response.headers.get("Location")!.split("/").pop()!;
    const [sms] = await t.db.select().from(s.outboxMessages).orderBy(desc(s.outboxMessages.id)).limit(1);
    expect(sms.body).toMatch(
      /^Din tid \d{1,2}\.\d{1,2}\.\d{4} kl\. \d{2}:\d{2}, .+ är bokad\. Uppgifter och anmälan: /,
    );
    expect(sms.body).toContain(`${ORIGIN}/sv/bokning/${token}`);
    // Not held on to: the other tests count Matti's reservations.
    await t.db.update(s.reservations).set({ status: "cancelled" }).where(eq(s.reservations.appointmentId, id));
  });

  it("answers 400 with the spec's messages for bad input, never 500", async () => {
    const id = await nextSlot();
    const { run } = await anonPost(id, {
      csrfToken: "x",
      ssn: "010190-123",
      firstName: " ",
      lastName: "",
      phone: "12ab",
      emailAddress: "nope",
    });
    const result = reply(await run());
    expect(result.init?.status).toBe(400);
    expect((result.data as { form: { errors: Record<string, string> } }).form.errors).toEqual({
      ssn: "reservation.errors.ssn",
      firstName: "reservation.errors.firstName",
      lastName: "reservation.errors.lastName",
      phone: "reservation.errors.phone",
      emailAddress: "reservation.errors.emailAddress",
      terms: "reservation.errors.terms",
    });
  });

  it("asks the binding checkbox when the start is within the brand's notice hours", async () => {
    const [soon] = await t.db
      .select({ id: s.appointments.id })
      .from(s.appointments)
      .where(
        and(
          gt(s.appointments.startsAt, new Date(FIXED_NOW.getTime() + 3600_000)),
          sql`${s.appointments.startsAt} < ${new Date(FIXED_NOW.getTime() + 20 * 3600_000).toISOString()}::timestamptz`,
          eq(s.appointments.requiresAuthToReserve, false),
          sql`'private' = any(${s.appointments.careTypes})`,
          sql`not exists (select 1 from reservations r where r.appointment_id = ${s.appointments.id})`,
        ),
      )
      .limit(1);
    const { run } = await anonPost(soon.id, anonForm(t.person("smsUser")));
    const result = reply(await run());
    expect(result.init?.status).toBe(400);
    expect((result.data as { form: { errors: Record<string, string> } }).form.errors).toEqual({
      binding: "reservation.errors.binding",
    });
  });

  it("maps noPatient, patientInfoConflict and patientDataConsentRequired to their reactions", async () => {
    const id = await nextSlot();
    const unknown = reply(
      await (await anonPost(id, anonForm({ ...t.person("patient"), identityCode: unregisteredIdentityCode() }))).run(),
    );
    expect(unknown.data.error).toBe("noPatient");
    const conflict = reply(await (await anonPost(id, anonForm(t.person("guardian"), { lastName: "Joku Muu" }))).run());
    expect(conflict.data.error).toBe("patientInfoConflict");
    const consent = reply(await (await anonPost(id, anonForm(t.person("senior")))).run());
    expect(consent.data.error).toBe("patientDataConsentRequired");
    expect([unknown, conflict, consent].map((r) => r.init?.status)).toEqual([409, 409, 409]);
    expect(await t.db.select().from(s.reservations).where(eq(s.reservations.appointmentId, id))).toHaveLength(0);
  });

  it("has no anonymous form for a slot that requires identification, and the page 404s for absent ids", async () => {
    const auth = await nextSlot({ auth: true });
    const request = makeRequest(href("anonFreeAppointment", "fi", { id: auth }));
    const view = await anonPage.loader({
      request,
      context: await makeContext(request),
      params: { id: String(auth) },
    } as never);
    expect(view).toMatchObject({ found: true, anonymousAllowed: false });
    const refused = await thrownResponse(async () => (await anonPost(auth, anonForm(t.person("patient")))).run()).catch(
      (e) => e,
    );
    expect(reply(refused).init?.status).toBe(404);

    const absent = makeRequest(href("anonFreeAppointment", "fi", { id: 99999999 }));
    const missing = reply(
      await anonPage.loader({
        request: absent,
        context: await makeContext(absent),
        params: { id: "99999999" },
      } as never),
    );
    expect(missing.init?.status).toBe(404);
  });

  it("sends a logged-in visitor to the logged-in page", async () => {
    const id = await nextSlot();
    const cookie = cookiePair(await login(t.person("guardian")));
    const request = makeRequest(
      `${href("anonFreeAppointment", "en", { id })}?from=%2Fen%2Fbooking%2Fprivate-customer`,
      { cookie },
    );
    const response = await thrownResponse(async () =>
      anonPage.loader({ request, context: await makeContext(request), params: { id: String(id) } } as never),
    );
    expect(response.headers.get("Location")).toBe(
      `/en/available-appointments/${id}?from=%2Fen%2Fbooking%2Fprivate-customer`,
    );
  });

  it("limits anonymous reservations per client and per identity code with 429", async () => {
    const saved = { ...ANON_RESERVATION_LIMITS.client };
    ANON_RESERVATION_LIMITS.client.limit = 2;
    try {
      const id = await nextSlot();
      const bad = { csrfToken: "x", ssn: "bad" };
      expect(reply(await (await anonPost(id, bad, "10.7.0.1")).run()).init?.status).toBe(400);
      expect(reply(await (await anonPost(id, bad, "10.7.0.1")).run()).init?.status).toBe(400);
      const limited = reply(await (await anonPost(id, bad, "10.7.0.1")).run());
      expect(limited.init?.status).toBe(429);
      expect(limited.data.error).toBe("rateLimited");
    } finally {
      Object.assign(ANON_RESERVATION_LIMITS.client, saved);
    }
    const id = await nextSlot();
    const wrongNames = anonForm(t.person("olderChild"), { firstName: "Väärä" });
    const statuses = [];
    for (let i = 0; i < ANON_RESERVATION_LIMITS.identityCode.limit + 1; i++)
      statuses.push(reply(await (await anonPost(id, wrongNames, `10.6.0.${i}`)).run()).init?.status);
    expect(statuses.slice(0, -1).every((s) => s === 409)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("refuses a reservation post without a CSRF token (the root middleware covers resource routes too)", async () => {
    const request = makeRequest("/api/anon/reserve-appointment", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: `${CSRF_COOKIE()}=abc` },
    });
    const context = await makeContext(request, { session: false });
    const thrown = await runMiddleware(sessionMiddleware, request, context).catch((e) => e);
    expect(reply(thrown).init?.status).toBe(403);
    const withToken = makeRequest(
      `/api/anon/reserve-appointment?csrfToken=${encodeURIComponent(csrfTokenFor("abc"))}`,
      { method: "POST", headers: { Cookie: `${CSRF_COOKIE()}=abc` } },
    );
    const passed = await runMiddleware(sessionMiddleware, withToken, await makeContext(withToken, { session: false }));
    expect(passed.nextCalled).toBe(true);
  });
});

describe("anonymous reservation (API)", () => {
  it("answers reservationDetails, ValidationError details with the exact English messages, and error types", async () => {
    const id = await nextSlot();
    const p = t.person("employee");
    const body = {
      internalOrganization: "solmu",
      appointmentId: id,
      emailAddress: "liisa@example.com",
      firstName: p.firstName,
      lastName: p.lastName,
      phone: "0401234567",
      ssn: p.identityCode,
    };
    const invalid = await apiAnonPost({ ...body, ssn: "x", phone: "abc", emailAddress: "", firstName: "" });
    expect(invalid.init?.status).toBe(400);
    expect(invalid.data).toEqual({
      type: "ValidationError",
      details: [
        { path: "ssn", message: "Please check your identity number." },
        { path: "firstName", message: "Please enter your first name" },
        { path: "phone", message: "Please enter your phone number, eg. 040 123 4567" },
        { path: "emailAddress", message: "Please enter your email" },
      ],
    });
    expect((await apiAnonPost({ ...body, internalOrganization: "other" })).init?.status).toBe(400);
    const ok = await apiAnonPost(body);
    expect(ok.data).toMatchObject({ reservationDetails: { appointmentId: id } });
    // Asked in English (?lang=en): the confirmation SMS and its door link are English.
    const [sms] = await t.db.select().from(s.outboxMessages).orderBy(desc(s.outboxMessages.id)).limit(1);
    expect(sms.body).toMatch(/^Your appointment .*\/en\/appointment\/[\w-]+/);
    const taken = await apiAnonPost({
      ...body,
      ssn: t.person("guardian").identityCode,
      firstName: "Matti",
      lastName: "Virtanen",
    });
    expect(taken).toMatchObject({ init: { status: 409 }, data: { type: "appointmentNotAvailable" } });
  });
});

async function reserveArgs(
  person: Person,
  id: number | string,
  options: {
    form?: Record<string, string>;
    page?: "freeAppointment" | "occupationalFreeAppointment" | "kela65FreeAppointment";
    query?: string;
    lang?: Lang;
  } = {},
) {
  const cookie = cookiePair(await login(person));
  const path = `${href(options.page ?? "freeAppointment", options.lang ?? "fi", { id })}${options.query ?? ""}`;
  const request = makeRequest(path, { cookie, form: options.form });
  return { request, context: await makeContext(request), params: { id: String(id) } } as never;
}

describe("logged-in reservation", () => {
  it("shows the form with the prefilled contact details and reserves with a flash message", async () => {
    const guardian = t.person("guardian");
    const id = await nextSlot();
    const view = (await reservePage.loader(await reserveArgs(guardian, id))) as {
      page: { state: string; contact: { valid: boolean; values: Record<string, string> }; price: unknown };
    };
    expect(view.page).toMatchObject({
      state: "form",
      contact: { valid: true, values: { emailAddress: "matti@example.com" } },
    });
    expect(view.page.price).toMatchObject({ from: true });

    const response = await thrownResponse(async () =>
      reservePage.action(await reserveArgs(guardian, id, { form: { csrfToken: "x", intent: "reserve" } })),
    );
    expect(response.headers.get("Location")).toBe(`/fi/ajanvaraukset/${id}`);
    expect(response.headers.get("Set-Cookie")).toContain(encodeURIComponent('"reservation.reserve.reserved"'));
    const [row] = await t.db
      .select()
      .from(s.reservations)
      .where(and(eq(s.reservations.appointmentId, id), eq(s.reservations.status, "active")));
    expect(row).toMatchObject({
      personId: guardian.id,
      channel: "portal",
      careType: "private",
      contactEmail: "matti@example.com",
    });

    const again = await thrownResponse(async () => reservePage.loader(await reserveArgs(t.person("patient"), id)));
    expect(again.headers.get("Location")).toBe("/fi/ajanvaraus/aika-ei-saatavilla");
  });

  it("sends the confirmation SMS in the language of the booking (English)", async () => {
    const guardian = t.person("guardian");
    const id = (await freeSlots({ days: 13 }))[0].id;
    const response = await thrownResponse(async () =>
      reservePage.action(await reserveArgs(guardian, id, { lang: "en", form: { csrfToken: "x", intent: "reserve" } })),
    );
    expect(response.headers.get("Location")).toBe(`/en/appointments/${id}`);
    const [sms] = await t.db.select().from(s.outboxMessages).orderBy(desc(s.outboxMessages.id)).limit(1);
    expect(sms.body).toMatch(
      /^Your appointment \d{1,2} \w+ \d{4} at \d{2}:\d{2}, .+ is booked\. Details and check-in: http:\/\/localhost:3000\/en\/appointment\/[\w-]+$/,
    );
    await t.db.update(s.reservations).set({ status: "cancelled" }).where(eq(s.reservations.appointmentId, id));
  });

  it("enforces tooManyReservations: at most five active, not-ended reservations", async () => {
    const patient = t.person("patient");
    const results: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await nextSlot({ days: 30 });
      const r = await reservePage
        .action(await reserveArgs(patient, id, { form: { csrfToken: "x", intent: "reserve" } }))
        .catch((e) => e);
      results.push(r instanceof Response ? "success" : String(reply(r).data.error));
    }
    expect(results).toContain("tooManyReservations");
    const active = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.reservations)
      .innerJoin(s.appointments, eq(s.appointments.id, s.reservations.appointmentId))
      .where(
        and(
          eq(s.reservations.personId, patient.id),
          eq(s.reservations.status, "active"),
          gt(s.appointments.startsAt, FIXED_NOW),
        ),
      );
    expect(Number(active[0].n)).toBe(5);
  });

  it("needs the binding and occupational confirmations the button needs", async () => {
    const employee = t.person("employee");
    // A general practitioner's slot: the occupational contract-only confirmation applies.
    const id = await nextSlot({ careType: "occupational", specialty: "YLE" });
    const first = await Promise.resolve(
      reservePage.action(
        await reserveArgs(employee, id, {
          page: "occupationalFreeAppointment",
          form: { csrfToken: "x", intent: "reserve" },
        }),
      ),
    ).catch((e) => e);
    if (first instanceof Response) throw new Error(`unexpected redirect to ${first.headers.get("Location")}`);
    const result = reply(first);
    expect(result.init?.status).toBe(400);
    expect(result.data.errors).toEqual({ occupationalConfirmation: "reservation.errors.occupationalConfirmation" });
    const ok = await thrownResponse(async () =>
      reservePage.action(
        await reserveArgs(employee, id, {
          page: "occupationalFreeAppointment",
          form: { csrfToken: "x", intent: "reserve", occupationalConfirmation: "on" },
        }),
      ),
    );
    expect(ok.status).toBe(302);
  });

  it("the occupational page needs a contract with web reservation", async () => {
    const id = await nextSlot({ careType: "occupational" });
    const result = reply(
      await reservePage.loader(await reserveArgs(t.person("guardian"), id, { page: "occupationalFreeAppointment" })),
    );
    expect(result.init?.status).toBe(404);
    expect(result.data).toEqual({ page: { state: "noOccupational" } });
  });

  it("shows the billing notice to a customer who is not credit-worthy, and 404 for absent ids", async () => {
    const id = await nextSlot();
    const billing = (await reservePage.loader(await reserveArgs(t.person("notCreditWorthy"), id))) as {
      page: { state: string; billing: unknown };
    };
    expect(billing.page).toMatchObject({
      state: "billing",
      billing: { phone: "030 600 5100", email: "laskutus@solmu.example" },
    });
    const refused = await reservePage
      .action(await reserveArgs(t.person("notCreditWorthy"), id, { form: { csrfToken: "x" } }))
      .catch((e) => e);
    expect(reply(refused).init?.status).toBe(404);
    expect(reply(await reservePage.loader(await reserveArgs(t.person("guardian"), "123456789"))).init?.status).toBe(
      404,
    );
    expect(reply(await reservePage.loader(await reserveArgs(t.person("guardian"), "abc"))).init?.status).toBe(404);
  });

  it("sends a customer without consent to the consent page, which saves and returns", async () => {
    const senior = t.person("senior");
    const id = await nextSlot();
    const response = await thrownResponse(async () => reservePage.loader(await reserveArgs(senior, id)));
    const location = response.headers.get("Location")!;
    expect(location).toBe(`/fi/potilastietojen-kasittely?next=${encodeURIComponent(`/fi/vapaat-ajat/${id}`)}`);

    const cookie = cookiePair(await login(senior));
    const missing = makeRequest(location, { cookie, form: { csrfToken: "x", allowsBookingSms: "on" } });
    expect(
      reply(await dataProcessing.action({ request: missing, context: await makeContext(missing), params: {} } as never))
        .init?.status,
    ).toBe(400);
    const form = makeRequest(location, {
      cookie,
      form: { csrfToken: "x", privacyPolicyAcknowledged: "on", allowsBookingSms: "on" },
    });
    const saved = await thrownResponse(async () =>
      dataProcessing.action({ request: form, context: await makeContext(form), params: {} } as never),
    );
    expect(saved.headers.get("Location")).toBe(`/fi/vapaat-ajat/${id}`);
    const [row] = await t.db.select().from(s.people).where(eq(s.people.id, senior.id));
    expect(row).toMatchObject({ patientDataConsent: "ok", allowsBookingSms: true, allowsMarketingMail: false });
    const view = (await reservePage.loader(await reserveArgs(senior, id))) as { page: { state: string } };
    expect(view.page.state).toBe("form");
  });

  it("edits the contact details in their own form post", async () => {
    const guardian = t.person("olderChild");
    const id = await nextSlot();
    const bad = reply(
      await reservePage.action(
        await reserveArgs(guardian, id, {
          form: {
            csrfToken: "x",
            intent: "saveContact",
            streetAddress: "K",
            postalCode: "123",
            postOffice: "H",
            emailAddress: "x",
            phoneNumber: "1",
          },
        }),
      ),
    );
    expect(bad.init?.status).toBe(400);
    expect(Object.keys((bad.data.contact as { errors: object }).errors).sort()).toEqual([
      "emailAddress",
      "phoneNumber",
      "postOffice",
      "postalCode",
      "streetAddress",
    ]);
    const ok = await thrownResponse(async () =>
      reservePage.action(
        await reserveArgs(guardian, id, {
          query: "?edit=contact",
          form: {
            csrfToken: "x",
            intent: "saveContact",
            streetAddress: "Uusikatu 5",
            postalCode: " 02100 ",
            postOffice: "Espoo",
            emailAddress: "eetu@example.com",
            phoneNumber: "040 111 2222",
          },
        }),
      ),
    );
    expect(ok.headers.get("Location")).toBe(`/fi/vapaat-ajat/${id}`);
    const [row] = await t.db.select().from(s.people).where(eq(s.people.id, guardian.id));
    expect(row).toMatchObject({ streetAddress: "Uusikatu 5", postalCode: "02100", phoneNumber: "+358401112222" });
  });
});

describe("logged-in APIs", () => {
  async function call(
    module: { action: (a: never) => unknown },
    path: string,
    method: string,
    body: unknown,
    person?: Person,
  ) {
    const cookie = person ? cookiePair(await login(person)) : undefined;
    const request = new Request(new URL(path, ORIGIN), {
      method,
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    });
    return reply(
      await Promise.resolve(module.action({ request, context: await makeContext(request), params: {} } as never)).catch(
        (e) => e,
      ),
    );
  }

  it("POST /api/reserve-appointment reserves for the logged-in person and needs a session", async () => {
    const id = await nextSlot();
    const body = {
      internalOrganization: "solmu",
      appointmentId: id,
      emailAddress: "kalle@example.com",
      phone: "+358401234567",
      description: null,
      conceptCode: null,
      dcpContentHash: null,
      pohjolaPolicyId: null,
    };
    expect((await call(apiReserve, "/api/reserve-appointment?csrfToken=x", "POST", body)).init?.status).toBe(401);
    const ok = await call(apiReserve, "/api/reserve-appointment?csrfToken=x", "POST", body, t.person("newCustomer"));
    expect(ok.data).toEqual({ type: "patientDataConsentRequired" });
    const yes = await call(apiReserve, "/api/reserve-appointment?csrfToken=x", "POST", body, t.person("olderChild"));
    expect(yes.data).toMatchObject({ reservationDetails: { appointmentId: id } });
    expect(
      (
        await call(
          apiReserve,
          "/api/reserve-appointment?csrfToken=x",
          "POST",
          { ...body, phone: "x" },
          t.person("olderChild"),
        )
      ).data,
    ).toMatchObject({ type: "ValidationError", details: [{ path: "phone" }] });
  });

  it("PUT /api/user saves the contact details and answers the patient", async () => {
    const body = {
      streetAddress: "Mannerheimintie 1",
      postalCode: "00100",
      postOffice: "Helsinki",
      emailAddress: "sanna@example.com",
      phoneNumber: "0405556666",
    };
    const ok = await call(apiUser, "/api/user?csrfToken=x", "PUT", body, t.person("newCustomer"));
    expect(ok.data).toMatchObject({
      type: "success",
      patient: {
        email: "sanna@example.com",
        phoneNumber: "+358405556666",
        postalAddress: { street: "Mannerheimintie 1" },
      },
    });
    expect(
      (await call(apiUser, "/api/user?csrfToken=x", "PUT", { ...body, postalCode: "1" }, t.person("newCustomer"))).init
        ?.status,
    ).toBe(400);
  });
});

describe("the appointment-unavailable page", () => {
  it("goes back to a validated `from`, else to the booking landing", async () => {
    const good = makeRequest(
      "/fi/ajanvaraus/aika-ei-saatavilla?from=%2Ffi%2Fajanvaraus%2Fyksityisasiakas%3Ftime%3Dmorning",
    );
    expect(
      (await unavailable.loader({ request: good, context: await makeContext(good), params: {} } as never)).back,
    ).toBe("/fi/ajanvaraus/yksityisasiakas?time=morning");
    const evil = makeRequest("/en/booking/appointment-not-available?from=https%3A%2F%2Fevil.example");
    expect(
      (await unavailable.loader({ request: evil, context: await makeContext(evil), params: {} } as never)).back,
    ).toBe("/en/booking");
  });
});
