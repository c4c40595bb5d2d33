import type { Lang } from "~/lib/lang";
import { pdfFilename } from "./invoice-rules";

/** The invoice's PDF: `GET /api/invoices/{id}/pdf?filename&lang` (spec part 1 §7), the file named after the brand. */
export function pdfHref(invoice: { id: string; invoiceNumber: string }, label: string, brandName: string, lang: Lang) {
  const query = new URLSearchParams({ filename: pdfFilename(brandName, label, invoice.invoiceNumber), lang });
  return `/api/invoices/${encodeURIComponent(invoice.id)}/pdf?${query}`;
}
