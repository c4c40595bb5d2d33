import { and, asc, count, desc, eq } from "drizzle-orm";
import { logAccess } from "~/.server/access-log";
import { now } from "~/.server/clock";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { UserSession } from "~/.server/guards";
import { helsinkiToday } from "~/lib/format";
import { INVOICES_PAGE_SIZE, canBePaidOnline, isInvoiceId, isInvoiceNumber, payableOnlineUntil } from "./invoice-rules";

type InvoiceRow = typeof s.invoices.$inferSelect;

/** An invoice as the list and the calls show it (spec part 1 §3 "Invoice"). */
export type Invoice = {
  id: string;
  invoiceNumber: string;
  creditedInvoiceNumber: string | null;
  status: InvoiceRow["status"];
  source: InvoiceRow["source"];
  creationDate: string;
  dueDate: string;
  sumCents: number;
  hasPdf: boolean;
  canBePaidOnline: boolean;
  paidDate: string | null;
};

export function toInvoice(row: InvoiceRow, today: string): Invoice {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    creditedInvoiceNumber: row.creditedInvoiceNumber,
    status: row.status,
    source: row.source,
    creationDate: row.creationDate,
    dueDate: row.dueDate,
    sumCents: row.sumCents,
    hasPdf: row.hasPdf,
    canBePaidOnline: canBePaidOnline(row, today),
    paidDate: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

const newestFirst = [desc(s.invoices.creationDate), desc(s.invoices.invoiceNumber)];

/** The acting person's receipts and invoices, newest first, ten a page. */
export async function invoicesPage(db: Database, session: UserSession, page: number) {
  const personId = session.actingPerson.id;
  const [{ total }] = await db.select({ total: count() }).from(s.invoices).where(eq(s.invoices.personId, personId));
  const pages = Math.max(1, Math.ceil(total / INVOICES_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db
    .select()
    .from(s.invoices)
    .where(eq(s.invoices.personId, personId))
    .orderBy(...newestFirst)
    .limit(INVOICES_PAGE_SIZE)
    .offset((current - 1) * INVOICES_PAGE_SIZE);
  await logAccess({ actorId: session.user.id, subjectId: personId, resource: "invoices" }, db);
  const today = helsinkiToday(now());
  return { page: current, pages, total, invoices: rows.map((r) => toInvoice(r, today)) };
}

/** All of the acting person's invoices (the list call). */
export async function allInvoices(db: Database, session: UserSession): Promise<Invoice[]> {
  const personId = session.actingPerson.id;
  const rows = await db
    .select()
    .from(s.invoices)
    .where(eq(s.invoices.personId, personId))
    .orderBy(...newestFirst);
  await logAccess({ actorId: session.user.id, subjectId: personId, resource: "invoices" }, db);
  const today = helsinkiToday(now());
  return rows.map((r) => toInvoice(r, today));
}

/** One of the acting person's invoices by its id or number; null for anyone else's (or none). */
export async function ownInvoice(
  db: Database,
  session: UserSession,
  key: { id: string } | { invoiceNumber: string },
): Promise<InvoiceRow | null> {
  if ("id" in key ? !isInvoiceId(key.id) : !isInvoiceNumber(key.invoiceNumber)) return null;
  const [row] = await db
    .select()
    .from(s.invoices)
    .where(
      and(
        eq(s.invoices.personId, session.actingPerson.id),
        "id" in key ? eq(s.invoices.id, key.id) : eq(s.invoices.invoiceNumber, key.invoiceNumber),
      ),
    );
  return row ?? null;
}

export type InvoiceSummary = Invoice & {
  payableOnlineUntil: string;
  buyerName: string;
  buyerAddress: { street: string | null; postalCode: string | null; postOffice: string | null };
  rows: { description: string; count: number; unitPriceCents: number; date: string; vatPercentage: number }[];
};

/** The invoice summary (spec part 2 §3): the invoice, the buyer and the rows; null when it is not the person's. */
export async function invoiceSummary(
  db: Database,
  session: UserSession,
  key: { id: string } | { invoiceNumber: string },
  resource = "invoice",
): Promise<InvoiceSummary | null> {
  const invoice = await ownInvoice(db, session, key);
  if (!invoice) return null;
  const rows = await db
    .select()
    .from(s.invoiceRows)
    .where(eq(s.invoiceRows.invoiceId, invoice.id))
    .orderBy(asc(s.invoiceRows.position));
  await logAccess(
    { actorId: session.user.id, subjectId: session.actingPerson.id, resource, resourceId: invoice.invoiceNumber },
    db,
  );
  return {
    ...toInvoice(invoice, helsinkiToday(now())),
    payableOnlineUntil: payableOnlineUntil(invoice.creationDate),
    buyerName: invoice.buyerName,
    buyerAddress: {
      street: invoice.buyerStreet,
      postalCode: invoice.buyerPostalCode,
      postOffice: invoice.buyerPostOffice,
    },
    rows: rows.map((r) => ({
      description: r.description,
      count: r.count,
      unitPriceCents: r.unitPriceCents,
      date: r.date,
      vatPercentage: Number(r.vatPercentage),
    })),
  };
}
