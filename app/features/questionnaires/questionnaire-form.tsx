import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";
import type { ErrorView, FormView, QuestionnaireActionData, StepState } from "./questionnaire-view";
import { Elements } from "./question-fields";
import type { Live } from "./question-controls";

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
  form: FormView;
  errors: readonly ErrorView[];
  kept?: Readonly<Record<string, string>>;
}) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<QuestionnaireActionData>();
  const { submit } = fetcher;
  const initial = form.state;
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
    errors: new Map(errors.map((e) => [e.name, e.text])),
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
      encType={form.multipart ? "multipart/form-data" : undefined}
    >
      <CsrfField />
      <input type="hidden" name="page" value={form.pageIndex} />
      {form.panelLayout ? (
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
