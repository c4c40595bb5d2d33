import { z } from "zod";
import type { FormErrors } from "~/ui/form";
import { helsinkiToday } from "~/lib/format";

/**
 * The earlier-appointment offer's rules that need no database: what the customer may ask, and which free slot
 * matches which request. The job and the pages (earlier-time.server.ts) apply them.
 */

/** How long an offered slot is held for the person it was offered to. */
export const OFFER_HOLD_MINUTES = 15;
/** A slot starting sooner than this is not offered: nobody could rearrange their day for it. */
export const OFFER_MIN_LEAD_HOURS = 2;

export const EARLIER_TIME_MATCHES = ["practitioner", "serviceAtClinic"] as const;
export type EarlierTimeMatch = (typeof EARLIER_TIME_MATCHES)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD string is a real calendar day. */
function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const earlierTimeSchema = z.object({
  match: z.enum(EARLIER_TIME_MATCHES, { error: "appointments.earlierTime.errors.matchRequired" }),
  untilDate: z
    .string({ error: "appointments.earlierTime.errors.untilRequired" })
    .trim()
    .min(1, "appointments.earlierTime.errors.untilRequired")
    .refine(isRealDate, "appointments.earlierTime.errors.untilInvalid"),
});

export type EarlierTimeFields = "match" | "untilDate";

/**
 * Reads the form: the kind of match and the latest date, which is today or later and before the appointment's
 * day (Helsinki), or the errors by field (i18n keys).
 */
export function readEarlierTimeForm(
  form: { match?: unknown; untilDate?: unknown },
  appointmentStartsAt: Date,
  now: Date,
): { value: { match: EarlierTimeMatch; untilDate: string } } | { errors: FormErrors<EarlierTimeFields> } {
  const parsed = earlierTimeSchema.safeParse({
    match: form.match === "" ? undefined : form.match,
    untilDate: form.untilDate,
  });
  const errors: FormErrors<EarlierTimeFields> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as EarlierTimeFields;
      errors[field] ??= issue.message;
    }
  const untilDate = parsed.success ? parsed.data.untilDate : null;
  if (untilDate && untilDate < helsinkiToday(now)) errors.untilDate = "appointments.earlierTime.errors.untilPast";
  else if (untilDate && untilDate >= helsinkiToday(appointmentStartsAt))
    errors.untilDate = "appointments.earlierTime.errors.untilTooLate";
  if (!parsed.success || Object.keys(errors).length) return { errors };
  return { value: parsed.data };
}

/** Whether an appointment may still get an earlier time: it is on a later day than today (Helsinki). */
export function mayAskEarlierTime(startsAt: Date, now: Date): boolean {
  return helsinkiToday(startsAt) > helsinkiToday(now);
}

export type RequestFacts = {
  match: EarlierTimeMatch;
  practitionerId: string;
  specialtyId: string;
  clinicId: string;
  untilDate: string;
  /** The start of the appointment the person holds now. */
  currentStartsAt: Date;
  careType: string;
};

export type SlotFacts = {
  practitionerId: string;
  specialtyId: string;
  clinicId: string;
  startsAt: Date;
  careTypes: readonly string[];
};

/**
 * Whether a free slot may be offered to a request at `now`: the same practitioner, or the same service at the same
 * clinic; earlier than the appointment held, on or before the latest date, far enough ahead, and reservable as the
 * same kind of customer.
 */
export function slotMatches(request: RequestFacts, slot: SlotFacts, now: Date): boolean {
  const same =
    request.match === "practitioner"
      ? slot.practitionerId === request.practitionerId
      : slot.specialtyId === request.specialtyId && slot.clinicId === request.clinicId;
  return (
    same &&
    slot.startsAt.getTime() < request.currentStartsAt.getTime() &&
    slot.startsAt.getTime() >= now.getTime() + OFFER_MIN_LEAD_HOURS * 3_600_000 &&
    helsinkiToday(slot.startsAt) <= request.untilDate &&
    slot.careTypes.includes(request.careType)
  );
}
