import { and, asc, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import type { Person } from "~/.server/session";
import { type InsuranceContext, type InsurancePanelState } from "~/features/insurance/insurance.server";
import {
  handleInsuranceIntent,
  insuranceForReservation,
  loadInsurancePanel,
} from "~/features/insurance/insurance-panel.server";
import * as applyRoute from "~/routes/insurance/api-lahitapiola-apply-permit";
import * as conceptsRoute from "~/routes/insurance/api-concepts";
import * as devApplyRoute from "~/routes/dev/lahitapiola-apply";
import * as permitsRoute from "~/routes/insurance/api-lahitapiola-permits";
import * as policyRoute from "~/routes/insurance/api-lahitapiola-policy-check";
import * as pohjolaCheckRoute from "~/routes/insurance/api-pohjola-check";
import * as pohjolaCompanyRoute from "~/routes/insurance/api-pohjola-company-check";
import { csrfTokenFor } from "~/.server/csrf";
import { FIXED_NOW, ORIGIN, cookiePair, login, makeContext, makeRequest, useTestDatabase } from "./test-db";

const t = useTestDatabase();

type Appointment = typeof s.appointments.$inferSelect;

async function freeAppointment(remote = false, offset = 0): Promise<Appointment> {
  const rows = await t.db
    .select()
    .from(s.appointments)
    .where(and(gt(s.appointments.startsAt, FIXED_NOW), eq(s.appointments.clinicId, remote ? "RMT" : "HKI-KAMPPI")))
    .orderBy(asc(s.appointments.startsAt))
    .limit(offset + 1);
  return rows[offset];
}

function ctxFor(person: Person, appointment: Appointment, guardian: Person | null = null): InsuranceContext {
  return {
    person: { id: person.id, identityCode: person.identityCode, birthDate: person.birthDate },
    appointment: { id: appointment.id, startsAt: appointment.startsAt, locationType: appointment.locationType },
    lang: "fi",
    brandId: "main",
    guardian: guardian ? { id: guardian.id, birthDate: guardian.birthDate } : null,
  };
}

function form(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

const LT = { insurer: "LAHITAPIOLA", reimbursement: "USE_REIMBURSEMENT", insuranceConsent: "on" };
const POHJOLA = { insurer: "POHJOLA", reimbursement: "USE_REIMBURSEMENT", insuranceConsent: "on" };

async function intent(
  ctx: InsuranceContext,
  name: string,
  values: Record<string, string>,
): Promise<InsurancePanelState> {
  const result = await handleInsuranceIntent(t.db, ctx, form({ ...values, intent: `insurance:${name}` }));
  if (!result || "redirectTo" in result) throw new Error("expected a panel state");
  return result;
}

/** A route's answer, returned or thrown, as status and JSON body. */
async function call(run: () => Promise<unknown>): Promise<{ status: number; body: unknown; location: string | null }> {
  let out: unknown;
  try {
    out = await run();
  } catch (error) {
    out = error;
  }
  if (out instanceof Response) {
    const text = await out.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* HTML or empty */
    }
    return { status: out.status, body, location: out.headers.get("Location") };
  }
  const d = out as { data: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  if (d && typeof d === "object" && "data" in d) return { status: d.init?.status ?? 200, body: d.data, location: null };
  throw out;
}

async function args(
  path: string,
  person: Person | null,
  init: { method?: string; json?: unknown; params?: Record<string, string>; acting?: Person } = {},
) {
  const cookie = person ? cookiePair(await login(person, init.acting ?? person)) : undefined;
  const headers: Record<string, string> = {};
  let request = makeRequest(path, { cookie, method: init.method, headers });
  if (init.json !== undefined) {
    request = new Request(new URL(path, ORIGIN), {
      method: "POST",
      headers: { Cookie: cookie ?? "", "Content-Type": "application/json" },
      body: JSON.stringify(init.json),
    });
  }
  return { request, context: await makeContext(request), params: init.params ?? {} } as never;
}

describe("second insurer (LähiTapiola) in the panel", () => {
  it("verifies after consent: policy check, then permits; the chosen permit goes into the reservation", async () => {
    const maija = t.person("patient");
    const ctx = ctxFor(maija, await freeAppointment());
    const first = await loadInsurancePanel(
      t.db,
      ctx,
      new URL(`${ORIGIN}/fi/vapaat-ajat/vakuutus/${ctx.appointment.id}`),
    );
    expect(first.lahitapiola.status).toBe("not_asked");
    expect(first.choice.insurer).toBeNull();

    const refused = await intent(ctx, "verify", { insurer: "LAHITAPIOLA", reimbursement: "USE_REIMBURSEMENT" });
    expect(refused.errors).toEqual({ insuranceConsent: "insurance.errors.consentRequiredForVerification" });
    expect(refused.lahitapiola.status).toBe("not_asked");

    const found = await intent(ctx, "verify", LT);
    expect(found.lahitapiola.status).toBe("insurance_found_with_permits");
    expect(found.lahitapiola.permits).toEqual([
      expect.objectContaining({
        symptom: "Polven vamma",
        bodyPart: "Polvi",
        validTo: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ]);
    const log = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.subjectId, maija.id), eq(s.accessLog.resource, "insurancePermits")));
    expect(log.length).toBeGreaterThan(0);

    // The result survives a plain reload (no JavaScript, no hidden fields).
    const reloaded = await loadInsurancePanel(
      t.db,
      ctx,
      new URL(`${ORIGIN}/fi/vapaat-ajat/vakuutus/${ctx.appointment.id}`),
    );
    expect(reloaded.lahitapiola.status).toBe("insurance_found_with_permits");
    expect(reloaded.choice).toMatchObject({
      insurer: "LAHITAPIOLA",
      reimbursement: "USE_REIMBURSEMENT",
      consent: true,
    });

    const noPermit = await insuranceForReservation(t.db, ctx, form(LT));
    expect(noPermit).toMatchObject({
      ok: false,
      state: { errors: { insurancePermit: "insurance.errors.permitRequired" } },
    });

    const hash = found.lahitapiola.permits[0].contentHash;
    const booked = await insuranceForReservation(t.db, ctx, form({ ...LT, insurancePermit: hash }));
    expect(booked).toEqual({
      ok: true,
      insurer: "LAHITAPIOLA",
      reimbursement: "USE_REIMBURSEMENT",
      conceptCode: "VAK-LAHITAPIOLA-SK",
      description: expect.stringMatching(
        /^20\.11\.2026 Vakuutusyhtiö: LähiTapiola, suorakorvaus, maksusitoumus Polven vamma \(Polvi\)$/,
      ),
      directCompensationPermit: hash,
    });
    const [concept] = await t.db.select().from(s.customerConcepts).where(eq(s.customerConcepts.personId, maija.id));
    expect(concept.conceptCode).toBe("VAK-LAHITAPIOLA-SK");
  });

  it("removing the permit or restarting resets to not asked", async () => {
    const ctx = ctxFor(t.person("patient"), await freeAppointment(false, 1));
    const found = await intent(ctx, "verify", LT);
    const removed = await intent(ctx, "remove-permit", {
      ...LT,
      insurancePermit: found.lahitapiola.permits[0].contentHash,
    });
    expect(removed.lahitapiola).toMatchObject({ status: "not_asked", permits: [] });
    expect(removed.choice.permit).toBeNull();
    await intent(ctx, "verify", LT);
    expect((await intent(ctx, "reset", LT)).lahitapiola.status).toBe("not_asked");
  });

  it("answers not found, error and canceled, and refuses an underage customer at once", async () => {
    const appointment = await freeAppointment();
    expect((await intent(ctxFor(t.person("employee"), appointment), "verify", LT)).lahitapiola.status).toBe(
      "insurance_not_found",
    );
    expect((await intent(ctxFor(t.person("smsUser"), appointment), "verify", LT)).lahitapiola.status).toBe("error");
    expect((await intent(ctxFor(t.person("employee"), appointment), "cancel", LT)).lahitapiola.status).toBe("canceled");
    // A 14-year-old on their own (or with a guardian under 18) is refused; with an adult guardian the check runs.
    expect((await intent(ctxFor(t.person("olderChild"), appointment), "verify", LT)).lahitapiola.status).toBe(
      "underage_customer",
    );
    expect(
      (await intent(ctxFor(t.person("olderChild"), appointment, t.person("youngChild")), "verify", LT)).lahitapiola
        .status,
    ).toBe("underage_customer");
    expect(
      (await intent(ctxFor(t.person("olderChild"), appointment, t.person("guardian")), "verify", LT)).lahitapiola
        .status,
    ).toBe("insurance_not_found");
  });

  it("reads the insurer's return parameters as the initial state", async () => {
    const ctx = ctxFor(t.person("patient"), await freeAppointment(false, 2));
    const page = `${ORIGIN}/fi/vapaat-ajat/vakuutus/${ctx.appointment.id}`;
    expect(
      (await loadInsurancePanel(t.db, ctx, new URL(`${page}?directcompensationdenied=true`))).lahitapiola.status,
    ).toBe("denied");
    expect((await loadInsurancePanel(t.db, ctx, new URL(page))).lahitapiola.status).toBe("denied");
    expect((await loadInsurancePanel(t.db, ctx, new URL(`${page}?cancel=true`))).lahitapiola.status).toBe("canceled");
    expect((await loadInsurancePanel(t.db, ctx, new URL(`${page}?error=true`))).lahitapiola.status).toBe("error");
    const allowed = await loadInsurancePanel(t.db, ctx, new URL(`${page}?directcompensationallowed=true`));
    expect(allowed.lahitapiola.status).toBe("insurance_found_with_permits");
    expect(allowed.choice).toMatchObject({ insurer: "LAHITAPIOLA", reimbursement: "USE_REIMBURSEMENT", consent: true });
  });

  it("prefills the choice from the insurance list's parameters on the first visit", async () => {
    const ctx = ctxFor(t.person("newCustomer"), await freeAppointment());
    const state = await loadInsurancePanel(
      t.db,
      ctx,
      new URL(
        `${ORIGIN}/fi/vapaat-ajat/vakuutus/${ctx.appointment.id}?insuranceCompany=OP&reimbursement=COMPANY_REIMBURSEMENT`,
      ),
    );
    expect(state.choice).toMatchObject({
      insurer: "POHJOLA",
      reimbursement: "USE_REIMBURSEMENT",
      policyOwner: "company",
      consent: false,
    });
  });

  it("fails the reservation with directReimbursement when the permit ends before the appointment", async () => {
    const maija = t.person("patient");
    const late =
      (
        await t.db
          .select()
          .from(s.appointments)
          .where(
            and(
              gt(s.appointments.startsAt, new Date(FIXED_NOW.getTime() + 62 * 86400_000)),
              eq(s.appointments.clinicId, "HKI-KAMPPI"),
            ),
          )
          .limit(1)
      )[0] ?? (await freeAppointment());
    const ctx = {
      ...ctxFor(maija, late),
      appointment: {
        id: late.id,
        startsAt: new Date(FIXED_NOW.getTime() + 70 * 86400_000),
        locationType: "physicalLocation",
      },
    };
    const found = await intent(ctx, "verify", LT);
    const result = await insuranceForReservation(
      t.db,
      ctx,
      form({ ...LT, insurancePermit: found.lahitapiola.permits[0].contentHash }),
    );
    expect(result).toEqual({ ok: false, error: "directReimbursement" });
  });

  it("apply-permit redirects to the permit application", async () => {
    const ctx = ctxFor(t.person("employee"), await freeAppointment());
    const result = await handleInsuranceIntent(t.db, ctx, form({ ...LT, intent: "insurance:apply-permit" }));
    expect(result).toEqual({
      redirectTo: `/api/insurance/lahitapiola-apply-permit?redirectTo=${encodeURIComponent(`/fi/vapaat-ajat/vakuutus/${ctx.appointment.id}`)}&channel=web&lang=fi`,
    });
    expect(await handleInsuranceIntent(t.db, ctx, form({ ...LT, intent: "book" }))).toBeNull();
  });
});

describe("first insurer (Pohjola) in the panel", () => {
  it("finds a personal policy on the appointment's day and puts its policy id into the reservation", async () => {
    const ctx = ctxFor(t.person("guardian"), await freeAppointment());
    const missingOwner = await intent(ctx, "verify", POHJOLA);
    expect(missingOwner.errors).toEqual({ insuranceOwner: "insurance.errors.paymentTypeRequired" });
    const unverified = await insuranceForReservation(t.db, ctx, form({ ...POHJOLA, insuranceOwner: "personal" }));
    expect(unverified).toMatchObject({
      ok: false,
      state: { errors: { insuranceVerification: "insurance.errors.pohjolaNotVerified" } },
    });

    const found = await intent(ctx, "verify", { ...POHJOLA, insuranceOwner: "personal" });
    expect(found.pohjola).toMatchObject({ status: "found", policyId: "OP-55102233" });
    const booked = await insuranceForReservation(t.db, ctx, form({ ...POHJOLA, insuranceOwner: "personal" }));
    expect(booked).toMatchObject({
      ok: true,
      insurer: "POHJOLA",
      conceptCode: "VAK-POHJOLA-SK",
      directCompensationPermit: "OP-55102233",
    });
  });

  it("checks company policies by event type, never for remote appointments", async () => {
    const ctx = ctxFor(t.person("guardian"), await freeAppointment(false, 3));
    const company = { ...POHJOLA, insuranceOwner: "company" };
    expect((await intent(ctx, "verify", company)).errors).toEqual({
      insuranceEventType: "insurance.errors.eventTypeRequired",
    });
    const found = await intent(ctx, "verify", { ...company, insuranceEventType: "leisureAccident" });
    expect(found.pohjola).toMatchObject({
      status: "found",
      policyId: "OP-YR-7781",
      productName: "Pohjola Yrityksen vapaa-ajan tapaturmavakuutus",
    });
    expect(found.pohjola.coverages[0]).toMatchObject({
      id: "HOITO",
      terms: [{ id: "HOITO-1", name: "Lääkärin palkkiot" }, expect.anything()],
    });
    expect((await intent(ctx, "verify", { ...company, insuranceEventType: "sickness" })).pohjola.status).toBe(
      "not_found",
    );

    const remote = ctxFor(t.person("guardian"), await freeAppointment(true));
    expect((await intent(remote, "verify", { ...company, insuranceEventType: "leisureAccident" })).errors).toEqual({
      insuranceOwner: "insurance.errors.companyNotForRemote",
    });
  });

  it("shows the error state on a fault, and lets the customer continue without verifying", async () => {
    const ctx = ctxFor(t.person("smsUser"), await freeAppointment());
    const values = { ...POHJOLA, insuranceOwner: "personal" };
    expect((await intent(ctx, "verify", values)).pohjola.status).toBe("error");
    expect((await intent(ctx, "cancel", values)).pohjola.status).toBe("canceled");
    const booked = await insuranceForReservation(t.db, ctx, form(values));
    expect(booked).toMatchObject({
      ok: true,
      directCompensationPermit: null,
      description: expect.stringContaining("vakuutusta ei tarkistettu"),
    });
    expect((await intent(ctxFor(t.person("employee"), await freeAppointment()), "verify", values)).pohjola.status).toBe(
      "not_found",
    );
  });

  it("validates the choice for the book button rules", async () => {
    const ctx = ctxFor(t.person("employee"), await freeAppointment());
    expect(await insuranceForReservation(t.db, ctx, form({}))).toMatchObject({
      ok: false,
      state: { errors: { insurer: "insurance.errors.insurerRequired" } },
    });
    expect(await insuranceForReservation(t.db, ctx, form({ insurer: "IF" }))).toMatchObject({
      ok: false,
      state: { errors: { reimbursement: "insurance.errors.reimbursementRequired" } },
    });
    expect(
      await insuranceForReservation(t.db, ctx, form({ insurer: "IF", reimbursement: "PAY_AND_REIMBURSE" })),
    ).toMatchObject({ ok: true, conceptCode: "VAK-IF-MK", directCompensationPermit: null });
  });
});

describe("insurance API routes", () => {
  it("answer 401 without a session", async () => {
    expect(
      (await call(async () => policyRoute.loader(await args("/api/insurance/lahitapiola-policy-check", null)))).status,
    ).toBe(401);
    expect(
      (
        await call(async () =>
          pohjolaCheckRoute.loader(
            await args("/api/insurance/pohjola-check/2026-11-25", null, { params: { date: "2026-11-25" } }),
          ),
        )
      ).status,
    ).toBe(401);
    expect(
      (await call(async () => conceptsRoute.action(await args("/api/concepts", null, { json: { code: "VAK-IF-SK" } }))))
        .status,
    ).toBe(401);
  });

  it("policy check and permits have the spec's shapes", async () => {
    const maija = t.person("patient");
    expect(
      await call(async () => policyRoute.loader(await args("/api/insurance/lahitapiola-policy-check", maija))),
    ).toMatchObject({ status: 200, body: { type: "success", hasHealthcarePolicy: true } });
    expect(
      await call(async () =>
        policyRoute.loader(await args("/api/insurance/lahitapiola-policy-check", t.person("employee"))),
      ),
    ).toMatchObject({ body: { type: "success", hasHealthcarePolicy: false } });
    expect(
      await call(async () =>
        policyRoute.loader(await args("/api/insurance/lahitapiola-policy-check", t.person("smsUser"))),
      ),
    ).toMatchObject({ status: 502, body: { type: "error" } });
    const permits = await call(async () =>
      permitsRoute.loader(
        await args("/api/insurance/lahitapiola-direct-compensation-permits/en", maija, { params: { lang: "en" } }),
      ),
    );
    expect(permits).toMatchObject({
      status: 200,
      body: {
        type: "success",
        directCompensationPermits: [
          { symptom: "Knee injury", bodyPart: "Knee", validTo: expect.any(String), contentHash: expect.any(String) },
        ],
      },
    });
    expect(
      (
        await call(async () =>
          permitsRoute.loader(
            await args("/api/insurance/lahitapiola-direct-compensation-permits/de", maija, { params: { lang: "de" } }),
          ),
        )
      ).status,
    ).toBe(404);
  });

  it("the guardian acting for a child is not refused as underage; the child's own session would be", async () => {
    const result = await call(async () =>
      policyRoute.loader(
        await args("/api/insurance/lahitapiola-policy-check", t.person("guardian"), { acting: t.person("olderChild") }),
      ),
    );
    expect(result.body).toEqual({ type: "success", hasHealthcarePolicy: false });
    expect(
      (
        await call(async () =>
          policyRoute.loader(await args("/api/insurance/lahitapiola-policy-check", t.person("olderChild"))),
        )
      ).body,
    ).toEqual({ type: "underageCustomer" });
  });

  it("Pohjola checks answer hasInsurance and the company object or {}", async () => {
    const matti = t.person("guardian");
    expect(
      (
        await call(async () =>
          pohjolaCheckRoute.loader(
            await args("/api/insurance/pohjola-check/2026-11-25", matti, { params: { date: "2026-11-25" } }),
          ),
        )
      ).body,
    ).toEqual({ hasInsurance: true });
    expect(
      (
        await call(async () =>
          pohjolaCheckRoute.loader(
            await args("/api/insurance/pohjola-check/2026-11-25", t.person("patient"), {
              params: { date: "2026-11-25" },
            }),
          ),
        )
      ).body,
    ).toEqual({ hasInsurance: false });
    expect(
      (
        await call(async () =>
          pohjolaCheckRoute.loader(
            await args("/api/insurance/pohjola-check/tomorrow", matti, { params: { date: "tomorrow" } }),
          ),
        )
      ).status,
    ).toBe(400);
    const company = await call(async () =>
      pohjolaCompanyRoute.loader(
        await args("/api/insurance/pohjola-company-check?lang=fi&eventType=leisureAccident", matti),
      ),
    );
    expect(company.body).toEqual({
      productName: "Pohjola Yrityksen vapaa-ajan tapaturmavakuutus",
      policyId: "OP-YR-7781",
      coverages: expect.arrayContaining([expect.objectContaining({ id: "FYSIO" })]),
    });
    expect(
      (
        await call(async () =>
          pohjolaCompanyRoute.loader(
            await args("/api/insurance/pohjola-company-check?lang=fi&eventType=sickness", matti),
          ),
        )
      ).body,
    ).toEqual({});
    expect(
      (
        await call(async () =>
          pohjolaCompanyRoute.loader(await args("/api/insurance/pohjola-company-check?lang=fi&eventType=war", matti)),
        )
      ).status,
    ).toBe(400);
  });

  it("/api/concepts accepts the portal's concept codes only", async () => {
    const liisa = t.person("employee");
    expect(
      await call(async () =>
        conceptsRoute.action(await args("/api/concepts", liisa, { json: { code: "VAK-FENNIA-SK" } })),
      ),
    ).toMatchObject({ status: 200, body: { type: "success" } });
    const [row] = await t.db.select().from(s.customerConcepts).where(eq(s.customerConcepts.personId, liisa.id));
    expect(row.conceptCode).toBe("VAK-FENNIA-SK");
    expect(
      (await call(async () => conceptsRoute.action(await args("/api/concepts", liisa, { json: { code: "FREE" } }))))
        .status,
    ).toBe(400);
  });

  it("applying for a permit goes to the insurer's page and back with the return parameter and a new permit", async () => {
    const liisa = t.person("employee");
    const redirectTo = "/fi/vapaat-ajat/vakuutus/42";
    expect(
      (
        await call(async () =>
          applyRoute.loader(
            await args(
              `/api/insurance/lahitapiola-apply-permit?redirectTo=${encodeURIComponent("https://evil.example/")}&channel=web&lang=fi`,
              liisa,
            ),
          ),
        )
      ).status,
    ).toBe(400);
    const out = await call(async () =>
      applyRoute.loader(
        await args(
          `/api/insurance/lahitapiola-apply-permit?redirectTo=${encodeURIComponent(redirectTo)}&channel=web&lang=fi`,
          liisa,
        ),
      ),
    );
    expect(out.status).toBe(302);
    const target = new URL(out.location!, ORIGIN);
    expect(target.pathname).toBe("/dev/insurers/lahitapiola/apply");
    expect(target.searchParams.get("redirectTo")).toBe(`${ORIGIN}${redirectTo}`);

    const page = await call(async () => devApplyRoute.loader(await args(target.pathname + target.search, null)));
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="fi">');
    expect(page.body).toContain('name="decision" value="approve"');

    const cookie = "csrf=abc";
    const post = (decision: string) =>
      makeRequest(target.pathname + target.search, {
        cookie,
        form: { csrfToken: csrfTokenFor("abc"), decision, symptom: "back" },
      });
    const approved = await call(async () =>
      devApplyRoute.action({
        request: post("approve"),
        context: await makeContext(post("approve")),
        params: {},
      } as never),
    );
    expect(approved.status).toBe(302);
    expect(approved.location).toBe(`${ORIGIN}${redirectTo}?directcompensationallowed=true`);
    const permits = await t.db
      .select()
      .from(s.demoDirectCompensationPermits)
      .where(eq(s.demoDirectCompensationPermits.personId, liisa.id));
    expect(permits.map((p) => p.symptom.fi)).toEqual(["Selkäkipu"]);
    const denied = await call(async () =>
      devApplyRoute.action({ request: post("deny"), context: await makeContext(post("deny")), params: {} } as never),
    );
    expect(denied.location).toBe(`${ORIGIN}${redirectTo}?directcompensationdenied=true`);

    const forged = await call(async () =>
      devApplyRoute.loader(
        await args(target.pathname + target.search.replace(/applicant=[^&]+/, "applicant=x.y.z"), null),
      ),
    );
    expect(forged.status).toBe(400);
  });
});
