import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../db/client";
import * as s from "../db/schema";
import type { Coverage } from "../db/schema";
import { env } from "../env";
import type { Lang } from "~/lib/lang";
import type { EventType } from "~/lib/insurance-event";
import { requestIdHeaders } from "../request-id";

/**
 * The insurers' APIs behind one interface each. Production adapters speak HTTP to the base URLs in the
 * environment; without them a development stand-in answers from the demo tables (migration 0006) and the
 * permit application goes to the stand-in page at /dev/insurers/lahitapiola/apply.
 *
 * Environment (production):
 *   LAHITAPIOLA_API_URL, LAHITAPIOLA_API_TOKEN   the second insurer's policy and permit API
 *   LAHITAPIOLA_APPLY_URL                        the second insurer's permit application page
 *   POHJOLA_API_URL, POHJOLA_API_KEY             the first insurer's insurance check API
 */
export type InsuredPerson = { id: string; identityCode: string };

export type DirectCompensationPermit = { contentHash: string; symptom: string; bodyPart: string; validTo: string };

export type CompanyInsurance = { productName: string; policyId: string; coverages: Coverage[] };

/** The insurer could not answer (network, time-out, its own fault): the panel shows its error state. */
export class InsurerUnavailable extends Error {
  constructor(insurer: string, cause?: unknown) {
    super(`${insurer} did not answer`, { cause });
    this.name = "InsurerUnavailable";
  }
}

export interface LahiTapiolaApi {
  hasHealthcarePolicy(person: InsuredPerson, today: string): Promise<boolean>;
  /** The person's permits valid on `today` (YYYY-MM-DD), texts in `lang`. */
  directCompensationPermits(person: InsuredPerson, lang: Lang, today: string): Promise<DirectCompensationPermit[]>;
  /** Where the browser applies for a permit; the insurer sends it back to `returnUrl` with a return parameter. */
  applyPermitUrl(input: { person: InsuredPerson; returnUrl: string; channel: string; lang: Lang; now: Date }): string;
}

export interface PohjolaApi {
  /** The personal check: a valid health insurance on `date` (YYYY-MM-DD). */
  personalInsurance(person: InsuredPerson, date: string): Promise<{ hasInsurance: boolean; policyId: string | null }>;
  /** The company check: the employer's policy covering `eventType`, or null. */
  companyInsurance(
    person: InsuredPerson,
    input: { eventType: EventType; lang: Lang; date: string },
  ): Promise<CompanyInsurance | null>;
}

export type Insurers = {
  lahitapiola: LahiTapiolaApi;
  pohjola: PohjolaApi;
  development: { lahitapiola: boolean; pohjola: boolean };
};

/** The adapters for this process: HTTP where configured, the development stand-in otherwise. */
export function insurers(db: Database): Insurers {
  const lt = process.env.LAHITAPIOLA_API_URL;
  const op = process.env.POHJOLA_API_URL;
  return {
    lahitapiola: lt
      ? httpLahiTapiola(lt, process.env.LAHITAPIOLA_API_TOKEN ?? "", process.env.LAHITAPIOLA_APPLY_URL ?? `${lt}/apply`)
      : devLahiTapiola(db),
    pohjola: op ? httpPohjola(op, process.env.POHJOLA_API_KEY ?? "") : devPohjola(db),
    development: { lahitapiola: !lt, pohjola: !op },
  };
}

// --- development stand-in ------------------------------------------------------------------------------

export const DEV_APPLY_PATH = "/dev/insurers/lahitapiola/apply";
const APPLICANT_TTL_MS = 30 * 60 * 1000;

function sign(value: string): string {
  return createHmac("sha256", env().sessionSecret).update(`insurer-applicant:${value}`).digest("base64url");
}

/**
 * The stand-in page cannot read the portal's session (a real insurer identifies the customer itself), so the
 * portal hands it a short-lived signed reference to the applicant.
 */
export function applicantToken(personId: string, now: Date): string {
  const payload = `${personId}.${now.getTime() + APPLICANT_TTL_MS}`;
  return `${payload}.${sign(payload)}`;
}

