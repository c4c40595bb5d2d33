import type { ReactNode } from "react";
import { describedBy } from "./field";

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
        aria-describedby={describedBy(hint ? `${id}-hint` : null, error ? `${id}-error` : null)}
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
