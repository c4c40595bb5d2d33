// POST /api/reserve-appointment goes through the reservation page's service: a concept code must be one the
// portal knows, and a permit or policy one the portal itself verified for this person and this appointment.
import { and, eq, gt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import type { Person } from "~/.server/session";
import { type InsuranceContext, type InsurancePanelState } from "~/features/insurance/insurance.server";
import {
  VERIFICATION_VALID_MINUTES,
  handleInsuranceIntent,
  loadInsurancePanel,
} from "~/features/insurance/insurance-panel.server";
import * as apiReserve from "~/routes/booking/api-reserve-appointment";
import * as reservePage from "~/routes/booking/reserve";
import { FIXED_NOW, ORIGIN, clockAt, cookiePair, login, makeContext, makeRequest, useTestDatabase } from "./test-db";

const t = useTestDatabase();

type Appointment = typeof s.appointments.$inferSelect;

let cursor = 0;
/** A free, physical, insurance-bookable appointment nobody holds, a different one on each call. */
async function insuranceSlot(): Promise<Appointment> {
  const rows = await t.db
    .select()
    .from(s.appointments)
    .where(
      and(
        gt(s.appointments.startsAt, new Date(FIXED_NOW.getTime() + 3 * 86_400_000)),
        eq(s.appointments.locationType, "physicalLocation"),
        sql`'insurance' = any(${s.appointments.careTypes})`,
        sql`not exists (select 1 from reservations r where r.appointment_id = ${s.appointments.id})`,
      ),
    )
    .orderBy(s.appointments.startsAt, s.appointments.id)
    .limit(cursor + 1);
  return rows[cursor++]!;
}

function ctxFor(person: Person, a: Appointment): InsuranceContext {
  return {
    person: { id: person.id, identityCode: person.identityCode, birthDate: person.birthDate },
    appointment: { id: a.id, startsAt: a.startsAt, locationType: a.locationType },
    lang: "fi",
    brandId: "main",
    guardian: null,
  };
}

/** The insurer panel's verify button on the reservation page, as the person. */
async function verify(person: Person, a: Appointment, values: Record<string, string>): Promise<InsurancePanelState> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...values, intent: "insurance:verify" })) form.set(k, v);
  const state = await handleInsuranceIntent(t.db, ctxFor(person, a), form);
  if (!state || "redirectTo" in state) throw new Error("expected a panel state");
  return state;
}

const LT = { insurer: "LAHITAPIOLA", reimbursement: "USE_REIMBURSEMENT", insuranceConsent: "on" };
const POHJOLA_PERSONAL = {
  insurer: "POHJOLA",
  reimbursement: "USE_REIMBURSEMENT",
  insuranceConsent: "on",
  insuranceOwner: "personal",
};

type Answer = {
  status: number;
  body: {
    type?: string;
    details?: { path: string; message: string }[];
    reservationDetails?: { appointmentId: number };
  };
};

async function reserve(person: Person, body: Record<string, unknown>): Promise<Answer> {
  const cookie = cookiePair(await login(person));
  const request = new Request(new URL("/api/reserve-appointment?csrfToken=x&lang=en", ORIGIN), {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify(body),
  });
  const out = (await Promise.resolve(
    apiReserve.action({ request, context: await makeContext(request), params: {} } as never),
  ).catch((e) => e)) as { data: Answer["body"]; init?: { status?: number } | null };
  return { status: out.init?.status ?? 200, body: out.data };
}

const base = (a: Appointment) => ({
  internalOrganization: "solmu",
  appointmentId: a.id,
  emailAddress: "customer@example.com",
  phone: "+358401234567",
  description: null,
});

async function reservationsOf(a: Appointment) {
  return t.db.select().from(s.reservations).where(eq(s.reservations.appointmentId, a.id));
}

/** Cancels a test's reservation, so the person stays under the limit of active reservations. */
async function release(a: Appointment) {
  await t.db.update(s.reservations).set({ status: "cancelled" }).where(eq(s.reservations.appointmentId, a.id));
}

