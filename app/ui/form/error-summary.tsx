import { useEffect, useRef, type MouseEvent } from "react";
import { useT } from "../i18n";
import { inFieldOrder, type FieldError } from "./errors";

/**
 * GOV.UK error summary: above the heading, lists every error as a link to its field, and takes focus when
 * the page is hydrated so screen-reader users hear it first. The errors are listed in the order of
 * `fieldOrder`, the ids of the form's fields as the page shows them (errors.ts), whatever order they were found
 * in.
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
