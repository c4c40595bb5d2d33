import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, useFetcher } from "react-router";
import { ATTACHMENTS_MAX_MEGABYTES } from "~/lib/attachment-file";
import type { T } from "~/lib/translate";
import { CsrfField } from "~/ui/csrf-field";
import { Field, type FieldError } from "~/ui/form";
import { useT } from "~/ui/i18n";
import {
  ANSWER_FIELD,
  COMMENT_FIELD,
  addPanelIntent,
  partId,
  removeFileIntent,
  removePanelIntent,
  stepStateOf,
  type ElementView,
  type OtherView,
  type PartView,
  type QuestionError,
  type QuestionView,
  type QuestionnaireActionData,
  type StepState,
  type StepView,
} from "./questionnaire-view";

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

type Live = {
  state: StepState;
  /** Each question's error text, and the id of the field it is about. */
  errors: ReadonlyMap<string, string>;
  errorIds: ReadonlySet<string>;
  /** What was posted in fields whose answer was refused (not plain text, a ranking's places), shown again. */
  kept: Readonly<Record<string, string>>;
  t: T;
};

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

function Elements({ elements, live }: { elements: readonly ElementView[]; live: Live }) {
  return elements.map((e) =>
    e.kind === "panel" ? (
      <section key={e.name} className="questionnaire-panel" hidden={!live.state.visible.includes(e.name)}>
        {e.title ? <h3>{e.title}</h3> : null}
        {e.description ? <p className="hint">{e.description}</p> : null}
        <Elements elements={e.elements} live={live} />
      </section>
    ) : (
      <div
        key={e.name}
        className="questionnaire-question"
        data-question={e.name}
        hidden={!live.state.visible.includes(e.name)}
      >
        <Question question={e} live={live} />
      </div>
    ),
  );
}

/** The question's title and, when it must be answered, "(required)" in words. */
function QuestionTitle({ q, required, t }: { q: QuestionView; required: boolean; t: T }) {
  return (
    <>
      {q.title}
      {required ? <span className="questionnaire-question__required"> {t("questionnaires.form.required")}</span> : null}
    </>
  );
}

