import { ATTACHMENTS_MAX_MEGABYTES } from "~/lib/attachment-file";
import type { T } from "~/lib/translate";
import { Field, FileUpload, Select, Textarea } from "~/ui/form";
import {
  ANSWER_FIELD,
  addPanelIntent,
  partId,
  removeFileIntent,
  removePanelIntent,
  type ElementView,
  type QuestionView,
} from "./questionnaire-view";
import { Options, OtherText, PartField, type Live } from "./question-controls";

/**
 * A step's questions and panels as plain form fields (questionnaire-form.tsx): each question in a fieldset with a
 * legend (options) or with a label (text, list), its hint and error, "required" in words.
 */

export function Elements({ elements, live }: { elements: readonly ElementView[]; live: Live }) {
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
        <Textarea
          id={q.id}
          name={name}
          label={label}
          hint={q.description ?? undefined}
          error={error}
          disabled={disabled}
          rows={q.rows}
          defaultValue={live.kept[name] ?? q.value}
          maxLength={q.maxLength ?? undefined}
          aria-required={required || undefined}
        />
      );
    case "select":
      return (
        <Select
          id={q.id}
          name={name}
          label={label}
          hint={q.description ?? undefined}
          error={error}
          disabled={disabled}
          defaultValue={q.value ?? ""}
          aria-required={required || undefined}
          placeholder={q.placeholder}
          options={q.choices}
          after={q.other ? <OtherText id={q.id} name={q.name} other={q.other} t={t} disabled={disabled} /> : null}
        />
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
        <FileUpload
          id={q.id}
          name={q.field}
          label={label}
          hint={fileHint(q, t)}
          error={error}
          disabled={disabled}
          multiple={q.multiple || undefined}
          accept={q.accept}
          // A file attached before answers the question: the field is then for more (or another).
          aria-required={(required && !q.files.length) || undefined}
          before={
            q.files.length ? (
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
            ) : null
          }
        />
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
