import { isPlainText, normaliseLineBreaks } from "~/lib/text";
import {
  ANSWER_MAX_LENGTH,
  FOLLOW_UPS,
  OTHER_MEDICINES,
  fieldName,
  fieldNames,
  type RenewalErrors,
  type RenewalValues,
  type YesNo,
} from "./renewal.schema";

/**
 * The send rule of the renewal form (renewal.schema.ts), apart from the form's names so that the renewal page's
 * browser code loads it only when the form is about to be sent (renewal-errors.tsx).
 */

/** One prescription's answers: undefined is unanswered (or a follow-up that was not triggered). */
export type PrescriptionAnswers = {
  why?: string;
  finished?: YesNo;
  remaining?: string;
  sideEffects?: YesNo;
  sideEffectsWhich?: string;
};
export type RenewalAnswers = { prescriptions: Map<number, PrescriptionAnswers>; otherMedicines?: string };

const isYesNo = (v: string | undefined): v is YesNo => v === "yes" || v === "no";

/**
 * Checks a renewal form by the send rule (see above). `untouchedOmitted` says whether the post came from the page
 * with JavaScript. Returns the field errors and, read from the same values, the answers to compose the message
 * from (follow-ups that were not triggered are left out, whatever was typed in them).
 */
export function checkRenewal(
  prescriptionIds: readonly number[],
  values: RenewalValues,
  untouchedOmitted: boolean,
): { errors: RenewalErrors; answers: RenewalAnswers } {
  const errors: RenewalErrors = {};
  const text = (name: string): string | undefined => {
    const v = values[name];
    if (v === undefined || (!untouchedOmitted && v.trim() === "")) {
      errors[name] = "missing";
      return undefined;
    }
    if (v.length > ANSWER_MAX_LENGTH) errors[name] = "tooLong";
    else if (!isPlainText(v)) errors[name] = "invalidCharacters";
    return normaliseLineBreaks(v);
  };
  const choice = (name: string): YesNo | undefined => {
    const v = values[name];
    if (isYesNo(v)) return v;
    errors[name] = "missing";
    return undefined;
  };
  const prescriptions = new Map<number, PrescriptionAnswers>();
  for (const id of prescriptionIds) {
    const a: PrescriptionAnswers = {};
    a.why = text(fieldName("why", id));
    a.finished = choice(fieldName("finished", id));
    if (a.finished === FOLLOW_UPS.remaining.trigger) a.remaining = text(fieldName("remaining", id));
    a.sideEffects = choice(fieldName("sideEffects", id));
    if (a.sideEffects === FOLLOW_UPS.sideEffectsWhich.trigger)
      a.sideEffectsWhich = text(fieldName("sideEffectsWhich", id));
    prescriptions.set(id, a);
  }
  const otherMedicines = text(OTHER_MEDICINES);
  // In the page's order, so the error summary lists them top to bottom.
  const ordered: RenewalErrors = {};
  for (const name of fieldNames(prescriptionIds)) if (errors[name]) ordered[name] = errors[name];
  return { errors: ordered, answers: { prescriptions, otherMedicines } };
}

/** A form's values: each of the form's own fields that was posted as text, cut to a length worth showing again. */
export function valuesOf(form: { get(name: string): unknown }, prescriptionIds: readonly number[]): RenewalValues {
  const values: RenewalValues = {};
  for (const name of fieldNames(prescriptionIds)) {
    const v = form.get(name);
    if (typeof v === "string") values[name] = v.slice(0, 2 * ANSWER_MAX_LENGTH);
  }
  return values;
}
