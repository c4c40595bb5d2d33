import {
  Model,
  type Question,
  type QuestionBooleanModel,
  type QuestionCheckboxModel,
  type QuestionFileModel,
  type QuestionPanelDynamicModel,
  type QuestionRatingModel,
  type QuestionSelectBase,
} from "survey-core";
import { ANSWER_FIELD, COMMENT_FIELD, panelCountField } from "./questionnaire-view";
import { fileIdOf, SIGNATURE_MAX_LENGTH, signatureImage, type FileAnswer } from "./answer-values.server";
import { itemValue, parseNumber, PART_TYPES, postedText, readParts, type Problem } from "./survey-parts.server";
import { isMultipleChoice, isNumberInput, isRendered, MAX_FILES, type Answers } from "./survey.server";
import { panelLimits, panelSurvey } from "./survey-panels.server";

/**
 * A posted step read into answers (survey.server.ts): its questions, dynamic panels' ones too, by the form's own
 * rules, merged into the answers so far.
 */

/** The posted option's value among the question's options (any of them, whatever is shown), or undefined. */
const choiceValue = (q: QuestionSelectBase, posted: unknown) =>
  itemValue([...q.choices, q.otherItem, q.noneItem], posted);

/**
 * The answers a step's form posts, as survey-core stores them (a question's `valueName`, the "other" text by the
 * survey's `storeOthersAsComment`), and the keys the step owns: what the step does not post (an unticked box, an
 * emptied field) is no longer answered. Only options the question has are taken; texts must be plain; a file
 * question takes only files of `files` (those attached to the invitation), named by their ids.
 */
export function readStep(
  definition: Record<string, unknown>,
  pageIndex: number,
  form: FormData,
  files: readonly FileAnswer[] = [],
): { answers: Answers; keys: string[]; problems: Problem[] } {
  // A survey of its own, without the other answers, so what it holds afterwards is exactly this step's answers.
  const scratch = new Model(definition);
  const problems: Problem[] = [];
  const keys: string[] = [];
  readQuestions(scratch, scratch.pages[pageIndex]?.questions ?? [], form, "", problems, keys, files);
  return { answers: scratch.data as Answers, keys, problems };
}

/**
 * Reads `questions` of the survey `scratch` from the form into it. Their fields are named by `prefix` and the
 * question's name (a dynamic panel's questions: `kids[0].name`); `keys` gets the keys of the answers they own.
 */
function readQuestions(
  scratch: Model,
  questions: readonly Question[],
  form: FormData,
  prefix: string,
  problems: Problem[],
  keys: string[],
  files: readonly FileAnswer[],
) {
  for (const q of questions) {
    if (!isRendered(q)) continue;
    keys.push(q.getValueName());
    const name = prefix + q.name;
    const field = ANSWER_FIELD + name;
    if (PART_TYPES.has(q.getType())) {
      const value = readParts(q, form, problems, name);
      if (value !== undefined) scratch.setValue(q.getValueName(), value);
      continue;
    }
    if (q.getType() === "paneldynamic") {
      scratch.setValue(q.getValueName(), readPanels(q as QuestionPanelDynamicModel, form, name, problems, files));
      continue;
    }
    if (q.getType() === "file") {
      const ids = [...new Set(form.getAll(field))];
      const chosen = ids.flatMap((id) => files.filter((f) => fileIdOf(f) === id));
      // One file only: the one posted last (a new file replaces the one attached before).
      const kept = (q as QuestionFileModel).allowMultiple ? chosen.slice(0, MAX_FILES) : chosen.slice(-1);
      if (kept.length) scratch.setValue(q.getValueName(), kept);
      continue;
    }
    if (q.getType() === "signaturepad") {
      const signer = postedText(form, field, name, problems)?.replace(/\s+/g, " ").trim();
      if (signer) scratch.setValue(q.getValueName(), signatureImage(signer.slice(0, SIGNATURE_MAX_LENGTH)));
      continue;
    }
    switch (isMultipleChoice(q) ? "checkbox" : q.getType()) {
      case "text":
      case "comment": {
        const value = postedText(form, field, name, problems);
        // Through the survey's data, not the question: a number question would drop what is not a number, and the
        // customer would neither see it again nor learn why.
        if (value !== null)
          scratch.setValue(q.getValueName(), isNumberInput(q) ? (parseNumber(value) ?? value) : value);
        break;
      }
      case "boolean": {
        const b = q as QuestionBooleanModel;
        const posted = form.get(field);
        if (posted === "true") b.booleanValue = true;
        else if (posted === "false") b.booleanValue = false;
        break;
      }
      case "rating": {
        const r = q as QuestionRatingModel;
        const posted = form.get(field);
        const item = r.visibleRateValues.find((v) => String(v.value) === posted);
        if (item) r.value = item.value;
        break;
      }
      case "checkbox": {
        const s = q as QuestionCheckboxModel;
        const values = [...new Set(form.getAll(field).map((v) => choiceValue(s, v)))].filter((v) => v !== undefined);
        // "None" excludes the others (a script would untick them).
        const none = values.find((v) => v === s.noneItem.value);
        if (values.length) s.value = none !== undefined ? [none] : values;
        break;
      }
      default: {
        const s = q as QuestionSelectBase;
        const value = choiceValue(s, form.get(field));
        if (value !== undefined) s.value = value;
      }
    }
    const s = q as QuestionSelectBase;
    if ("otherItem" in s && s.hasOther) {
      if (s.getStoreOthersAsComment()) keys.push(q.getValueName() + scratch.commentSuffix);
      if (s.isOtherSelected) {
        const other = postedText(form, COMMENT_FIELD + name, name, problems);
        if (other !== null) s.otherValue = other;
      }
    }
  }
}

/** A dynamic panel's answers from the form: as many panels as it says it shows, within the panel's limits. */
function readPanels(
  pd: QuestionPanelDynamicModel,
  form: FormData,
  name: string,
  problems: Problem[],
  files: readonly FileAnswer[],
): Answers[] {
  const { min, max } = panelLimits(pd);
  const posted = Number(form.get(panelCountField(name)));
  const count = Number.isInteger(posted) ? Math.min(Math.max(posted, min), max) : min;
  return Array.from({ length: count }, (_, index) => {
    const scratch = panelSurvey(pd);
    readQuestions(scratch, scratch.getAllQuestions(), form, `${name}[${index}].`, problems, [], files);
    return scratch.data as Answers;
  });
}

/**
 * The draft after a step: the answers so far with the step's own keys replaced by what the step posted (so an
 * answer taken back is gone), everything else kept.
 */
export function mergeAnswers(previous: Answers, step: { answers: Answers; keys: readonly string[] }): Answers {
  const merged: Answers = { ...previous };
  for (const key of step.keys) delete merged[key];
  return { ...merged, ...step.answers };
}

/**
 * The answers with those of the step's questions that the answers leave disabled (`enableIf`, `readOnly`) as they
 * were before: a disabled field posts nothing, and nothing posted may change what it holds.
 */
export function keepDisabledAnswers(model: Model, pageIndex: number, previous: Answers, answers: Answers): Answers {
  model.data = answers;
  const kept: Answers = { ...answers };
  for (const q of model.pages[pageIndex]?.questions ?? []) {
    if (!q.isReadOnly) continue;
    const key = q.getValueName();
    for (const k of [key, key + model.commentSuffix]) {
      if (k in previous) kept[k] = previous[k];
      else delete kept[k];
    }
  }
  model.data = kept;
  return kept;
}
