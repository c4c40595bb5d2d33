import { errorEntries } from "~/ui/form";
// The summary itself, not the form frame's lazily loaded one: this part is loaded only when shown already.
import { ErrorSummary } from "~/ui/form/error-summary";
import { useT } from "~/ui/i18n";
import type { ANON_FIELDS, AnonymousFormState } from "./anonymous-form";
import { ReservationErrorNotice } from "./reservation-error-notice";
import type { ErrorReaction } from "./reservation-rules";

/**
 * The ids of the form's fields, in the order it shows them (the error summary's order). Made when shown: a module
 * that does nothing on loading is one the browser's build can leave out of the page's first script.
 */
const anonFieldOrder = (fields: typeof ANON_FIELDS) => [...fields.map(([name]) => name), "terms", "binding"];

/**
 * The anonymous reservation page's errors, shown only after its form was refused: the error summary of the form's
 * fields and the reservation's failure (spec part 2 §8), with a login or registration link where the reaction is a
 * page of its own. The form's fields and the example phone number of its messages are given by the page, which has
 * loaded them already: imported here, this part, loaded apart, would split the page's own script in two.
 */
export function AnonErrors({
  error,
  form,
  reaction,
  loginHref,
  fields,
  examplePhone,
}: {
  error: string;
  form: AnonymousFormState;
  reaction: ErrorReaction | null;
  loginHref: string;
  fields: typeof ANON_FIELDS;
  examplePhone: string;
}) {
  const t = useT();
  const fieldErrors = errorEntries(form.errors, (key) => t(key, { phone: examplePhone }));
  return (
    <>
      <ErrorSummary errors={fieldErrors} fieldOrder={anonFieldOrder(fields)} />
      {error === "rateLimited" ? <ReservationErrorNotice message="rateLimited" /> : null}
      {reaction?.kind === "message" ? <ReservationErrorNotice message={reaction.message} /> : null}
      {reaction?.kind === "page" ? (
        <ReservationErrorNotice message={error}>
          <p>
            <a href={loginHref}>
              {reaction.page === "registration" ? t("reservation.errors.register") : t("reservation.errors.loginLink")}
            </a>
          </p>
        </ReservationErrorNotice>
      ) : null}
    </>
  );
}
