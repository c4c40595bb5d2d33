import type { ReactNode } from "react";
import type { T } from "~/lib/translate";
import { Fieldset } from "~/ui/form";
import { ANSWER_FIELD, COMMENT_FIELD, type OtherView, type QuestionView, type StepState } from "./questionnaire-view";

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

/** The question's title and, when it must be answered, "(required)" in words. */
function QuestionTitle({ q, required, t }: { q: QuestionView; required: boolean; t: T }) {
  return (
    <>
      {q.title}
      {required ? <span className="questionnaire-question__required"> {t("questionnaires.form.required")}</span> : null}
    </>
  );
}

export type QuestionState = ReturnType<typeof questionState>;

/** What a question shows now: its error, whether it must be answered or is disabled, its title and field name. */
export function questionState(q: QuestionView, live: Live) {
  const { t } = live;
  const required = live.state.required.includes(q.name);
  return {
    t,
    error: live.errors.get(q.name),
    required,
    // Not to be answered with the answers so far (SurveyJS enableIf): a disabled field, which posts nothing.
    disabled: live.state.disabled.includes(q.name) || undefined,
    label: <QuestionTitle q={q} required={required} t={t} />,
    name: ANSWER_FIELD + q.name,
  };
}
