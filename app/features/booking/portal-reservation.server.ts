import { redirect } from "react-router";
import type { Brand, Environment } from "#brands/index";
import { db } from "~/.server/db/client";
import type { Person } from "~/.server/session";
import { insuranceForReservation, loadInsurancePanel, type InsuranceContext, type InsurancePanelState } from "~/features/insurance/insurance.server";
import type { UserSession } from "~/features/session/guards.server";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { CARE_TYPE_PAGES, type CareType } from "./care-type";
import { contactOf } from "./contact-editor.server";
import { loadReservationView, parseAppointmentId } from "./free-appointment.server";
import { kela65Warning, occupationalConfirmation } from "./reservation-rules";
import { portalReservationSchema } from "./reservation.schema";
import { reserveAppointment, type ReservationResult } from "./reservation.server";

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

function insuranceContext(input: PageInput, appointment: { id: number; startsAt: string; locationType: string }): InsuranceContext {
  const p = input.session.actingPerson;
  const user = input.session.user;
  return {
    person: { id: p.id, identityCode: p.identityCode, birthDate: p.birthDate },
    // A guardian acting for a child: the insurer's under-18 rule looks at the guardian too.
    guardian: user.id !== p.id ? { id: user.id, birthDate: user.birthDate } : null,
    appointment: { id: appointment.id, startsAt: new Date(appointment.startsAt), locationType: appointment.locationType },
    lang: input.lang,
    brandId: input.brand.id,
  };
}

/**
 * The logged-in reservation page's state (spec part 2 §2 "Reserve appointment"): not found, no occupational
 * web reservation, the billing notice, or the form. Already reserved and missing consent are redirects.
 */
export async function reservePageState(input: PageInput) {
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
  if (loaded.appointment.reserved || loaded.appointment.past) throw redirect(href("appointmentUnavailable", input.lang, {}, { from }));
  if (person.patientDataConsent !== "ok") throw redirect(href("dataProcessing", input.lang, {}, { next: input.url.pathname + input.url.search }));
  if (!person.creditWorthy && input.careType !== "occupational") return { state: "billing" as const, billing: input.brand.billing, appointment: loaded.appointment };
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

export type FormState = Extract<Awaited<ReturnType<typeof reservePageState>>, { state: "form" }>;

export async function initialInsurancePanel(state: FormState, url: URL): Promise<InsurancePanelState | null> {
  return state.insuranceContext ? loadInsurancePanel(db(), state.insuranceContext, url) : null;
}

export type BookOutcome =
  | { type: "invalid"; errors: Record<string, string>; insurance?: InsurancePanelState }
  | { type: "directReimbursement" }
  | ReservationResult;

/** The Book action: the same rules as the button, then the insurance part, then the reservation. */
export async function bookFromForm(input: PageInput, state: FormState, form: FormData): Promise<BookOutcome> {
  const errors: Record<string, string> = {};
  const checks = portalReservationSchema({ bindingRequired: state.bindingRequired, occupationalConfirmationRequired: state.occupationalConfirmation !== "none" }).safeParse(Object.fromEntries(form));
  if (!checks.success) for (const issue of checks.error.issues) errors[String(issue.path[0])] ??= issue.message;
  if (!state.contact.valid) errors.contact = "reservation.errors.contactInvalid";
  let insurance = null;
  if (state.insuranceContext) {
    const result = await insuranceForReservation(db(), state.insuranceContext, form);
    if (!result.ok) {
      if ("state" in result) return { type: "invalid", errors, insurance: result.state };
      return result.error === "directReimbursement" ? { type: "directReimbursement" } : { type: "unknownError" };
    }
    insurance = { insurer: result.insurer, reimbursement: result.reimbursement, conceptCode: result.conceptCode, description: result.description, directCompensationPermit: result.directCompensationPermit };
  }
  if (Object.keys(errors).length) return { type: "invalid", errors };
  const person = input.session.actingPerson;
  return reserveAppointment(db(), {
    reserver: { channel: "portal", personId: person.id, actorId: input.session.user.id },
    appointmentId: state.appointment.id,
    careType: input.careType,
    contactPhone: state.contact.values.phoneNumber,
    contactEmail: state.contact.values.emailAddress,
    insurance,
    brand: { id: input.brand.id, origin: input.origin },
    lang: input.lang,
    now: input.now,
  });
}

/** Where the booking page lives for a customer type (the consent page returns here). */
export function reservePageHref(careType: CareType, lang: Lang, id: number) {
  return href(CARE_TYPE_PAGES[careType].freeAppointment, lang, { id });
}
