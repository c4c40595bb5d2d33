import type { Brand } from "#brands/index";
import { textsOf } from "~/.server/i18n";
import { newPdf } from "~/.server/pdf";
import { formatCents, formatDate } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import { creditedNumbers, formatDay, invoiceDisplay } from "./invoice-rules";
import type { InvoiceSummary } from "./invoices.server";

/** Which document the PDF is, by the invoice's status: a receipt once paid, else the invoice (or its summary). */
function documentKind(summary: InvoiceSummary): "invoice" | "receipt" | "summary" | "refundedInvoice" {
  const label = invoiceDisplay(summary).pdfLabel;
  return label === "notAvailable" ? "invoice" : label;
}

/**
 * The invoice or receipt as a PDF in the page's language and brand: real text (a screen reader and search read it),
 * tagged with the document's title and language.
 */
export async function invoicePdf(summary: InvoiceSummary, brand: Brand, lang: Lang): Promise<Buffer> {
  const t = textsOf(lang, brand.id);
  const kind = documentKind(summary);
  const title = `${t(`payments.pdf.${kind}`)} ${summary.invoiceNumber}`;
  const { doc, bytes } = await newPdf(lang, { title, author: brand.businessName, creator: brand.name });

  doc.font("Helvetica-Bold").fontSize(18).text(brand.businessName);
  doc.font("Helvetica").fontSize(10).text(`${brand.billing.email} · ${brand.billing.phone}`);
  doc.moveDown(1.5);
  doc.font("Helvetica-Bold").fontSize(16).text(title);
  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(11);
  const line = (label: string, value: string) => doc.text(`${label}: ${value}`);
  line(t("payments.summary.invoiceNumber"), summary.invoiceNumber);
  line(t("payments.summary.invoiceDate"), formatDay(summary.creationDate, lang));
  if (summary.status === "open")
    line(t("payments.summary.payableOnlineUntil"), formatDay(summary.payableOnlineUntil, lang));
  line(t("payments.summary.dueDate"), formatDay(summary.dueDate, lang));
  line(
    t("payments.summary.status"),
    summary.paidDate
      ? t("payments.summary.paidOn", { date: formatDate(new Date(summary.paidDate), lang) })
      : t(`payments.list.statuses.${summary.status}`),
  );
  const credited = creditedNumbers(summary.creditedInvoiceNumber);
  if (credited.length) doc.text(t("payments.pdf.credits", { numbers: credited.join(", ") }));
  doc.moveDown();
  doc.font("Helvetica-Bold").text(t("payments.summary.buyer"));
  doc.font("Helvetica").text(summary.buyerName);
  if (summary.buyerAddress.street) doc.text(summary.buyerAddress.street);
  const town = [summary.buyerAddress.postalCode, summary.buyerAddress.postOffice].filter(Boolean).join(" ");
  if (town) doc.text(town);
  doc.moveDown();

  doc.font("Helvetica-Bold").text(t("payments.summary.rows"));
  doc.font("Helvetica");
  for (const row of summary.rows) {
    doc.text(
      [
        row.description,
        `${t("payments.summary.count")} ${row.count}`,
        `${t("payments.summary.unitPrice")} ${formatCents(row.unitPriceCents, lang)}`,
        `${t("payments.summary.date")} ${formatDay(row.date, lang)}`,
        `${t("payments.summary.vat")} ${row.vatPercentage} %`,
      ].join(" · "),
    );
  }
  doc.moveDown();
  doc
    .font("Helvetica-Bold")
    .fontSize(13)
    .text(`${t("payments.summary.total")}: ${formatCents(summary.sumCents, lang)}`);
  doc.end();
  return bytes;
}
