import {
  Model,
  PanelModel,
  type IElement,
  type PageModel,
  type Question,
  type QuestionBooleanModel,
  type QuestionCheckboxModel,
  type QuestionCommentModel,
  type QuestionFileModel,
  type QuestionPanelDynamicModel,
  type QuestionRatingModel,
  type QuestionSelectBase,
  type QuestionTextModel,
} from "survey-core";
// survey-core's own texts (error messages, "Other (describe)", yes and no…) in Finnish and Swedish; English is built in.
import "survey-core/i18n/finnish";
import "survey-core/i18n/swedish";
import { ATTACHMENT_ACCEPT, QUESTIONNAIRE_FILE_FIELD } from "~/lib/attachment-file";
import type { Lang } from "~/lib/lang";
import { INVALID_CHARACTERS } from "~/lib/text";
import {
  ANSWER_FIELD,
  COMMENT_FIELD,
  type AnsweredPageView,
  type ChoiceView,
  type ElementView,
  type OtherView,
  panelCountField,
  panelQuestionName,
  type QuestionError,
  type QuestionBase,
  type QuestionView,
  type StepState,
  type StepView,
} from "./questionnaire-view";
import {
  fileAnswersOf,
  fileIdOf,
  SIGNATURE_MAX_LENGTH,
  signatureImage,
  signedName,
  type FileAnswer,
} from "./answer-values.server";
import {
  INPUT_TYPES,
  parseNumber,
  PART_TYPES,
  addNumberCheck,
  addPartNumberChecks,
  itemValue,
  partError,
  partsDisplay,
  partsView,
  postParts,
  postedText,
  readParts,
  rendersParts,
  text,
  type Problem,
} from "./survey-parts.server";

export { parseNumber } from "./survey-parts.server";

/**
 * The SurveyJS definitions of questionnaires (the spec's `questionnaireForm.form`), run with survey-core on the
 * server: which questions are shown (`visibleIf`), which are required (`isRequired`, `requiredIf`), the validators
 * and the error messages are all survey-core's, in the page's language. This module only turns a survey page into
 * a plain form (questionnaire-view.ts) and a posted form back into answers.
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
const MAX_FILES = 10;

/** Types that hold no answer and are left out (static HTML, calculated values, pictures). */
const SKIPPED = new Set(["html", "expression", "image", "empty"]);

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

const isNumberInput = (q: Question) => q.getType() === "text" && (q as QuestionTextModel).inputType === "number";

const isRendered = (q: Question) => RENDERED.has(q.getType()) || rendersParts(q);

/** A choice of several options: check boxes, a tag box, a picture choice of several. */
const isMultipleChoice = (q: Question) =>
  q.getType() === "checkbox" ||
  q.getType() === "tagbox" ||
  (q.getType() === "imagepicker" && (q as Question & { multiSelect: boolean }).multiSelect);

// ---------------------------------------------------------------------------------------------------------------
// Steps

/** The index of the page to show for a stored one: itself if shown, else the next shown page, else the last. */
export function resolvePage(model: Model, stored: number): number {
  const shown = model.pages.filter((p) => p.isVisible).map((p) => model.pages.indexOf(p));
  if (!shown.length) return 0;
  return shown.find((i) => i >= stored) ?? shown[shown.length - 1];
}

/** The shown page after `from`, or null on the last one. */
export function nextPage(model: Model, from: number): number | null {
  const i = model.pages.findIndex((p, index) => index > from && p.isVisible);
  return i < 0 ? null : i;
}

/** The shown page before `from`, or null on the first one. */
export function previousPage(model: Model, from: number): number | null {
  for (let i = Math.min(from, model.pages.length) - 1; i >= 0; i--) if (model.pages[i].isVisible) return i;
  return null;
}

/** Whether `index` is a page the form may post from: one of the survey's pages shown with the answers so far. */
export function isShownPage(model: Model, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < model.pages.length && model.pages[index].isVisible;
}

