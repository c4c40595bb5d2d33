import type { ReactNode } from "react";
import { ErrorMessage, Hint, describedBy } from "./field";

/**
 * A group of controls (radios, checkboxes, the fields of one question) in a fieldset with a legend, as GOV.UK
 * does: the hint `{id}-hint` and the error `{id}-error` after the legend, the fieldset described by both.
 */
export function Fieldset({
  id,
  legend,
  hint,
  error,
  children,
}: {
  /** What the hint's and the error's ids start with. */
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <fieldset
        className="fieldset"
        aria-describedby={describedBy(hint ? `${id}-hint` : null, error ? `${id}-error` : null)}
      >
        <legend className="fieldset__legend">{legend}</legend>
        <Hint id={id} hint={hint} />
        <ErrorMessage id={id} error={error} />
        {children}
      </fieldset>
    </div>
  );
}
