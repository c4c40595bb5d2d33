import { Link } from "react-router";
import { CONTACT_EDITOR_FIELDS, type ContactEditorState } from "./contact-fields";
import { ContactEditorForm as ContactEditorFormOnServer } from "./contact-editor-form";
import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";
import { NotificationBanner } from "~/ui/notifications";

// The editor's form is shown only after Edit: the browser loads it when the page shows it, or before, once the
// pointer is on the Edit link or it has focus, so that the form comes with the page it opens.
const loadForm = () => import("./contact-editor-form").then((m) => m.ContactEditorForm);
const ContactEditorForm = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? ContactEditorFormOnServer : null, loadForm);
const preloadForm = () => {
  loadForm().catch(() => {});
};

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
        <ContactEditorForm
          fields={CONTACT_EDITOR_FIELDS}
          values={values}
          cancelHref={cancelHref}
          submission={submission}
        />
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
            <Link to={editHref} preventScrollReset onPointerEnter={preloadForm} onFocus={preloadForm}>
              {t("reservation.contact.edit")}
              <span className="visually-hidden"> – {t("reservation.contact.heading")}</span>
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
