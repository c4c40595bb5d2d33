import { redirect } from "react-router";
import type { Brand, Environment } from "#brands/index";
import type { ValidationDetail } from "~/.server/api";
import { db } from "~/.server/db/client";
import type { Person } from "~/.server/session";
import { type InsuranceContext, type InsurancePanelState } from "~/features/insurance/insurance.server";
import {
  insuranceForReservation,
  loadInsurancePanel,
  type InsuranceCallClaim,
} from "~/features/insurance/insurance-panel.server";
import type { UserSession } from "~/.server/guards";
import { CONCEPT_CODES } from "~/features/insurance/insurance-choice";
import { cleanEmail, isValidEmail, isValidFinnishPhone, normalisePhone } from "~/lib/contact";
import { parseId } from "~/lib/id";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import type { CareType } from "~/features/booking/care-type";
import { contactOf } from "~/features/booking/contact-editor.server";
import {
  getFreeAppointment,
  loadReservationView,
  parseAppointmentId,
} from "~/features/booking/free-appointment.server";
import { careTypeForCall, kela65Warning, occupationalConfirmation } from "~/features/booking/reservation-rules";
import { portalReservationSchema } from "~/features/booking/reservation.schema";
import { reserveAppointment, type ReservationResult } from "~/features/booking/reservation.server";

export type PageInput = {
  session: UserSession;
  careType: CareType;
  rawId: string | undefined;
  lang: Lang;
  now: Date;
  brand: Brand;
  environment: Environment;
  /** The brand's public origin, for the absolute link of the confirmation SMS. */
  origin: string;
  url: URL;
};

/** An occupational customer may book online only with a contract that includes web reservation. */
export function occupationalAllowed(person: Person) {
  return person.hasOccupationalCare && person.occupationalWebReservation;
}

function insuranceContext(
  input: PageInput,
  appointment: { id: number; startsAt: string; locationType: string },
): InsuranceContext {
  const p = input.session.actingPerson;
  const user = input.session.user;
  return {
    person: { id: p.id, identityCode: p.identityCode, birthDate: p.birthDate },
    // A guardian acting for a child: the insurer's under-18 rule looks at the guardian too.
    guardian: user.id !== p.id ? { id: user.id, birthDate: user.birthDate } : null,
    appointment: {
      id: appointment.id,
      startsAt: new Date(appointment.startsAt),
      locationType: appointment.locationType,
    },
    lang: input.lang,
    brandId: input.brand.id,
  };
}

/**
 * Whether the acting person may reserve this appointment as this customer type, and the form's state if so: not
 * found, no occupational web reservation, already reserved (or started), consent missing, the billing notice, or
 * the form. The page and the reservation call both start here.
 */
async function reservationState(input: PageInput) {
  const person = input.session.actingPerson;
  if (input.careType === "occupational" && !occupationalAllowed(person)) return { state: "noOccupational" as const };
  const loaded = await loadReservationView(db(), {
    id: parseAppointmentId(input.rawId),
    careType: input.careType,
    lang: input.lang,
    now: input.now,
    noticeHours: input.brand.cancellationLimitHours,
    showPriceDetails: input.brand.features[input.environment].includes("price-details"),
  });
  if (!loaded) return { state: "notFound" as const };
  const from = input.url.searchParams.get("from") ?? undefined;
  if (loaded.appointment.reserved || loaded.appointment.past) return { state: "unavailable" as const, from };
  if (person.patientDataConsent !== "ok") return { state: "consentRequired" as const };
  if (!person.creditWorthy && input.careType !== "occupational")
    return { state: "billing" as const, billing: input.brand.billing, appointment: loaded.appointment };
  const context = insuranceContext(input, loaded.appointment);
  return {
    state: "form" as const,
    ...loaded,
    careType: input.careType,
    contact: contactOf(person),
    occupationalConfirmation: occupationalConfirmation(input.careType, loaded.appointment.specialty.id),
    kela65Warning: kela65Warning(input.careType, person.birthDate, input.now),
    insuranceContext: input.careType === "insurance" ? context : null,
    from,
  };
}

/**
 * The logged-in reservation page's state (spec part 2 §2 "Reserve appointment"): not found, no occupational
 * web reservation, the billing notice, or the form. Already reserved and missing consent are redirects.
 */
