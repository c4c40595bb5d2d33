// The insurer panel of the reservation page (routes/booking/reserve.tsx): what it remembers of a verification,
// its buttons, and the insurance a reservation is made with.
import { and, eq } from "drizzle-orm";
import { now } from "~/.server/clock";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { StoredInsuranceChoice } from "~/.server/db/schema";
import { reportError } from "~/.server/error-reporting";
import { formatDate, helsinkiToday } from "~/lib/format";
import { href } from "~/route-table";
import {
  EMPTY_CHOICE,
  INSURANCE_FIELDS,
  INSURER_NAMES,
  choiceFromListParams,
  choiceOfConcept,
  conceptCodeFor,
  effectiveReimbursement,
  insuranceChoiceErrors,
  insuranceSelectionComplete,
  parseInsuranceChoice,
  verificationErrors,
  type InsuranceChoice,
} from "./insurance-choice";
import {
  LAHITAPIOLA_STATUSES,
  POHJOLA_STATUSES,
  featuresOf,
  isRemoteLocation,
  lahitapiolaPermits,
  lahitapiolaPolicyCheck,
  pohjolaCompanyCheck,
  pohjolaPersonalCheck,
  setConcept,
  type InsuranceContext,
  type InsurancePanelState,
  type LahiTapiolaStatus,
  type PohjolaStatus,
} from "./insurance.server";

// --- the panel's memory --------------------------------------------------------------------------------

type Row = typeof s.insuranceVerifications.$inferSelect;

async function readRow(db: Database, ctx: InsuranceContext): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(s.insuranceVerifications)
    .where(
      and(
        eq(s.insuranceVerifications.personId, ctx.person.id),
        eq(s.insuranceVerifications.appointmentId, ctx.appointment.id),
      ),
    );
  return row ?? null;
}

type RowPatch = Partial<Pick<Row, "choice" | "lahitapiolaStatus" | "permits" | "pohjolaStatus" | "pohjolaResult">>;

/**
 * How long an insurer's answer counts (the spec is silent): as long as an idle session lasts. After that the panel
 * asks again and neither the page nor the reservation call accepts the old permit or policy.
 */
export const VERIFICATION_VALID_MINUTES = 30;

/** Is the row's insurer answer recent enough to reserve with? */
export function verificationFresh(row: Pick<Row, "updatedAt"> | null, at: Date): row is Pick<Row, "updatedAt"> {
  return !!row && at.getTime() - row.updatedAt.getTime() <= VERIFICATION_VALID_MINUTES * 60_000;
}

async function saveRow(db: Database, ctx: InsuranceContext, patch: RowPatch): Promise<Row> {
  const t = now();
  // `updatedAt` dates the insurers' answers: saving the customer's choice alone leaves it, so re-posting a form
  // never makes an old verification look new.
  const answers =
    "lahitapiolaStatus" in patch || "permits" in patch || "pohjolaStatus" in patch || "pohjolaResult" in patch;
  const [row] = await db
    .insert(s.insuranceVerifications)
    .values({
      personId: ctx.person.id,
      appointmentId: ctx.appointment.id,
      choice: patch.choice ?? storedChoice(EMPTY_CHOICE),
      ...patch,
      updatedAt: t,
    })
    .onConflictDoUpdate({
      target: [s.insuranceVerifications.personId, s.insuranceVerifications.appointmentId],
      set: answers ? { ...patch, updatedAt: t } : { ...patch },
    })
    .returning();
  return row;
}

function storedChoice(choice: InsuranceChoice): StoredInsuranceChoice {
  return { ...EMPTY_CHOICE, ...choice };
}

function choiceOf(row: Row | null): InsuranceChoice {
  return row ? parseInsuranceChoice(choiceSource(row.choice)) : { ...EMPTY_CHOICE };
}

