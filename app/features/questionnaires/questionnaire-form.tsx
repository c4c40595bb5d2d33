import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import type { T } from "~/lib/translate";
import { CsrfField } from "~/ui/csrf-field";
import type { FieldError } from "~/ui/form";
import { useT } from "~/ui/i18n";
import {
  stepStateOf,
  type ElementView,
  type QuestionError,
  type QuestionnaireActionData,
  type StepState,
  type StepView,
} from "./questionnaire-view";
import { Elements } from "./question-fields";
import type { Live } from "./question-controls";

/** An error's text: survey-core's message as it is, or the portal's key translated. */
const errorText = (t: T, e: QuestionError) => e.message ?? t(e.key ?? "", e.values);

/** An error's text at its question: of a question made of several fields, led by the part's name. */
const placedText = (t: T, e: QuestionError) => (e.part ? `${e.part}: ${errorText(t, e)}` : errorText(t, e));

/** The error summary's entries: each names its question (and part), since survey-core's messages do not. */
export function summaryOf(errors: readonly QuestionError[], t: T): FieldError[] {
  return errors.map((e) => ({
    id: e.id,
    message: `${[e.title, e.part].filter(Boolean).join(", ")}: ${errorText(t, e)}`,
  }));
}

/** The ids of a step's fields, panels opened and each part of a question made of several, in the step's order. */
export function questionIds(elements: readonly ElementView[]): string[] {
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

/**
 * One step of a questionnaire as a plain form: each question in a fieldset with a legend (options) or with a label
 * (text, list), its hint and error, "required" in words. Without JavaScript the server decides which questions the
 * answers show; once hydrated, every change is saved in the background and the server's answer shows and hides
 * the step's questions at once (survey-core stays on the server: it is larger than a whole page may be). The
 * inputs keep their ids either way, so the error summary's links always find them.
 */
/** How long a changed answer waits before its background save (a click on Next within it sends it instead). */
const SAVE_DELAY_MS = 400;

export function QuestionnaireForm({
  form,
  errors,
  kept = {},
}: {
  form: StepView;
  errors: readonly QuestionError[];
  kept?: Readonly<Record<string, string>>;
}) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<QuestionnaireActionData>();
  const { submit } = fetcher;
  const initial = stepStateOf(form.elements);
  const state = fetcher.data?.state ?? initial;
  const announcement = useChangeAnnouncement(state, initial);

  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    // Leaving a field for the Next button changes it just before the click: the save waits a moment and is dropped
    // when the form is sent, which carries the same answers. (Sent together, the save's answer arriving after
    // Next's redirect left the page on the old step.)
    let timer = 0;
    const save = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const data = new FormData(element);
        data.set("intent", "save");
        // Files go with the buttons, not with every change.
        for (const [name, value] of [...data.entries()]) if (typeof value !== "string") data.delete(name);
        // Nothing else on the page changes with it: no loader runs again.
        void submit(data, { method: "post", defaultShouldRevalidate: false });
      }, SAVE_DELAY_MS);
    };
    const drop = () => window.clearTimeout(timer);
    element.addEventListener("change", save);
    element.addEventListener("submit", drop);
    return () => {
      drop();
      element.removeEventListener("change", save);
      element.removeEventListener("submit", drop);
    };
  }, [submit]);

  // Files go once: after every answer to a post the file fields are emptied (the files taken are listed above them,
  // a refused one must be chosen anew), so a Remove or the next Send does not post them again.
  useEffect(() => {
    for (const input of formRef.current?.querySelectorAll<HTMLInputElement>('input[type="file"]') ?? [])
      input.value = "";
  }, [form, errors]);

  const live: Live = {
    state,
    errors: new Map(errors.map((e) => [e.name, placedText(t, e)])),
    errorIds: new Set(errors.map((e) => e.id)),
    kept,
    t,
  };
  const stepText = t("questionnaires.form.step", { step: form.step, steps: form.steps });
  return (
    <Form
      method="post"
      noValidate
      className="questionnaire-form"
      ref={formRef}
      // Files are posted with the step: with JavaScript the same multipart post.
      encType={hasFiles(form.elements) ? "multipart/form-data" : undefined}
    >
      <CsrfField />
      <input type="hidden" name="page" value={form.pageIndex} />
      {panelLayout(form.elements) ? (
        // Enter in a field sends the step, as on any step, not a panel's Add or Remove (the form's first button).
        <button
          type="submit"
          name="intent"
          value={form.isLast ? "send" : "next"}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        >
          {form.isLast ? t("questionnaires.form.send") : t("questionnaires.form.next")}
        </button>
      ) : null}
      {state.visible.map((name) => (
        <input key={name} type="hidden" name="shown" value={name} />
      ))}
      <h2 className="questionnaire-form__step" data-result-heading="" tabIndex={-1}>
        <span className="questionnaire-form__count">{stepText}</span>
        {form.title ? <span className="questionnaire-form__page-title">{form.title}</span> : null}
      </h2>
      {form.description ? <p className="hint">{form.description}</p> : null}
      {form.elements.length ? (
        <Elements elements={form.elements} live={live} />
      ) : (
        <p>{t("questionnaires.form.noQuestions")}</p>
      )}
      <p className="visually-hidden" role="status">
        {announcement ? t("questionnaires.form.questionsChanged") : ""}
      </p>
      <div className="button-row questionnaire-form__buttons">
        {/* First in the form, so Enter in a field goes forward. */}
        <button type="submit" className="button" name="intent" value={form.isLast ? "send" : "next"}>
          {form.isLast ? t("questionnaires.form.send") : t("questionnaires.form.next")}
        </button>
        {form.isFirst ? null : (
          <button type="submit" className="button button--secondary" name="intent" value="previous">
            {t("questionnaires.form.previous")}
          </button>
        )}
      </div>
    </Form>
  );
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
export function panelLayout(elements: readonly ElementView[]): string {
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

/** True once the background save has shown or hidden a question (for the polite status line). */
function useChangeAnnouncement(state: StepState, initial: StepState): boolean {
  const [changed, setChanged] = useState(false);
  const key = state.visible.join("\n");
  const initialKey = initial.visible.join("\n");
  const last = useRef(initialKey);
  useEffect(() => {
    if (key !== last.current) {
      last.current = key;
      setChanged(true);
    }
  }, [key]);
  return changed;
}
