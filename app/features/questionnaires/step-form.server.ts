import type { T } from "~/lib/translate";
import {
  stepStateOf,
  type ElementView,
  type ErrorView,
  type FormView,
  type QuestionError,
  type StepView,
} from "./questionnaire-view";

/**
 * What the form's component would otherwise work out in the browser from a step and its errors, worked out once on
 * the server: the texts of the errors, the fields' order for the error summary, which questions the step shows now,
 * and whether the form posts files.
 */

/** An error's text: survey-core's message as it is, or the portal's key translated. */
const errorText = (t: T, e: QuestionError) => e.message ?? t(e.key ?? "", e.values);

/**
 * The errors as the page shows them: at its question, of a question made of several fields led by the part's name;
 * in the error summary, naming its question (and part), since survey-core's messages do not.
 */
export function errorViews(errors: readonly QuestionError[], t: T): ErrorView[] {
  return errors.map((e) => ({
    name: e.name,
    id: e.id,
    text: e.part ? `${e.part}: ${errorText(t, e)}` : errorText(t, e),
    message: `${[e.title, e.part].filter(Boolean).join(", ")}: ${errorText(t, e)}`,
  }));
}

/** The ids of a step's fields, panels opened and each part of a question made of several, in the step's order. */
function questionIds(elements: readonly ElementView[]): string[] {
  return elements.flatMap((e): string[] => {
    switch (e.kind) {
      case "panel":
        return questionIds(e.elements);
      case "matrix":
        return [e.id, ...e.rows.map((row) => row.id)];
      case "multipletext":
      case "ranking":
        return [e.id, ...e.items.map((item) => item.id)];
      case "matrixdropdown":
        return [e.id, ...e.rows.flatMap((row) => row.cells.map((cell) => cell.id))];
      case "paneldynamic":
        return [e.id, ...e.panels.flatMap((panel) => questionIds(panel.elements)), e.addId];
      default:
        return [e.id];
    }
  });
}

/** Whether a step has a file question (its form then posts files). */
function hasFiles(elements: readonly ElementView[]): boolean {
  return elements.some(
    (e) =>
      e.kind === "file" ||
      (e.kind === "panel" && hasFiles(e.elements)) ||
      (e.kind === "paneldynamic" && e.panels.some((p) => hasFiles(p.elements))),
  );
}

/** The step's dynamic panels and how many panels each has: the form is drawn anew when a panel comes or goes. */
function panelLayout(elements: readonly ElementView[]): string {
  return elements
    .flatMap((e) =>
      e.kind === "panel"
        ? [panelLayout(e.elements)]
        : e.kind === "paneldynamic"
          ? [`${e.name}:${e.panels.length}`]
          : [],
    )
    .filter(Boolean)
    .join(",");
}

/** A step as the form shows it. */
export function formView(step: StepView): FormView {
  return {
    ...step,
    state: stepStateOf(step.elements),
    fieldOrder: questionIds(step.elements),
    panelLayout: panelLayout(step.elements),
    multipart: hasFiles(step.elements),
  };
}