/** A stored choice read back through the same parser as a form, so an old or odd row never yields a bad value. */
function choiceSource(c: StoredInsuranceChoice): { get(name: string): unknown } {
  const values: Record<string, unknown> = {
    [INSURANCE_FIELDS.insurer]: c.insurer,
    [INSURANCE_FIELDS.reimbursement]: c.reimbursement,
    [INSURANCE_FIELDS.consent]: c.consent ? "on" : null,
    [INSURANCE_FIELDS.policyOwner]: c.policyOwner,
    [INSURANCE_FIELDS.eventType]: c.eventType,
    [INSURANCE_FIELDS.permit]: c.permit,
  };
  return { get: (name) => values[name] ?? null };
}

function applyPermitHref(ctx: InsuranceContext): string {
  const redirectTo = href("insuranceFreeAppointment", ctx.lang, { id: ctx.appointment.id });
  return `/api/insurance/lahitapiola-apply-permit?${new URLSearchParams({ redirectTo, channel: "web", lang: ctx.lang })}`;
}

function stateOf(
  ctx: InsuranceContext,
  stored: Row | null,
  choice: InsuranceChoice,
  errors: Record<string, string> = {},
): InsurancePanelState {
  // An answer older than VERIFICATION_VALID_MINUTES is shown as not asked: the customer verifies again.
  const row = stored && verificationFresh(stored, now()) ? stored : null;
  const permits = row?.permits ?? [];
  const status = (LAHITAPIOLA_STATUSES as readonly string[]).includes(row?.lahitapiolaStatus ?? "")
    ? (row!.lahitapiolaStatus as LahiTapiolaStatus)
    : "not_asked";
  const pohjolaStatus = (POHJOLA_STATUSES as readonly string[]).includes(row?.pohjolaStatus ?? "")
    ? (row!.pohjolaStatus as PohjolaStatus)
    : "undefined";
  // A permit choice only counts while it is one of the permits the insurer listed.
  const permit = choice.permit && permits.some((p) => p.contentHash === choice.permit) ? choice.permit : null;
  const shown = { ...choice, permit };
  return {
    choice: shown,
    selectionComplete: insuranceSelectionComplete(shown),
    errors,
    isRemote: isRemoteLocation(ctx.appointment.locationType),
    features: featuresOf(ctx.brandId),
    lahitapiola: {
      status,
      permits: status === "insurance_found_with_permits" ? permits : [],
      applyPermitHref: applyPermitHref(ctx),
    },
    pohjola: {
      status: pohjolaStatus,
      policyId: row?.pohjolaResult?.policyId ?? null,
      productName: row?.pohjolaResult?.productName ?? null,
      coverages: row?.pohjolaResult?.coverages ?? [],
    },
  };
}

/** The return parameters the second insurer puts on the reservation page's address (spec §4). */
export function returnStatusOf(url: URL): "allowed" | "denied" | "canceled" | "error" | null {
  const q = url.searchParams;
  if (q.has("directcompensationallowed")) return "allowed";
  if (q.has("directcompensationdenied")) return "denied";
  if (q.has("cancel")) return "canceled";
  if (q.has("error")) return "error";
  return null;
}

// --- the panel -----------------------------------------------------------------------------------------

/** The panel's state for a GET of the reservation page (reads return parameters such as `directcompensationallowed`). */
export async function loadInsurancePanel(db: Database, ctx: InsuranceContext, url: URL): Promise<InsurancePanelState> {
  let row = await readRow(db, ctx);
  let choice = choiceOf(row);
  if (!row) {
    // First visit from the insurance list: its insurer and reimbursement preselect the panel's choice.
    choice = {
      ...choice,
      ...choiceFromListParams(url.searchParams.get("insuranceCompany"), url.searchParams.get("reimbursement")),
    };
  }
  const back = featuresOf(ctx.brandId).lahitapiolaFlow ? returnStatusOf(url) : null;
  if (back) {
    // Back from the insurer's permit application: it was asked for the second insurer's direct reimbursement
    // with consent given.
    choice = { ...choice, insurer: "LAHITAPIOLA", reimbursement: "USE_REIMBURSEMENT", consent: true };
    if (back === "allowed") {
      const fetched = await lahitapiolaPermits(
        db,
        { person: ctx.person, actorId: ctx.guardian?.id ?? ctx.person.id },
        ctx.lang,
      );
      row =
        fetched.type === "success"
          ? await saveRow(db, ctx, {
              choice: storedChoice(choice),
              lahitapiolaStatus: fetched.directCompensationPermits.length
                ? "insurance_found_with_permits"
                : "insurance_found_no_permits",
              permits: fetched.directCompensationPermits,
            })
          : await saveRow(db, ctx, { choice: storedChoice(choice), lahitapiolaStatus: "error", permits: [] });
    } else {
      row = await saveRow(db, ctx, { choice: storedChoice(choice), lahitapiolaStatus: back, permits: [] });
    }
  }
  return stateOf(ctx, row, choice);
}