export function readApplicantToken(token: string | null, now: Date): string | null {
  const parts = (token ?? "").split(".");
  if (parts.length !== 3) return null;
  const [personId, expires, mac] = parts;
  const expected = Buffer.from(sign(`${personId}.${expires}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (!(Number(expires) > now.getTime())) return null;
  return /^[0-9a-f-]{36}$/.test(personId) ? personId : null;
}

async function demoPolicies(db: Database, person: InsuredPerson, insurer: string, date: string) {
  const rows = await db
    .select()
    .from(s.demoInsurancePolicies)
    .where(
      and(
        eq(s.demoInsurancePolicies.personId, person.id),
        eq(s.demoInsurancePolicies.insurer, insurer),
        lte(s.demoInsurancePolicies.validFrom, date),
        or(isNull(s.demoInsurancePolicies.validTo), gte(s.demoInsurancePolicies.validTo, date)),
      ),
    );
  if (rows.some((r) => r.simulateFault)) throw new InsurerUnavailable(insurer);
  return rows;
}

function devLahiTapiola(db: Database): LahiTapiolaApi {
  return {
    async hasHealthcarePolicy(person, today) {
      return (await demoPolicies(db, person, "LAHITAPIOLA", today)).length > 0;
    },
    async directCompensationPermits(person, lang, today) {
      await demoPolicies(db, person, "LAHITAPIOLA", today);
      const rows = await db
        .select()
        .from(s.demoDirectCompensationPermits)
        .where(
          and(
            eq(s.demoDirectCompensationPermits.personId, person.id),
            gte(s.demoDirectCompensationPermits.validTo, today),
          ),
        )
        .orderBy(s.demoDirectCompensationPermits.validTo);
      return rows.map((r) => ({
        contentHash: r.contentHash,
        symptom: r.symptom[lang],
        bodyPart: r.bodyPart[lang],
        validTo: r.validTo,
      }));
    },
    applyPermitUrl({ person, returnUrl, channel, lang, now }) {
      const q = new URLSearchParams({
        applicant: applicantToken(person.id, now),
        redirectTo: returnUrl,
        channel,
        lang,
      });
      return `${DEV_APPLY_PATH}?${q}`;
    },
  };
}

function devPohjola(db: Database): PohjolaApi {
  return {
    async personalInsurance(person, date) {
      const rows = (await demoPolicies(db, person, "POHJOLA", date)).filter((r) => r.owner === "personal");
      return { hasInsurance: rows.length > 0, policyId: rows[0]?.policyId ?? null };
    },
    async companyInsurance(person, { eventType, date }) {
      const rows = (await demoPolicies(db, person, "POHJOLA", date)).filter(
        (r) => r.owner === "company" && r.eventTypes.includes(eventType),
      );
      const row = rows[0];
      return row ? { productName: row.productName, policyId: row.policyId, coverages: row.coverages } : null;
    },
  };
}

// --- production adapters -------------------------------------------------------------------------------

const TIMEOUT_MS = 10_000;

async function fetchJson(insurer: string, url: string, init: RequestInit): Promise<unknown> {
  try {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        ...requestIdHeaders(),
        ...init.headers,
      },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.json();
  } catch (error) {
    throw new InsurerUnavailable(insurer, error);
  }
}

function httpLahiTapiola(baseUrl: string, token: string, applyUrl: string): LahiTapiolaApi {
  const auth = { Authorization: `Bearer ${token}` };
  return {
    async hasHealthcarePolicy(person) {
      const body = (await fetchJson("LAHITAPIOLA", `${baseUrl}/healthcare-policy-check`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ ssn: person.identityCode }),
      })) as { hasHealthcarePolicy?: unknown };
      return body.hasHealthcarePolicy === true;
    },
    async directCompensationPermits(person, lang, today) {
      const body = (await fetchJson("LAHITAPIOLA", `${baseUrl}/direct-compensation-permits`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ ssn: person.identityCode, lang }),
      })) as { directCompensationPermits?: DirectCompensationPermit[] };
      return (body.directCompensationPermits ?? []).filter(
        (p) => typeof p.contentHash === "string" && p.validTo >= today,
      );
    },
    applyPermitUrl({ returnUrl, channel, lang }) {
      // The insurer identifies the customer on its own page; only the way back is passed.
      return `${applyUrl}?${new URLSearchParams({ redirectTo: returnUrl, channel, lang })}`;
    },
  };
}

function httpPohjola(baseUrl: string, key: string): PohjolaApi {
  const auth = { "X-Api-Key": key };
  return {
    async personalInsurance(person, date) {
      const body = (await fetchJson("POHJOLA", `${baseUrl}/insurance-check`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ ssn: person.identityCode, date }),
      })) as { hasInsurance?: unknown; policyId?: unknown };
      return {
        hasInsurance: body.hasInsurance === true,
        policyId: typeof body.policyId === "string" ? body.policyId : null,
      };
    },
    async companyInsurance(person, { eventType, lang, date }) {
      const body = (await fetchJson("POHJOLA", `${baseUrl}/company-insurance-check`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ ssn: person.identityCode, eventType, lang, date }),
      })) as Partial<CompanyInsurance>;
      return body && typeof body.policyId === "string"
        ? { productName: String(body.productName ?? ""), policyId: body.policyId, coverages: body.coverages ?? [] }
        : null;
    },
  };
}
