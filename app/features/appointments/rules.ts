/**
 * Rules of one's own appointments (spec part 1 §4, §9): cancelling and self check-in.
 * Pure functions of the appointment, the time and the brand's cancellation limit.
 */
import { parseIdList } from "~/lib/id";

export const CHECK_IN_OPENS_MINUTES = 30;
/** Spec part 1 §5: the arrival reason is at most 300 characters (the schema is in arrival-reason.ts). */
export const ARRIVAL_REASON_MAX = 300;

/** Location types with no visit to a clinic. */
export const REMOTE_TYPES = new Set(["remoteAppointment", "phoneAppointment", "videoAppointment"]);

export type ReservationStatus = "active" | "cancelled" | "providerCancelled";
export type SelfCheckInStatus = "allowed" | "checkedIn" | "onlyAtReception" | "statusNotAvailable" | "tooEarly";

export type AppointmentFacts = {
  startsAt: Date;
  durationMinutes: number;
  status: ReservationStatus;
  checkedInAt: Date | null;
  isRemote: boolean;
};

/** Whether the start is within the brand's cancellation limit (hours before the start). */
export function isWithinCancellationLimit(startsAt: Date, now: Date, limitHours: number): boolean {
  return startsAt.getTime() - now.getTime() < limitHours * 60 * 60 * 1000;
}

export type CancelDecision =
  { mayCancel: true } | { mayCancel: false; reason: "tooLate" | "checkedIn" | "notActive" | "past" };

/** Online cancelling: an active, not checked-in appointment that starts later than the limit. */
export function cancelDecision(a: AppointmentFacts, now: Date, limitHours: number): CancelDecision {
  if (a.status !== "active") return { mayCancel: false, reason: "notActive" };
  if (a.checkedInAt) return { mayCancel: false, reason: "checkedIn" };
  if (a.startsAt.getTime() <= now.getTime()) return { mayCancel: false, reason: "past" };
  if (isWithinCancellationLimit(a.startsAt, now, limitHours)) return { mayCancel: false, reason: "tooLate" };
  return { mayCancel: true };
}

/**
 * Self check-in: opens 30 minutes before the start and stays open until the appointment ends; remote
 * appointments have none, and a cancelled one says nothing.
 */
export function selfCheckInStatus(a: AppointmentFacts, now: Date): SelfCheckInStatus {
  if (a.status !== "active") return "statusNotAvailable";
  if (a.checkedInAt) return "checkedIn";
  if (a.isRemote) return "onlyAtReception";
  const opens = a.startsAt.getTime() - CHECK_IN_OPENS_MINUTES * 60 * 1000;
  const ends = a.startsAt.getTime() + a.durationMinutes * 60 * 1000;
  if (now.getTime() < opens) return "tooEarly";
  if (now.getTime() > ends) return "statusNotAvailable";
  return "allowed";
}

/**
 * Whether `:ids` of the appointment page has the logged-in page's shape: digits and commas only. Any other id is
 * the anonymous view's (spec part 1 §2 "Anonymous view of an appointment"), answered without login.
 */
export function isNumericIdsParam(raw: string | undefined): boolean {
  return !!raw && /^[0-9,]+$/.test(raw);
}

/** `1` or `1,2,3` from the URL: canonical ids (`~/lib/id`), at most 20, duplicates removed; null when malformed. */
export function parseAppointmentIds(raw: string | undefined): number[] | null {
  return parseIdList(raw, 20);
}

/** A clinic's address on one line: "Katu 1, 00100 Helsinki" (what it has of it). */
export function clinicAddress(clinic: {
  streetAddress: string | null;
  postalCode: string | null;
  postOffice: string | null;
}): string {
  return [clinic.streetAddress, [clinic.postalCode, clinic.postOffice].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
}

/** A maps search link built from the location's name and address (spec part 1 §9). */
export function mapsSearchUrl(name: string, address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name}, ${address}`)}`;
}

/** The spec's API result type and HTTP status of each cancel result. */
export function cancelResponse(type: "success" | "alreadyCancelled" | "notFound" | "tooLate" | "notCancellable") {
  switch (type) {
    case "success":
    case "alreadyCancelled":
      return { status: 200, type: "Success" } as const;
    case "notFound":
      return { status: 404, type: "NotFound" } as const;
    case "tooLate":
      return { status: 409, type: "TooLate" } as const;
    case "notCancellable":
      return { status: 409, type: "CancelFailed" } as const;
  }
}

export type CheckInOutcome =
  | "Success"
  | "AlreadyCheckedIn"
  | "TooEarly"
  | "ConfidentialityFormNotFilled"
  | "ConfidentialityFormNotFilledAsAdult"
  | "CheckInFailed";

/**
 * What a check-in attempt answers, logged in or at the clinic door. Check-in needs the patient-data consent;
 * a consent given while a minor ('invalid') must be renewed as an adult.
 */
export function checkInDecision(status: SelfCheckInStatus, consent: "ok" | "missing" | "invalid"): CheckInOutcome {
  if (status === "checkedIn") return "AlreadyCheckedIn";
  if (status === "tooEarly") return "TooEarly";
  if (status !== "allowed") return "CheckInFailed";
  if (consent === "missing") return "ConfidentialityFormNotFilled";
  if (consent === "invalid") return "ConfidentialityFormNotFilledAsAdult";
  return "Success";
}
