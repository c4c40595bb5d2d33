import type { ReactNode } from "react";
import { useT } from "../i18n";

/**
 * The pieces of every field (GOV.UK): the hint `{id}-hint` and the error `{id}-error` under the label or legend,
 * named in that order (with anything else that describes the control between them) in its `aria-describedby`.
 */

/** The control's `aria-describedby`: the ids given, in order, leaving out the empty ones; none: no attribute. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

/** The field's hint, `{id}-hint`: nothing without one. */
export function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <div className="field__hint" id={`${id}-hint`}>
      {hint}
    </div>
  ) : null;
}

/** The field's error, `{id}-error`, led by a prefix ("Error:") for screen readers: nothing without one. */
export function ErrorMessage({ id, error }: { id: string; error?: string }) {
  const t = useT();
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      <span className="visually-hidden">{t("common.form.errorPrefix")}: </span>
      {error}
    </p>
  ) : null;
}

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
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  /** The control is a group of inputs (code boxes) that names itself: the label is text, not a `<label>`. */
  group?: boolean;
  hint?: ReactNode;
  error?: string;
  extraDescribedBy?: string;
  /** A class of the frame besides `field`. */
  className?: string;
  children(describedBy: string | undefined): ReactNode;
}) {
  return (
    <div className={`field${className ? ` ${className}` : ""}${error ? " field--error" : ""}`}>
      {group ? (
        <p className="field__label" id={`${id}-label`}>
          {label}
        </p>
      ) : (
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      )}
      <Hint id={id} hint={hint} />
      <ErrorMessage id={id} error={error} />
      {children(describedBy(hint ? `${id}-hint` : null, extraDescribedBy, error ? `${id}-error` : null))}
    </div>
  );
}
