import { and, asc, count, eq, gt, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { newCsrfCookieValue } from "~/.server/csrf";
import { env } from "~/.server/env";
import { unregisteredIdentityCode } from "~/.server/db/seed/demo-people";
import { createSession, readSession, type Person } from "~/.server/session";
import { loadFrontPage } from "~/features/front-page/front-page.server";
import { customerMessagingUserId } from "~/features/messaging/messaging.server";
import { listThreads, markAsRead } from "~/features/messaging/threads.server";
import type { UserSession } from "~/.server/guards";
import { loader as homeLoader } from "~/routes/front-page/home";
import {
  clockAt,
  cookiePair,
  FIXED_NOW,
  login,
  makeContext,
  makeRequest,
  routeArgs,
  thrownResponse,
  useTestDatabase,
} from "./test-db";
import { sendAsBrowser } from "./request-handler";

const t = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;

type LoaderArgs = Parameters<typeof homeLoader>[0];

async function userSession(user: Person, acting: Person = user): Promise<UserSession> {
  const state = await readSession(makeRequest("/fi", { cookie: cookiePair(await login(user, acting)) }));
  if (state.status !== "valid" || !state.user || !state.actingPerson) throw new Error("expected a logged-in session");
  return state as UserSession;
}

async function accessLogRows(subjectId: string) {
  return t.db
    .select()
    .from(s.accessLog)
    .where(and(eq(s.accessLog.subjectId, subjectId), eq(s.accessLog.resource, "front-page")));
}

async function runHome(path: string, session?: string) {
  const request = makeRequest(path, { cookie: session ? cookiePair(session) : undefined });
  const context = await makeContext(request);
  return () => homeLoader(routeArgs<LoaderArgs>(request, context));
}

describe("loadFrontPage", () => {
  it("shows the private customer's upcoming appointments in time order, only future and active ones", async () => {
    const patient = t.person("patient");
    // A cancelled reservation before the first one must not show (it would push the third appointment out of the list).
    const [earliestFree] = await t.db
      .select({ id: s.appointments.id })
      .from(s.appointments)
      .leftJoin(s.reservations, eq(s.reservations.appointmentId, s.appointments.id))
      .where(and(isNull(s.reservations.id), gt(s.appointments.startsAt, FIXED_NOW)))
      .orderBy(asc(s.appointments.startsAt))
      .limit(1);
    await t.db
      .insert(s.reservations)
      .values({ appointmentId: earliestFree.id, personId: patient.id, status: "cancelled", cancelledAt: FIXED_NOW });

    const state = await loadFrontPage(await userSession(patient), "fi", FIXED_NOW);

    const appointments = state.appointmentSummaries;
    // The nurse in three hours, the doctor in two days, the gynaecologist in twelve; the clinic-cancelled one is left out.
    expect(appointments.map((a) => [a.practitionerName, a.clinicName, a.specialtyName])).toEqual([
      ["Helena Heikkinen", "Solmu Itäkeskus", "Sairaanhoitaja"],
      ["Anna Aho", "Solmu Kamppi", "Yleislääkäri"],
      ["Noora Nurmi", "Solmu Kamppi", "Gynekologia"],
    ]);
    expect(appointments[0]!.locationType).toBe("physicalLocation");
    const times = appointments.map((a) => Date.parse(a.startsAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.every((x) => x > FIXED_NOW.getTime())).toBe(true);
    expect(appointments.map((a) => a.id)).not.toContain(earliestFree.id);
  });

  it("leaves out an appointment once it has started", async () => {
    const patient = t.person("patient");
    const state = await loadFrontPage(await userSession(patient), "fi", new Date(FIXED_NOW.getTime() + 3 * DAY));
    expect(state.appointmentSummaries.map((a) => a.practitionerName)).toEqual(["Noora Nurmi", "Sari Salo"]);
  });

  it("shows the private customer's conversations, visits, prescriptions, results and questionnaires", async () => {
    const state = await loadFrontPage(await userSession(t.person("patient")), "fi", FIXED_NOW);

    expect(state.customer).toEqual({ firstName: "Maija" });
    expect(state.actingFor).toBeNull();
    expect(state.mfaOnboardingParam).toEqual({ phoneNumber: "+358401234567" });

    // Her three latest threads, as the conversation list orders them.
    const userId = (await customerMessagingUserId(t.db, t.person("patient").id))!;
    const list = await listThreads(t.db, userId, { limit: 3, offset: 0 });
    expect(state.conversationSummaries.map((c) => c.id)).toEqual(list.threads.map((th) => th.id));

    expect(state.visitSummaries.map((v) => [v.practitionerName, v.specialtyName])).toEqual([
      ["Anna Aho", "Yleislääkäri"],
      ["Noora Nurmi", "Gynekologia"],
      ["Helena Heikkinen", "Sairaanhoitaja"],
    ]);
    expect(Date.parse(state.visitSummaries[0]!.dateTime)).toBeLessThan(FIXED_NOW.getTime());

    expect(state.prescriptions.map((p) => p.medicineName)).toEqual(["Burana", "Ventoline", "Levaxin"]);
    expect(state.canRenewPrescriptions).toBe(true);

    // Samples on three days, the latest still waiting for one result.
    expect(state.labResultSummaries.map((r) => r.isReady)).toEqual([false, true, true]);
    expect(state.labReferrals.map((r) => r.title)).toEqual([
      "Perusverenkuva, TSH",
      "Ferritiini",
      "Paastoverensokeri, lipidit",
    ]);
    expect(state.imagingSummaries.map((i) => i.examinationName)).toEqual([
      "Keuhkojen röntgen",
      "Nilkan röntgen",
      "Nilkan ultraääni",
    ]);
    expect(state.imagingReferrals.map((r) => r.title)).toEqual(["Polven röntgen", "Olkapään ultraääni"]);
    expect(state.imagingUnavailable).toBe(false);

    // The answered questionnaire is not open any more.
    expect(state.questionnaireSummaries.map((q) => q.title)).toEqual(["Esitietolomake"]);
  });

  it("flags conversations by the read rule, as the conversation list does", async () => {
    const patient = t.person("patient");
    const userId = (await customerMessagingUserId(t.db, patient.id))!;
    const list = await listThreads(t.db, userId, { limit: 3, offset: 0 });
    const state = await loadFrontPage(await userSession(patient), "fi", FIXED_NOW);
    expect(state.conversationSummaries.map((c) => ({ id: c.id, unread: c.unread }))).toEqual(
      list.threads.map((th) => ({ id: th.id, unread: !th.isRead })),
    );
    // The demo has an unread one among the latest; once she has read it, it is not flagged.
    const unread = state.conversationSummaries.find((c) => c.unread);
    expect(unread).toBeDefined();
    expect(await markAsRead(t.db, userId, unread!.id, new Date(Date.now() + DAY))).toBe(true);
    const after = await loadFrontPage(await userSession(patient), "fi", FIXED_NOW);
    expect(after.conversationSummaries.find((c) => c.id === unread!.id)!.unread).toBe(false);
  });

  it("names specialties in the page's language", async () => {
    const state = await loadFrontPage(await userSession(t.person("patient")), "en", FIXED_NOW);
    expect(state.appointmentSummaries[1]!.specialtyName).toBe("General practitioner");
    expect(state.visitSummaries[1]!.specialtyName).toBe("Gynaecology");
  });

  it("shows every section empty for a new customer", async () => {
    const state = await loadFrontPage(await userSession(t.person("newCustomer")), "fi", FIXED_NOW);
    expect(state.customer).toEqual({ firstName: "Sanna" });
    expect(state.actingFor).toBeNull();
    expect(state.mfaOnboardingParam).toBeNull();
    expect(state.canRenewPrescriptions).toBe(false);
    for (const section of [
      state.conversationSummaries,
      state.appointmentSummaries,
      state.visitSummaries,
      state.prescriptions,
      state.labResultSummaries,
      state.labReferrals,
      state.questionnaireSummaries,
      state.imagingSummaries,
      state.imagingReferrals,
    ]) {
      expect(section).toEqual([]);
    }
  });

  it("shows the child's data, not the guardian's, while acting for the child", async () => {
    const guardian = t.person("guardian");
    const child = t.person("youngChild");
    const state = await loadFrontPage(await userSession(guardian, child), "fi", FIXED_NOW);

    expect(state.customer).toEqual({ firstName: "Matti" });
    expect(state.actingFor).toEqual({ firstName: "Aino", lastName: "Virtanen" });
    expect(state.mfaOnboardingParam).toBeNull();
    expect(state.appointmentSummaries.map((a) => [a.practitionerName, a.clinicName])).toEqual([
      ["Laura Lahtinen", "Pikkujätti Kamppi"],
    ]);
    expect(state.visitSummaries.map((v) => v.practitionerName)).toEqual(["Laura Lahtinen"]);
    expect(state.prescriptions.map((p) => p.medicineName)).toEqual(["Amorion"]);
    expect(state.canRenewPrescriptions).toBe(false);
    expect(state.conversationSummaries).toEqual([]);

    // The guardian's own front page shows the guardian's appointment and visit instead.
    const own = await loadFrontPage(await userSession(guardian), "fi", FIXED_NOW);
    expect(own.actingFor).toBeNull();
    expect(own.appointmentSummaries.map((a) => [a.practitionerName, a.clinicName])).toEqual([
      ["Helena Heikkinen", "Solmu Itäkeskus"],
      ["Björn Berg", "Solmu Leppävaara"],
    ]);
    expect(own.visitSummaries.map((v) => v.practitionerName)).toEqual(["Björn Berg"]);
  });

  it("writes one access-log row per view: the user read the acting person's data", async () => {
    const guardian = t.person("guardian");
    const child = t.person("youngChild");
    const patient = t.person("patient");
    const [{ n: total }] = await t.db.select({ n: count() }).from(s.accessLog);
    const childBefore = (await accessLogRows(child.id)).length;
    const patientBefore = (await accessLogRows(patient.id)).length;

    const viewedAt = clockAt(90);
    await loadFrontPage(await userSession(guardian, child), "fi", viewedAt);
    await loadFrontPage(await userSession(patient), "fi", viewedAt);

    const [{ n: after }] = await t.db.select({ n: count() }).from(s.accessLog);
    expect(Number(after)).toBe(Number(total) + 2);
    const childRows = await accessLogRows(child.id);
    expect(childRows).toHaveLength(childBefore + 1);
    expect(childRows.at(-1)).toMatchObject({
      actorId: guardian.id,
      subjectId: child.id,
      action: "read",
      resource: "front-page",
    });
    expect(childRows.at(-1)!.at.getTime()).toBe(viewedAt.getTime());
    const patientRows = await accessLogRows(patient.id);
    expect(patientRows).toHaveLength(patientBefore + 1);
    expect(patientRows.at(-1)).toMatchObject({ actorId: patient.id, subjectId: patient.id });
  });
});

describe("front page route loader", () => {
  it("sends a visitor without a session to the login page", async () => {
    const response = await thrownResponse(await runHome("/fi"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/fi/kirjaudu");
    const swedish = await thrownResponse(await runHome("/sv"));
    expect(swedish.headers.get("Location")).toBe("/sv/loggain");
  });

  it("sends an expired session to the expired-session page with `next`", async () => {
    const session = await login(t.person("patient"));
    clockAt(env().sessionIdleSeconds + 1);
    const response = await thrownResponse(await runHome("/fi?tab=1", session));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/fi/katkennut-istunto?next=${encodeURIComponent("/fi?tab=1")}`);
  });

  it("sends an identified person without a patient record to registration", async () => {
    const session = await createSession({
      userId: null,
      actingPersonId: null,
      pendingIdentity: { identityCode: unregisteredIdentityCode() },
    });
    const response = await thrownResponse(await runHome("/fi", session));
    expect(response.headers.get("Location")).toBe("/fi/rekisterointi?next=%2Ffi");
  });

  it("returns the front page of a logged-in customer and logs the read", async () => {
    const patient = t.person("patient");
    const before = (await accessLogRows(patient.id)).length;
    const result = await (await runHome("/fi", await login(patient)))();
    expect(result.state.customer.firstName).toBe("Maija");
    expect(result.state.appointmentSummaries).toHaveLength(3);
    // Dates come formatted in the page's language, as of the server's now.
    const first = result.state.appointmentSummaries[0];
    expect(first.when).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4} klo \d{2}\.\d{2}$/);
    // Conversations and visits relative to now (under a day "… sitten", a day ago "Eilen", else the date).
    for (const c of result.state.conversationSummaries.filter((c) => c.latest !== null))
      expect(c.latest).toMatch(/^(\d+ (min|t) sitten|Eilen|\d{1,2}\.\d{1,2}\.\d{4})$/);
    expect(result.state.visitSummaries.map((v) => v.when)).toHaveLength(3);
    expect(await accessLogRows(patient.id)).toHaveLength(before + 1);
  });
});

describe("front page links to the health records", () => {
  const csrfCookie = newCsrfCookieValue();

  it("shows the sections in the spec's order: conversations, appointments, visits, prescriptions, lab, tasks, imaging", async () => {
    const page = await sendAsBrowser(csrfCookie, "GET", "/fi", { session: await login(t.person("patient")) });
    const order = [...page.text.matchAll(/<h2[^>]* id="(\w+)-heading"/g)].map((m) => m[1]);
    expect(order).toEqual(["conversations", "appointments", "visits", "prescriptions", "lab", "tasks", "imaging"]);
  });

  it("links each section to its list and each item to its page, and the other records below", async () => {
    const page = await sendAsBrowser(csrfCookie, "GET", "/fi", { session: await login(t.person("patient")) });
    expect(page.status).toBe(200);
    for (const [section, path] of [
      ["käynnit", "/fi/kaynnit"],
      ["laboratoriotulokset ja lähetteet", "/fi/laboratorio"],
      ["kuvantaminen", "/fi/kuvantaminen"],
    ])
      expect(page.text).toContain(`<a href="${path}" data-discover="true">Näytä kaikki: ${section}</a>`);
    expect(page.text).toMatch(/href="\/fi\/kaynnit\/\d+"/);
    expect(page.text).toMatch(/href="\/fi\/laboratoriotulos\/\d{4}-\d{2}-\d{2}"/);
    expect(page.text).toMatch(/href="\/fi\/laboratoriolahete\/\d+"/);
    expect(page.text).toMatch(/href="\/fi\/kuvantaminen\/\d{4}-\d{2}-\d{2}"/);
    expect(page.text).toMatch(/href="\/fi\/kuvantamislahete\/\d+"/);
    expect(page.text).toContain('href="/fi/todistukset"');
    expect(page.text).toContain('href="/fi/rokotukset"');
  });

  it("offers the renewal link only while renewal is allowed", async () => {
    const session = await login(t.person("patient"));
    const renew = '<a href="/fi/reseptit" data-discover="true">Uusi reseptejä</a>';
    expect((await sendAsBrowser(csrfCookie, "GET", "/fi", { session })).text).toContain(renew);
    // The messaging service carries the requests: in maintenance there is nothing to renew through.
    await t.db.update(s.messagingStatus).set({ maintenance: true }).where(eq(s.messagingStatus.id, 1));
    try {
      const page = await sendAsBrowser(csrfCookie, "GET", "/fi", { session });
      expect(page.text).not.toContain(renew);
      expect(page.text).toContain('<a href="/fi/reseptit" data-discover="true">Näytä kaikki: reseptit</a>');
    } finally {
      await t.db.update(s.messagingStatus).set({ maintenance: false }).where(eq(s.messagingStatus.id, 1));
    }
  });

  it("says the imaging results are unavailable while the referrals still show", async () => {
    const page = await sendAsBrowser(csrfCookie, "GET", "/en", { session: await login(t.person("smsUser")) });
    expect(page.status).toBe(200);
    expect(page.text).toContain("This section is temporarily unavailable");
    expect(page.text).not.toContain("Lannerangan röntgen");
    expect(page.text).toContain("Referral: Lannerangan magneettikuvaus");
  });

  it("has no certificates link in the children's brand", async () => {
    const guardian = t.person("guardian");
    const page = await sendAsBrowser(csrfCookie, "GET", "/fi", {
      session: await login(guardian, t.person("youngChild")),
      host: "pikkujatti.localhost",
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/fi/rokotukset"');
    expect(page.text).not.toContain('href="/fi/todistukset"');
  });
});