describe("POST /api/reserve-appointment with insurance", () => {
  it("refuses a concept code the portal does not know", async () => {
    const a = await insuranceSlot();
    const answer = await reserve(t.person("employee"), {
      ...base(a),
      conceptCode: "FORGED-CONCEPT",
      dcpContentHash: "forged0123456789abcdef",
      pohjolaPolicyId: null,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe("ValidationError");
    expect(answer.body.details).toContainEqual(expect.objectContaining({ path: "conceptCode" }));
    expect(await reservationsOf(a)).toEqual([]);
  });

  it("refuses a forged permit hash, with or without a verification of the person's own", async () => {
    const a = await insuranceSlot();
    const liisa = await reserve(t.person("employee"), {
      ...base(a),
      conceptCode: "VAK-LAHITAPIOLA-SK",
      dcpContentHash: "forged0123456789abcdef",
      pohjolaPolicyId: null,
    });
    expect(liisa.status).toBe(400);
    expect(liisa.body).toMatchObject({
      type: "ValidationError",
      details: [{ path: "dcpContentHash", message: expect.any(String) }],
    });

    const maija = t.person("patient");
    expect((await verify(maija, a, LT)).lahitapiola.status).toBe("insurance_found_with_permits");
    const forged = await reserve(maija, {
      ...base(a),
      conceptCode: "VAK-LAHITAPIOLA-SK",
      dcpContentHash: "0123456789abcdef0123456789abcdef",
      pohjolaPolicyId: null,
    });
    expect(forged.status).toBe(400);
    expect(forged.body.details).toEqual([expect.objectContaining({ path: "dcpContentHash" })]);
    // Direct reimbursement without any permit is refused too.
    expect(
      (
        await reserve(maija, {
          ...base(a),
          conceptCode: "VAK-LAHITAPIOLA-SK",
          dcpContentHash: null,
          pohjolaPolicyId: null,
        })
      ).status,
    ).toBe(400);
    expect(await reservationsOf(a)).toEqual([]);
  });

  it("refuses another person's verified permit, and books with the person's own", async () => {
    const a = await insuranceSlot();
    const maija = t.person("patient");
    const found = await verify(maija, a, LT);
    const hash = found.lahitapiola.permits[0]!.contentHash;

    const stolen = await reserve(t.person("employee"), {
      ...base(a),
      conceptCode: "VAK-LAHITAPIOLA-SK",
      dcpContentHash: hash,
      pohjolaPolicyId: null,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.details).toEqual([expect.objectContaining({ path: "dcpContentHash" })]);
    expect(await reservationsOf(a)).toEqual([]);

    const own = await reserve(maija, {
      ...base(a),
      conceptCode: "VAK-LAHITAPIOLA-SK",
      dcpContentHash: hash,
      pohjolaPolicyId: null,
    });
    expect(own.status).toBe(200);
    expect(own.body.reservationDetails).toMatchObject({ appointmentId: a.id });
    const [row] = await reservationsOf(a);
    expect(row).toMatchObject({
      personId: maija.id,
      careType: "insurance",
      conceptCode: "VAK-LAHITAPIOLA-SK",
      insurer: "LAHITAPIOLA",
      directCompensationPermit: hash,
    });
    expect(row.description).toMatch(/LähiTapiola, suorakorvaus, maksusitoumus/);
    await release(a);
  });

  it(`refuses a verification older than ${VERIFICATION_VALID_MINUTES} minutes, in the call and on the page`, async () => {
    const a = await insuranceSlot();
    const maija = t.person("patient");
    const hash = (await verify(maija, a, LT)).lahitapiola.permits[0]!.contentHash;
    clockAt((VERIFICATION_VALID_MINUTES + 1) * 60);

    const late = await reserve(maija, {
      ...base(a),
      conceptCode: "VAK-LAHITAPIOLA-SK",
      dcpContentHash: hash,
      pohjolaPolicyId: null,
    });
    expect(late.status).toBe(400);
    expect(late.body.details).toEqual([expect.objectContaining({ path: "dcpContentHash" })]);

    // The page shares the rule: its panel asks again and its Book action is refused.
    const url = new URL(`${ORIGIN}/fi/vapaat-ajat/vakuutus/${a.id}`);
    expect((await loadInsurancePanel(t.db, ctxFor(maija, a), url)).lahitapiola.status).toBe("not_asked");
    const cookie = cookiePair(await login(maija));
    const request = makeRequest(url.pathname, {
      cookie,
      form: { csrfToken: "x", intent: "reserve", ...LT, insurancePermit: hash },
    });
    const page = (await reservePage.action({
      request,
      context: await makeContext(request),
      params: { id: String(a.id) },
    } as never)) as { init: { status: number }; data: { insurance: InsurancePanelState } };
    expect(page.init.status).toBe(400);
    expect(page.data.insurance.errors).toEqual({ insuranceVerification: "insurance.errors.lahitapiolaNotVerified" });
    expect(await reservationsOf(a)).toEqual([]);

    // Verified again, it books.
    await verify(maija, a, LT);
    expect(
      await reserve(maija, {
        ...base(a),
        conceptCode: "VAK-LAHITAPIOLA-SK",
        dcpContentHash: hash,
        pohjolaPolicyId: null,
      }),
    ).toMatchObject({ status: 200 });
    await release(a);
  });

  it("takes the first insurer's policy only as verified: not a forged id, not a personal policy for a company booking", async () => {
    const a = await insuranceSlot();
    const matti = t.person("guardian");
    expect((await verify(matti, a, POHJOLA_PERSONAL)).pohjola.status).toBe("found");

    const forged = await reserve(matti, {
      ...base(a),
      conceptCode: "VAK-POHJOLA-SK",
      dcpContentHash: null,
      pohjolaPolicyId: "OP-FORGED",
    });
    expect(forged.status).toBe(400);
    expect(forged.body.details).toEqual([expect.objectContaining({ path: "pohjolaPolicyId" })]);
    const company = await reserve(matti, {
      ...base(a),
      conceptCode: "VAK-POHJOLA-YRITYS-SK",
      dcpContentHash: null,
      pohjolaPolicyId: null,
    });
    expect(company.status).toBe(400);
    expect(await reservationsOf(a)).toEqual([]);

    const ok = await reserve(matti, {
      ...base(a),
      conceptCode: "VAK-POHJOLA-SK",
      dcpContentHash: null,
      pohjolaPolicyId: null,
    });
    expect(ok.status).toBe(200);
    const [row] = await reservationsOf(a);
    expect(row).toMatchObject({
      personId: matti.id,
      conceptCode: "VAK-POHJOLA-SK",
      directCompensationPermit: "OP-55102233",
    });
  });

  it("refuses a permit with a concept that uses none, and a concept on an appointment not offered to insurance", async () => {
    const a = await insuranceSlot();
    const maija = t.person("patient");
    const hash = (await verify(maija, a, LT)).lahitapiola.permits[0]!.contentHash;
    const payYourself = await reserve(maija, {
      ...base(a),
      conceptCode: "VAK-LAHITAPIOLA-MK",
      dcpContentHash: hash,
      pohjolaPolicyId: null,
    });
    expect(payYourself.status).toBe(400);
    expect(payYourself.body.details).toEqual([expect.objectContaining({ path: "dcpContentHash" })]);

    const [occupationalOnly] = await t.db
      .select()
      .from(s.appointments)
      .where(
        and(
          gt(s.appointments.startsAt, FIXED_NOW),
          sql`not ('insurance' = any(${s.appointments.careTypes}))`,
          sql`'occupational' = any(${s.appointments.careTypes})`,
        ),
      )
      .limit(1);
    const other = await reserve(maija, {
      ...base(occupationalOnly!),
      conceptCode: "VAK-IF-MK",
      dcpContentHash: null,
      pohjolaPolicyId: null,
    });
    expect(other).toMatchObject({ status: 409, body: { type: "appointmentNotAvailable" } });

    // A pay-yourself concept needs no verification.
    const plain = await reserve(maija, {
      ...base(a),
      conceptCode: "VAK-IF-MK",
      dcpContentHash: null,
      pohjolaPolicyId: null,
    });
    expect(plain).toMatchObject({ status: 200 });
    const [row] = await reservationsOf(a);
    expect(row).toMatchObject({ conceptCode: "VAK-IF-MK", directCompensationPermit: null, insurer: "IF" });
  });
});
