import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { NotificationBanner } from "~/ui/notifications";
import { PageTitle } from "~/ui/page-title";

/**
 * An invoice page for an invoice that does not exist or is not the person's (404): the spec's notice "The invoice
 * could not be found." under the page's own heading, and the way back to the invoices, instead of the generic view.
 */
export function InvoiceNotFound({ title, back }: { title: string; back: string }) {
  const t = useT();
  return (
    <div className="narrow-wide">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <NotificationBanner type="error">
        <p>{t("payments.messages.invoiceNotFound")}</p>
      </NotificationBanner>
      <p>
        <LocalizedLink to="invoices">{back}</LocalizedLink>
      </p>
    </div>
  );
}
