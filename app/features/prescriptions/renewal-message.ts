import type { PrescriptionAnswers, RenewalAnswers } from "./renewal-check";
import type { YesNo } from "./renewal.schema";

/**
 * The renewal request's message to the care team (spec part 2 §7), always in Finnish, the care team's language,
 * whatever the page's language. The layout, line by line ("\n" line breaks, no trailing line break):
 *
 *   RESEPTIN UUSIMISPYYNTÖ:
 *   <empty line>
 *   Lääke: {medicine name}
 *   Vahvuus: {strength}
 *   Annostusohje: {dosage guide}
 *   Käyttöohje: {usage guide}
 *   <empty line>
 *   Miksi haluat uusia reseptin?
 *   {answer}
 *   <empty line>
 *   Onko lääke loppunut?
 *   {kyllä | ei}
 *   <empty line>
 *   Kuinka paljon lääkettä on jäljellä ja milloin se loppuu?
 *   {answer}
 *   <empty line>
 *   Onko sinulla ollut sivuvaikutuksia?
 *   {kyllä | ei}
 *   <empty line>
 *   Mitä sivuvaikutuksia?
 *   {answer}
 *   ----------------------------------------          (40 dashes, between blocks and before the general part)
 *   Lääke: {the next prescription} …
 *   ----------------------------------------
 *   Käytätkö muita lääkkeitä?
 *   {answer}
 *
 * A missing strength or guide, an unanswered question and a follow-up that was not triggered read
 * "määrittelemätön". A free-text answer is written as typed (line breaks kept, surrounding blank space removed);
 * one that was left empty reads "(tyhjä vastaus)", so that an answer line is never blank.
 */

export const RENEWAL_TITLE = "Reseptin uusimispyyntö";
export const RENEWAL_HEADER = "RESEPTIN UUSIMISPYYNTÖ:";
export const BLOCK_SEPARATOR = "-".repeat(40);
export const UNSPECIFIED = "määrittelemätön";
export const EMPTY_ANSWER = "(tyhjä vastaus)";

/** The questions in Finnish, as the care team reads them. */
export const FINNISH_QUESTIONS = {
  why: "Miksi haluat uusia reseptin?",
  finished: "Onko lääke loppunut?",
  remaining: "Kuinka paljon lääkettä on jäljellä ja milloin se loppuu?",
  sideEffects: "Onko sinulla ollut sivuvaikutuksia?",
  sideEffectsWhich: "Mitä sivuvaikutuksia?",
  otherMedicines: "Käytätkö muita lääkkeitä?",
} as const;

export type RenewalMessagePrescription = {
  id: number;
  medicineName: string;
  strength: string | null;
  dosageGuide: string | null;
  usageGuide: string | null;
};

const YES_NO_FI: Record<YesNo, string> = { yes: "kyllä", no: "ei" };

const value = (v: string | null | undefined) => (v?.trim() ? v.trim() : UNSPECIFIED);

function freeText(answer: string | undefined): string {
  if (answer === undefined) return UNSPECIFIED;
  const trimmed = answer.replace(/\r\n?/g, "\n").trim();
  return trimmed ? trimmed : EMPTY_ANSWER;
}

const choice = (answer: YesNo | undefined) => (answer ? YES_NO_FI[answer] : UNSPECIFIED);

function block(p: RenewalMessagePrescription, a: PrescriptionAnswers): string {
  const facts = [
    `Lääke: ${value(p.medicineName)}`,
    `Vahvuus: ${value(p.strength)}`,
    `Annostusohje: ${value(p.dosageGuide)}`,
    `Käyttöohje: ${value(p.usageGuide)}`,
  ].join("\n");
  const questions = [
    [FINNISH_QUESTIONS.why, freeText(a.why)],
    [FINNISH_QUESTIONS.finished, choice(a.finished)],
    [FINNISH_QUESTIONS.remaining, freeText(a.remaining)],
    [FINNISH_QUESTIONS.sideEffects, choice(a.sideEffects)],
    [FINNISH_QUESTIONS.sideEffectsWhich, freeText(a.sideEffectsWhich)],
  ].map(([question, answer]) => `${question}\n${answer}`);
  return [facts, ...questions].join("\n\n");
}

/** The message's text: see the layout above. */
export function composeRenewalMessage(
  prescriptions: readonly RenewalMessagePrescription[],
  answers: RenewalAnswers,
): string {
  const blocks = prescriptions.map((p) => block(p, answers.prescriptions.get(p.id) ?? {}));
  const general = `${FINNISH_QUESTIONS.otherMedicines}\n${freeText(answers.otherMedicines)}`;
  return `${RENEWAL_HEADER}\n\n${[...blocks, general].join(`\n${BLOCK_SEPARATOR}\n`)}`;
}
