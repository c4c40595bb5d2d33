import { useEffect, useRef, type InputHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { inFieldOrder, type FieldError } from "./form-errors";
import { useT } from "./i18n";

export type { FieldError } from "./form-errors";

/**
 * GOV.UK error summary: above the heading, lists every error as a link to its field, and takes focus when
 * the page is hydrated so screen-reader users hear it first. The errors are listed in the order of
 * `fieldOrder`, the ids of the form's fields as the page shows them (app/ui/form-errors.ts), whatever order
 * they were found in.
 *
 * Once hydrated, a link moves focus to its field itself instead of changing the URL's fragment: a fragment
 * change is a navigation for the router, which would drop the action's answer, and with it the errors, before
 * the user has changed anything. The errors stay until the form is sent again.
 */
export function ErrorSummary({
  errors: found,
  fieldOrder,
  title,
}: {
  errors: readonly FieldError[];
  /** The ids of the form's fields, top to bottom. */
  fieldOrder: readonly string[];
  title?: string;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const errors = inFieldOrder(found, fieldOrder);
  // Focus when the errors change, not on every render of the page (which would pull focus away from a field).
  const key = errors.map((e) => `${e.id}:${e.message}`).join("|");
  useEffect(() => {
    if (key) ref.current?.focus();
  }, [key]);
  if (!errors.length) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} ref={ref}>
      <h2 className="error-summary__title" id="error-summary-title">
        {title ?? t("common.form.errorSummaryTitle")}
      </h2>
      <ul className="error-summary__list">
        {errors.map((e, i) => (
          <li key={`${i}-${e.id}`}>
            <a href={`#${e.id}`} onClick={(event) => focusField(event, e.id)}>
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Focuses the field with the summary link's id, its label or legend scrolled into view as well. */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  (field.closest(".field, .checkbox") ?? field).scrollIntoView({ block: "start" });
  field.focus({ preventScroll: true });
}

type TextFieldProps = {
  id: string;
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name">;

/**
 * A form field's frame: label, hint and error, in the GOV.UK order. The control is rendered by `children`,
 * which receives the aria-describedby ids to put on it (plus any `extraDescribedBy`, such as a counter).
 */
export function Field({
  id,
  label,
  hint,
  error,
  extraDescribedBy,
  group = false,
  children,
}: {
  id: string;
  label: ReactNode;
  /** The control is a group of inputs (code boxes) that names itself: the label is text, not a `<label>`. */
  group?: boolean;
  hint?: ReactNode;
  error?: string;
  extraDescribedBy?: string;
  children(describedBy: string | undefined): ReactNode;
}) {
  const t = useT();
  const describedBy =
    [hint ? `${id}-hint` : null, extraDescribedBy ?? null, error ? `${id}-error` : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      {group ? (
        <p className="field__label" id={`${id}-label`}>
          {label}
        </p>
      ) : (
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      )}
      {hint ? (
        <div className="field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          <span className="visually-hidden">{t("common.form.errorPrefix")}: </span>
          {error}
        </p>
      ) : null}
      {children(describedBy)}
    </div>
  );
}

/** A labelled input with its hint and error wired through aria-describedby. */
export function TextField({ id, name, label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <input
          id={id}
          name={name}
          className={`input${className ? " " + className : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </Field>
  );
}

/** Radios in a fieldset with a legend, as GOV.UK does. */
export function Radios({
  name,
  legend,
  hint,
  options,
  error,
  defaultValue,
  idPrefix,
  onChange,
}: {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: { value: string; label: ReactNode; hint?: ReactNode; disabled?: boolean }[];
  error?: string;
  defaultValue?: string | null;
  idPrefix?: string;
  onChange?(value: string): void;
}) {
  const t = useT();
  const base = idPrefix ?? name;
  const describedBy =
    [hint ? `${base}-hint` : null, error ? `${base}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <fieldset className="fieldset" aria-describedby={describedBy}>
        <legend className="fieldset__legend">{legend}</legend>
        {hint ? (
          <div className="field__hint" id={`${base}-hint`}>
            {hint}
          </div>
        ) : null}
        {error ? (
          <p className="field__error" id={`${base}-error`}>
            <span className="visually-hidden">{t("common.form.errorPrefix")}: </span>
            {error}
          </p>
        ) : null}
        <div className="radios">
          {options.map((o, i) => (
            <div className="radios__item" key={o.value}>
              <input
                className="radios__input"
                id={i === 0 ? base : `${base}-${o.value}`}
                name={name}
                type="radio"
                value={o.value}
                defaultChecked={defaultValue === o.value}
                disabled={o.disabled}
                aria-describedby={o.hint ? `${base}-${o.value}-hint` : undefined}
                onChange={onChange ? () => onChange(o.value) : undefined}
              />
              <label className="radios__label" htmlFor={i === 0 ? base : `${base}-${o.value}`}>
                {o.label}
              </label>
              {o.hint ? (
                <div className="radios__hint" id={`${base}-${o.value}-hint`}>
                  {o.hint}
                </div>
              ) : null}
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** A single checkbox with its label, hint and error (GOV.UK "checkboxes" item). */
export function Checkbox({
  id,
  name,
  label,
  hint,
  error,
  defaultChecked,
  onChange,
}: {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  defaultChecked?: boolean;
  onChange?(checked: boolean): void;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`checkbox${error ? " field--error" : ""}`}>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <input
        className="checkbox__input"
        type="checkbox"
        id={id}
        name={name}
        defaultChecked={defaultChecked}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={onChange ? (e) => onChange(e.target.checked) : undefined}
      />
      <label className="checkbox__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <div className="checkbox__hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}
