import type { T } from "~/lib/translate";
import type { Lang } from "~/lib/lang";
import { formatCents } from "~/lib/format";
import { pdfHref } from "./links";
import { LocalizedLink } from "~/ui/localized-link";
import { creditedNumbers, formatDay, invoiceDisplay, type InvoiceSource, type InvoiceStatus } from "./invoice-rules";

export type ListedInvoice = {
  id: string;
  invoiceNumber: string;
  creditedInvoiceNumber: string | null;
  status: InvoiceStatus;
  source: InvoiceSource;
  creationDate: string;
  dueDate: string;
  sumCents: number;
  hasPdf: boolean;
  canBePaidOnline: boolean;
};

/** One invoice of the list: its facts, the PDF or summary link, the pay button and the status notes (§4). */
export function InvoiceRow({
  invoice,
  t,
  lang,
  brandName,
  billingEmail,
}: {
  invoice: ListedInvoice;
  t: T;
  lang: Lang;
  brandName: string;
  billingEmail: string;
}) {
  const display = invoiceDisplay(invoice);
  const label = t(`payments.list.labels.${display.pdfLabel}`);
  const credited = creditedNumbers(invoice.creditedInvoiceNumber);
  return (
    <li className="card invoice" data-invoice={invoice.invoiceNumber} data-status={invoice.status}>
      <h2 className="invoice-title">
        {t("payments.list.number")} {invoice.invoiceNumber}
      </h2>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{t("payments.list.date")}</dt>
          <dd>{formatDay(invoice.creationDate, lang)}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("payments.list.dueDate")}</dt>
          <dd>{formatDay(invoice.dueDate, lang)}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("payments.list.sum")}</dt>
          <dd>{formatCents(invoice.sumCents, lang)}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("payments.list.status")}</dt>
          <dd>{t(`payments.list.statuses.${invoice.status}`)}</dd>
        </div>
      </dl>
      {credited.length > 0 ? <p>{t("payments.list.credits", { numbers: credited.join(", ") })}</p> : null}
      {display.notes.map((note) => (
        <p key={note} className="note">
          {t(`payments.list.notes.${note}`, { email: billingEmail })}
        </p>
      ))}
      <p className="button-row">
        {display.pdfLink ? (
          <a href={pdfHref(invoice, label, brandName, lang)} download>
            {t("payments.list.pdfLink", { label, number: invoice.invoiceNumber })}
          </a>
        ) : display.pdfLabel === "notAvailable" ? (
          <span>{label}</span>
        ) : null}
        {display.summaryLink || invoice.status === "open" ? (
          <LocalizedLink to="invoiceSummary" params={{ id: invoice.id }}>
            {t("payments.list.viewSummary")}
          </LocalizedLink>
        ) : null}
        {display.payButton ? (
          <LocalizedLink
            to="payInvoice"
            // A document of its own: its security policy lets its forms post to the payment providers.
            reloadDocument
            params={{ id: invoice.invoiceNumber }}
            className="button"
            aria-label={t("payments.list.payInvoice", { number: invoice.invoiceNumber })}
          >
            {t("payments.list.pay")}
          </LocalizedLink>
        ) : null}
      </p>
    </li>
  );
}
