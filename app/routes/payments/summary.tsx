import { data } from "react-router";
import type { Route } from "./+types/summary";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { InvoiceNotFound } from "~/features/payments/invoice-not-found";
import { invoiceSummary } from "~/features/payments/invoices.server";
import { formatDay, invoiceDisplay } from "~/features/payments/invoice-rules";
import { pdfHref } from "~/features/payments/links";
import { requireUser } from "~/.server/guards";
import { formatCents, formatDate } from "~/lib/format";
import type { TextsHandle } from "~/lib/text-groups";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";
import { useLang } from "~/ui/root-data";

export const handle = { i18n: ["payments.summary", "payments.list", "payments.messages"] } satisfies TextsHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = requireUser(context, request, getLang(context));
  const summary = await invoiceSummary(db(), session, { id: params.id });
  if (!summary) return data({ summary: null, brandName: requestInfo(context).brand.name }, { status: 404 });
  return { summary, brandName: requestInfo(context).brand.name };
}

export default function InvoiceSummary({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { summary, brandName } = loaderData;
  const title = t("payments.summary.title");
  if (!summary) return <InvoiceNotFound title={title} back={t("payments.summary.back")} />;
  const display = invoiceDisplay(summary);
  const address = [
    summary.buyerAddress.street,
    [summary.buyerAddress.postalCode, summary.buyerAddress.postOffice].filter(Boolean).join(" "),
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <div className="narrow-wide">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{t("payments.summary.invoiceNumber")}</dt>
          <dd>{summary.invoiceNumber}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("payments.summary.invoiceDate")}</dt>
          <dd>{formatDay(summary.creationDate, lang)}</dd>
        </div>
        {summary.status === "open" ? (
          <div className="summary-list__row">
            <dt>{t("payments.summary.payableOnlineUntil")}</dt>
            <dd>{formatDay(summary.payableOnlineUntil, lang)}</dd>
          </div>
        ) : null}
        <div className="summary-list__row">
          <dt>{t("payments.summary.dueDate")}</dt>
          <dd>{formatDay(summary.dueDate, lang)}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("payments.summary.status")}</dt>
          <dd>
            {summary.paidDate
              ? t("payments.summary.paidOn", { date: formatDate(new Date(summary.paidDate), lang) })
              : t(`payments.list.statuses.${summary.status}`)}
          </dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("payments.summary.buyer")}</dt>
          <dd>
            {summary.buyerName}
            {address ? <br /> : null}
            {address}
          </dd>
        </div>
      </dl>
      <table className="table">
        <caption>{t("payments.summary.rows")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("payments.summary.description")}</th>
            <th scope="col">{t("payments.summary.count")}</th>
            <th scope="col">{t("payments.summary.unitPrice")}</th>
            <th scope="col">{t("payments.summary.date")}</th>
            <th scope="col">{t("payments.summary.vat")}</th>
          </tr>
        </thead>
        <tbody>
          {summary.rows.map((row, i) => (
            <tr key={i}>
              <td>{row.description}</td>
              <td>{row.count}</td>
              <td>{formatCents(row.unitPriceCents, lang)}</td>
              <td>{formatDay(row.date, lang)}</td>
              <td>{`${row.vatPercentage.toLocaleString(lang === "en" ? "en-GB" : lang)} %`}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {t("payments.summary.total")}
            </th>
            <td>{formatCents(summary.sumCents, lang)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="button-row">
        {display.pdfLink ? (
          <a href={pdfHref(summary, t(`payments.list.labels.${display.pdfLabel}`), brandName, lang)} download>
            {t("payments.summary.pdf")}
          </a>
        ) : null}
        {summary.canBePaidOnline ? (
          <LocalizedLink to="payInvoice" params={{ id: summary.invoiceNumber }} className="button" reloadDocument>
            {t("payments.list.pay")}
          </LocalizedLink>
        ) : null}
      </p>
      <p>
        <LocalizedLink to="invoices">{t("payments.summary.back")}</LocalizedLink>
      </p>
    </div>
  );
}
