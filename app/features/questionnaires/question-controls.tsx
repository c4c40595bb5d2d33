import type { ReactNode } from "react";
import type { T } from "~/lib/translate";
import { Field, Fieldset } from "~/ui/form";
import { COMMENT_FIELD, type OtherView, type PartView, type QuestionView, type StepState } from "./questionnaire-view";

/**
 * The pieces the question fields (question-fields.tsx) are built of: a fieldset of options, one field of a question
 * made of several and the text of "Other (describe)"; and what the form knows now, which they show.
 */

export type Live = {
  state: StepState;
  /** Each question's error text, and the id of the field it is about. */
  errors: ReadonlyMap<string, string>;
  errorIds: ReadonlySet<string>;
  /** What was posted in fields whose answer was refused (not plain text, a ranking's places), shown again. */
  kept: Readonly<Record<string, string>>;
  t: T;
};

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

/**
 * Options in a fieldset with a legend (ui/form's `Fieldset`): the question's description and `hint` as one hint. A
 * group of fields (a matrix, several texts) holds them as they are, not in a list of options.
 */
export function Options({
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
  return (
    <Fieldset
      id={q.id}
      legend={legend}
      hint={[q.description, hint].filter(Boolean).join(" ") || undefined}
      error={error}
    >
      {group ? (
        children
      ) : (
        <div className={q.kind === "radios" && q.type === "rating" ? "radios questionnaire-rating" : "radios"}>
          {children}
        </div>
      )}
    </Fieldset>
  );
}

/** The text of the "Other (describe)" option. */
export function OtherText({
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
