import { Model, type Question, type QuestionTextModel } from "survey-core";
// survey-core's own texts (error messages, "Other (describe)", yes and no…) in Finnish and Swedish; English is built in.
import "survey-core/i18n/finnish";
import "survey-core/i18n/swedish";
import type { Lang } from "~/lib/lang";
import { addNumberCheck, addPartNumberChecks, rendersParts } from "./survey-parts.server";

/**
 * The SurveyJS definitions of questionnaires (the spec's `questionnaireForm.form`), run with survey-core on the
 * server: which questions are shown (`visibleIf`), which are required (`isRequired`, `requiredIf`), the validators
 * and the error messages are all survey-core's, in the page's language. This module and its neighbours only turn a
 * survey page into a plain form (questionnaire-view.ts) and a posted form back into answers: this one holds the
 * survey itself and what the others share; the steps and their views are in survey-steps.server.ts, dynamic panels
 * in survey-panels.server.ts, reading a posted step in survey-read.server.ts, the checks in survey-check.server.ts
 * and the read-only view in survey-answered.server.ts.
 */

/** The answers of a survey: SurveyJS's `data`, keyed by the questions' value names. */
export type Answers = Record<string, unknown>;

/**
 * Question types rendered as plain form fields (a tag box as check boxes, a picture choice by its options' texts);
 * the types made of several fields are in survey-parts.server.ts.
 */
const RENDERED = new Set([
  "text",
  "comment",
  "radiogroup",
  "checkbox",
  "tagbox",
  "imagepicker",
  "boolean",
  "dropdown",
  "rating",
  "paneldynamic",
  "file",
  "signaturepad",
]);
/** The most files one file question takes, whatever its definition says. */
export const MAX_FILES = 10;

/** Types that hold no answer and are left out (static HTML, calculated values, pictures). */
export const SKIPPED = new Set(["html", "expression", "image", "empty"]);

/** The survey of a definition, in the page's language, with the answers so far. */
export function surveyOf(definition: Record<string, unknown>, lang: Lang, answers: Answers = {}): Model {
  const model = new Model(definition);
  model.locale = lang;
  for (const q of model.getAllQuestions()) {
    // A browser's number field refuses letters; this form's text field does not, so survey-core's own numeric
    // validator stands in for the browser (its message, in the survey's language).
    if (q.getType() === "text") addNumberCheck(q.validators, (q as QuestionTextModel).inputType);
    addPartNumberChecks(q);
  }
  model.data = answers;
  return model;
}

export const isNumberInput = (q: Question) => q.getType() === "text" && (q as QuestionTextModel).inputType === "number";

export const isRendered = (q: Question) => RENDERED.has(q.getType()) || rendersParts(q);

/** A choice of several options: check boxes, a tag box, a picture choice of several. */
export const isMultipleChoice = (q: Question) =>
  q.getType() === "checkbox" ||
  q.getType() === "tagbox" ||
  (q.getType() === "imagepicker" && (q as Question & { multiSelect: boolean }).multiSelect);

/**
 * Field ids by question name, in the survey's order: `q-` and the name in letters, digits, `-` and `_`, made unique
 * with a number. The same for every page of the survey, so an error summary's links always find their fields.
 */
export function fieldIds(model: Model): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const q of model.getAllQuestions()) {
    const base = `q-${q.name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "question"}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    ids.set(q.name, id);
  }
  return ids;
}
