import type { T } from "~/lib/translate";
import { Field, FileUpload } from "~/ui/form";
import { addPanelIntent, partId, removeFileIntent, removePanelIntent } from "./form-intents";
import type { Elements as PageElements } from "./question-fields";
import type { PartView, QuestionView } from "./questionnaire-view";
import type { Live, Options as PageOptions, QuestionState } from "./question-controls";

/**
 * The pieces of the page's own script that the rare questions are built of, handed over by question-fields.tsx
 * rather than imported: a part that imported them from the page's script would split that script in two.
 */
export type PageParts = { Options: typeof PageOptions; Elements: typeof PageElements };

/**
 * The question types few questionnaires have (question-fields.tsx shows the rest): a matrix, several texts, a
 * ranking, a medicine table, repeated panels, a file, a signature and a type the portal cannot show.
 */
export function RareQuestion({
  question: q,
  live,
  state: { t, error, required, disabled, label, name },
  parts: { Options, Elements },
}: {
  question: QuestionView;
  live: Live;
  /** What the question shows now (question-controls.tsx `questionState`). */
  state: QuestionState;
  parts: PageParts;
}) {
  switch (q.kind) {
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
    default:
      return null;
  }
}

/** A file question's hint: its own description, then which files it takes and how large. */
function fileHint(q: Extract<QuestionView, { kind: "file" }>, t: T): string {
  const rules = t(q.multiple ? "questionnaires.form.files.hintMany" : "questionnaires.form.files.hintOne", {
    megabytes: q.maxMegabytes,
  });
  return [q.description, rules].filter(Boolean).join(" ");
}

/**
 * One field of a question made of several: a labelled list or text field. The question's error is shown at its
 * fieldset (`Options`), so the part has no error of its own: an invalid part is described by the question's error.
 */
export function PartField({
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
  return (
    <Field
      id={part.id}
      className="questionnaire-part"
      label={
        <>
          {part.label}
          {part.required ? (
            <span className="questionnaire-question__required"> {t("questionnaires.form.required")}</span>
          ) : null}
        </>
      }
      // The field the error is about is described by it, as a single field is (GOV.UK).
      extraDescribedBy={invalid ? errorId : undefined}
    >
      {(describedBy) =>
        part.choices ? (
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
        )
      }
    </Field>
  );
}