export async function reservePageState(input: PageInput) {
  const state = await reservationState(input);
  if (state.state === "unavailable")
    throw redirect(href("appointmentUnavailable", input.lang, {}, { from: state.from }));
  if (state.state === "consentRequired")
    throw redirect(href("dataProcessing", input.lang, {}, { next: input.url.pathname + input.url.search }));
  return state;
}

export type FormState = Extract<Awaited<ReturnType<typeof reservationState>>, { state: "form" }>;

export async function initialInsurancePanel(state: FormState, url: URL): Promise<InsurancePanelState | null> {
  return state.insuranceContext ? loadInsurancePanel(db(), state.insuranceContext, url) : null;
}

export type BookOutcome =
  | { type: "invalid"; errors: Record<string, string>; insurance?: InsurancePanelState }
  | { type: "directReimbursement" }
  | ReservationResult;

/**
 * What is reserved with: the page's posted form (its confirmations, the insurer panel, the profile's contact
 * details), or the reservation call's payload (spec part 2 §3 "Reservation request"), already checked for shape.
 */
export type ReservationClaim =
  | { via: "form"; form: FormData }
  | { via: "call"; phone: string; email: string; description: string | null; insurance: InsuranceCallClaim | null };

/**
 * The Book step of the page and of the call: the form's rules (page only: the call's payload has no confirmation
 * fields), the insurance part with the server's own verification, then the reservation in one transaction.
 */
async function book(input: PageInput, state: FormState, claim: ReservationClaim): Promise<BookOutcome> {
  const errors: Record<string, string> = {};
  if (claim.via === "form") {
    const checks = portalReservationSchema({
      bindingRequired: state.bindingRequired,
      occupationalConfirmationRequired: state.occupationalConfirmation !== "none",
    }).safeParse(Object.fromEntries(claim.form));
    if (!checks.success) for (const issue of checks.error.issues) errors[String(issue.path[0])] ??= issue.message;
    if (!state.contact.valid) errors.contact = "reservation.errors.contactInvalid";
  }
  let insurance = null;
  if (state.insuranceContext) {
    const source = claim.via === "form" ? claim.form : claim.insurance;
    if (!source) return { type: "invalid", errors: { ...errors, insurer: "insurance.errors.insurerRequired" } };
    const result = await insuranceForReservation(db(), state.insuranceContext, source);
    if (!result.ok) {
      if ("state" in result) return { type: "invalid", errors, insurance: result.state };
      return result.error === "directReimbursement" ? { type: "directReimbursement" } : { type: "unknownError" };
    }
    insurance = {
      insurer: result.insurer,
      reimbursement: result.reimbursement,
      conceptCode: result.conceptCode,
      description: result.description,
      directCompensationPermit: result.directCompensationPermit,
    };
  } else if (claim.via === "call" && claim.insurance) {
    // Only the insurance customer type takes a concept code.
    return { type: "invalid", errors: { conceptCode: "insurance.errors.insurerRequired" } };
  }
  if (Object.keys(errors).length) return { type: "invalid", errors };
  const person = input.session.actingPerson;
  return reserveAppointment(db(), {
    reserver: { channel: "portal", personId: person.id, actorId: input.session.user.id },
    appointmentId: state.appointment.id,
    careType: input.careType,
    contactPhone: claim.via === "call" ? claim.phone : state.contact.values.phoneNumber,
    contactEmail: claim.via === "call" ? claim.email : state.contact.values.emailAddress,
    description: claim.via === "call" ? claim.description : null,
    insurance,
    brand: { id: input.brand.id, origin: input.origin },
    lang: input.lang,
    now: input.now,
  });
}

/** The page's Book action. */
export function bookFromForm(input: PageInput, state: FormState, form: FormData): Promise<BookOutcome> {
  return book(input, state, { via: "form", form });
}

export type CallInput = Omit<PageInput, "careType" | "rawId"> & {
  appointmentId: number;
  claim: Extract<ReservationClaim, { via: "call" }>;
};

/** The reservation call's answer: the page's outcomes, plus the billing problem the page shows as its notice. */
export type CallOutcome = BookOutcome | { type: "billingProblem" };

/**
 * POST /api/reserve-appointment: the same checks as the page (customer type, availability, consent, credit,
 * insurance verified by the server) through the same service, answered as result types instead of pages.
 */
