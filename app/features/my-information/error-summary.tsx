import { errorEntries } from "~/ui/form";
// The summary itself, not the form frame's lazily loaded one: this part is loaded only when shown already.
import { ErrorSummary } from "~/ui/form/error-summary";
import { useT } from "~/ui/i18n";
import type { CONTACT_FIELDS, contactFieldId } from "./contact-form";
import { GUARDIAN_FIELDS, MAX_GUARDIANS, guardianFieldName, type MyInformationForm } from "./my-information-fields";

/**
 * The contact form's fields and their ids (contact-form.tsx), given by the page: it has loaded that form already,
 * and this part, loaded apart, would otherwise make the page's own script carry it twice over.
 */
type ContactFields = { fields: typeof CONTACT_FIELDS; fieldId: typeof contactFieldId };

function errorIdOf(form: MyInformationForm | undefined, name: string, { fieldId }: ContactFields): string {
  if (form === "contact" || form === "guardianOwn") return fieldId(form, name);
  const guardian = /^guardians\.(\d)\.(\w+)$/.exec(name);
  if (!guardian) return name;
  return guardianFieldName(Number(guardian[1]), guardian[2] as (typeof GUARDIAN_FIELDS)[number]);
}

/** The ids of the posted form's fields, in the order the page shows them (the error summary's order). */
function fieldOrderOf(form: MyInformationForm | undefined, { fields, fieldId }: ContactFields): string[] {
  switch (form) {
    case "contact":
      return [...fields, "language"].map((name) => fieldId(form, name));
    case "guardianOwn":
      return fields.map((name) => fieldId(form, name));
    case "guardians":
      return Array.from({ length: MAX_GUARDIANS }, (_, i) =>
        GUARDIAN_FIELDS.map((f) => guardianFieldName(i, f)),
      ).flat();
    case "consent":
      return ["privacyPolicyAcknowledged"];
    case "smsLogin":
      return ["smsLogin", "smsCode"];
    default:
      return [];
  }
}

/**
 * The error summary of My information: the errors of the form last posted (`form`), each linking to its field on
 * whichever of the page's forms it is.
 */
export function MyInformationErrorSummary({
  form,
  errors,
  contact,
}: {
  form: MyInformationForm | undefined;
  errors: Record<string, string>;
  contact: ContactFields;
}) {
  const t = useT();
  const summary = errorEntries(
    errors,
    (key) => t(key),
    (name) => errorIdOf(form, name, contact),
  );
  return <ErrorSummary errors={summary} fieldOrder={fieldOrderOf(form, contact)} />;
}