/**
 * Handles the panel's own buttons posted to the reservation page action with `intent` values starting
 * `insurance:` — verify (also "retry"), cancel (choose not to verify), reset (restart), remove-permit,
 * apply-permit (where to redirect: the insurer) and update (re-render with the posted choice). Returns null when the
 * intent is not the panel's. The state carries `errors` when the posted choice does not allow the step.
 */
export async function handleInsuranceIntent(
  db: Database,
  ctx: InsuranceContext,
  form: FormData,
): Promise<InsurancePanelState | { redirectTo: string } | null> {
  const intent = form.get("intent");
  if (typeof intent !== "string" || !intent.startsWith("insurance:")) return null;
  const choice = parseInsuranceChoice(form);
  const features = featuresOf(ctx.brandId);
  const options = { ...features, isRemote: isRemoteLocation(ctx.appointment.locationType) };
  let row = await readRow(db, ctx);

  switch (intent) {
    case "insurance:verify": {
      const errors = verificationErrors(choice, options);
      if (Object.keys(errors).length)
        return stateOf(ctx, await saveRow(db, ctx, { choice: storedChoice(choice) }), choice, errors);
      row =
        choice.insurer === "LAHITAPIOLA"
          ? await verifyLahiTapiola(db, ctx, choice)
          : await verifyPohjola(db, ctx, choice);
      break;
    }
    case "insurance:cancel":
      row = await saveRow(db, ctx, {
        choice: storedChoice(choice),
        ...(choice.insurer === "LAHITAPIOLA"
          ? { lahitapiolaStatus: "canceled", permits: [] }
          : { pohjolaStatus: "canceled", pohjolaResult: null }),
      });
      break;
    case "insurance:reset":
    case "insurance:remove-permit": {
      const cleared = { ...choice, permit: null };
      const patch: RowPatch =
        intent === "insurance:remove-permit" || choice.insurer === "LAHITAPIOLA"
          ? { choice: storedChoice(cleared), lahitapiolaStatus: "not_asked", permits: [] }
          : { choice: storedChoice(cleared), pohjolaStatus: "undefined", pohjolaResult: null };
      return stateOf(ctx, await saveRow(db, ctx, patch), cleared);
    }
    case "insurance:apply-permit": {
      const errors = verificationErrors({ ...choice, insurer: "LAHITAPIOLA" }, options);
      if (!features.lahitapiolaFlow || Object.keys(errors).length)
        return stateOf(ctx, await saveRow(db, ctx, { choice: storedChoice(choice) }), choice, errors);
      await saveRow(db, ctx, { choice: storedChoice(choice) });
      return { redirectTo: applyPermitHref(ctx) };
    }
    default:
      row = await saveRow(db, ctx, { choice: storedChoice(choice) });
  }
  return stateOf(ctx, row, choice);
}

async function verifyLahiTapiola(db: Database, ctx: InsuranceContext, choice: InsuranceChoice): Promise<Row> {
  const base = { choice: storedChoice({ ...choice, permit: null }) };
  const check = await lahitapiolaPolicyCheck(db, ctx);
  if (check.type === "underageCustomer")
    return saveRow(db, ctx, { ...base, lahitapiolaStatus: "underage_customer", permits: [] });
  if (check.type === "error") return saveRow(db, ctx, { ...base, lahitapiolaStatus: "error", permits: [] });
  if (!check.hasHealthcarePolicy)
    return saveRow(db, ctx, { ...base, lahitapiolaStatus: "insurance_not_found", permits: [] });
  const fetched = await lahitapiolaPermits(
    db,
    { person: ctx.person, actorId: ctx.guardian?.id ?? ctx.person.id },
    ctx.lang,
  );
  if (fetched.type === "error") return saveRow(db, ctx, { ...base, lahitapiolaStatus: "error", permits: [] });
  const permits = fetched.directCompensationPermits;
  return saveRow(db, ctx, {
    ...base,
    lahitapiolaStatus: permits.length ? "insurance_found_with_permits" : "insurance_found_no_permits",
    permits,
  });
}

