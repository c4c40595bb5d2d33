import { data, redirect } from "react-router";
import type { Route } from "./+types/result";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { InvoiceNotFound } from "~/features/payments/invoice-not-found";
import { invoiceSummary } from "~/features/payments/invoices.server";
import { applyPaymentReturn, hasDuplicatePayment } from "~/features/payments/payments.server";
import { failureMessage, resultStatus } from "~/features/payments/result";
import { requireUser } from "~/.server/guards";
import { formatCents, formatDate } from "~/lib/format";
import type { TextsHandle } from "~/lib/text-groups";
import { href } from "~/route-table";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { NotificationBanner } from "~/ui/notifications";
import { PageTitle } from "~/ui/page-title";
import { useLang } from "~/ui/root-data";

export const handle = { i18n: ["payments.result", "payments.messages", "payments.pay"] } satisfies TextsHandle;

/**
 * The payment result. The provider's redirect back carries signed `checkout-*` parameters: they are verified and
 * applied (before the login check, so a payment counts whatever the session), then the page redirects to itself
 * with just the status. A tampered or foreign redirect changes nothing and shows the payment as interrupted.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const url = new URL(request.url);
  if (url.searchParams.has("checkout-status") || url.searchParams.has("signature")) {
    const applied = await applyPaymentReturn(db(), url.searchParams, "redirect");
    const query =
      applied && applied.invoiceNumber === params.id
        ? { status: applied.status, reason: applied.reason ?? undefined }
        : { status: "fail", reason: "failed" };
    throw redirect(href("paymentResult", lang, { id: params.id }, query));
  }
  const session = requireUser(context, request, lang);
  const invoice = await invoiceSummary(db(), session, { invoiceNumber: params.id }, "payment-result");
  if (!invoice)
    return data({ status: "fail" as const, duplicate: false, message: null, invoice: null }, { status: 404 });
  let status = resultStatus(url.searchParams.get("status"));
  // "Completed" is said only of an invoice that is paid; until the confirmation arrives the payment is pending.
  if (status === "ok" && invoice.status !== "paid") status = "pending";
  return {
    status,
    duplicate: await hasDuplicatePayment(db(), invoice.id),
    message: status === "fail" ? failureMessage(url.searchParams.get("reason")) : null,
    invoice: {
      invoiceNumber: invoice.invoiceNumber,
      sumCents: invoice.sumCents,
      paidDate: invoice.paidDate,
      canBePaidOnline: invoice.canBePaidOnline,
    },
  };
}

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { status, duplicate, message, invoice } = loaderData;
  if (!invoice) return <InvoiceNotFound title={t("payments.result.title")} back={t("payments.result.back")} />;
  const title =
    status === "ok"
      ? t("payments.result.ok")
      : status === "fail"
        ? t("payments.result.fail")
        : t("payments.result.title");
  return (
    <div className="narrow">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {duplicate ? (
        <NotificationBanner type="warning">
          <p>{t("payments.result.duplicate")}</p>
        </NotificationBanner>
      ) : null}
      {status === "ok" ? (
        <NotificationBanner type="success">
          <p>{t("payments.result.okBody")}</p>
        </NotificationBanner>
      ) : null}
      {status === "fail" ? (
        <>
          <NotificationBanner type="error">
            <p>{t(`payments.messages.${message ?? "interrupted"}`)}</p>
          </NotificationBanner>
          <dl className="summary-list">
            <div className="summary-list__row">
              <dt>{t("payments.pay.invoiceNumber")}</dt>
              <dd>{invoice.invoiceNumber}</dd>
            </div>
            <div className="summary-list__row">
              <dt>{t("payments.pay.sum")}</dt>
              <dd>{formatCents(invoice.sumCents, lang)}</dd>
            </div>
            <div className="summary-list__row">
              <dt>{t("payments.result.status")}</dt>
              <dd>
                {invoice.paidDate
                  ? t("payments.result.paidOn", { date: formatDate(new Date(invoice.paidDate), lang) })
                  : t("payments.result.unpaid")}
              </dd>
            </div>
          </dl>
          {invoice.canBePaidOnline ? (
            <p>
              <LocalizedLink to="payInvoice" params={{ id: invoice.invoiceNumber }} className="button" reloadDocument>
                {t("payments.result.tryAgain")}
              </LocalizedLink>
            </p>
          ) : null}
        </>
      ) : null}
      {status === "pending" || status === "delayed" ? <p>{t("payments.result.pending")}</p> : null}
      <p>
        <LocalizedLink to="invoices">{t("payments.result.back")}</LocalizedLink>
      </p>
    </div>
  );
}
