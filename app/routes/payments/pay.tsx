import { data } from "react-router";
import type { Route } from "./+types/pay";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { encodeSaveAction } from "~/features/my-information/save-action";
import { startPayment } from "~/features/payments/payments.server";
import { requireUser } from "~/features/session/guards.server";
import { formatCents } from "~/lib/format";
import type { TextsHandle } from "~/lib/text-groups";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { NotificationBanner } from "~/ui/notifications";
import { PageTitle } from "~/ui/page-title";
import { useLang } from "~/ui/root-data";

export const handle = { i18n: ["payments.pay", "payments.messages"] } satisfies TextsHandle;

/**
 * The payment page: the server re-checks the invoice (the person's own, open, payable online) and the e-mail
 * address each time, and only then asks the payment service for the methods; each method is a plain form posting
 * its parameters to the provider, so paying works without JavaScript.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const result = await startPayment(db(), session, {
    invoiceNumber: params.id,
    lang,
    origin: requestInfo(context).origin,
  });
  if (!result.ok && result.reason === "invoiceNotFound") throw data(null, { status: 404 });
  return {
    result,
    saveAction:
      !result.ok && result.reason === "emailRequired"
        ? encodeSaveAction({ type: "go-to-invoice-page", invoiceNumber: params.id })
        : null,
  };
}

export default function PayInvoice({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { result, saveAction } = loaderData;
  const title = t("payments.pay.title");
  return (
    <div className="narrow">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {result.invoiceNumber ? (
        <dl className="summary-list">
          <div className="summary-list__row">
            <dt>{t("payments.pay.invoiceNumber")}</dt>
            <dd>{result.invoiceNumber}</dd>
          </div>
          <div className="summary-list__row">
            <dt>{t("payments.pay.sum")}</dt>
            <dd>{formatCents(result.sumCents ?? 0, lang)}</dd>
          </div>
        </dl>
      ) : null}
      {result.ok ? (
        <section aria-labelledby="methods-heading">
          <h2 id="methods-heading">{t("payments.pay.methods")}</h2>
          <ul className="payment-methods">
            {result.providers.map((provider) => (
              <li key={provider.id}>
                <form method="post" action={provider.url}>
                  {provider.parameters.map((p) => (
                    <input key={p.name} type="hidden" name={p.name} value={p.value} />
                  ))}
                  <button type="submit" className="button button--secondary">
                    {t("payments.pay.payWith", { name: provider.name })}
                  </button>
                </form>
              </li>
            ))}
          </ul>
          <p className="hint">{t("payments.pay.terms")}</p>
        </section>
      ) : result.reason === "emailRequired" ? (
        <NotificationBanner type="warning">
          <p>{t("payments.messages.emailRequired")}</p>
          <p>
            <LocalizedLink to="myInformation" query={{ saveAction: saveAction ?? undefined }}>
              {t("payments.pay.updateContact")}
            </LocalizedLink>
          </p>
        </NotificationBanner>
      ) : (
        <NotificationBanner type="error">
          <p>{t(result.reason === "notPayable" ? "payments.pay.notPayable" : `payments.messages.${result.reason}`)}</p>
        </NotificationBanner>
      )}
      <p>
        <LocalizedLink to="invoices">{t("payments.pay.back")}</LocalizedLink>
      </p>
    </div>
  );
}
