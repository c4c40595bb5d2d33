import { Model, type Question, type QuestionPanelDynamicModel } from "survey-core";
import { panelQuestionName } from "./questionnaire-view";
import { fieldIds, isRendered, type Answers } from "./survey.server";

/**
 * A survey's dynamic panels (survey.server.ts): their limits, their panels' questions with their names and ids, and
 * a panel added or removed. Their views, their reading and their writing go with the questions' own
 * (survey-steps.server.ts, survey-read.server.ts, survey-check.server.ts), as a panel holds questions of any type.
 */

/** The most panels a dynamic panel takes from a form, whatever its definition allows. */
export const MAX_PANELS = 20;

export const panelLimits = (pd: QuestionPanelDynamicModel) => ({
  min: Math.max(0, pd.minPanelCount),
  max: Math.min(pd.maxPanelCount, MAX_PANELS),
});

export const addButtonId = (id: string) => `${id}-add`;

/** The id of a question's field in a panel: the panel's id, its number and the question's name. */
const panelQuestionId = (id: string, index: number, question: string) =>
  `${id}-${index + 1}-${question.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "question"}`;

type PanelQuestion = { name: string; id: string; index: number; panelTitle: string; question: Question };

/** The questions of a dynamic panel's panels (none for another question), each with its name, id and panel. */
export function panelQuestions(q: Question, name = q.name, id = ""): PanelQuestion[] {
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

/** A survey of a dynamic panel's questions alone, with one panel's answers: what a panel is read into and from. */
export function panelSurvey(pd: QuestionPanelDynamicModel, item: Answers = {}): Model {
  const json = pd.toJSON() as { templateElements?: unknown[] };
  const model = new Model({ elements: json.templateElements ?? [] });
  model.data = item;
  return model;
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
