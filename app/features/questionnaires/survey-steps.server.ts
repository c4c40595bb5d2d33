import {
  PanelModel,
  type IElement,
  type Model,
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
import { ATTACHMENT_ACCEPT, ATTACHMENTS_MAX_MEGABYTES, QUESTIONNAIRE_FILE_FIELD } from "~/lib/attachment-file";
import {
  type ChoiceView,
  type ElementView,
  type OtherView,
  panelCountField,
  type QuestionBase,
  type QuestionView,
  type StepState,
  type StepView,
} from "./questionnaire-view";
import { fileAnswersOf, fileIdOf, SIGNATURE_MAX_LENGTH, signedName } from "./answer-values.server";
import { INPUT_TYPES, partsView, rendersParts, text } from "./survey-parts.server";
import { fieldIds, isMultipleChoice, SKIPPED } from "./survey.server";
import { addButtonId, panelLimits, panelQuestions } from "./survey-panels.server";

/**
 * A survey's steps (survey.server.ts): which page to show, a page as a plain form (questionnaire-view.ts) and what
 * its questions show with the answers so far.
 */

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
      maxMegabytes: ATTACHMENTS_MAX_MEGABYTES,
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