function Question({ question: q, live }: { question: QuestionView; live: Live }) {
  const { t } = live;
  const error = live.errors.get(q.name);
  const required = live.state.required.includes(q.name);
  // Not to be answered with the answers so far (SurveyJS enableIf): a disabled field, which posts nothing.
  const disabled = live.state.disabled.includes(q.name) || undefined;
  const label = <QuestionTitle q={q} required={required} t={t} />;
  const name = ANSWER_FIELD + q.name;
  switch (q.kind) {
    case "text":
      return (
        <Field id={q.id} label={label} hint={q.description ?? undefined} error={error}>
          {(describedBy) => (
            <input
              id={q.id}
              name={name}
              disabled={disabled}
              className={`input${q.inputType === "number" || q.inputType === "date" ? " input--short" : ""}`}
              // Numbers are typed in a text field (GOV.UK): the number keypad, without the browser's own rules.
              type={q.inputType === "number" ? "text" : q.inputType}
              inputMode={q.inputType === "number" ? "decimal" : undefined}
              defaultValue={live.kept[name] ?? q.value}
              maxLength={q.maxLength ?? undefined}
              placeholder={q.placeholder ?? undefined}
              spellCheck={q.inputType === "text" ? undefined : false}
              aria-required={required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      );
    case "comment":
      return (
        <Field id={q.id} label={label} hint={q.description ?? undefined} error={error}>
          {(describedBy) => (
            <textarea
              id={q.id}
              name={name}
              disabled={disabled}
              className="input textarea"
              rows={q.rows}
              defaultValue={live.kept[name] ?? q.value}
              maxLength={q.maxLength ?? undefined}
              aria-required={required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      );
    case "select":
      return (
        <Field id={q.id} label={label} hint={q.description ?? undefined} error={error}>
          {(describedBy) => (
            <>
              <select
                id={q.id}
                name={name}
                disabled={disabled}
                className="input"
                defaultValue={q.value ?? ""}
                aria-required={required || undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
              >
                <option value="">{q.placeholder}</option>
                {q.choices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
              {q.other ? <OtherText id={q.id} name={q.name} other={q.other} t={t} disabled={disabled} /> : null}
            </>
          )}
        </Field>
      );
    case "radios":
    case "checkboxes":
      return (
        <Options q={q} legend={label} error={error}>
          {q.choices.map((c, i) => {
            const id = i === 0 ? q.id : `${q.id}-${i + 1}`;
            const checked = q.kind === "radios" ? q.value === c.value : q.values.includes(c.value);
            const prefix = q.kind === "radios" ? "radios" : "checkbox";
            return (
              <div key={c.value} className={q.kind === "radios" ? "radios__item" : "checkbox"}>
                <input
                  className={`${prefix}__input`}
                  id={id}
                  name={name}
                  disabled={disabled}
                  type={q.kind === "radios" ? "radio" : "checkbox"}
                  value={c.value}
                  defaultChecked={checked}
                />
                <label className={`${prefix}__label`} htmlFor={id}>
                  {c.label}
                </label>
              </div>
            );
          })}
          {q.other ? <OtherText id={q.id} name={q.name} other={q.other} t={t} disabled={disabled} /> : null}
        </Options>
      );
    case "matrix":
      return (
        <Options q={q} legend={label} error={error} group>
          {q.rows.map((row, r) => (
            <fieldset key={row.field} className="fieldset questionnaire-matrix__row">
              <legend className="fieldset__legend">{row.label}</legend>
              <div className="radios">
                {q.columns.map((c, i) => {
                  const id = partId(q.id, r, i);
                  return (
                    <div key={c.value} className="radios__item">
                      <input
                        className="radios__input"
                        id={id}
                        name={row.field}
                        disabled={disabled}
                        type="radio"
                        value={c.value}
                        defaultChecked={row.value === c.value}
                        aria-invalid={i === 0 && live.errorIds.has(row.id) ? true : undefined}
                      />
                      <label className="radios__label" htmlFor={id}>
                        {c.label}
                      </label>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </Options>
      );
    case "multipletext":
    case "ranking":
      return (
        <Options
          q={q}
          legend={label}
          error={error}
          group
          hint={q.kind === "ranking" ? t("questionnaires.form.rankingHint", { count: q.items.length }) : undefined}
        >
          {q.items.map((part) => (
            <PartField
              key={part.field}
              part={part}
              live={live}
              disabled={disabled}
              errorId={error ? `${q.id}-error` : undefined}
              placeholder={q.kind === "ranking" ? t("questionnaires.form.rankingPlace") : ""}
            />
          ))}
        </Options>
      );
    case "matrixdropdown":
      return (
        <Options q={q} legend={label} error={error} group>
          {q.rows.map((row) => (
            <fieldset key={row.cells[0]?.field ?? row.label} className="fieldset questionnaire-matrix__row">
              <legend className="fieldset__legend">{row.label}</legend>
              {row.cells.map((part) => (
                <PartField
                  key={part.field}
                  part={part}
                  live={live}
                  disabled={disabled}
                  placeholder=""
                  errorId={error ? `${q.id}-error` : undefined}
                />
              ))}
            </fieldset>
          ))}
        </Options>
      );
    case "paneldynamic":
      return (
        <Options q={q} legend={label} error={error} group>
          <input type="hidden" name={q.countField} value={q.panels.length} />
          {q.panels.map((panel, index) => (
            <fieldset key={index} className="fieldset questionnaire-matrix__row questionnaire-dynamic-panel">
              <legend className="fieldset__legend">{panel.title}</legend>
              <Elements elements={panel.elements} live={live} />
              {q.canRemove ? (
                <button
                  type="submit"
                  className="button button--secondary"
                  name="intent"
                  value={removePanelIntent(q.name, index)}
                  disabled={disabled}
                >
                  {q.removeLabel}
                  <span className="visually-hidden"> {panel.title}</span>
                </button>
              ) : null}
            </fieldset>
          ))}
          {q.canAdd ? (
            <button
              type="submit"
              id={q.addId}
              className="button button--secondary"
              name="intent"
              value={addPanelIntent(q.name)}
              disabled={disabled}
            >
              {q.addLabel}
            </button>
          ) : null}
        </Options>
      );
    case "file":
      return (
        <Field id={q.id} label={label} hint={fileHint(q, t)} error={error}>
          {(describedBy) => (
            <>
              {q.files.length ? (
                <ul className="questionnaire-files" aria-label={t("questionnaires.form.files.attached")}>
                  {q.files.map((file) => (
                    <li key={file.id} className="questionnaire-files__item">
                      <input type="hidden" name={name} value={file.id} />
                      <span className="questionnaire-files__name">{file.name}</span>
                      <button
                        type="submit"
                        className="button button--secondary"
                        name="intent"
                        value={removeFileIntent(q.name, file.id)}
                        disabled={disabled}
                      >
                        {t("questionnaires.form.files.remove")}
                        <span className="visually-hidden"> {file.name}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <input
                id={q.id}
                name={q.field}
                type="file"
                disabled={disabled}
                className="file-input"
                multiple={q.multiple || undefined}
                accept={q.accept}
                // A file attached before answers the question: the field is then for more (or another).
                aria-required={(required && !q.files.length) || undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
              />
            </>
          )}
        </Field>
      );
    case "signature":
      return (
        <Field
          id={q.id}
          label={label}
          hint={[q.description, t("questionnaires.form.signatureHint")].filter(Boolean).join(" ")}
          error={error}
        >
          {(describedBy) => (
            <input
              id={q.id}
              name={name}
              disabled={disabled}
              className="input questionnaire-signature"
              defaultValue={live.kept[name] ?? q.value}
              maxLength={q.maxLength}
              autoComplete="name"
              spellCheck={false}
              aria-required={required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      );
    case "unsupported":
      return (
        <div className="field questionnaire-question--unsupported">
          <p className="field__label">{q.title}</p>
          <p className="hint">{t("questionnaires.form.unsupported")}</p>
        </div>
      );
  }
}

/** A file question's hint: its own description, then which files it takes and how large. */
function fileHint(q: Extract<QuestionView, { kind: "file" }>, t: T): string {
  const rules = t(q.multiple ? "questionnaires.form.files.hintMany" : "questionnaires.form.files.hintOne", {
    megabytes: ATTACHMENTS_MAX_MEGABYTES,
  });
  return [q.description, rules].filter(Boolean).join(" ");
}

/** One field of a question made of several: a labelled list or text field. */
function PartField({
  part,
  live,
  disabled,
  placeholder,
  errorId,
}: {
  part: PartView;
  live: Live;
  disabled: true | undefined;
  placeholder: string;
  /** The id of the question's error message, when the question has one. */
  errorId: string | undefined;
}) {
  const { t } = live;
  const invalid = live.errorIds.has(part.id) || undefined;
  // The field the error is about is described by it, as a single field is (GOV.UK).
  const describedBy = invalid ? errorId : undefined;
  return (
    <div className="field questionnaire-part">
      <label className="field__label" htmlFor={part.id}>
        {part.label}
        {part.required ? (
          <span className="questionnaire-question__required"> {t("questionnaires.form.required")}</span>
        ) : null}
      </label>
      {part.choices ? (
        <select
          id={part.id}
          name={part.field}
          disabled={disabled}
          className="input input--short"
          defaultValue={live.kept[part.field] ?? part.value}
          aria-required={part.required || undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        >
          <option value="">{placeholder}</option>
          {part.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={part.id}
          name={part.field}
          disabled={disabled}
          className={`input${part.inputType === "number" || part.inputType === "date" ? " input--short" : ""}`}
          type={part.inputType === "number" ? "text" : part.inputType}
          inputMode={part.inputType === "number" ? "decimal" : undefined}
          defaultValue={live.kept[part.field] ?? part.value}
          aria-required={part.required || undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      )}
    </div>
  );
}

/**
 * Options in a fieldset with a legend, the GOV.UK way: hint and error after the legend, described by both. A group
 * of fields (a matrix, several texts) holds them as they are, not in a list of options.
 */
function Options({
  q,
  legend,
  error,
  group = false,
  hint,
  children,
}: {
  q: QuestionView;
  legend: ReactNode;
  error: string | undefined;
  group?: boolean;
  /** How to answer, after the question's own description (a ranking's places). */
  hint?: string;
  children: ReactNode;
}) {
  const { id } = q;
  const t = useT();
  const hasHint = Boolean(q.description || hint);
  const describedBy = [hasHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <fieldset className="fieldset" aria-describedby={describedBy || undefined}>
        <legend className="fieldset__legend">{legend}</legend>
        {hasHint ? (
          <div className="field__hint" id={`${id}-hint`}>
            {[q.description, hint].filter(Boolean).join(" ")}
          </div>
        ) : null}
        {error ? (
          <p className="field__error" id={`${id}-error`}>
            <span className="visually-hidden">{t("common.form.errorPrefix")}: </span>
            {error}
          </p>
        ) : null}
        {group ? (
          children
        ) : (
          <div className={q.kind === "radios" && q.type === "rating" ? "radios questionnaire-rating" : "radios"}>
            {children}
          </div>
        )}
      </fieldset>
    </div>
  );
}

/** The text of the "Other (describe)" option. */
function OtherText({
  id,
  name,
  other,
  t,
  disabled,
}: {
  id: string;
  name: string;
  other: OtherView;
  t: T;
  disabled: true | undefined;
}) {
  return (
    <div className="questionnaire-question__other">
      <label className="field__label" htmlFor={`${id}-comment`}>
        {t("questionnaires.form.otherComment")}
      </label>
      <input
        id={`${id}-comment`}
        name={COMMENT_FIELD + name}
        disabled={disabled}
        className="input"
        defaultValue={other.comment}
      />
    </div>
  );
}
