import { Model, type Question, type QuestionPanelDynamicModel, type QuestionSelectBase } from "survey-core";
import type { Lang } from "~/lib/lang";
import { INVALID_CHARACTERS } from "~/lib/text";
import { ANSWER_FIELD, COMMENT_FIELD, panelCountField, type QuestionError } from "./questionnaire-view";
import { fileIdOf, signedName, type FileAnswer } from "./answer-values.server";
import { PART_TYPES, partError, postParts, type Problem } from "./survey-parts.server";
import { fieldIds, isMultipleChoice, isRendered, MAX_FILES, SKIPPED, surveyOf, type Answers } from "./survey.server";
import { addButtonId, MAX_PANELS, panelLimits, panelQuestions, panelSurvey } from "./survey-panels.server";
import { mergeAnswers, readStep } from "./survey-read.server";

/**
 * Validation and completion of a survey (survey.server.ts): a page's errors as field errors, the one check of a
 * whole survey's answers (`checkAnswers`) and the answers to send.
 */

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
