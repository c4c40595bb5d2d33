/**
 * The renewal form (spec part 2 §3 "Renewal questions", §5 send rule), shared by the server (the action) and the
 * browser (the check before sending; renewal-check.ts). Plain functions rather than a zod schema: the rule turns on whether a text
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
