import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import type { Route } from "./+types/api-invoice-pdf";
import { allowMethods } from "~/.server/api";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { invoicePdf } from "~/features/payments/invoice-pdf.server";
import { invoiceSummary } from "~/features/payments/invoices.server";
import { invoiceDisplay, pdfFilename } from "~/features/payments/invoice-rules";
import { isLang } from "~/lib/lang";

export const middleware = [allowMethods("GET")];

/** GET /api/invoices/{id}/pdf?filename&lang: the person's invoice or receipt as a PDF; anyone else's is 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = apiUser(context);
  const url = new URL(request.url);
  const langParam = url.searchParams.get("lang");
  const lang = isLang(langParam) ? langParam : getLang(context);
  const summary = await invoiceSummary(db(), session, { id: params.id }, "invoice-pdf");
  if (!summary || !invoiceDisplay(summary).pdfLink) throw data({ type: "NotFound" }, { status: 404 });
  const brand = requestInfo(context).brand;
  const requested = url.searchParams.get("filename") ?? "";
  // The name is the page's, within a safe alphabet; anything else gets the default.
  const filename = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.pdf$/.test(requested)
    ? requested
    : pdfFilename(brand.name, "invoice", summary.invoiceNumber);
  const pdf = await invoicePdf(summary, brand, lang);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
