import { z } from "zod";
import { textField } from "~/lib/text-field";

/** Spec part 1 §5: at most 300 characters; what is stored starts with a fixed Finnish phrase. */
import { ARRIVAL_REASON_MAX } from "./rules";

export { ARRIVAL_REASON_MAX };
export const ARRIVAL_REASON_PREFIX = "Asiakkaan itse kirjoittama tulosyy: ";
export const ARRIVAL_REASON_TOAST_MS = 5_000;

export const arrivalReasonSchema = z.object({
  arrivalReason: textField("appointments.arrivalReason.errors.required")
    .trim()
    .min(1, "appointments.arrivalReason.errors.required")
    .max(ARRIVAL_REASON_MAX, "appointments.arrivalReason.errors.tooLong"),
});

export function withPrefix(reason: string): string {
  return ARRIVAL_REASON_PREFIX + reason.trim();
}

/** The customer's own words, for showing the saved reason back in the form. */
export function withoutPrefix(stored: string | null): string {
  if (!stored) return "";
  return stored.startsWith(ARRIVAL_REASON_PREFIX) ? stored.slice(ARRIVAL_REASON_PREFIX.length) : stored;
}