export async function reserveByCall(input: CallInput): Promise<CallOutcome> {
  const person = input.session.actingPerson;
  const appointment = await getFreeAppointment(db(), input.appointmentId, input.lang, input.now);
  const careType = appointment
    ? careTypeForCall(appointment.careTypes, !!input.claim.insurance, occupationalAllowed(person))
    : null;
  if (!careType) return { type: "appointmentNotAvailable" };
  const pageInput: PageInput = { ...input, careType, rawId: String(input.appointmentId) };
  const state = await reservationState(pageInput);
  switch (state.state) {
    case "notFound":
    case "noOccupational":
    case "unavailable":
      return { type: "appointmentNotAvailable" };
    case "consentRequired":
      return { type: "patientDataConsentRequired" };
    case "billing":
      return { type: "billingProblem" };
  }
  return book(pageInput, state, input.claim);
}

const text = (v: unknown, max: number) => (typeof v === "string" && v.trim().length <= max ? v.trim() : null);
const given = (v: unknown) => v != null && v !== "";

/**
 * The reservation call's body, checked for shape: the brand's internal organization, a canonical appointment id, a
 * Finnish phone and an e-mail address, at most 500 characters of description, and a permit or policy only with a
 * known concept code. Every problem is named in `details`.
 */
export function readReservationCall(
  body: Record<string, unknown>,
  internalOrganization: string,
): { details: ValidationDetail[] } | { appointmentId: number; claim: Extract<ReservationClaim, { via: "call" }> } {
  const details: ValidationDetail[] = [];
  const appointmentId = parseId(body.appointmentId);
  if (body.internalOrganization !== internalOrganization)
    details.push({ path: "internalOrganization", message: "Unknown internalOrganization" });
  if (appointmentId === null) details.push({ path: "appointmentId", message: "Invalid appointmentId" });
  // The second phone and e-mail rules of spec part 1 §5 (~/lib/contact), as the anonymous reservation's.
  const phone =
    typeof body.phone === "string" && isValidFinnishPhone(body.phone) ? normalisePhone(body.phone.trim()) : null;
  if (!phone) details.push({ path: "phone", message: "Invalid phone" });
  const email =
    typeof body.emailAddress === "string" && isValidEmail(body.emailAddress) ? cleanEmail(body.emailAddress) : null;
  if (!email) details.push({ path: "emailAddress", message: "Invalid emailAddress" });
  const description = body.description == null ? null : text(body.description, 500);
  if (body.description != null && description === null)
    details.push({ path: "description", message: "Invalid description" });
  const conceptCode = given(body.conceptCode) ? text(body.conceptCode, 50) : null;
  if (given(body.conceptCode) && (!conceptCode || !CONCEPT_CODES.includes(conceptCode)))
    details.push({ path: "conceptCode", message: "Unknown conceptCode" });
  const dcpContentHash = given(body.dcpContentHash) ? text(body.dcpContentHash, 200) : null;
  if (given(body.dcpContentHash) && (!dcpContentHash || !conceptCode))
    details.push({ path: "dcpContentHash", message: "Invalid dcpContentHash" });
  const pohjolaPolicyId = given(body.pohjolaPolicyId) ? text(body.pohjolaPolicyId, 200) : null;
  if (given(body.pohjolaPolicyId) && (!pohjolaPolicyId || !conceptCode))
    details.push({ path: "pohjolaPolicyId", message: "Invalid pohjolaPolicyId" });
  if (details.length || appointmentId === null) return { details };
  return {
    appointmentId,
    claim: {
      via: "call",
      phone: phone!,
      email: email!,
      description,
      insurance: conceptCode ? { conceptCode, dcpContentHash, pohjolaPolicyId } : null,
    },
  };
}
/**
 * The wire paths of an invalid call (spec: 400 ValidationError with details): the insurer choice is the concept
 * code; the permit and the policy are their own fields. Messages are i18n keys, translated by the caller.
 */
export function callErrorPaths(outcome: Extract<BookOutcome, { type: "invalid" }>): { path: string; key: string }[] {
  const out = new Map<string, string>();
  for (const [field, key] of Object.entries({ ...outcome.errors, ...outcome.insurance?.errors })) {
    const path =
      field === "insurancePermit"
        ? "dcpContentHash"
        : field === "insuranceVerification"
          ? /pohjola|policy/i.test(key)
            ? "pohjolaPolicyId"
            : "dcpContentHash"
          : field === "reservation" || field === "contact"
            ? field
            : "conceptCode";
    if (!out.has(path)) out.set(path, key);
  }
  return [...out].map(([path, key]) => ({ path, key }));
}
