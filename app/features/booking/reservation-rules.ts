import { ageOn } from "~/lib/identity-code";
import type { CareType } from "./care-type";

/**
 * tooManyReservations (the spec gives no number): a person may hold at most this many active reservations
 * that have not yet ended, and never two whose times overlap.
 */
export const MAX_ACTIVE_RESERVATIONS = 5;

/** Kela pilot age threshold (spec part 2 §9). */
export const KELA65_AGE = 65;

/** A reservation is binding when it starts within the brand's notice hours (brand.cancellationLimitHours). */
export function bindingRequired(startsAt: Date, now: Date, noticeHours: number): boolean {
  return startsAt.getTime() - now.getTime() < noticeHours * 3600_000;
}

/**
 * The confirmation an occupational customer ticks before booking, by specialty (spec part 2 §5):
 * - doctorReferral: specialist doctors (GYN gynaecology, IHO dermatology, LAS paediatrics) — a doctor's referral
 *   from occupational health care is needed;
 * - contractPlusReferral: PSY psychologist — the employer contract must cover it and a referral is needed;
 * - referralOnly: FYS physiotherapy — a referral is needed;
 * - none: TTH occupational health care and HOI nurse — the contract's own services;
 * - contractOnly: everything else (e.g. YLE general practitioner) — the employer contract must cover the visit.
 */
export type OccupationalConfirmation =
  "doctorReferral" | "contractPlusReferral" | "referralOnly" | "none" | "contractOnly";
const OCCUPATIONAL_CONFIRMATION: Record<string, OccupationalConfirmation> = {
  GYN: "doctorReferral",
  IHO: "doctorReferral",
  LAS: "doctorReferral",
  PSY: "contractPlusReferral",
  FYS: "referralOnly",
  TTH: "none",
  HOI: "none",
};

export function occupationalConfirmation(careType: CareType, specialtyId: string): OccupationalConfirmation {
  if (careType !== "occupational") return "none";
  return OCCUPATIONAL_CONFIRMATION[specialtyId] ?? "contractOnly";
}

/** The 65+ pilot warns when the patient is under 65 or the age is not known. */
export function kela65Warning(
  careType: CareType,
  birthDate: string | null,
  now: Date,
): "underAge" | "unknownAge" | null {
  if (careType !== "kela65") return null;
  const m = birthDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate) : null;
  if (!m) return "unknownAge";
  return ageOn({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, now) < KELA65_AGE ? "underAge" : null;
}

export type BookButtonState = {
  contactValid: boolean;
  /**
   * On the insurance page, whether the insurer choice is complete by the insurer rules (insuranceSelectionComplete,
   * answered by the server with the panel's state); null elsewhere.
   */
  insuranceComplete: boolean | null;
  bindingRequired: boolean;
  bindingTicked: boolean;
  occupationalConfirmationRequired: boolean;
  occupationalConfirmationTicked: boolean;
  reserving: boolean;
  unsavedContactEdits: boolean;
};

/** Spec part 2 §5: when the logged-in form's Book button is enabled. The server enforces the same rules. */
export function bookButtonEnabled(s: BookButtonState): boolean {
  if (!s.contactValid || s.reserving || s.unsavedContactEdits) return false;
  if (s.bindingRequired && !s.bindingTicked) return false;
  if (s.occupationalConfirmationRequired && !s.occupationalConfirmationTicked) return false;
  if (s.insuranceComplete === false) return false;
  return true;
}

/** Every error a reservation can end in (spec part 2 §8 "Reservation errors"). */
export type ReservationErrorType =
  | "validation"
  | "directReimbursement"
  | "treatmentChainCreationFailed"
  | "appointmentNotAvailable"
  | "tooManyReservations"
  | "networkError"
  | "unknownError"
  | "noPatient"
  | "patientDataConsentRequired"
  | "patientInfoConflict"
  | "missingReservationDetails"
  | "conceptInsertionFailed";

export type ErrorReaction =
  | { kind: "fieldErrors" }
  /** Go to a page: the appointment-unavailable page, login, registration (via login) or the consent page. */
  | { kind: "page"; page: "appointmentUnavailable" | "login" | "registration" | "dataProcessing" }
  /** Show a message (an i18n key under `reservation.errors`), reporting it first when `report`. */
  | {
      kind: "message";
      message: "directReimbursement" | "tooManyReservations" | "networkError" | "unknownError";
      report: boolean;
    };

const message = (m: Extract<ErrorReaction, { kind: "message" }>["message"], report = false): ErrorReaction => ({
  kind: "message",
  message: m,
  report,
});

/** The reaction to a reservation error, in the anonymous flow or the logged-in form (spec part 2 §8). */
export function reservationErrorReaction(error: ReservationErrorType, flow: "anonymous" | "portal"): ErrorReaction {
  switch (error) {
    case "validation":
      return { kind: "fieldErrors" };
    case "directReimbursement":
    case "treatmentChainCreationFailed":
      return message("directReimbursement");
    case "appointmentNotAvailable":
      return { kind: "page", page: "appointmentUnavailable" };
    case "tooManyReservations":
      return message("tooManyReservations");
    case "networkError":
      return flow === "portal" ? message("unknownError", true) : message("networkError");
    case "noPatient":
      return flow === "anonymous" ? { kind: "page", page: "registration" } : message("unknownError", true);
    case "patientDataConsentRequired":
      return flow === "anonymous" ? { kind: "page", page: "login" } : { kind: "page", page: "dataProcessing" };
    case "patientInfoConflict":
      return flow === "anonymous" ? { kind: "page", page: "login" } : message("unknownError", true);
    case "unknownError":
    case "missingReservationDetails":
    case "conceptInsertionFailed":
      return message("unknownError", true);
  }
}

/**
 * The customer type of a POST /api/reserve-appointment call, whose payload names none: a concept code means an
 * insurance booking; otherwise private, then occupational (with a web-reservation contract), then kela65.
 */
export function careTypeForCall(
  offeredTo: CareType[],
  hasConceptCode: boolean,
  occupationalAllowed: boolean,
): CareType | null {
  if (hasConceptCode) return offeredTo.includes("insurance") ? "insurance" : null;
  if (offeredTo.includes("private")) return "private";
  if (offeredTo.includes("occupational") && occupationalAllowed) return "occupational";
  if (offeredTo.includes("kela65")) return "kela65";
  return null;
}
