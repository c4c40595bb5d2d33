import { formatDate } from "~/lib/format";
import type { Lang } from "~/lib/lang";

/** The listable invoice statuses (spec part 1 §3), as the list and the calls spell them. */
export type InvoiceStatus = "notAvailable" | "open" | "overdue" | "paid" | "paper" | "refundInProgress" | "refunded";
export type InvoiceSource = "CustomerInvoice" | "GoodSignInvoice" | "NetsuiteInvoice";

/** Online payment stays available this many days after the invoice is created; then the invoice is posted. */
export const ONLINE_PAYMENT_DAYS = 4;
/** Invoices per page of the list (spec part 1 §9). */
export const INVOICES_PAGE_SIZE = 10;

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last calendar day the invoice can be paid online: the creation date plus four days. */
export function payableOnlineUntil(creationDate: string): string {
  return addDays(creationDate, ONLINE_PAYMENT_DAYS);
}

/** Open, and today (a Helsinki calendar date) is no later than the last day of online payment. */
export function canBePaidOnline(invoice: { status: InvoiceStatus; creationDate: string }, today: string): boolean {
  return invoice.status === "open" && today <= payableOnlineUntil(invoice.creationDate);
}

export type PdfLabel = "summary" | "invoice" | "receipt" | "refundedInvoice" | "notAvailable";
export type InvoiceNote = "collectionAgency" | "mailed" | "refundReceiptMailed" | "billingContact";

export type InvoiceDisplay = {
  /** What the PDF link says; `notAvailable` is shown as text, without a link. */
  pdfLabel: PdfLabel;
  /** A PDF link is shown (the invoice has one and its status is not "not available"). */
  pdfLink: boolean;
  /** "View summary" instead of the PDF. */
  summaryLink: boolean;
  payButton: boolean;
  notes: InvoiceNote[];
};

const LABELS: Record<InvoiceStatus, PdfLabel> = {
  open: "summary",
  overdue: "invoice",
  paper: "invoice",
  paid: "receipt",
  refunded: "refundedInvoice",
  refundInProgress: "refundedInvoice",
  notAvailable: "notAvailable",
};

/** How a row of the invoices list shows an invoice (spec part 1 §4 "Invoice display"). */
export function invoiceDisplay(invoice: {
  status: InvoiceStatus;
  source: InvoiceSource;
  hasPdf: boolean;
  canBePaidOnline: boolean;
}): InvoiceDisplay {
  const notes: InvoiceNote[] = [];
  if (invoice.status === "overdue") notes.push("collectionAgency");
  if (invoice.status === "paper") notes.push("mailed");
  if (invoice.status === "refunded" && invoice.source === "NetsuiteInvoice") notes.push("refundReceiptMailed");
  if (invoice.status === "notAvailable") notes.push("billingContact");
  const pdfLink = invoice.hasPdf && invoice.status !== "notAvailable";
  return {
    pdfLabel: LABELS[invoice.status],
    pdfLink,
    summaryLink: !invoice.hasPdf,
    payButton: invoice.canBePaidOnline,
    notes,
  };
}

/** The invoice numbers a credit note credits: the field may hold several, comma-separated. */
export function creditedNumbers(raw: string | null): string[] {
  return (raw ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter((n) => n.length > 0);
}

/** The PDF's file name: brand, label and invoice number, e.g. `Solmu-kuitti-1000097.pdf`. */
export function pdfFilename(brandName: string, label: string, invoiceNumber: string): string {
  const safe = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  return `${safe(brandName)}-${safe(label)}-${safe(invoiceNumber)}.pdf`;
}

/** Invoice numbers are digits only. */
export function isInvoiceNumber(value: unknown): value is string {
  return typeof value === "string" && /^[1-9][0-9]{0,19}$/.test(value);
}

/** Invoice ids (the summary's "word id") are UUIDs. */
export function isInvoiceId(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** A calendar date (YYYY-MM-DD) in the spec's date format (noon UTC is the same day in Helsinki). */
export function formatDay(date: string, lang: Lang): string {
  return formatDate(new Date(`${date}T12:00:00Z`), lang);
}
