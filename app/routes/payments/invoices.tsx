import { Link } from "react-router";
import type { Route } from "./+types/invoices";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { invoicesPage } from "~/features/payments/invoices.server";
import { pageNumber } from "~/lib/id";
import { InvoiceRow } from "~/features/payments/invoice-view";
import { requireUser } from "~/.server/guards";
import type { TextsHandle } from "~/lib/text-groups";
import { href } from "~/route-table";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";
import { useLang } from "~/ui/root-data";

export const handle = { i18n: ["payments.list"] } satisfies TextsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireUser(context, request, getLang(context));
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const brand = requestInfo(context).brand;
  const acting = session.actingPerson.id !== session.user.id ? session.actingPerson : null;
  return {
    ...(await invoicesPage(db(), session, page)),
    brandName: brand.name,
    billingEmail: brand.billing.email,
    actingName: acting ? `${acting.firstName} ${acting.lastName}` : null,
  };
}

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { page, pages, invoices, brandName, billingEmail, actingName } = loaderData;
  const pageHref = (n: number) => href("invoices", lang, {}, n > 1 ? { page: String(n) } : undefined);
  const title = t("payments.list.title");
  return (
    <div className="narrow-wide">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {actingName ? <p>{t("payments.list.actingFor", { name: actingName })}</p> : null}
      <p className="lead">{t("payments.list.intro")}</p>
      {invoices.length === 0 ? (
        <p>{t("payments.list.empty")}</p>
      ) : (
        <ul className="invoice-list" aria-label={t("payments.list.caption")}>
          {invoices.map((invoice) => (
            <InvoiceRow
              key={invoice.id}
              invoice={invoice}
              t={t}
              lang={lang}
              brandName={brandName}
              billingEmail={billingEmail}
            />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="pagination" aria-label={t("payments.list.pagination.label")}>
          {page > 1 ? (
            <Link to={pageHref(page - 1)} rel="prev">
              {t("payments.list.pagination.previous")}
            </Link>
          ) : null}
          <span aria-current="page">{t("payments.list.pagination.status", { page, pages })}</span>
          {page < pages ? (
            <Link to={pageHref(page + 1)} rel="next">
              {t("payments.list.pagination.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
