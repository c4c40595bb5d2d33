import { INSURANCE_FIELD_ORDER } from "~/features/insurance/insurance-field-order";
import { errorEntries } from "~/ui/form";
// The summary itself, not the form frame's lazily loaded one: this part is loaded only when shown already.
import { ErrorSummary } from "~/ui/form/error-summary";
import { useT } from "~/ui/i18n";
import type { CONTACT_EDITOR_FIELDS } from "./contact-fields";
import { ReservationErrorNotice } from "./reservation-error-notice";

/**
 * The ids of the reservation page's fields, top to bottom (the error summary's order): the contact details card
 * (`contact`, the card itself when its details are incomplete) with its editor's fields, then the booking form's.
 * Made when shown: a module that does nothing on loading is one the browser's build can leave out of the page's
 * first script (the server renders this part in place).
 */
const reservationFieldOrder = (contactFields: typeof CONTACT_EDITOR_FIELDS) => [
  "contact",
  ...contactFields.map(([name]) => `contact-${name}`),
  ...INSURANCE_FIELD_ORDER,
  "occupationalConfirmation",
  "binding",
];

/**
 * The logged-in reservation page's errors, shown only after one of its forms was refused: the error summary (the
 * contact editor's errors, then the booking form's, the insurer panel's among them) and the reservation's own
 * failure as a notice of its own, not a field's error. The contact editor's fields are given by the page, which has
 * loaded them already: imported here, this part, loaded apart, would split the page's own script in two.
 */
export function ReserveErrors({
  errors,
  insuranceErrors,
  contactErrors,
  contactFields,
}: {
  errors: Record<string, string>;
  insuranceErrors: Record<string, string>;
  contactErrors: Record<string, string>;
  contactFields: typeof CONTACT_EDITOR_FIELDS;
}) {
  const t = useT();
  // The insurer panel's buttons answer with the panel's errors only; Book with the form's, the panel's among them.
  const { reservation: _, ...formErrors } = { ...insuranceErrors, ...errors };
  const fieldErrors = errorEntries(formErrors, (key) => t(key));
  const contactEntries = errorEntries(
    contactErrors,
    (key) => t(key),
    (name) => `contact-${name}`,
  );
  return (
    <>
      <ErrorSummary errors={[...contactEntries, ...fieldErrors]} fieldOrder={reservationFieldOrder(contactFields)} />
      {errors.reservation ? <ReservationErrorNotice message={errors.reservation} /> : null}
    </>
  );
}
