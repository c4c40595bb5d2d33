import { Field } from "~/ui/form";
import { lazyPart } from "~/ui/lazy-part";
import type { ElementView, QuestionView } from "./questionnaire-view";
import { Options, OtherText, questionState, type Live } from "./question-controls";
import { RareQuestion as RareQuestionOnServer, type PageParts } from "./rare-questions";

// Question types few questionnaires have (a matrix, a ranking, several texts, a medicine table, repeated panels, a
// file, a signature): loaded when a step shows one.
const RareQuestion = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? RareQuestionOnServer : null, () =>
  import("./rare-questions").then((m) => m.RareQuestion),
);

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

const parts: PageParts = { Options, Elements };

function Question({ question: q, live }: { question: QuestionView; live: Live }) {
  const state = questionState(q, live);
  const { t, error, required, disabled, label, name } = state;
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
      // ui/form's Textarea and Select as these questions use them (no character count): the same markup.
      return (
        <Field id={q.id} label={label} hint={q.description ?? undefined} error={error}>
          {(describedBy) => (
            <textarea
              id={q.id}
              name={name}
              className="input textarea"
              disabled={disabled}
              rows={q.rows}
              defaultValue={live.kept[name] ?? q.value}
              maxLength={q.maxLength ?? undefined}
              aria-required={required || undefined}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
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
                className="input"
                disabled={disabled}
                defaultValue={q.value ?? ""}
                aria-required={required || undefined}
                aria-describedby={describedBy}
                aria-invalid={error ? true : undefined}
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
    default:
      return <RareQuestion question={q} live={live} state={state} parts={parts} />;
  }
}