async function verifyPohjola(db: Database, ctx: InsuranceContext, choice: InsuranceChoice): Promise<Row> {
  const base = { choice: storedChoice(choice) };
  const date = helsinkiToday(ctx.appointment.startsAt);
  if (choice.policyOwner === "company" && choice.eventType) {
    const result = await pohjolaCompanyCheck(db, ctx.person, { eventType: choice.eventType, lang: ctx.lang, date });
    if (!result) return saveRow(db, ctx, { ...base, pohjolaStatus: "error", pohjolaResult: null });
    const found = result.insurance;
    return saveRow(db, ctx, {
      ...base,
      pohjolaStatus: found ? "found" : "not_found",
      pohjolaResult: found ? { ...found, owner: "company" } : null,
    });
  }
  const result = await pohjolaPersonalCheck(db, ctx.person, date);
  if (!result) return saveRow(db, ctx, { ...base, pohjolaStatus: "error", pohjolaResult: null });
  return saveRow(db, ctx, {
    ...base,
    pohjolaStatus: result.hasInsurance ? "found" : "not_found",
    pohjolaResult: result.hasInsurance
      ? { policyId: result.policyId, productName: null, coverages: [], owner: "personal" }
      : null,
  });
}

// --- the reservation -----------------------------------------------------------------------------------

/** The insurance part of a reservation, or why it cannot be made. Called by the book action before reserving. */
export type InsuranceForReservation =
  | {
      ok: true;
      insurer: string;
      reimbursement: string | null;
      conceptCode: string;
      /** The reservation note: the date plus a note naming the insurer (spec part 2 §3). */
      description: string;
      /** The direct-billing permit's content hash, or the first insurer's policy id. */
      directCompensationPermit: string | null;
    }
  | { ok: false; state: InsurancePanelState }
  | { ok: false; error: "directReimbursement" | "unknownError" };

/**
 * The insurance part of POST /api/reserve-appointment: the concept code names insurer and reimbursement, and the
 * permit (`dcpContentHash`) or policy (`pohjolaPolicyId`) must be one the portal itself verified for this person
 * and appointment (the panel's row) — a caller cannot bring its own.
 */
export type InsuranceCallClaim = { conceptCode: string; dcpContentHash: string | null; pohjolaPolicyId: string | null };

/**
 * Checks the choice against the rules and the stored verification, re-checks a chosen permit with the insurer (it
 * must still be valid on the appointment's day), and sets the billing concept (the /api/concepts step; a failure
 * stops the booking as the spec's "failed concept insertion"). The reservation page passes its posted form; the
 * reservation call passes its concept code, permit and policy, which go through the same checks.
 */
