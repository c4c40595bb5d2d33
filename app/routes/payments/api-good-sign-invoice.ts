import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import type { Route } from "./+types/api-good-sign-invoice";
import { allowMethods, validationError } from "~/.server/api";
import { db } from "~/.server/db/client";
import { invoiceSummary } from "~/features/payments/invoices.server";
import { isInvoiceNumber } from "~/features/payments/invoice-rules";

export const middleware = [allowMethods("GET")];

/** GET /api/payments/good-sign-invoice?invoiceNumber → { invoice }: a GoodSign invoice of the acting person. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = apiUser(context);
  const invoiceNumber = new URL(request.url).searchParams.get("invoiceNumber");
  if (!isInvoiceNumber(invoiceNumber))
    throw validationError([{ path: "invoiceNumber", message: "Expected an invoice number" }]);
  const invoice = await invoiceSummary(db(), session, { invoiceNumber });
  if (!invoice || invoice.source !== "GoodSignInvoice") throw data({ type: "NotFound" }, { status: 404 });
  return data({ invoice }, { headers: { "Cache-Control": "no-store" } });
}
