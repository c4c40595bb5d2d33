// The insurers' checks and what the insurer panel shares with them: the /api/insurance/* and /api/concepts
// resource routes call these; the panel itself and the reservation's insurance are in insurance-panel.server.ts.
import { logAccess } from "~/.server/access-log";
import { brands } from "#brands/index";
import { now } from "~/.server/clock";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { Coverage } from "~/.server/db/schema";
import { env } from "~/.server/env";
import { reportError } from "~/.server/error-reporting";
import { helsinkiToday } from "~/lib/format";
import { ageOn } from "~/lib/identity-code";
import type { Lang } from "~/lib/lang";
import { CONCEPT_CODES, type InsuranceChoice } from "./insurance-choice";
import type { EventType } from "~/lib/insurance-event";
import {
  InsurerUnavailable,
  insurers,
  type CompanyInsurance,
  type DirectCompensationPermit,
  type InsuredPerson,
} from "~/.server/insurers";

/** Who is reserving and what: enough for the insurers' checks (age, date, remote or not). */
export type InsuranceContext = {
  person: { id: string; identityCode: string; birthDate: string };
  appointment: { id: number; startsAt: Date; locationType: string };
  lang: Lang;
  brandId: "main" | "pikkujatti";
  /**
   * The logged-in user when acting for someone else (a guardian for a child). The second insurer's check is
   * refused for a customer under 18 unless such an adult acts for them.
   */
  guardian?: { id: string; birthDate: string } | null;
};

export const LAHITAPIOLA_STATUSES = [
  "not_asked",
  "insurance_not_found",
  "insurance_found_no_permits",
  "insurance_found_with_permits",
  "denied",
  "canceled",
  "error",
  "underage_customer",
] as const;
export type LahiTapiolaStatus = (typeof LAHITAPIOLA_STATUSES)[number];

export const POHJOLA_STATUSES = ["undefined", "found", "not_found", "canceled", "error"] as const;
export type PohjolaStatus = (typeof POHJOLA_STATUSES)[number];

/**
 * Everything the insurer panel needs to render, serializable (returned from the reservation page loader and
 * action).
 */
export type InsurancePanelState = {
  choice: InsuranceChoice;
  /** Whether `choice` is complete by the insurer rules (insuranceSelectionComplete): the Book button waits for it. */
  selectionComplete: boolean;
  /** Field errors as i18n keys, by field name (`insurer`, `reimbursement`, `insuranceConsent`, `insuranceOwner`,
   * `insuranceEventType`, `insurancePermit`, `insuranceVerification`); each name is also the id to link to. */
  errors: Record<string, string>;
  isRemote: boolean;
  features: { lahitapiolaFlow: boolean; pohjolaCompanyFlow: boolean };
  lahitapiola: { status: LahiTapiolaStatus; permits: DirectCompensationPermit[]; applyPermitHref: string };
  pohjola: { status: PohjolaStatus; policyId: string | null; productName: string | null; coverages: Coverage[] };
};

// --- shared pieces --------------------------------------------------------------------------------------

export function featuresOf(brandId: InsuranceContext["brandId"]) {
  const list = brands[brandId].features[env().environment];
  return {
    lahitapiolaFlow: list.includes("lahitapiola-insurance-flow"),
    pohjolaCompanyFlow: list.includes("pohjola-company-insurance-flow"),
  };
}

export const isRemoteLocation = (locationType: string) => locationType !== "physicalLocation";

function ageFrom(birthDate: string, at: Date): number {
  const [year, month, day] = birthDate.split("-").map(Number);
  return ageOn({ year, month, day }, at);
}

/** Spec §4: a customer under 18 with no guardian, or with a guardian also under 18, is refused at once. */
export function isUnderageCustomer(
  person: { birthDate: string },
  guardian: { birthDate: string } | null | undefined,
  at: Date,
): boolean {
  if (ageFrom(person.birthDate, at) >= 18) return false;
  return !guardian || ageFrom(guardian.birthDate, at) < 18;
}

export async function logRead(db: Database, actorId: string, subjectId: string, resource: string) {
  await logAccess({ actorId, subjectId, resource }, db);
}

// --- the insurers' checks (shared by the panel and the API routes) -------------------------------------

export type PolicyCheckResult =
  { type: "success"; hasHealthcarePolicy: boolean } | { type: "underageCustomer" } | { type: "error" };

export async function lahitapiolaPolicyCheck(
  db: Database,
  who: { person: InsuredPerson & { birthDate: string }; guardian?: { id: string; birthDate: string } | null },
): Promise<PolicyCheckResult> {
  const t = now();
  if (isUnderageCustomer(who.person, who.guardian, t)) return { type: "underageCustomer" };
  try {
    return {
      type: "success",
      hasHealthcarePolicy: await insurers(db).lahitapiola.hasHealthcarePolicy(who.person, helsinkiToday(t)),
    };
  } catch (error) {
    if (!(error instanceof InsurerUnavailable)) reportError(error);
    return { type: "error" };
  }
}

export type PermitsResult =
  { type: "success"; directCompensationPermits: DirectCompensationPermit[] } | { type: "error" };

/** The permits name symptoms and body parts (health data): every read is logged. */
export async function lahitapiolaPermits(
  db: Database,
  who: { person: InsuredPerson; actorId: string },
  lang: Lang,
): Promise<PermitsResult> {
  try {
    const permits = await insurers(db).lahitapiola.directCompensationPermits(who.person, lang, helsinkiToday(now()));
    await logRead(db, who.actorId, who.person.id, "insurancePermits");
    return { type: "success", directCompensationPermits: permits };
  } catch (error) {
    if (!(error instanceof InsurerUnavailable)) reportError(error);
    return { type: "error" };
  }
}

export async function pohjolaPersonalCheck(
  db: Database,
  person: InsuredPerson,
  date: string,
): Promise<{ hasInsurance: boolean; policyId: string | null } | null> {
  try {
    return await insurers(db).pohjola.personalInsurance(person, date);
  } catch (error) {
    if (!(error instanceof InsurerUnavailable)) reportError(error);
    return null;
  }
}

/** The company check: the policy, `{}` as "none" is the caller's business; null means the insurer failed. */
export async function pohjolaCompanyCheck(
  db: Database,
  person: InsuredPerson,
  input: { eventType: EventType; lang: Lang; date: string },
): Promise<{ insurance: CompanyInsurance | null } | null> {
  try {
    return { insurance: await insurers(db).pohjola.companyInsurance(person, input) };
  } catch (error) {
    if (!(error instanceof InsurerUnavailable)) reportError(error);
    return null;
  }
}

/** POST /api/concepts: records the billing concept for the person. False for a code the portal does not know. */
export async function setConcept(db: Database, personId: string, code: string): Promise<boolean> {
  if (!CONCEPT_CODES.includes(code)) return false;
  const t = now();
  await db
    .insert(s.customerConcepts)
    .values({ personId, conceptCode: code, updatedAt: t })
    .onConflictDoUpdate({ target: s.customerConcepts.personId, set: { conceptCode: code, updatedAt: t } });
  return true;
}