export async function insuranceForReservation(
  db: Database,
  ctx: InsuranceContext,
  source: FormData | InsuranceCallClaim,
): Promise<InsuranceForReservation> {
  const features = featuresOf(ctx.brandId);
  const options = { ...features, isRemote: isRemoteLocation(ctx.appointment.locationType) };
  const call = source instanceof FormData ? null : source;
  let row: Row | null;
  let choice: InsuranceChoice;
  if (source instanceof FormData) {
    choice = parseInsuranceChoice(source);
    row = await saveRow(db, ctx, { choice: storedChoice(choice) });
  } else {
    row = await readRow(db, ctx);
    const concept = choiceOfConcept(source.conceptCode);
    if (!concept)
      return {
        ok: false,
        state: stateOf(ctx, row, choiceOf(row), { [INSURANCE_FIELDS.insurer]: "insurance.errors.insurerRequired" }),
      };
    // The call carries no consent field: a client sends a direct-reimbursement concept only after its consent box.
    choice = { ...choiceOf(row), ...concept, consent: true, permit: source.dcpContentHash };
  }
  if (!verificationFresh(row, now())) row = null;
  const errors = insuranceChoiceErrors(choice, options);
  const failed = (extra: Record<string, string>) => ({
    ok: false as const,
    state: stateOf(ctx, row, choice, { ...errors, ...extra }),
  });
  if (Object.keys(errors).length) return failed({});

  const insurer = choice.insurer!;
  const reimbursement = effectiveReimbursement(choice);
  const direct = reimbursement === "USE_REIMBURSEMENT";
  const usesPermit = direct && insurer === "LAHITAPIOLA" && features.lahitapiolaFlow;
  const usesPolicy = direct && insurer === "POHJOLA";
  if (call?.dcpContentHash && !usesPermit)
    return failed({ [INSURANCE_FIELDS.permit]: "insurance.errors.permitNotApplicable" });
  if (call?.pohjolaPolicyId && !usesPolicy)
    return failed({ insuranceVerification: "insurance.errors.policyNotApplicable" });
  let permit: string | null = null;
  let note = "";

  if (usesPermit) {
    if (row?.lahitapiolaStatus !== "insurance_found_with_permits")
      return failed({ insuranceVerification: "insurance.errors.lahitapiolaNotVerified" });
    const chosen = row.permits.find((p) => p.contentHash === choice.permit);
    if (!chosen) return failed({ [INSURANCE_FIELDS.permit]: "insurance.errors.permitRequired" });
    const fresh = await lahitapiolaPermits(
      db,
      { person: ctx.person, actorId: ctx.guardian?.id ?? ctx.person.id },
      ctx.lang,
    );
    const still =
      fresh.type === "success"
        ? fresh.directCompensationPermits.find((p) => p.contentHash === chosen.contentHash)
        : undefined;
    if (!still || still.validTo < helsinkiToday(ctx.appointment.startsAt))
      return { ok: false, error: "directReimbursement" };
    permit = chosen.contentHash;
    note = `, maksusitoumus ${chosen.symptom} (${chosen.bodyPart})`;
  } else if (usesPolicy) {
    const owner = choice.policyOwner === "company" ? "company" : "personal";
    // The policy found must be of the kind now chosen (a personal policy does not make a company booking).
    if (row?.pohjolaStatus === "found" && (row.pohjolaResult?.owner ?? "personal") === owner) {
      permit = row.pohjolaResult?.policyId ?? null;
      if (call?.pohjolaPolicyId && call.pohjolaPolicyId !== permit)
        return failed({ insuranceVerification: "insurance.errors.pohjolaNotVerified" });
      note = permit ? `, vakuutus ${permit}` : "";
    } else if (row?.pohjolaStatus === "canceled" && !call?.pohjolaPolicyId) {
      note = ", vakuutusta ei tarkistettu";
    } else {
      return failed({ insuranceVerification: "insurance.errors.pohjolaNotVerified" });
    }
  }

  const conceptCode = conceptCodeFor(choice);
  try {
    if (!(await setConcept(db, ctx.person.id, conceptCode))) return { ok: false, error: "unknownError" };
  } catch (error) {
    reportError(error);
    return { ok: false, error: "unknownError" };
  }
  const name = insurer === "OTHER" ? "muu vakuutusyhtiö" : INSURER_NAMES[insurer];
  const how = direct
    ? choice.policyOwner === "company" && insurer === "POHJOLA"
      ? "yrityksen vakuutus, suorakorvaus"
      : "suorakorvaus"
    : "maksaa itse ja hakee korvauksen";
  return {
    ok: true,
    insurer,
    reimbursement,
    conceptCode,
    // Clinic systems read this note in Finnish, whatever the interface language.
    description: `${formatDate(now(), "fi")} Vakuutusyhtiö: ${name}, ${how}${note}`,
    directCompensationPermit: permit,
  };
}
