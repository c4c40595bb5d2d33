import { Form, Link } from "react-router";
import { TextField } from "~/ui/form";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";
import { NotificationBanner } from "~/ui/notifications";

export const CONTACT_EDITOR_FIELDS = [
  ["streetAddress", "street-address", "text"],
  ["postalCode", "postal-code", "text"],
  ["postOffice", "address-level2", "text"],
  ["emailAddress", "email", "email"],
  ["phoneNumber", "tel", "tel"],
] as const;

export type ContactEditorState = { values: Record<string, string>; errors: Record<string, string>; failed?: boolean };

/**
 * The contact editor (spec part 2 §5): read-only with an Edit link; editing is its own form post
 * (`intent=saveContact`), so it works without JavaScript and never mixes with the booking form.
 */
export function ContactEditor({
  values,
  editing,
  editHref,
  cancelHref,
  submission,
}: {
  values: Record<string, string>;
  editing: boolean;
  editHref: string;
  cancelHref: string;
  submission?: ContactEditorState;
}) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="contact-heading" id="contact">
      <h2 id="contact-heading" className="card__title">
        {t("reservation.contact.heading")}
      </h2>
      <p>{t("reservation.contact.intro")}</p>
      {submission?.failed ? (
        <NotificationBanner type="error">
          <p>{t("reservation.contact.saveFailed")}</p>
        </NotificationBanner>
      ) : null}
      {editing ? (
        <Form method="post" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="saveContact" />
          {CONTACT_EDITOR_FIELDS.map(([name, autoComplete, type]) => (
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
      ) : (
        <>
          <dl className="summary-list">
            <div className="summary-list__row">
              <dt>{t("reservation.contact.address")}</dt>
              <dd>
                {values.streetAddress}, {values.postalCode} {values.postOffice}
              </dd>
            </div>
            <div className="summary-list__row">
              <dt>{t("contact.fields.emailAddress")}</dt>
              <dd>{values.emailAddress}</dd>
            </div>
            <div className="summary-list__row">
              <dt>{t("contact.fields.phoneNumber")}</dt>
              <dd>{values.phoneNumber}</dd>
            </div>
          </dl>
          <p>
            <Link to={editHref} preventScrollReset>
              {t("reservation.contact.edit")}
              <span className="visually-hidden"> – {t("reservation.contact.heading")}</span>
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
