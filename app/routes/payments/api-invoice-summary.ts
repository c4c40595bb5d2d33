import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import type { Route } from "./+types/api-invoice-summary";
import { allowMethods, validationError } from "~/.server/api";
import { db } from "~/.server/db/client";
import { invoiceSummary } from "~/features/payments/invoices.server";
import { isInvoiceId } from "~/features/payments/invoice-rules";

export const middleware = [allowMethods("GET")];

/** GET /api/invoices/invoice-summary?invoiceId&lang → { invoice } (spec part 2 §3), the acting person's only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = apiUser(context);
  const invoiceId = new URL(request.url).searchParams.get("invoiceId");
  if (!isInvoiceId(invoiceId)) throw validationError([{ path: "invoiceId", message: "Expected an invoice id" }]);
  const invoice = await invoiceSummary(db(), session, { id: invoiceId });
  if (!invoice) throw data({ type: "NotFound" }, { status: 404 });
  return data({ invoice }, { headers: { "Cache-Control": "no-store" } });
}
