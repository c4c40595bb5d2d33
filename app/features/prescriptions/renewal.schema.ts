import { isPlainText } from "~/lib/text";

/**
 * The renewal form (spec part 2 §3 "Renewal questions", §5 send rule), shared by the server (the action) and the
 * browser (the check before sending). Plain functions rather than a zod schema: the rule turns on whether a text
 * field is in the post at all, which form parsers that read "" as missing would hide.
 *
 * Per prescription `{id}`:
 *   why-{id}               free text  "Why do you want to renew the prescription?"
 *   finished-{id}          yes / no   "Is the medicine finished?"
 *   remaining-{id}         free text  "How much medicine is left and when does it run out?"  (only after No)
 *   sideEffects-{id}       yes / no   "Have you had side effects?"
 *   sideEffectsWhich-{id}  free text  "What side effects?"                                  (only after Yes)
 * and once per request:
 *   otherMedicines         free text  "Do you use other medicines?"
 *
 * THE SEND RULE. Every question must be answered; a follow-up only when its question triggered it. A yes/no
 * question needs a choice. A free-text question is answered when it is in the post: the spec counts an empty
 * text once typed ("free text needs only to be non-undefined"). The page with JavaScript knows which fields were
 * typed in and leaves the untouched ones out of its post (marking the post with `UNTOUCHED_OMITTED`), so there an
 * empty text is an answer. A plain HTML form always posts every text field, typed or not, so without the mark a
 * blank text cannot be told from an untouched one and counts as unanswered — otherwise a form sent without
 * JavaScript could never miss a question.
 */

export const YES_NO = ["yes", "no"] as const;
export type YesNo = (typeof YES_NO)[number];

/** The longest answer to one free-text question. */
export const ANSWER_MAX_LENGTH = 1000;

/** The browser's post lists only the text fields that were typed in (see the rule above). */
export const UNTOUCHED_OMITTED = "untouchedOmitted";

export const OTHER_MEDICINES = "otherMedicines";

export const QUESTIONS = ["why", "finished", "remaining", "sideEffects", "sideEffectsWhich"] as const;
export type Question = (typeof QUESTIONS)[number];
export const TEXT_QUESTIONS: readonly Question[] = ["why", "remaining", "sideEffectsWhich"];

export const fieldName = (question: Question, prescriptionId: number) => `${question}-${prescriptionId}`;

/** The follow-ups and the answer that triggers each. */
export const FOLLOW_UPS = {
  remaining: { question: "finished", trigger: "no" },
  sideEffectsWhich: { question: "sideEffects", trigger: "yes" },
} as const satisfies Partial<Record<Question, { question: Question; trigger: YesNo }>>;

/** Every field name of a form for these prescriptions, in the page's order. */
export function fieldNames(prescriptionIds: readonly number[]): string[] {
  return [...prescriptionIds.flatMap((id) => QUESTIONS.map((q) => fieldName(q, id))), OTHER_MEDICINES];
}

/** The text fields of a form for these prescriptions. */
export function textFieldNames(prescriptionIds: readonly number[]): string[] {
  return [...prescriptionIds.flatMap((id) => TEXT_QUESTIONS.map((q) => fieldName(q, id))), OTHER_MEDICINES];
}

/** The posted values as strings by field name (only the form's own fields; an absent field stays absent). */
export type RenewalValues = Partial<Record<string, string>>;

export type RenewalFieldError = "missing" | "tooLong" | "invalidCharacters";
/** Field name → what is wrong with it, in the page's order. */
export type RenewalErrors = Partial<Record<string, RenewalFieldError>>;

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
const normaliseLineBreaks = (text: string) => text.replace(/\r\n?/g, "\n");

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
