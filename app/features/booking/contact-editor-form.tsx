import { Form, Link } from "react-router";
import type { CONTACT_EDITOR_FIELDS, ContactEditorState } from "./contact-fields";
import { TextField } from "~/ui/form";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";

/**
 * The contact editor's form (contact-editor.tsx), its own post (`intent=saveContact`). The fields come as a prop: this
 * part loads lazily and imports nothing from the page's own chunk.
 */
export function ContactEditorForm({
  fields,
  values,
  cancelHref,
  submission,
}: {
  fields: typeof CONTACT_EDITOR_FIELDS;
  values: Record<string, string>;
  cancelHref: string;
  submission?: ContactEditorState;
}) {
  const t = useT();
  return (
    <Form method="post" noValidate>
      <CsrfField />
      <input type="hidden" name="intent" value="saveContact" />
      {fields.map(([name, autoComplete, type]) => (
        <TextField
          key={name}
          id={`contact-${name}`}
          name={name}
          type={type}
          label={t(`contact.fields.${name}`)}
          hint={name === "phoneNumber" ? t("contact.hints.phoneNumber") : undefined}
          error={submission?.errors[name] ? t(submission.errors[name]) : undefined}
          defaultValue={submission?.values[name] ?? values[name] ?? ""}
          autoComplete={autoComplete}
          inputMode={name === "postalCode" ? "numeric" : undefined}
        />
      ))}
      <div className="button-row">
        <button type="submit" className="button">
          {t("reservation.contact.save")}
        </button>
        <Link to={cancelHref} className="button button--secondary" preventScrollReset>
          {t("reservation.contact.cancel")}
        </Link>
      </div>
    </Form>
  );
}