/** One step of the form: the page's questions and panels, shown or not (the browser toggles them with the answers). */
export function stepView(model: Model, pageIndex: number): StepView {
  const page: PageModel | undefined = model.pages[pageIndex];
  const shown = model.visiblePages;
  const position = page ? shown.indexOf(page) : -1;
  const ids = fieldIds(model);
  return {
    pageIndex,
    step: Math.max(position, 0) + 1,
    steps: Math.max(shown.length, 1),
    title: page?.processedTitle || null,
    description: page?.locDescription.renderedHtml || null,
    elements: page ? page.elements.flatMap((e) => elementView(e, ids)) : [],
    isFirst: previousPage(model, pageIndex) === null,
    isLast: nextPage(model, pageIndex) === null,
  };
}

/** What the step shows with the answers the model has now. */
export function stepState(model: Model, pageIndex: number): StepState {
  const visible: string[] = [];
  const required: string[] = [];
  const disabled: string[] = [];
  const walk = (elements: readonly IElement[]) => {
    for (const e of elements) {
      if (e instanceof PanelModel) {
        if (e.isVisible) visible.push(e.name);
        walk(e.elements);
      } else {
        const q = e as Question;
        if (SKIPPED.has(q.getType())) continue;
        for (const { name, question } of [{ name: q.name, question: q }, ...panelQuestions(q)]) {
          if (question.isVisible) visible.push(name);
          if (question.isRequired) required.push(name);
          if (question.isReadOnly) disabled.push(name);
        }
      }
    }
  };
  walk(model.pages[pageIndex]?.elements ?? []);
  return { visible, required, disabled };
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

function elementView(element: IElement, ids: Map<string, string>): ElementView[] {
  if (element instanceof PanelModel)
    return [
      {
        kind: "panel",
        name: element.name,
        title: element.processedTitle || null,
        description: element.locDescription.renderedHtml || null,
        visible: element.isVisible,
        elements: element.elements.flatMap((e) => elementView(e, ids)),
      },
    ];
  const q = element as Question;
  if (SKIPPED.has(q.getType())) return [];
  return [questionView(q, ids.get(q.name) ?? "q-question")];
}

function otherOf(q: QuestionSelectBase): OtherView | null {
  if (!q.hasOther) return null;
  return { value: String(q.otherItem.value), comment: text(q.otherValue) };
}

function choicesOf(q: QuestionSelectBase): ChoiceView[] {
  const selectAll = isMultipleChoice(q) ? (q as QuestionCheckboxModel).selectAllItem : null;
  // "Select all" needs a script to tick the others; without one it is left out.
  return q.visibleChoices.filter((c) => c !== selectAll).map((c) => ({ value: String(c.value), label: c.text }));
}

function questionView(q: Question, id: string, name = q.name): QuestionView {
  const base = {
    name,
    id,
    title: q.processedTitle,
    description: q.locDescription.renderedHtml || null,
    required: q.isRequired,
    visible: q.isVisible,
    enabled: !q.isReadOnly,
  };
  const parts = rendersParts(q) ? partsView(q, base) : null;
  if (parts) return parts;
  if (q.getType() === "paneldynamic") return panelsView(q as QuestionPanelDynamicModel, base);
  if (q.getType() === "file") {
    const f = q as QuestionFileModel;
    return {
      ...base,
      kind: "file",
      field: QUESTIONNAIRE_FILE_FIELD + name,
      files: fileAnswersOf(f.value).map((file) => ({ id: fileIdOf(file)!, name: file.name })),
      multiple: f.allowMultiple,
      accept: f.acceptedTypes || ATTACHMENT_ACCEPT,
    };
  }
  if (q.getType() === "signaturepad")
    return { ...base, kind: "signature", value: signedName(q.value) ?? "", maxLength: SIGNATURE_MAX_LENGTH };
  const type = isMultipleChoice(q) ? "checkbox" : q.getType() === "imagepicker" ? "radiogroup" : q.getType();
  switch (type) {
    case "text": {
      const t = q as QuestionTextModel;
      const inputType = INPUT_TYPES.has(t.inputType) ? (t.inputType as "number") : "text";
      const max = t.getMaxLength();
      return {
        ...base,
        kind: "text",
        inputType,
        value: text(t.value),
        maxLength: max && max > 0 ? max : null,
        placeholder: t.placeholder || null,
      };
    }
    case "comment": {
      const c = q as QuestionCommentModel;
      const max = c.getMaxLength();
      return {
        ...base,
        kind: "comment",
        value: text(c.value),
        rows: c.rows || 4,
        maxLength: max && max > 0 ? max : null,
      };
    }
    case "radiogroup": {
      const s = q as QuestionSelectBase;
      const value = s.renderedValue;
      return {
        ...base,
        kind: "radios",
        type: "radiogroup",
        choices: choicesOf(s),
        value: value === undefined || value === null ? null : String(value),
        other: otherOf(s),
      };
    }
    case "dropdown": {
      const s = q as QuestionSelectBase;
      const value = s.renderedValue;
      return {
        ...base,
        kind: "select",
        choices: choicesOf(s),
        value: value === undefined || value === null ? null : String(value),
        placeholder: s.placeholder,
        other: otherOf(s),
      };
    }
    case "checkbox": {
      const s = q as QuestionCheckboxModel;
      const values: unknown[] = Array.isArray(s.renderedValue) ? s.renderedValue : [];
      return { ...base, kind: "checkboxes", choices: choicesOf(s), values: values.map(String), other: otherOf(s) };
    }
    case "boolean": {
      const b = q as QuestionBooleanModel;
      return {
        ...base,
        kind: "radios",
        type: "boolean",
        choices: [
          { value: "true", label: b.labelTrue },
          { value: "false", label: b.labelFalse },
        ],
        value: b.booleanValue === true ? "true" : b.booleanValue === false ? "false" : null,
        other: null,
      };
    }
    case "rating": {
      const r = q as QuestionRatingModel;
      const items = r.visibleRateValues;
      const low = r.minRateDescription;
      const high = r.maxRateDescription;
      return {
        ...base,
        kind: "radios",
        type: "rating",
        // The scale's end descriptions go with the end values, so each option reads on its own ("1 – Poor").
        choices: items.map((item, i) => {
          const extra = i === 0 ? low : i === items.length - 1 ? high : "";
          return { value: String(item.value), label: extra ? `${item.text} – ${extra}` : item.text };
        }),
        value: r.value === undefined || r.value === null ? null : String(r.value),
        other: null,
      };
    }
    default:
      return { ...base, kind: "unsupported", type: q.getType() };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Dynamic panels

/** The most panels a dynamic panel takes from a form, whatever its definition allows. */
const MAX_PANELS = 20;

const panelLimits = (pd: QuestionPanelDynamicModel) => ({
  min: Math.max(0, pd.minPanelCount),
  max: Math.min(pd.maxPanelCount, MAX_PANELS),
});

const addButtonId = (id: string) => `${id}-add`;

/** The id of a question's field in a panel: the panel's id, its number and the question's name. */
const panelQuestionId = (id: string, index: number, question: string) =>
  `${id}-${index + 1}-${question.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "question"}`;

type PanelQuestion = { name: string; id: string; index: number; panelTitle: string; question: Question };

/** The questions of a dynamic panel's panels (none for another question), each with its name, id and panel. */
function panelQuestions(q: Question, name = q.name, id = ""): PanelQuestion[] {
  if (q.getType() !== "paneldynamic") return [];
  const pd = q as QuestionPanelDynamicModel;
  return pd.panels.flatMap((panel, index) =>
    panel.questions.map((question) => ({
      name: panelQuestionName(name, index, question.name),
      id: panelQuestionId(id, index, question.name),
      index,
      panelTitle: panel.processedTitle || `${pd.processedTitle} ${index + 1}`,
      question,
    })),
  );
}

function panelsView(pd: QuestionPanelDynamicModel, base: QuestionBase): QuestionView {
  const { min, max } = panelLimits(pd);
  const inner = panelQuestions(pd, base.name, base.id).filter((i) => !SKIPPED.has(i.question.getType()));
  return {
    ...base,
    kind: "paneldynamic",
    countField: panelCountField(base.name),
    panels: pd.panels.map((panel, index) => ({
      title: panel.processedTitle || `${pd.processedTitle} ${index + 1}`,
      elements: inner.filter((i) => i.index === index).map((i) => questionView(i.question, i.id, i.name)),
    })),
    canAdd: pd.panels.length < max && !pd.isReadOnly,
    canRemove: pd.panels.length > min && !pd.isReadOnly,
    addLabel: pd.panelAddText,
    removeLabel: pd.panelRemoveText,
    addId: addButtonId(base.id),
  };
}

/** A survey of a dynamic panel's questions alone, with one panel's answers: what a panel is read into and from. */
function panelSurvey(pd: QuestionPanelDynamicModel, item: Answers = {}): Model {
  const json = pd.toJSON() as { templateElements?: unknown[] };
  const model = new Model({ elements: json.templateElements ?? [] });
  model.data = item;
  return model;
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

function postPanels(
  pd: QuestionPanelDynamicModel,
  value: unknown,
  name: string,
  add: (field: string, value: unknown) => void,
) {
  if (!Array.isArray(value)) return;
  add(panelCountField(name), value.length);
  // One panel more than may be read is enough to tell that there are too many (the answer is then refused): a
  // call's thousands of panels are never each made into a survey.
  value.slice(0, MAX_PANELS + 1).forEach((item: unknown, index) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return;
    const model = panelSurvey(pd, item as Answers);
    postQuestions(model, model.getAllQuestions(), item as Answers, `${name}[${index}].`, add);
  });
}

/**
 * The answers with a panel added to or removed from a dynamic panel of the step, or null when the panel has no such
 * panel or may have no more (or fewer): the panel's own limits, at most MAX_PANELS. Also the id of the field to go
 * to: the new panel's first, or after a removal the panel's first.
 */
export function changePanels(
  model: Model,
  pageIndex: number,
  answers: Answers,
  change: { add: true; name: string } | { add: false; name: string; index: number },
): { answers: Answers; focus: string } | null {
  model.data = answers;
  const q = model.pages[pageIndex]?.questions.find((question) => question.name === change.name);
  if (!q || q.getType() !== "paneldynamic" || !q.isVisible || q.isReadOnly) return null;
  const pd = q as QuestionPanelDynamicModel;
  const { min, max } = panelLimits(pd);
  const value: unknown[] = Array.isArray(pd.value) ? pd.value : [];
  const items = pd.panels.map((_, index): Answers => {
    const item = value[index];
    return typeof item === "object" && item !== null ? { ...(item as Answers) } : {};
  });
  if (change.add ? items.length >= max : change.index >= items.length || items.length <= min) return null;
  if (change.add) items.push({});
  else items.splice(change.index, 1);
  const changed = { ...answers, [pd.getValueName()]: items };
  model.data = changed;
  const id = fieldIds(model).get(pd.name) ?? "";
  const inner = panelQuestions(pd, pd.name, id).filter((i) => isRendered(i.question));
  const focus = change.add ? inner.find((i) => i.index === items.length - 1)?.id : inner[0]?.id;
  return { answers: changed, focus: focus ?? addButtonId(id) };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading a posted step

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

/**
 * The draft after a step: the answers so far with the step's own keys replaced by what the step posted (so an
 * answer taken back is gone), everything else kept.
 */
export function mergeAnswers(previous: Answers, step: { answers: Answers; keys: readonly string[] }): Answers {
  const merged: Answers = { ...previous };
  for (const key of step.keys) delete merged[key];
  return { ...merged, ...step.answers };
}

// ---------------------------------------------------------------------------------------------------------------
// Validation and completion

/**
 * The errors of a page's shown questions, by survey-core (required, requiredIf, validators), one per question: for
 * a question made of several fields, the first part's with an error, linking to that field. A required question of a
 * type this portal cannot render is an error too: a questionnaire is never sent without a required answer.
 */
export function pageErrors(model: Model, pageIndex: number): QuestionError[] {
  const page = model.pages[pageIndex];
  if (!page) return [];
  const ids = fieldIds(model);
  const unanswerable = page.questions
    .filter((q) => q.isVisible && q.isRequired && !isRendered(q) && !SKIPPED.has(q.getType()) && q.isEmpty())
    .map((q) => q.name);
  if (!page.hasErrors(true) && !unanswerable.length) return [];
  return page.questions.flatMap((q): QuestionError[] => {
    const id = ids.get(q.name) ?? "";
    const title = q.processedTitle;
    if (unanswerable.includes(q.name))
      return [{ name: q.name, id, title, key: "questionnaires.form.unsupportedRequired", rule: "unsupported" }];
    if (!isRendered(q) || !q.isVisible) return [];
    return errorsOf(q, q.name, id, title);
  });
}

/** A shown question's errors after `hasErrors`: its own (of the part they are about), then its panels' questions'. */
function errorsOf(q: Question, name: string, id: string, title: string): QuestionError[] {
  if (q.getType() === "paneldynamic") {
    const pd = q as QuestionPanelDynamicModel;
    const inner = panelQuestions(pd, name, id);
    const own: QuestionError[] = pd.errors.length
      ? [{ name, id: inner[0]?.id ?? addButtonId(id), title, message: messageOf(pd), rule: ruleOf(pd) }]
      : [];
    return [
      ...own,
      ...inner
        .filter(({ question }) => isRendered(question) && question.isVisible)
        .flatMap((i) => errorsOf(i.question, i.name, i.id, `${i.panelTitle}, ${i.question.processedTitle}`)),
    ];
  }
  const error = partError(q, id);
  if (!error) return [];
  return [
    {
      name,
      id: error.id,
      title,
      message: messageOf(error.holder),
      rule: ruleOf(error.holder),
      ...(error.part ? { part: error.part } : {}),
    },
  ];
}

/**
 * The message of a question's first error. survey-core names the value of a number out of its range by the word
 * "value" ("Luvun 'arvo' tulee olla vähintään 50…"), as a question passes no name to its validators: the number
 * itself is named instead ("Luvun '300' tulee olla…").
 */
function messageOf(q: Question): string {
  const error = q.errors[0];
  if (error.getErrorType() === "custom") {
    const range = q.validators.find((v) => v.getType() === "numericvalidator" && v.validate(q.value, q.name)?.error);
    const named = range?.validate(q.value, String(q.value))?.error?.getText();
    if (named) return named;
  }
  return error.getText();
}

/** The rule a question's first error breaks: survey-core's error type, or for a validator's the validator's type. */
function ruleOf(q: Question): string {
  const type = q.errors[0].getErrorType();
  if (type !== "custom") return type;
  const failing = q.validators.find((v) => v.validate(q.value, q.name)?.error);
  return failing ? failing.getType().replace(/validator$/, "") : type;
}

/** The first shown page with errors and its errors, or null when the whole survey may be sent. */
export function firstInvalidPage(model: Model): { pageIndex: number; errors: QuestionError[] } | null {
  for (const page of model.visiblePages) {
    const pageIndex = model.pages.indexOf(page);
    const errors = pageErrors(model, pageIndex);
    if (errors.length) return { pageIndex, errors };
  }
  return null;
}

/** The id and title of a question's field by its form name (a dynamic panel's question: `kids[0].name`). */
function fieldOf(model: Model): (name: string) => { id: string; title: string } {
  const ids = fieldIds(model);
  const inner = new Map(
    model.getAllQuestions().flatMap((q) => panelQuestions(q, q.name, ids.get(q.name) ?? "").map((i) => [i.name, i])),
  );
  return (name) => {
    const inPanel = inner.get(name);
    return inPanel
      ? { id: inPanel.id, title: `${inPanel.panelTitle}, ${inPanel.question.processedTitle}` }
      : { id: ids.get(name) ?? "", title: model.getQuestionByName(name)?.processedTitle ?? name };
  };
}

/** The step's problems that are not survey-core's (text that is not plain, a file refused) as field errors. */
export function problemErrors(model: Model, problems: readonly Problem[]): QuestionError[] {
  const field = fieldOf(model);
  return problems.map((p) => ({
    name: p.name,
    ...field(p.name),
    key: p.key,
    ...(p.values ? { values: p.values } : {}),
  }));
}

/** A shown, enabled file question of a step, by its form name, with the rules its files must meet. */
export type StepFileQuestion = { name: string; multiple: boolean; maxBytes: number | null; accept: string | null };

/** The file questions of a step that take files with the answers so far, dynamic panels' ones too. */
export function stepFileQuestions(model: Model, pageIndex: number): StepFileQuestion[] {
  const ids = fieldIds(model);
  return (model.pages[pageIndex]?.questions ?? [])
    .filter((q) => q.isVisible && !q.isReadOnly)
    .flatMap((q) => [{ name: q.name, question: q }, ...panelQuestions(q, q.name, ids.get(q.name) ?? "")])
    .filter(({ question }) => question.getType() === "file" && question.isVisible && !question.isReadOnly)
    .map(({ name, question }) => {
      const f = question as QuestionFileModel;
      return {
        name,
        multiple: f.allowMultiple,
        maxBytes: f.maxSize > 0 ? f.maxSize : null,
        accept: f.acceptedTypes || null,
      };
    });
}

/** The id of a question's field by its form name, for a page's link to it. */
export const questionFieldId = (model: Model, name: string) => fieldOf(model)(name).id;

/**
 * The answers to send, as the JSON string `AnswerQuestionnaire` takes: the survey completed by survey-core, which
 * clears the answers of questions no longer shown (its `clearInvisibleValues`, "onComplete" by default).
 */
export function completedAnswers(model: Model): string {
  model.doComplete();
  return JSON.stringify(model.data);
}

/** Why a survey's answers cannot be sent: the question (or the unknown key), the rule and its text. */
export type AnswerProblem = { question: string; rule: string; message: string };

/** A page's answers as its form would post them, so `readStep` reads a JSON answer exactly as a posted one. */
function postedForm(model: Model, pageIndex: number, answers: Answers): FormData {
  const form = new FormData();
  const add = (field: string, value: unknown) => {
    if (value === undefined || value === null) return;
    form.append(field, typeof value === "object" ? JSON.stringify(value) : String(value as string | number));
  };
  postQuestions(model, model.pages[pageIndex]?.questions ?? [], answers, "", add);
  return form;
}

/** `questions`' answers written as their fields, named by `prefix` and the question's name (see readQuestions). */
function postQuestions(
  model: Model,
  questions: readonly Question[],
  answers: Answers,
  prefix: string,
  add: (field: string, value: unknown) => void,
) {
  for (const q of questions) {
    if (!isRendered(q)) continue;
    const name = prefix + q.name;
    const value = answers[q.getValueName()];
    if (PART_TYPES.has(q.getType())) postParts(q, value, add, name);
    else if (q.getType() === "paneldynamic") postPanels(q as QuestionPanelDynamicModel, value, name, add);
    else if (q.getType() === "file")
      // A file the portal did not store is posted as it was sent, and so is taken by no file question.
      for (const entry of Array.isArray(value) ? value.slice(0, MAX_FILES + 1) : [value])
        add(ANSWER_FIELD + name, fileIdOf(entry) ?? entry);
    else if (q.getType() === "signaturepad") add(ANSWER_FIELD + name, signedName(value) ?? value);
    else if (isMultipleChoice(q) && Array.isArray(value)) for (const v of value) add(ANSWER_FIELD + name, v);
    else add(ANSWER_FIELD + name, value);
    const s = q as QuestionSelectBase;
    if ("otherItem" in s && s.hasOther)
      add(COMMENT_FIELD + name, answers[q.getValueName() + model.commentSuffix] ?? s.otherValue);
  }
}

/**
 * The one check of a whole survey's answers, whoever sends them (the questionnaire page, `AnswerQuestionnaire`):
 * each page's answers are read with the form's own rules (`readStep`: only a question's options, plain text of at
 * most ANSWER_MAX_LENGTH, numbers as numbers), an answer that no question of the survey owns or that those rules do
 * not take as it is is refused, and survey-core then checks every shown page (required, requiredIf, validators).
 * Answers to questions the other answers hide are dropped, as on completion. The answers to save, or the problems.
 */
export function checkAnswers(
  definition: Record<string, unknown>,
  lang: Lang,
  answers: Answers,
  files: readonly FileAnswer[] = [],
): { ok: true; answers: string } | { ok: false; problems: AnswerProblem[] } {
  // More panels than a dynamic panel takes are refused before any survey holds them: survey-core makes a panel of
  // questions for each, and a call's thousands would take minutes.
  const overfull = new Model(definition)
    .getAllQuestions()
    .filter((q) => q.getType() === "paneldynamic")
    .filter((q) => {
      const value = answers[q.getValueName()];
      return Array.isArray(value) && value.length > panelLimits(q as QuestionPanelDynamicModel).max;
    });
  if (overfull.length)
    return {
      ok: false,
      problems: overfull.map((q) => ({
        question: q.name,
        rule: "value",
        message: "More panels than the question takes",
      })),
    };
  const sent = surveyOf(definition, lang, answers);
  const problems: AnswerProblem[] = [];
  let read: Answers = {};
  const owned = new Set<string>();
  for (let pageIndex = 0; pageIndex < sent.pages.length; pageIndex++) {
    const step = readStep(definition, pageIndex, postedForm(sent, pageIndex, answers), files);
    for (const key of step.keys) owned.add(key);
    for (const p of step.problems)
      problems.push(
        p.key === INVALID_CHARACTERS
          ? { question: p.name, rule: "characters", message: "The text contains characters that are not allowed" }
          : { question: p.name, rule: "value", message: "Not an answer this question takes" },
      );
    read = mergeAnswers(read, step);
  }
  for (const [key, value] of Object.entries(answers)) {
    if (problems.some((p) => p.question === key)) continue;
    if (!owned.has(key)) problems.push({ question: key, rule: "unknownQuestion", message: "No such question" });
    else if (!sameAnswer(read[key], value))
      problems.push({ question: key, rule: "value", message: "Not an answer this question takes" });
  }
  const model = surveyOf(definition, lang, read);
  // A question the other answers disable (enableIf) takes no answer but the one it has of itself.
  for (const q of model.getAllQuestions())
    if (q.isReadOnly && q.getValueName() in answers && !sameAnswer(answers[q.getValueName()], q.defaultValue))
      problems.push({
        question: q.name,
        rule: "disabled",
        message: "The question cannot be answered with the other answers",
      });
  for (const page of model.visiblePages)
    for (const e of pageErrors(model, model.pages.indexOf(page)))
      if (!problems.some((p) => p.question === e.name))
        problems.push({
          question: e.name,
          rule: e.rule ?? "invalid",
          message: e.message ?? "A required question of a type that cannot be answered here",
        });
  return problems.length ? { ok: false, problems } : { ok: true, answers: completedAnswers(model) };
}

/** Whether two answers are the same, whatever the order of an object's keys (a matrix's rows). */
function sameAnswer(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameAnswer(v, b[i]));
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    const ka = Object.keys(a);
    const rb = b as Record<string, unknown>;
    return (
      ka.length === Object.keys(b).length &&
      ka.every((k) => Object.hasOwn(rb, k) && sameAnswer((a as Record<string, unknown>)[k], rb[k]))
    );
  }
  return a === b;
}

/** survey-core's "could not save" text in the survey's language (the spec's data-saving error). */
export function savingErrorText(model: Model): string {
  return model.getLocalizationString("savingDataError");
}

// ---------------------------------------------------------------------------------------------------------------
// Read-only view

/** The saved answers as text, page by page: every shown question (html and the like aside) and its answer. */
export function answeredView(model: Model): AnsweredPageView[] {
  return model.visiblePages.map((page) => ({
    title: page.processedTitle || null,
    items: page.questions
      .filter((q) => q.isVisible && !SKIPPED.has(q.getType()))
      .map((q) => ({ title: q.processedTitle, answer: displayValue(q) })),
  }));
}

function displayValue(q: Question): string | null {
  if (q.isEmpty()) return null;
  if (PART_TYPES.has(q.getType())) return partsDisplay(q);
  if (q.getType() === "file")
    return (
      fileAnswersOf(q.value)
        .map((f) => f.name)
        .join(", ") || null
    );
  if (q.getType() === "signaturepad") return signedName(q.value);
  if (q.getType() === "paneldynamic") {
    const panels = panelQuestions(q);
    const shown = (q as QuestionPanelDynamicModel).panels.map((_, p) => {
      const answers = panels
        .filter((i) => i.index === p && i.question.isVisible && !SKIPPED.has(i.question.getType()))
        .flatMap((i) => {
          const answer = displayValue(i.question);
          return answer ? [`${i.question.processedTitle}: ${answer}`] : [];
        });
      return answers.length ? `${panels.find((i) => i.index === p)?.panelTitle}: ${answers.join(", ")}` : null;
    });
    return shown.filter(Boolean).join("; ") || null;
  }
  const shown: unknown = q.getDisplayValue(true);
  if (Array.isArray(shown)) return shown.map(String).join(", ");
  if (shown === null || shown === undefined || shown === "") return null;
  return typeof shown === "object" ? JSON.stringify(shown) : String(shown);
}

/** Saved answers read back: a JSON object, or none at all for anything else. */
export function parseAnswers(json: string | null): Answers {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Answers) : {};
  } catch {
    return {};
  }
}
